/* SPDX-License-Identifier: MIT */
/* X25519 Diffie-Hellman (RFC 7748) on top of the dispatched primitives:
   keypair: sk = 32 bytes of OS randomness, pk = X25519(sk, 9);
   dh:      k = X25519(sk, pk).
   Clamping is done inside the primitives; sk is stored unclamped.
   pk is public: declassified, so programs run under valgrind (or MSan)
   with this library do not see it as uninitialised (secrets are). */
#include "crypto_dh.h"
#include "crypto_nG_montgomery25519.h"
#include "crypto_nP_montgomery25519.h"
#include "os/randombytes.h"
#include "ct/crypto_declassify.h"

void crypto_dh_keypair(unsigned char *pk, unsigned char *sk)
{
  randombytes(sk, 32);
  crypto_nG_montgomery25519(pk, sk);
  crypto_declassify(pk, 32);
}

void crypto_dh(unsigned char *k, const unsigned char *pk, const unsigned char *sk)
{
  crypto_nP_montgomery25519(k, sk, pk);
}
