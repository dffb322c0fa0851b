/* SPDX-License-Identifier: MIT */
/* n G for the Ed25519 base point G, the simple way: double-and-add-always
   over the 253 bits of n mod L, no precomputed table.

   Each step doubles the accumulator, adds G (mixed addition with the
   affine point) and keeps the sum or the double with a constant-time
   select on the scalar bit, so the sequence of operations and memory
   addresses does not depend on n.  About 4x slower than fe51-table-r16; it
   exists as an independent cross-check and a fallback. */
#include "crypto_nG.h"
#include "ct/crypto_ct.h"
#include "field/fe51.h"
#include "group/ge51.h"
#include "scalar/sc25519.h"

/* the Edwards encoding of G: y = 4/5, x even */
static const unsigned char base_encoding[32] = {
  0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
  0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
  0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66
};

static CRYPTO_CT_NOINLINE void nG_fe51_double_add(unsigned char *out, const unsigned char *n)
{
  unsigned char t[32];
  uint64_t montgomery = n[31] >> 7;
  sc25519 a;
  ge51_p3 g, h, sum;
  ge51_precomp gq;
  ge51_p1p1 r;
  int i;

  /* G in affine precomputed form, from its encoding (public data);
     decoding gives Z = 1, so (X, Y) is already affine */
  ge51_frombytes_vartime(&g, base_encoding);
  fe51_add(&gq.ypx, &g.Y, &g.X);
  fe51_carry(&gq.ypx);
  fe51_sub(&gq.ymx, &g.Y, &g.X);
  fe51_mul(&gq.xy2d, &g.X, &g.Y);
  fe51_mul(&gq.xy2d, &gq.xy2d, &ge51_2d);

  for (i = 0; i < 32; ++i) t[i] = n[i];
  t[31] &= 127;
  sc25519_from32bytes(&a, t);

  ge51_p3_0(&h);
  for (i = 252; i >= 0; --i) {
    ge51_p3_dbl(&r, &h);
    ge51_p1p1_to_p3(&h, &r);
    ge51_madd(&r, &h, &gq);
    ge51_p1p1_to_p3(&sum, &r);
    ge51_p3_cmov(&h, &sum, (uint64_t)sc25519_bit(&a, i));
  }

  ge51_p3_tobytes_merged(out, &h, montgomery);

  /* the scalar, and the partial sums that tell its bits */
  CRYPTO_CT_WIPE(t);
  CRYPTO_CT_WIPE(a);
  CRYPTO_CT_WIPE(h);
  CRYPTO_CT_WIPE(sum);
  CRYPTO_CT_WIPE(r);
}

/* nG_fe51_double_add runs in a frame of its own (noinline), so that its
   frame, the frames below it and the registers they saved are all below
   this one and cleared by one wipe of 3584 bytes: the whole call went
   2663 bytes (gcc), 1975 (clang) below its caller
   (tests/check-stack.sh), plus a margin. */
void crypto_nG(unsigned char *out, const unsigned char *n)
{
  nG_fe51_double_add(out, n);
  crypto_ct_wipe_below(3584);
}
