/* SPDX-License-Identifier: MIT */
/* batch independent X25519 computations, one call of the dispatched
   crypto_nP_montgomery25519 per 32-byte item (so it is as fast as the best
   nP on this CPU, and q may alias n or p item for item). */
#include "crypto_nPbatch.h"
#include "crypto_nP_montgomery25519.h"

void crypto_nPbatch(unsigned char *q, const unsigned char *n, const unsigned char *p,
                    long long batch)
{
  long long i;
  for (i = 0; i < batch; ++i)
    crypto_nP_montgomery25519(q + 32 * i, n + 32 * i, p + 32 * i);
}
