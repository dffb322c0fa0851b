/* SPDX-License-Identifier: MIT */
/* crypto_nG_merged25519 with AVX2: the fixed-base comb of
   fe64-comb-r64-avx2 (signed radix-64 digits of the masked n, table
   T[k][j] = (j+1) 4096^k B, internal/tables/ge64_base_r64.h, one
   two-index AVX2 scan per row) with the 41 mixed additions and the 6
   doublings done on points in lane form (internal/group/ge26x4_avx2.h):
   X, Y, Z, T in the four 64-bit lanes of ten radix-2^25.5 vectors, each
   group operation two four-lane vpmuludq products deep; the structure of
   fe51x4-comb-coords (AVX-512 IFMA) on AVX2.

   Why: on Zen 3 the radix-2^64 additions of fe64-comb-r64-avx2 are bound
   by their carry operations (adcx, adox, adc: about 290 cycles an
   addition with two interleaved), while the vector unit does a lane-form
   addition in fewer cycles and the two sums (odd and even digits) are
   independent chains it can overlap.

   Each selected table entry (y+x, y-x, 2dxy) in radix 2^64, already with
   y+x and y-x swapped for a negative digit by the scan, is turned into
   the cached form (y-x, y+x, 2dxy, 2) in registers (a 4x4 transposition
   of 64-bit words, the 64 -> 25.5 bit split by shifts), 2dxy replaced
   by 2p - 2dxy under a vector mask made from the digit's sign mask.  The
   result goes back to the scalar radix-2^64 point for the inversion and
   the encoding (ge64_p3_tobytes_merged, fe64.S), which the top bit of n
   selects through a mask.

   Constant time: the digits come from fixed shifts and arithmetic; each
   row of the table is read whole whatever the digits (the scan of
   group/ge64.h); signs act through masks, never a branch or an index;
   the loop counts are fixed. */
#include <string.h>
#include "crypto_nG.h"
#include "ct/crypto_ct.h"
#include "field/fe64.h"
#include "group/ge64.h"
#include "scalar/sc64.h"
#include "group/ge26x4_avx2.h"
#include "method/nG_comb_digits.h"
#include "tables/ge64_base_r64.h"

#define NDIGITS 43
#define NROWS ((NDIGITS + 1) / 2)
#define TABLE ge64_base_table64_r64

static CRYPTO_CT_NOINLINE void nG_fe26x4_comb(unsigned char *out, const unsigned char *n)
{
  unsigned char t[32];
  signed char e[NDIGITS];
  uint64_t montgomery = (uint64_t)(n[31] >> 7);
  uint64_t a[4], neg, nege;
  ge64_precomp q, qe;
  ge64_p3 h;
  ge26x4 R, S;
  fe26x4 C, Ce;
  int i;

  for (i = 0; i < 32; ++i) t[i] = n[i];
  t[31] &= 127;
  sc64_load32(a, t);
  /* 43 digits of radix 64 cover t < 2^255, and t B = (t mod L) B */
  nG_comb_digits(e, a, 6, NDIGITS);

  ge26x4_0(&R);
  ge26x4_0(&S);
  /* R = sum of the odd digits' points, S = that of the even ones: two
     independent chains of additions; digits 2k and 2k+1 read the same
     row, so one scan selects both */
  for (i = 1; i < NDIGITS; i += 2) {
    ge64_precomp_select2_avx2(&q, &neg, &qe, &nege, TABLE[i >> 1], 32, e[i], e[i - 1]);
    ge26x4_niels_to_cached(&C, &q, neg);
    ge26x4_niels_to_cached(&Ce, &qe, nege);
    ge26x4_add(&R, &C);
    ge26x4_add(&S, &Ce);
  }
  nege = ge64_precomp_select32_nonneg_t(&qe, TABLE[NROWS - 1], e[NDIGITS - 1]);
  ge26x4_niels_to_cached(&Ce, &qe, nege);
  ge26x4_add_call(&S, &Ce);
  /* 64 R + S */
  ge26x4_dbl_run(&R, 6);
  ge26x4_to_cached(&C, &S);
  ge26x4_add_call(&R, &C);

  ge26x4_to_p3(&h, &R);
  ge64_p3_tobytes_merged(out, &h, montgomery);

  /* the scalar, its digits, the signs and selected points that tell them,
     the partial sums */
  CRYPTO_CT_WIPE(t);
  CRYPTO_CT_WIPE(e);
  CRYPTO_CT_WIPE(a);
  CRYPTO_CT_WIPE(neg);
  CRYPTO_CT_WIPE(nege);
  CRYPTO_CT_WIPE(q);
  CRYPTO_CT_WIPE(qe);
  CRYPTO_CT_WIPE(C);
  CRYPTO_CT_WIPE(Ce);
  CRYPTO_CT_WIPE(S);
  CRYPTO_CT_WIPE(R);
  CRYPTO_CT_WIPE(h);
}

/* nG_fe26x4_comb runs in a frame of its own (noinline), so that its
   frame, the frames below it and the registers they saved are all below
   this one and cleared by one wipe of 6144 bytes: tests/check-stack.sh
   found secrets down to 4895 bytes below the caller (gcc), 4735 (clang):
   the ten-vector points and the spilled column sums; plus a margin. */
void crypto_nG(unsigned char *out, const unsigned char *n)
{
  nG_fe26x4_comb(out, n);
  crypto_ct_wipe_below(6144);
}
