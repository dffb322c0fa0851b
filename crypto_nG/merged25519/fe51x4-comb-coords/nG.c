/* SPDX-License-Identifier: MIT */
/* crypto_nG_merged25519 with AVX-512 IFMA: the fixed-base comb of
   fe64-comb-r64-avx2 (signed radix-64 digits of the masked n,
   table T[k][j] = (j+1) 4096^k B, internal/tables/ge64_base_r64.h,
   one two-index AVX-512 scan per row) with the 43 mixed additions and the
   6 doublings done on points in lane form (internal/group/ge51x4_ifma.h):
   X, Y, Z, T in the four 64-bit lanes of five radix-2^51 vectors, each
   group operation two four-lane vpmadd52 products deep.

   Each selected table entry (y+x, y-x, 2dxy) in radix 2^64, already with
   y+x and y-x swapped for a negative digit by the scan, is turned into the
   cached form (y-x, y+x, 2dxy, 2) of ge51x4_add in registers: a 4x4
   transposition of 64-bit words, the 64 -> 51 bit limb split by shifts,
   and 2dxy replaced by 2p - 2dxy under an AVX-512 mask made from the
   digit's sign mask.  The result goes back to the scalar radix-2^64 point
   for the inversion and the encoding (ge64_p3_tobytes_merged, fe64.S),
   which the top bit of n selects through a mask.

   Constant time: the digits come from fixed shifts and arithmetic; each
   row of the table is read whole whatever the digits (the scan of
   group/ge64.h); signs act through masks and mask registers, never a
   branch or an index; the loop counts are fixed. */
#include <string.h>
#include "crypto_nG.h"
#include "ct/crypto_ct.h"
#include "field/fe64.h"
#include "group/ge64.h"
#include "scalar/sc64.h"
#include "group/ge51x4_ifma.h"
#include "method/nG_comb_digits.h"
#include "tables/ge64_base_r64.h"

#define NDIGITS 43
#define NROWS ((NDIGITS + 1) / 2)
#define TABLE ge64_base_table64_r64

/* c = the cached form (y-x, y+x, +-2dxy, 2) of the entry q (radix 2^64,
   fully reduced), CARRIED; 2dxy is replaced by 2p - 2dxy (limbs below
   2^52) iff neg = -1, and neg = 0 keeps it */
INLINE void niels_to_cached(fe51x4 *c, const ge64_precomp *q, uint64_t neg)
{
  const __m256i m = V_SET1(MASK51);
  const __m256i ypx = _mm256_loadu_si256((const __m256i *)(const void *)&q->ypx);
  const __m256i ymx = _mm256_loadu_si256((const __m256i *)(const void *)&q->ymx);
  const __m256i xy = _mm256_loadu_si256((const __m256i *)(const void *)&q->xy2d);
  const __mmask8 sub = (__mmask8)(neg & 4);
  __m256i lo = _mm256_unpacklo_epi64(ymx, ypx);               /* ymx0 ypx0 ymx2 ypx2 */
  __m256i hi = _mm256_unpackhi_epi64(ymx, ypx);               /* ymx1 ypx1 ymx3 ypx3 */
  __m256i xlo = _mm256_unpacklo_epi64(xy, _mm256_set_epi64x(0, 0, 0, 2));  /* xy0 2 xy2 0 */
  __m256i xhi = _mm256_unpackhi_epi64(xy, _mm256_setzero_si256());         /* xy1 0 xy3 0 */
  /* w_i = (ymx_i, ypx_i, xy_i, 2 or 0): word i of the four lanes */
  __m256i w0 = _mm256_permute2x128_si256(lo, xlo, 0x20);
  __m256i w1 = _mm256_permute2x128_si256(hi, xhi, 0x20);
  __m256i w2 = _mm256_permute2x128_si256(lo, xlo, 0x31);
  __m256i w3 = _mm256_permute2x128_si256(hi, xhi, 0x31);
  __m256i l[5];
  int k;
  l[0] = V_AND(w0, m);
  l[1] = V_AND(_mm256_or_si256(V_SHR(w0, 51), V_SHL(w1, 13)), m);
  l[2] = V_AND(_mm256_or_si256(V_SHR(w1, 38), V_SHL(w2, 26)), m);
  l[3] = V_AND(_mm256_or_si256(V_SHR(w2, 25), V_SHL(w3, 39)), m);
  l[4] = V_SHR(w3, 12);
  /* 2p (half of 4p, limb by limb) exceeds every limb < 2^51 */
  for (k = 0; k < 5; ++k)
    c->v[k] = _mm256_mask_sub_epi64(l[k], sub, V_SET1(P4_LIMB(k) / 2), l[k]);
}

static CRYPTO_CT_NOINLINE void nG_fe51x4_comb(unsigned char *out, const unsigned char *n)
{
  unsigned char t[32];
  signed char e[NDIGITS];
  uint64_t montgomery = (uint64_t)(n[31] >> 7);
  uint64_t a[4], neg, nege;
  ge64_precomp q, qe;
  ge64_p3 h;
  fe51x4 R, S, C, Ce;
  int i, k;

  for (i = 0; i < 32; ++i) t[i] = n[i];
  t[31] &= 127;
  sc64_load32(a, t);
  /* 43 digits of radix 64 cover t < 2^255, and t B = (t mod L) B */
  nG_comb_digits(e, a, 6, NDIGITS);

  /* R = S = the neutral element (0, 1, 1, 0) */
  for (k = 0; k < 5; ++k) R.v[k] = _mm256_set_epi64x(0, k ? 0 : 1, k ? 0 : 1, 0);
  S = R;
  /* R = sum of the odd digits' points, S = that of the even ones: two
     independent chains of additions, which the core overlaps; digits 2k
     and 2k+1 read the same row, so one scan selects both */
  for (i = 1; i < NDIGITS; i += 2) {
    ge64_precomp_select2_avx512(&q, &neg, &qe, &nege, TABLE[i >> 1], 32, e[i], e[i - 1]);
    niels_to_cached(&C, &q, neg);
    niels_to_cached(&Ce, &qe, nege);
    ge51x4_add(&R, &C);
    ge51x4_add(&S, &Ce);
  }
  nege = ge64_precomp_select32_nonneg_t(&qe, TABLE[NROWS - 1], e[NDIGITS - 1]);
  niels_to_cached(&Ce, &qe, nege);
  ge51x4_add_call(&S, &Ce);
  /* 64 R + S */
  ge51x4_dbl_run(&R, 6);
  ge51x4_to_cached(&C, &S);
  ge51x4_add_call(&R, &C);

  ge51x4_to_p3(&h, &R);
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

/* nG_fe51x4_comb runs in a frame of its own (noinline), so that its frame,
   the frames below it and the registers they saved are all below this
   one and cleared by one wipe of 4096 bytes: its own frame is 2496
   bytes (gcc -fstack-usage), 3320 (clang), the assembly's below 100
   (six pushes and the return address); plus a margin. */
void crypto_nG(unsigned char *out, const unsigned char *n)
{
  nG_fe51x4_comb(out, n);
  crypto_ct_wipe_below(4096);
}
