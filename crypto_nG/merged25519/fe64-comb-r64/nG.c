/* SPDX-License-Identifier: MIT */
/* crypto_nG_merged25519 for x86-64 with BMI2 and ADX: n B for the
   Ed25519 base point B, on radix-2^64 field elements (field/fe64.h, the
   mulx/adcx/adox assembly of internal/field/amd64/) and the group code of
   group/ge64.h.

   Fixed-base comb with signed radix-64 digits, for CPUs with AVX-512
   (its table scans make the larger rows cheap enough): a = the masked n
   itself (< 2^255, no reduction: 43 digits cover it, the top one at most
   7 + 1), -32 <= e[i] <= 32, T[k][j] = (j+1) 4096^k B
   (tables/ge64_base_r64.h, 22 x 32 points, from
   scripts/gen-ed25519-table64.py), 43 mixed additions (assembly,
   internal/group/amd64/ge64_mulx.S) and 6 doublings; digits 2k and 2k+1
   read the same row, so one scan selects both (half the loads) and the
   even one waits in qe[] for the second pass.  A negative digit selects
   |digit| B with y+x and y-x swapped, and the addition negates 2dxy under
   a mask (ge64_mulx_madd_p3_cneg).  fe64-comb-r32 is the same method with
   radix-32 digits for CPUs without AVX-512.

   The top bit of n (which output form to produce) is also used only
   through masks.  Constant time. */
#include <string.h>
#include "crypto_nG.h"
#include "ct/crypto_ct.h"
#include "field/fe64.h"
#include "group/ge64.h"
#include "scalar/sc25519.h"
#include "scalar/sc64.h"
#include "method/nG_comb_digits.h"
#include "tables/ge64_base_r64.h"
#define RADIXBITS 6
#define NDIGITS 43
#define TABLE ge64_base_table64_r64
#define SELECT ge64_precomp_select32_nonneg_t

#define RADIX (1 << RADIXBITS)

static CRYPTO_CT_NOINLINE void nG_fe64_comb_r64(unsigned char *out, const unsigned char *n)
{
  unsigned char t[32];
  signed char e[NDIGITS];
  uint64_t montgomery = (uint64_t)(n[31] >> 7);
  uint64_t x[8];
  sc25519 a;
  ge64_p3 h;
  ge64_precomp q;
  uint64_t neg;
  ge64_precomp qe[(NDIGITS + 1) / 2];
  uint64_t nege[(NDIGITS + 1) / 2];
  int i;

  for (i = 0; i < 32; ++i) t[i] = n[i];
  t[31] &= 127;
  sc64_load32(x, t);
  /* 43 digits of radix 64 cover t < 2^255 (the top digit is at most
     7 + 1), and t B = (t mod L) B: no reduction */
  for (i = 0; i < 4; ++i) a.v[i] = x[i];
  nG_comb_digits(e, a.v, RADIXBITS, NDIGITS);

  /* odd digits, times RADIX, then the even digits */
  ge64_p3_0(&h);
  /* digits 2k and 2k+1 use the same row: one scan selects both, the
     even one kept for the second pass */
  for (i = 1; i < NDIGITS; i += 2) {
    ge64_precomp_select2_avx512(&q, &neg, &qe[i >> 1], &nege[i >> 1], TABLE[i >> 1], RADIX / 2,
                                   e[i], e[i - 1]);
    ge64_mulx_madd_p3_cneg(&h, &q, neg);
  }
  nege[NDIGITS >> 1] = SELECT(&qe[NDIGITS >> 1], TABLE[NDIGITS >> 1], e[NDIGITS - 1]);
  for (i = 1; i < RADIXBITS; ++i) ge64_mulx_dbl_p2(&h, &h);
  ge64_mulx_dbl_p3(&h, &h);
  for (i = 0; i < NDIGITS; i += 2)
    ge64_mulx_madd_p3_cneg(&h, &qe[i >> 1], nege[i >> 1]);

  ge64_p3_tobytes_merged(out, &h, montgomery);

  /* the scalar, its digits, the signs and selected points that tell them,
     the partial sums */
  CRYPTO_CT_WIPE(t);
  CRYPTO_CT_WIPE(e);
  CRYPTO_CT_WIPE(x);
  CRYPTO_CT_WIPE(a);
  CRYPTO_CT_WIPE(q);
  CRYPTO_CT_WIPE(neg);
  CRYPTO_CT_WIPE(qe);
  CRYPTO_CT_WIPE(nege);
  CRYPTO_CT_WIPE(h);
}

/* nG_fe64_comb_r64 runs in a frame of its own (noinline), so that its
   frame, the frames below it and the registers they saved are all below
   this one and cleared by one wipe of 5120 bytes: its own frame is 3456
   bytes (gcc -fstack-usage), 3704 (clang), the group assembly's 392
   (MFRAME 336, six pushes, the return address); plus a margin. */
void crypto_nG(unsigned char *out, const unsigned char *n)
{
  nG_fe64_comb_r64(out, n);
  crypto_ct_wipe_below(5120);
}
