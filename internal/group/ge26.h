/* SPDX-License-Identifier: MIT */
/* The Ed25519 group on the radix-2^25.5 field of field/fe26.h (plain
   C99, 32-bit limbs and 32x32->64-bit products): the group family ge26,
   for compilers without a 128-bit integer type (32-bit targets).

   The point forms and formulas are those of group/ge51.h, written once in
   the template group/ge_formulas.h; this file gives the constants in
   radix-2^25.5 limbs, the table scan and the Montgomery conversion.

   Limb bounds (field/fe26.h): p3, p2 and precomp coordinates are TIGHT;
   the template never adds more than three TIGHT values before a
   multiplication (D + C in the additions is 2 Z1 Z2 + C), which fe26
   accepts (MULIN).

   Timing: constant time except the functions ending in _vartime. */
#ifndef GROUP_GE26_H
#define GROUP_GE26_H

#include <stdint.h>
#include "ct/crypto_ct.h"
#include "field/fe26.h"

/* d, 2d and sqrt(-1) = 2^((p-1)/4), fully reduced (scripts/model:
   limbs26) */
static const fe26 ge26_d = {{
  0x35978a3, 0x0d37284, 0x3156ebd, 0x06a0a0e, 0x001c029,
  0x179e898, 0x3a03cbb, 0x1ce7198, 0x2e2b6ff, 0x1480db3
}};
static const fe26 ge26_2d = {{
  0x2b2f159, 0x1a6e509, 0x22add7a, 0x0d4141d, 0x0038052,
  0x0f3d130, 0x3407977, 0x19ce331, 0x1c56dff, 0x0901b67
}};
static const fe26 ge26_sqrtm1 = {{
  0x20ea0b0, 0x186c9d2, 0x08f189d, 0x035697f, 0x0bd0c60,
  0x1fbd7a7, 0x2804c9e, 0x1e16569, 0x004fc1d, 0x0ae0c92
}};

/* the formulas of the group interface over this field */
#define FE_FAMILY fe26
#define GE_FAMILY ge26
#include "group/ge_formulas.h"
#undef GE_FAMILY
#undef FE_FAMILY

/* t = b * P where table[j] = (j+1) P for j = 0..7 and -8 <= b <= 8.
   Reads all eight entries whatever b is; no branch or index on b, and
   only 32-bit arithmetic on it. */
static inline void ge26_precomp_select(ge26_precomp *t, const ge26_precomp table[8], signed char b)
{
  uint32_t bu = (uint32_t)(int32_t)b;
  uint32_t neg = bu >> 31;                      /* 1 iff b < 0 */
  uint32_t babs = bu ^ ((0 - neg) & (bu ^ (0 - bu)));
  ge26_precomp minus;
  int j;

  ge26_precomp_0(t);
  for (j = 0; j < 8; ++j)
    ge26_precomp_cmov(t, &table[j], crypto_ct_equal_mask_u64(babs, (uint64_t)(j + 1)) & 1);
  /* -(y+x, y-x, 2dxy) = (y-x, y+x, -2dxy) */
  fe26_copy(&minus.ypx, &t->ymx);
  fe26_copy(&minus.ymx, &t->ypx);
  fe26_neg(&minus.xy2d, &t->xy2d);
  ge26_precomp_cmov(t, &minus, neg);
}

/* s = Montgomery u = (1+y)/(1-y) = (Z+Y)/(Z-Y), fully reduced; the
   neutral element (Z = Y) gives 0 since inverting 0 gives 0 */
static inline void ge26_p3_to_montgomery(unsigned char s[32], const ge26_p3 *p)
{
  fe26 num, den;
  fe26_add(&num, &p->Z, &p->Y);
  fe26_sub(&den, &p->Z, &p->Y);
  fe26_invert(&den, &den);
  fe26_mul(&num, &num, &den);
  fe26_tobytes(s, &num);
}

#endif
