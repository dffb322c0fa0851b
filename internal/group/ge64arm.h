/* SPDX-License-Identifier: MIT */
/* The Ed25519 group (-x^2 + y^2 = 1 + d x^2 y^2 over GF(2^255 - 19)) on
   top of the AArch64 radix-2^64 field of field/fe64arm.h.

   The group interface (group/ge_interface.h) with prefix ge64arm: the
   point forms and formulas of group/ge51.h (the template
   group/ge_formulas.h), with the constants in radix-2^64 limbs, a masked
   table scan over every entry (Advanced SIMD) and the Montgomery
   conversion.
   Include "crypto_OP.h" and field/fe64arm.h first.

   Precomputed tables in radix 2^64 (internal/tables/ge64_*.h, written for
   the amd64 family ge64) have the same layout, four 64-bit limbs per
   coordinate; the #define of ge64_precomp below makes them
   ge64arm_precomp when they are included after this file.

   There are no limb bounds to track: every fe64arm routine accepts any
   256-bit input.  Functions ending in _vartime may branch on their inputs
   (public data only); the rest are constant time. */
#ifndef GROUP_GE64ARM_H
#define GROUP_GE64ARM_H

#include <stdint.h>
#include <arm_neon.h>
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
#define ge64_precomp ge64arm_precomp

/* t = b P where table[j] = (j+1) P for j < count (public) and
   -count <= b <= count: every entry is read and merged under a mask, no
   branch or index on b (Advanced SIMD, baseline on AArch64: each entry is
   six 128-bit loads and six bit-selects under a mask made by a compare).
   With negate_t, t is b P; without, |b| P with y+x and y-x swapped when
   b < 0 (2dxy as for |b| P).  Returns the mask (all ones iff b < 0). */
static inline uint64_t ge64arm_precomp_select_core(ge64arm_precomp *t, const ge64arm_precomp *table,
                                                    int count, signed char b, int negate_t)
{
  uint64_t bu = (uint64_t)(int64_t)b;
  uint64_t neg = bu >> 63;
  uint64_t mneg = crypto_ct_bit_mask_u64(neg);
  uint64_t babs = (bu ^ mneg) - mneg;
  const uint64x2_t want = vdupq_n_u64(babs), one = vdupq_n_u64(1);
  uint64x2_t jv = one, m;
  uint64x2_t a0 = vcombine_u64(vcreate_u64(1), vcreate_u64(0)), a1 = vdupq_n_u64(0);
  uint64x2_t a2 = a0, a3 = a1, a4 = a1, a5 = a1;   /* the neutral element (1, 1, 0) */
  fe64arm minus;
  int j;

  for (j = 0; j < count; ++j) {
    const uint64_t *e = (const uint64_t *)(const void *)&table[j];
    m = vceqq_u64(jv, want);
    a0 = vbslq_u64(m, vld1q_u64(e), a0);
    a1 = vbslq_u64(m, vld1q_u64(e + 2), a1);
    a2 = vbslq_u64(m, vld1q_u64(e + 4), a2);
    a3 = vbslq_u64(m, vld1q_u64(e + 6), a3);
    a4 = vbslq_u64(m, vld1q_u64(e + 8), a4);
    a5 = vbslq_u64(m, vld1q_u64(e + 10), a5);
    jv = vaddq_u64(jv, one);
  }
  /* -(y+x, y-x, 2dxy) = (y-x, y+x, -2dxy): swap the first two under mneg */
  m = vdupq_n_u64(mneg);
  vst1q_u64(t->ypx.v, vbslq_u64(m, a2, a0));
  vst1q_u64(t->ypx.v + 2, vbslq_u64(m, a3, a1));
  vst1q_u64(t->ymx.v, vbslq_u64(m, a0, a2));
  vst1q_u64(t->ymx.v + 2, vbslq_u64(m, a1, a3));
  vst1q_u64(t->xy2d.v, a4);
  vst1q_u64(t->xy2d.v + 2, a5);
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

/* the comb's additions in assembly (group/arm64/ge64arm_comb.S, defined
   only where an implementation's .S file includes it): for i < n (n >= 1,
   public), h = h + e[2i] rows[16 i + |e[2i]| - 1] where rows[16 i + j] =
   (j+1) P_i and -16 <= e[2i] <= 16, each row scanned in full under masks;
   init = 1 (public) starts from the neutral element instead of h.  T of
   the final h is not computed when n > 1 (X, Y, Z are: double or encode
   it next).  Constant time. */
#define ge64arm_asm_comb_madd CRYPTO_NAMESPACE(ge64arm_asm_comb_madd)
extern void ge64arm_asm_comb_madd(uint64_t h[16], const ge64arm_precomp *rows,
                                 const signed char *e, long long n, long long init) FE64ARM_HIDDEN;

/* h = 2^n h (n >= 1, public) in assembly (the same file): h's X, Y, Z
   are read, X, Y, Z, T written.  Constant time. */
#define ge64arm_asm_dbl_p3 CRYPTO_NAMESPACE(ge64arm_asm_dbl_p3)
extern void ge64arm_asm_dbl_p3(uint64_t h[16], long long n) FE64ARM_HIDDEN;

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
