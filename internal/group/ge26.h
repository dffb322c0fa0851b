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

/* all-ones if x == 0, else 0 (32-bit: on 32-bit targets the _u64 masks
   of ct/crypto_ct.h take two registers and a carry chain each) */
static inline uint32_t ge26_zero_mask_u32(uint32_t x)
{
  x = crypto_ct_barrier_u32(x);
  return ((x | (0 - x)) >> 31) - 1;
}

/* word i of a field element of the table's entry j, masked */
#define GE26_SEL8(F, i) \
  ((m1 & table[0].F.v[i]) | (m2 & table[1].F.v[i]) | (m3 & table[2].F.v[i]) \
   | (m4 & table[3].F.v[i]) | (m5 & table[4].F.v[i]) | (m6 & table[5].F.v[i]) \
   | (m7 & table[6].F.v[i]) | (m8 & table[7].F.v[i]))

/* t = b * P where table[j] = (j+1) P for j = 0..7 and -8 <= b <= 8.
   Reads all eight entries whatever b is; no branch or index on b, and
   only 32-bit arithmetic on it.  The nine masks (b = 0, +-1, ..., +-8)
   are made once; each output word is then the OR of the eight masked
   words of the entries (three instructions an entry, the masks kept in
   registers), the neutral element (1, 1, 0) coming in with the mask of
   b = 0.  For b < 0 the negation -(y+x, y-x, 2dxy) = (y-x, y+x, -2dxy)
   is a masked swap and a masked 8p - xy2d, then one carry, done whatever
   the sign (it changes no value).  The loops index only by the public
   limb number. */
static inline void ge26_precomp_select(ge26_precomp *t, const ge26_precomp table[8], signed char b)
{
  /* the limbs of 8p (fe26_sub's constants) */
  static const uint32_t p8[10] = {
    ((uint32_t)1 << 29) - 152, ((uint32_t)1 << 28) - 8, ((uint32_t)1 << 29) - 8,
    ((uint32_t)1 << 28) - 8, ((uint32_t)1 << 29) - 8, ((uint32_t)1 << 28) - 8,
    ((uint32_t)1 << 29) - 8, ((uint32_t)1 << 28) - 8, ((uint32_t)1 << 29) - 8,
    ((uint32_t)1 << 28) - 8
  };
  uint32_t bu = (uint32_t)(int32_t)b;
  uint32_t neg = bu >> 31;                      /* 1 iff b < 0 */
  uint32_t babs = bu ^ ((0 - neg) & (bu ^ (0 - bu)));
  uint32_t m0, m1, m2, m3, m4, m5, m6, m7, m8, mn, x, y, d;
  int i;

  m0 = ge26_zero_mask_u32(babs);
  m1 = ge26_zero_mask_u32(babs ^ 1); m2 = ge26_zero_mask_u32(babs ^ 2);
  m3 = ge26_zero_mask_u32(babs ^ 3); m4 = ge26_zero_mask_u32(babs ^ 4);
  m5 = ge26_zero_mask_u32(babs ^ 5); m6 = ge26_zero_mask_u32(babs ^ 6);
  m7 = ge26_zero_mask_u32(babs ^ 7); m8 = ge26_zero_mask_u32(babs ^ 8);
  mn = 0 - crypto_ct_barrier_u32(neg);

  for (i = 0; i < 10; ++i) {
    x = GE26_SEL8(ypx, i);
    y = GE26_SEL8(ymx, i);
    d = mn & (x ^ y);
    t->ypx.v[i] = x ^ d;
    t->ymx.v[i] = y ^ d;
  }
  /* b = 0: every other mask is 0, so both limbs are 0 here */
  t->ypx.v[0] |= m0 & 1;
  t->ymx.v[0] |= m0 & 1;
  for (i = 0; i < 10; ++i) {
    x = GE26_SEL8(xy2d, i);
    /* x + (mask & (8p_i - 2x)) is x or 8p_i - x */
    t->xy2d.v[i] = x + (mn & (p8[i] - 2 * x));
  }
  fe26_carry(&t->xy2d);
}
#undef GE26_SEL8

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
