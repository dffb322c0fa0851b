/* SPDX-License-Identifier: MIT */
/* X25519 public key through the fixed-base Edwards code:
   crypto_nG_merged25519 returns the Montgomery u of (m - 2^255) G when bit
   255 of m is set.  With c = n clamped (bits 0, 1, 2 clear, bit 254 set,
   2^254 <= c < 2^255) and m = c + 2^255, that is the u of c G, which is
   X25519(n, 9): the birational map sends the Edwards base point to u = 9
   and commutes with scalar multiplication. */
#include "crypto_nG.h"
#include "ct/crypto_ct.h"
#include "crypto_nG_merged25519.h"

void crypto_nG(unsigned char *q, const unsigned char *n)
{
  unsigned char m[32];
  int i;

  for (i = 0; i < 32; ++i) m[i] = n[i];
  m[0] &= 248;
  m[31] &= 127;
  m[31] |= 64;
  m[31] |= 128;   /* select the Montgomery output of nG_merged25519 */
  crypto_nG_merged25519(q, m);

  CRYPTO_CT_WIPE(m);
}
