/* SPDX-License-Identifier: MIT */
/* crypto_nG_merged25519 for x86-64 with AVX2, BMI2 and ADX: n B for the
   Ed25519 base point B, on radix-2^64 field elements (field/fe64.h, the
   mulx/adcx/adox assembly of internal/field/amd64/) and the group code of
   group/ge64.h.

   The fixed-base comb of fe64-comb-r64 (signed radix-64 digits,
   -32 <= e[i] <= 32, of the masked n itself: a < 2^255, no reduction, 43
   digits, the top one at most 7 + 1; T[k][j] = (j+1) 4096^k B,
   tables/ge64_base_r64.h, 22 x 32 points; 43 mixed additions and 6
   doublings), for CPUs with AVX2 but without AVX-512:

   - one AVX2 scan of a row selects both of its digits
     (ge64_precomp_select2_avx2: each entry loaded once, masked into two
     sets of registers); the even digit's point waits in qe[] for the
     second pass, which then has no scans at all;
   - the 67 KB table does not fit the level-1 data cache, so each row
     would arrive from level 2 (or further, in a one-shot call) while the
     scan waits for it: the next row is prefetched before each addition,
     whose ~200 cycles hide the transfer.  The addresses are public (whole
     rows, in a fixed order).

   Against fe64-comb-r32 (51 additions, 5 doublings, a scan per digit,
   40 KB table) this trades 8 additions for one doubling and scans of 32
   entries that serve two digits.

   A negative digit selects |digit| B with y+x and y-x swapped, and the
   addition negates 2dxy under a mask (ge64_mulx_madd_p3_cneg).  The top
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
#error "fe64-comb-r64-prefetch needs AVX2 (its architectures line)"
#endif

/* bring a row of the table (RADIX / 2 entries of 96 bytes) towards the
   level-1 cache */
static inline void prefetch_row(const ge64_precomp *row)
{
  const char *p = (const char *)(const void *)row;
  int k;
  for (k = 0; k < (RADIX / 2) * (int)sizeof(ge64_precomp); k += 64) _mm_prefetch(p + k, _MM_HINT_T0);
}

void crypto_nG(unsigned char *out, const unsigned char *n)
{
  unsigned char t[32];
  signed char e[NDIGITS + 1];
  uint64_t montgomery = (uint64_t)(n[31] >> 7);
  uint64_t x[4];
  ge64_p3 h;
  ge64_precomp q;
  uint64_t neg;
  ge64_precomp qe[(NDIGITS + 1) / 2];
  uint64_t nege[(NDIGITS + 1) / 2];
  int i;

  prefetch_row(TABLE[0]);
  for (i = 0; i < 32; ++i) t[i] = n[i];
  t[31] &= 127;
  sc64_load32(x, t);
  /* 43 digits of radix 64 cover t < 2^255 (the top digit is at most
     7 + 1), and t B = (t mod L) B: no reduction */
  nG_comb_digits(e, x, RADIXBITS, NDIGITS);
  e[NDIGITS] = 0;   /* the last row has no odd digit */

  /* odd digits, times RADIX, then the even digits; digits 2k and 2k+1
     use row k: one scan selects both (the last row's odd point, 0 B, is
     not added) */
  ge64_p3_0(&h);
  for (i = 0; i < (NDIGITS + 1) / 2; ++i) {
    ge64_precomp_select2_avx2(&q, &neg, &qe[i], &nege[i], TABLE[i], RADIX / 2,
                                 e[2 * i + 1], e[2 * i]);
    if (2 * i + 1 < NDIGITS) {   /* public */
      if (i + 1 < (NDIGITS + 1) / 2) prefetch_row(TABLE[i + 1]);
      ge64_mulx_madd_p3_cneg(&h, &q, neg);
    }
  }
  ge64_mulx_dbl_run_p3(&h, &h, RADIXBITS);
  for (i = 0; i < (NDIGITS + 1) / 2; ++i)
    ge64_mulx_madd_p3_cneg(&h, &qe[i], nege[i]);

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
  crypto_ct_wipe_below();   /* the assembly's frames: points, sign masks */
}
