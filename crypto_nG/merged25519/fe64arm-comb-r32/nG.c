/* SPDX-License-Identifier: MIT */
/* crypto_nG_merged25519 for AArch64: n B for the Ed25519 base point B, on
   the radix-2^64 assembly field (field/fe64arm.h); the 51 table scans and
   mixed additions are one assembly loop (group/arm64/ge64arm_comb.S), the
   doublings and the encoding are the C formulas of group/ge64arm.h.

   The fixed-base comb of fe64-comb-r32: with the top bit of n cleared and
   the scalar reduced mod L (a < 2^253), a = sum e[i] 32^i with
   -16 <= e[i] <= 16 (51 digits), T[k][j] = (j+1) 1024^k B
   (tables/ge64_base_r32.h, 26 x 16 points):
     a B = 32 sum_k e[2k+1] T[k] + sum_k e[2k] T[k],
   i.e. 51 mixed additions, 5 doublings and one inversion.  Every lookup
   reads its whole row of 16 points under masks (in the assembly, where
   the scan of the next row runs interleaved with the current addition),
   and a negative digit negates the point under a mask too.

   The top bit of n (which output form to produce) is also used only
   through masks.  Constant time. */
#include <string.h>
#include "crypto_nG.h"
#include "field/fe64arm.h"
#include "group/ge64arm.h"
#include "ct/crypto_ct.h"
#include "scalar/sc25519.h"
#include "scalar/sc64.h"
#include "method/nG_comb_digits.h"
#include "tables/ge64_base_r32.h"   /* as ge64arm_precomp (group/ge64arm.h) */
#define RADIXBITS 5
#define NDIGITS 51
#define TABLE ge64_base_table64_r32

static CRYPTO_CT_NOINLINE void
nG_fe64arm_comb_r32(unsigned char *out, const unsigned char *n)
{
  unsigned char t[32];
  signed char e[NDIGITS];
  uint64_t montgomery = (uint64_t)(n[31] >> 7);
  uint64_t x[8];
  sc25519 a;
  ge64arm_p3 h;
  int i;

  for (i = 0; i < 32; ++i) t[i] = n[i];
  t[31] &= 127;
  sc64_load32(x, t);
  x[4] = x[5] = x[6] = x[7] = 0;    /* a = t mod L, straight-line */
  sc64_reduce512(a.v, x);
  nG_comb_digits(e, a.v, RADIXBITS, NDIGITS);

  /* odd digits, times 32 (five doublings), then the even digits; the
     assembly scans row k for digit e[2k+1] (or e[2k]) and adds; the
     first pass starts from its first point (init = 1) */
  ge64arm_asm_comb_madd((uint64_t *)(void *)&h, TABLE[0], e + 1, NDIGITS / 2, 1);
  ge64arm_asm_dbl_p3((uint64_t *)(void *)&h, RADIXBITS);
  ge64arm_asm_comb_madd((uint64_t *)(void *)&h, TABLE[0], e, (NDIGITS + 1) / 2, 0);

  ge64arm_p3_tobytes_merged(out, &h, montgomery);

  /* the scalar (t, x, a mod L), its digits, the points selected by them
     and the partial sums */
  CRYPTO_CT_WIPE(t);
  CRYPTO_CT_WIPE(e);
  CRYPTO_CT_WIPE(x);
  CRYPTO_CT_WIPE(a);
  CRYPTO_CT_WIPE(h);
}

/* nG_fe64arm_comb_r32 runs in a frame of its own (noinline), so that its
   frame, the frames below it and the registers they saved are all below
   this one and cleared by one wipe of 1536 bytes:
   its own frame is 720 bytes (gcc and clang -fstack-usage), the
   assembly's at most 384 (GC_FRAME, ge64arm_comb.S); plus a margin. */
void crypto_nG(unsigned char *out, const unsigned char *n)
{
  nG_fe64arm_comb_r32(out, n);
  crypto_ct_wipe_below(1536);
}
