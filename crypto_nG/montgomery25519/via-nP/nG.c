/* SPDX-License-Identifier: MIT */
/* X25519 public key: q = clamp(n) * 9, by calling the dispatched
   crypto_nP_montgomery25519 with the base point u = 9. */
#include "crypto_nG.h"
#include "crypto_nP_montgomery25519.h"

static const unsigned char base_u[32] = { 9 };

void crypto_nG(unsigned char *q, const unsigned char *n)
{
  crypto_nP_montgomery25519(q, n, base_u);
}
