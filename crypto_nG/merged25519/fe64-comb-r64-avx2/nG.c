/* SPDX-License-Identifier: MIT */
/* crypto_nG_merged25519 for x86-64 with AVX2, BMI2 and ADX: n B for the
   Ed25519 base point B, on radix-2^64 field elements (field/fe64.h, the
   mulx/adcx/adox assembly of internal/field/amd64/) and the group code of
   group/ge64.h.

   The fixed-base comb with signed radix-64 digits (-32 <= e[i] <= 32,
   of the masked n itself: a < 2^255, no reduction, 43 digits, the top one
   at most 7 + 1; T[k][j] = (j+1) 4096^k B, tables/ge64_base_r64.h,
   22 x 32 points), for CPUs with AVX2 (with AVX-512 IFMA,
   fe51x4-comb-coords runs the same comb in vector lanes): n B = RADIX (sum of the odd digits' points) + (sum of the even
   digits' points), row k serving digits 2k and 2k+1.

   - one AVX2 scan of a row selects both of its digits (each entry loaded
     once, masked into two sets of registers: ge64_precomp_select2_avx2);
   - the two sums are independent chains, built side by side: each
     assembly call (fe64.S) adds row i's odd point to one sum and its even
     point to the other, the steps of the two additions interleaved; the
     scan of row i + 1 follows the call.  (Weaving that scan into the
     additions, on the vector units they leave idle, was up to 7% faster
     on Zen 3, but tests/dudect told fixed scalars from random ones there
     by a few ticks, so it was taken out: doc/security.md);
   - each sum starts as its first point (Z = 2, one multiplication for
     T), not as an addition to the neutral element; then the last even
     point, 6 doublings of the odd sum and one general addition (no T:
     only encoded) join them: 40 mixed additions, one general one;
   - the 67 KB table does not fit the level-1 data cache; rows are read
     in address order, which the hardware prefetchers follow.  Software
     prefetches of the next row (the directory was fe64-comb-r64-prefetch
     until it was named for the AVX2 it needs) were measured slower on
     Zen 4 (warm, and with level 2 evicted), and were dropped.

   Against fe64-comb-r32 (51 additions, 5 doublings, a scan per digit,
   40 KB table) this trades 8 additions for one doubling and scans of 32
   entries that serve two digits.

   A negative digit selects |digit| B with y+x and y-x swapped, and the
   addition negates 2dxy under a mask (as ge64_mulx_madd_p3_cneg).  The top
   bit of n (which output form to produce) is also used only through
   masks.  Constant time. */
#include <string.h>
#include <immintrin.h>
#include "crypto_nG.h"
#include "ct/crypto_ct.h"
#include "field/fe64.h"
#include "group/ge64.h"
#include "scalar/sc64.h"
#include "method/nG_comb_digits.h"
#include "tables/ge64_base_r64.h"
#define RADIXBITS 6
#define NDIGITS 43
#define TABLE ge64_base_table64_r64
#define RADIX (1 << RADIXBITS)

#ifndef __AVX2__
#error "fe64-comb-r64-avx2 needs AVX2 (its architectures line)"
#endif

#define nG_r64_madd2_p3 CRYPTO_NAMESPACE(nG_r64_madd2_p3)
#define nG_r64_madd2_p2 CRYPTO_NAMESPACE(nG_r64_madd2_p2)
/* h1 = h1 + q1, h2 = h2 + q2 interleaved (2dxy negated under mask1 and
   mask2); _p2 leaves T of h1 as is (fe64.S) */
extern void nG_r64_madd2_p3(ge64_p3 *h1, const ge64_precomp *q1, uint64_t mask1, ge64_p3 *h2,
                            const ge64_precomp *q2, uint64_t mask2) FE64_HIDDEN;
extern void nG_r64_madd2_p2(ge64_p3 *h1, const ge64_precomp *q1, uint64_t mask1, ge64_p3 *h2,
                            const ge64_precomp *q2, uint64_t mask2) FE64_HIDDEN;

/* each sum's first point, Z = 2 (group/ge64.h) */
GE64_COMB_DEFINE_LOAD_Z2(nG_r64_load_p3, ge64_p3, fe64)

static CRYPTO_CT_NOINLINE void nG_fe64_comb_r64_avx2(unsigned char *out, const unsigned char *n)
{
  unsigned char t[32];
  signed char e[NDIGITS + 1];
  uint64_t montgomery = (uint64_t)(n[31] >> 7);
  uint64_t x[4];
  ge64_p3 h;
  ge64_precomp q[2];
  uint64_t neg[2];
  ge64_precomp qe[2];
  uint64_t nege[2];
  ge64_p3 he;
  ge64_cached ce;
  int i;

  for (i = 0; i < 32; ++i) t[i] = n[i];
  t[31] &= 127;
  sc64_load32(x, t);
  /* 43 digits of radix 64 cover t < 2^255 (the top digit is at most
     7 + 1), and t B = (t mod L) B: no reduction */
  nG_comb_digits(e, x, RADIXBITS, NDIGITS);
  e[NDIGITS] = 0;   /* the last row has no odd digit */

  /* each sum loaded from row 0; row i + 1 scanned after the additions of
     row i (the last row's odd point, 0 B, is not added) */
  ge64_precomp_select2_avx2(&q[0], &neg[0], &qe[0], &nege[0], TABLE[0], RADIX / 2, e[1], e[0]);
  nG_r64_load_p3(&h, &q[0], neg[0]);
  nG_r64_load_p3(&he, &qe[0], nege[0]);
  ge64_precomp_select2_avx2(&q[1], &neg[1], &qe[1], &nege[1], TABLE[1], RADIX / 2, e[3], e[2]);
  for (i = 1; 2 * i + 1 < NDIGITS; ++i) {
    /* rows up to NDIGITS / 2: row i + 1 always exists here */
    if (2 * i + 3 < NDIGITS)   /* public */
      nG_r64_madd2_p3(&h, &q[i & 1], neg[i & 1], &he, &qe[i & 1], nege[i & 1]);
    else
      nG_r64_madd2_p2(&h, &q[i & 1], neg[i & 1], &he, &qe[i & 1], nege[i & 1]);
    ge64_precomp_select2_avx2(&q[(i + 1) & 1], &neg[(i + 1) & 1], &qe[(i + 1) & 1], &nege[(i + 1) & 1],
                              TABLE[i + 1], RADIX / 2, e[2 * i + 3], e[2 * i + 2]);
  }
  /* the last row's even point; then h = RADIX (odd sum) + even sum */
  ge64_mulx_madd_p3_cneg(&he, &qe[(NDIGITS / 2) & 1], nege[(NDIGITS / 2) & 1]);
  ge64_mulx_dbl_run_p3(&h, &h, RADIXBITS);
  ge64_p3_to_cached(&ce, &he);
  ge64_mulx_add_p2(&h, &ce);

  ge64_p3_tobytes_merged(out, &h, montgomery);

  /* the scalar, its digits, the signs and selected points that tell them,
     the partial sums */
  CRYPTO_CT_WIPE(t);
  CRYPTO_CT_WIPE(e);
  CRYPTO_CT_WIPE(x);
  CRYPTO_CT_WIPE(q);
  CRYPTO_CT_WIPE(neg);
  CRYPTO_CT_WIPE(qe);
  CRYPTO_CT_WIPE(nege);
  CRYPTO_CT_WIPE(h);
  CRYPTO_CT_WIPE(he);
  CRYPTO_CT_WIPE(ce);
}

/* nG_fe64_comb_r64_avx2 runs in a frame of its own (noinline), so that
   its frame, the frames below it and the registers they saved are all
   below this one and cleared by one wipe of 4096 bytes: the whole call
   went 2791 bytes (gcc), 2887 (clang) below its caller with the woven
   schedule, whose assembly frame was 16 bytes deeper and whose body
   also held the scan's accumulators (tests/check-stack.sh), plus a
   margin. */
void crypto_nG(unsigned char *out, const unsigned char *n)
{
  nG_fe64_comb_r64_avx2(out, n);
  crypto_ct_wipe_below(4096);
}
