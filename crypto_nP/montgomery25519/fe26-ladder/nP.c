/* SPDX-License-Identifier: MIT */
/* X25519 (RFC 7748): q = u-coordinate of clamp(n) * P, with bit 255 of P
   cleared and the rest taken mod p; every input is accepted (twist, small
   order, non-canonical u) and the output is fully reduced, 0 for the point
   at infinity.  Montgomery ladder with constant-time conditional swaps,
   field arithmetic in radix 2^25.5 (ten 32-bit limbs, 64-bit products; plain C99),
   one final inversion.  Both inputs are read before q is written, so q
   may alias n or p. */
#include "crypto_nP.h"
#include "ct/crypto_ct.h"
#include "field/fe26.h"
#define FE_FAMILY fe26   /* the field of the ladder template */
#include "method/x25519_ladder.h"
#undef FE_FAMILY

static CRYPTO_CT_NOINLINE void
nP_fe26_ladder(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
  fe26 u, x2, z2;
  fe26_frombytes(&u, p);
  fe26_x25519_ladder(&x2, &z2, n, &u);
  fe26_invert(&z2, &z2);
  fe26_mul(&x2, &x2, &z2);
  fe26_tobytes(q, &x2);
  CRYPTO_CT_WIPE(x2);
  CRYPTO_CT_WIPE(z2);
}

/* nP_fe26_ladder runs in a frame of its own (noinline), so that its frame,
   the frames below it and the registers they saved are all below this
   one and cleared by one wipe of 2560 bytes: the whole call went 1663
   bytes (gcc), 1415 (clang) below its caller (tests/check-stack.sh),
   plus a margin. */
void crypto_nP(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
  nP_fe26_ladder(q, n, p);
  crypto_ct_wipe_below(2560);
}
