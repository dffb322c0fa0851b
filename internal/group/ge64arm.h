/* SPDX-License-Identifier: MIT */
/* The Ed25519 group (-x^2 + y^2 = 1 + d x^2 y^2 over GF(2^255 - 19)) on
   top of the AArch64 radix-2^64 field of field/fe64arm.h.

   The group interface (group/ge_interface.h) with prefix ge64arm: the
   point forms and formulas of group/ge51.h (the template
   group/ge_formulas.h), with the constants in radix-2^64 limbs, a plain C
   table scan (masks over every entry) and the Montgomery conversion.
   Include "crypto_OP.h" and field/fe64arm.h first.

   Precomputed tables in radix 2^64 (internal/tables/ge64_*.h, written for
   the amd64 family ge64) have the same layout, four 64-bit limbs per
   coordinate; GE64ARM_TABLE_TYPES makes them ge64arm_precomp before
   they are included.

   There are no limb bounds to track: every fe64arm routine accepts any
   256-bit input.  Functions ending in _vartime may branch on their inputs
   (public data only); the rest are constant time. */
#ifndef GROUP_GE64ARM_H
#define GROUP_GE64ARM_H

#include <stdint.h>
#include "ct/crypto_ct.h"
#include "field/fe64arm.h"

/* d = -121665/121666, 2d, sqrt(-1) = 2^((p-1)/4); fully reduced */
static const fe64arm ge64arm_d = {{
  0x75eb4dca135978a3ULL, 0x00700a4d4141d8abULL, 0x8cc740797779e898ULL, 0x52036cee2b6ffe73ULL
}};
static const fe64arm ge64arm_2d = {{
  0xebd69b9426b2f159ULL, 0x00e0149a8283b156ULL, 0x198e80f2eef3d130ULL, 0x2406d9dc56dffce7ULL
}};
static const fe64arm ge64arm_sqrtm1 = {{
  0xc4ee1b274a0ea0b0ULL, 0x2f431806ad2fe478ULL, 0x2b4d00993dfbd7a7ULL, 0x2b8324804fc1df0bULL
}};

/* the formulas of the group interface over this field */
#define FE_FAMILY fe64arm
#define GE_FAMILY ge64arm
#include "group/ge_formulas.h"
#undef GE_FAMILY
#undef FE_FAMILY

/* the radix-2^64 tables name their element type ge64_precomp */
#define GE64ARM_TABLE_TYPES
#define ge64_precomp ge64arm_precomp

/* t = b P where table[j] = (j+1) P for j < count (public) and
   -count <= b <= count: every entry is read and merged under a mask, no
   branch or index on b.  With negate_t, t is b P; without, |b| P with
   y+x and y-x swapped when b < 0 (2dxy as for |b| P).  Returns the mask
   (all ones iff b < 0). */
static inline uint64_t ge64arm_precomp_select_core(ge64arm_precomp *t, const ge64arm_precomp *table,
                                                    int count, signed char b, int negate_t)
{
  uint64_t bu = (uint64_t)(int64_t)b;
  uint64_t neg = bu >> 63;
  uint64_t mneg = crypto_ct_bit_mask_u64(neg);
  uint64_t babs = (bu ^ mneg) - mneg;
  fe64arm minus;
  int j, k;

  ge64arm_precomp_0(t);
  for (j = 0; j < count; ++j) {
    uint64_t m = crypto_ct_equal_mask_u64(babs, (uint64_t)(j + 1));
    for (k = 0; k < 4; ++k) {
      t->ypx.v[k] ^= m & (t->ypx.v[k] ^ table[j].ypx.v[k]);
      t->ymx.v[k] ^= m & (t->ymx.v[k] ^ table[j].ymx.v[k]);
      t->xy2d.v[k] ^= m & (t->xy2d.v[k] ^ table[j].xy2d.v[k]);
    }
  }
  /* -(y+x, y-x, 2dxy) = (y-x, y+x, -2dxy) */
  fe64arm_cswap(&t->ypx, &t->ymx, neg);
  if (negate_t) {   /* public */
    fe64arm_neg(&minus, &t->xy2d);
    fe64arm_cmov(&t->xy2d, &minus, neg);
  }
  return mneg;
}

/* t = b P for -8 <= b <= 8, where table[j] = (j+1) P; constant time */
static inline void ge64arm_precomp_select(ge64arm_precomp *t, const ge64arm_precomp table[8], signed char b)
{
  (void)ge64arm_precomp_select_core(t, table, 8, b, 1);
}

/* the same for 16 entries (table[j] = (j+1) P, -16 <= b <= 16) */
static inline void ge64arm_precomp_select16(ge64arm_precomp *t, const ge64arm_precomp table[16],
                                            signed char b)
{
  (void)ge64arm_precomp_select_core(t, table, 16, b, 1);
}

/* s = Montgomery u = (1+y)/(1-y) = (Z+Y)/(Z-Y), fully reduced; the
   neutral element (Z = Y) gives 0 since inverting 0 gives 0 */
static inline void ge64arm_p3_to_montgomery(unsigned char s[32], const ge64arm_p3 *p)
{
  fe64arm num, den;
  fe64arm_add(&num, &p->Z, &p->Y);
  fe64arm_sub(&den, &p->Z, &p->Y);
  fe64arm_invert(&den, &den);
  fe64arm_mul(&num, &num, &den);
  fe64arm_tobytes(s, &num);
}

#endif
