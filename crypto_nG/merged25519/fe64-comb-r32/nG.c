/* SPDX-License-Identifier: MIT */
/* crypto_nG_merged25519 for x86-64 with BMI2 and ADX: n B for the
   Ed25519 base point B, on radix-2^64 field elements (field/fe64.h, the
   mulx/adcx/adox assembly of internal/field/amd64/) and the group code of
   group/ge64.h.

   Fixed-base comb with signed radix-32 digits: with the top bit of n
   cleared and the scalar reduced mod L (B has order L; a < 2^253), write
   a = sum e[i] 32^i with -16 <= e[i] <= 16 (51 digits) and use
   T[k][j] = (j+1) 1024^k B (tables/ge64_base_r32.h, 26 x 16 points, from
   scripts/gen/gen-ed25519-table64.py):
     a B = 32 sum_k e[2k+1] T[k] + sum_k e[2k] T[k],
   i.e. 51 mixed additions (assembly, internal/group/amd64/ge64_mulx.S),
   5 doublings and one inversion (n is reduced mod L by the straight-line
   Barrett code of scalar/sc64.h).  A negative digit selects |digit| B
   with y+x and y-x swapped, and the addition negates 2dxy under a mask
   (ge64_mulx_madd_p3_cneg).  Every lookup scans its whole row of 16 points
   with masks (SSE2: the architectures line has no AVX2).

   fe64-comb-r64-avx2 is the same method with radix-64 digits for
   CPUs with AVX2.

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
#include "tables/ge64_base_r32.h"
#define RADIXBITS 5
#define NDIGITS 51
#define TABLE ge64_base_table64_r32
#define SELECT ge64_precomp_select16_nonneg_t

#define RADIX (1 << RADIXBITS)

static CRYPTO_CT_NOINLINE void nG_fe64_comb_r32(unsigned char *out, const unsigned char *n)
{
  unsigned char t[32];
  signed char e[NDIGITS];
  uint64_t montgomery = (uint64_t)(n[31] >> 7);
  uint64_t x[8];
  sc25519 a;
  ge64_p3 h;
  ge64_precomp q;
  uint64_t neg;
  int i;

  for (i = 0; i < 32; ++i) t[i] = n[i];
  t[31] &= 127;
  sc64_load32(x, t);
  x[4] = x[5] = x[6] = x[7] = 0;    /* a = t mod L, straight-line */
  sc64_reduce512(a.v, x);
  nG_comb_digits(e, a.v, RADIXBITS, NDIGITS);

  /* odd digits, times RADIX, then the even digits */
  ge64_p3_0(&h);
  for (i = 1; i < NDIGITS; i += 2) {
    neg = SELECT(&q, TABLE[i >> 1], e[i]);
    ge64_mulx_madd_p3_cneg(&h, &q, neg);
  }
  for (i = 1; i < RADIXBITS; ++i) ge64_mulx_dbl_p2(&h, &h);
  ge64_mulx_dbl_p3(&h, &h);
  for (i = 0; i < NDIGITS; i += 2) {
    neg = SELECT(&q, TABLE[i >> 1], e[i]);
    ge64_mulx_madd_p3_cneg(&h, &q, neg);
  }

  ge64_p3_tobytes_merged(out, &h, montgomery);

  /* the scalar, its digits, the signs and selected points that tell them,
     the partial sums */
  CRYPTO_CT_WIPE(t);
  CRYPTO_CT_WIPE(e);
  CRYPTO_CT_WIPE(x);
  CRYPTO_CT_WIPE(a);
  CRYPTO_CT_WIPE(q);
  CRYPTO_CT_WIPE(neg);
  CRYPTO_CT_WIPE(h);
}

/* nG_fe64_comb_r32 runs in a frame of its own (noinline), so that its
   frame, the frames below it and the registers they saved are all below
   this one and cleared by one wipe of 2560 bytes: the whole call went
   1759 bytes (gcc), 1887 (clang) below its caller
   (tests/check-stack.sh), plus a margin. */
void crypto_nG(unsigned char *out, const unsigned char *n)
{
  nG_fe64_comb_r32(out, n);
  crypto_ct_wipe_below(2560);
}
