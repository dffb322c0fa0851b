/* SPDX-License-Identifier: MIT */
/* The Ed25519 group (-x^2 + y^2 = 1 + d x^2 y^2 over GF(2^255 - 19)) on
   top of the radix-2^64 field code of field/fe64.h.

   The group interface (group/ge_interface.h) with prefix ge64: the same
   names as group/ge51.h with ge64_ for ge51_.  The formulas are the
   template group/ge_formulas.h, included below once the constants are
   defined in radix-2^64 limbs; this file adds the assembly group
   operations (ge64_mulx_*) and the vector table scans.  Include "crypto_OP.h" and
   field/fe64.h first.

   Point forms:
     ge64_p3      extended (X:Y:Z:T) with x = X/Z, y = Y/Z, xy = T/Z
     ge64_p2      (X:Y:Z), input of doublings
     ge64_p1p1    completed (E, H, G, F) with x = E/G, y = H/F
     ge64_precomp affine (y+x, y-x, 2dxy), the fixed-base table form
     ge64_cached  (Y+X, Y-X, Z, 2dT), the form of general addends
   Formulas: Hisil-Wong-Carter-Dawson 2008 for a = -1 (complete on this
   curve; valid for the neutral element and small-order points).  With
   A = (Y1-X1)(y2-x2), B = (Y1+X1)(y2+x2), C = T1 (2d t2), D = 2 Z1 z2:
   E = B - A, H = B + A, G = D + C, F = D - C.  Doubling: A = X^2, B = Y^2,
   C = 2 Z^2, E = (X+Y)^2 - A - B, G = B - A, F = G - C, H = -(A + B).

   There are no limb bounds to track: every fe64 routine accepts any
   256-bit input.  Functions ending in _vartime may branch on their inputs
   (public data only); the rest are constant time. */
#ifndef GROUP_GE64_H
#define GROUP_GE64_H

#include <stdint.h>
#include <emmintrin.h>
#if defined(__AVX2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif
#include "ct/crypto_ct.h"
#include "field/fe64.h"

/* d = -121665/121666, 2d, sqrt(-1) = 2^((p-1)/4); fully reduced */
static const fe64 ge64_d = {{
  0x75eb4dca135978a3ULL, 0x00700a4d4141d8abULL, 0x8cc740797779e898ULL, 0x52036cee2b6ffe73ULL
}};
static const fe64 ge64_2d = {{
  0xebd69b9426b2f159ULL, 0x00e0149a8283b156ULL, 0x198e80f2eef3d130ULL, 0x2406d9dc56dffce7ULL
}};
static const fe64 ge64_sqrtm1 = {{
  0xc4ee1b274a0ea0b0ULL, 0x2f431806ad2fe478ULL, 0x2b4d00993dfbd7a7ULL, 0x2b8324804fc1df0bULL
}};
/* 1/d and -1/d, fully reduced, indexed by the sign of a comb digit: T =
   2xy of a table entry from its 2dxy in one multiplication
   (GE64_COMB_DEFINE_LOAD_Z2 below) */
static const fe64 ge64_invd_by_sign[2] = {
  {{ 0x25e0f276cdc9f843ULL, 0x0b5dd6984279542eULL, 0x2b162114cdb9cf66ULL, 0x40907ed214d5ce43ULL }},
  {{ 0xda1f0d89323607aaULL, 0xf4a22967bd86abd1ULL, 0xd4e9deeb32463099ULL, 0x3f6f812deb2a31bcULL }}
};

/* the formulas of the group interface over this field */
#define FE_FAMILY fe64
#define GE_FAMILY ge64
#include "group/ge_formulas.h"
#undef GE_FAMILY
#undef FE_FAMILY

/* Defines  static inline void name(P3 *h, const ge64_precomp *q, uint64_t mask):
   h = q, an entry picked by a radix-64 comb's scan (y+x and y-x already
   exchanged where mask = -1, else mask = 0; 2dxy not negated), with
   Z = 2: X = (y+x) - (y-x), Y = (y+x) + (y-x), T = XY/Z = 2dxy (+-1/d);
   the scan's (1, 1, 0) for digit 0 gives the neutral element (0, 2, 2, 0).
   Each sum of the comb starts so, saving an addition.  P3: a struct of
   fe64 X, Y, Z, T.  A macro over the field operations ops_add, ops_sub,
   ops_mul because the combs need different ones: fe64's calls, or
   fe64_inline.h's assembly where a call would spill ymm registers
   (fe26x4-fe64-comb). */
#define GE64_COMB_DEFINE_LOAD_Z2(name, P3, ops)                                 \
  static inline void name(P3 *h, const ge64_precomp *q, uint64_t mask)         \
  {                                                                            \
    fe64 c;                                                                    \
    int l;                                                                     \
    for (l = 0; l < 4; ++l)                                                    \
      c.v[l] = (ge64_invd_by_sign[0].v[l] & ~mask) | (ge64_invd_by_sign[1].v[l] & mask); \
    FE_PASTE(ops, sub)(&h->X, &q->ypx, &q->ymx);                               \
    FE_PASTE(ops, add)(&h->Y, &q->ypx, &q->ymx);                               \
    fe64_0(&h->Z);                                                             \
    h->Z.v[0] = 2;                                                             \
    FE_PASTE(ops, mul)(&h->T, &q->xy2d, &c);                                   \
    CRYPTO_CT_WIPE(c);                                                         \
  }

/* assembly group operations (internal/group/amd64/ge64_mulx.S); available in
   implementations whose .S file includes that file */
#define ge64_mulx_madd_p3 CRYPTO_NAMESPACE(ge64_mulx_madd_p3)
#define ge64_mulx_madd_p3_cneg CRYPTO_NAMESPACE(ge64_mulx_madd_p3_cneg)
#define ge64_mulx_msub_p3 CRYPTO_NAMESPACE(ge64_mulx_msub_p3)
#define ge64_mulx_add_p3 CRYPTO_NAMESPACE(ge64_mulx_add_p3)
#define ge64_mulx_sub_p3 CRYPTO_NAMESPACE(ge64_mulx_sub_p3)
#define ge64_mulx_dbl_p3 CRYPTO_NAMESPACE(ge64_mulx_dbl_p3)
#define ge64_mulx_dbl_p2 CRYPTO_NAMESPACE(ge64_mulx_dbl_p2)
#define ge64_mulx_madd_p2 CRYPTO_NAMESPACE(ge64_mulx_madd_p2)
#define ge64_mulx_msub_p2 CRYPTO_NAMESPACE(ge64_mulx_msub_p2)
#define ge64_mulx_add_p2 CRYPTO_NAMESPACE(ge64_mulx_add_p2)
#define ge64_mulx_sub_p2 CRYPTO_NAMESPACE(ge64_mulx_sub_p2)
#define ge64_mulx_dbl_run_p3 CRYPTO_NAMESPACE(ge64_mulx_dbl_run_p3)
#define ge64_mulx_dbl_run_p2 CRYPTO_NAMESPACE(ge64_mulx_dbl_run_p2)
/* h = h + q, h = h - q (in place) */
extern void ge64_mulx_madd_p3(ge64_p3 *h, const ge64_precomp *q) FE64_HIDDEN;
extern void ge64_mulx_msub_p3(ge64_p3 *h, const ge64_precomp *q) FE64_HIDDEN;
/* h = h + (y+x, y-x, mask ? -2dxy : 2dxy), mask 0 or -1 (constant time) */
extern void ge64_mulx_madd_p3_cneg(ge64_p3 *h, const ge64_precomp *q, uint64_t mask) FE64_HIDDEN;
extern void ge64_mulx_add_p3(ge64_p3 *h, const ge64_cached *q) FE64_HIDDEN;
extern void ge64_mulx_sub_p3(ge64_p3 *h, const ge64_cached *q) FE64_HIDDEN;
/* r = 2p from X, Y, Z of p (r may be p); _p2 leaves r->T unchanged */
extern void ge64_mulx_dbl_p3(ge64_p3 *r, const ge64_p3 *p) FE64_HIDDEN;
extern void ge64_mulx_dbl_p2(ge64_p3 *r, const ge64_p3 *p) FE64_HIDDEN;
/* as ge64_mulx_madd_p3 ... ge64_mulx_sub_p3, but h->T is left stale (for a result
   that only gets doubled or encoded next) */
extern void ge64_mulx_madd_p2(ge64_p3 *h, const ge64_precomp *q) FE64_HIDDEN;
extern void ge64_mulx_msub_p2(ge64_p3 *h, const ge64_precomp *q) FE64_HIDDEN;
extern void ge64_mulx_add_p2(ge64_p3 *h, const ge64_cached *q) FE64_HIDDEN;
extern void ge64_mulx_sub_p2(ge64_p3 *h, const ge64_cached *q) FE64_HIDDEN;
/* r = 2^n p for public n >= 1 in one call; _p3 computes T at the end,
   _p2 leaves r->T unchanged (r may be p) */
extern void ge64_mulx_dbl_run_p3(ge64_p3 *r, const ge64_p3 *p, long long n) FE64_HIDDEN;
extern void ge64_mulx_dbl_run_p2(ge64_p3 *r, const ge64_p3 *p, long long n) FE64_HIDDEN;

/* the table scan of the selections below (table[j] = (j+1) P for j below
   the public count, -count <= b <= count): reads every entry with masks
   whatever b is, 512 bits at a time with AVX-512 (two entries per three
   loads, for an even count), else 256 bits with AVX2 (when the compiler
   line enables them), else 128 bits with SSE2 (every amd64 CPU) */
static inline uint64_t ge64_precomp_select_core(ge64_precomp *t, const ge64_precomp *table,
                                                   int count, signed char b, int negate_t)
{
  uint64_t bu = (uint64_t)(int64_t)b;
  uint64_t neg = bu >> 63;
  uint64_t mneg = crypto_ct_bit_mask_u64(neg);
  uint64_t babs = (bu ^ mneg) - mneg;
  __m128i a0, a1, a2, a3, a4, a5, m, sw;
  fe64 minus;
  int j;

#if defined(__AVX512F__) && defined(__AVX512VL__)
  if ((count & 1) == 0) {             /* public */
    /* two entries (192 bytes) per three 512-bit loads: z0 = ypx, ymx of
       entry j; z1 = 2dxy of entry j, ypx of entry j+1; z2 = ymx, 2dxy of
       entry j+1.  A counter jv = j + 1 is compared with babs for the
       lanes of entry j and with babs - 1 for those of entry j+1, and each
       lane takes the loaded value under its mask; at most one entry
       matches, so every lane is written at most once.  The loads are
       whole 64-byte loads into registers (the empty asm keeps the
       compiler from turning them into masked loads, which could skip
       the cache lines of the entries not selected); only the blends are
       masked. */
    __m512i z0, z1, z2, jv, l0, l1, l2;
    __m256i c0, c1, c2;
    const __m512i bv0 = _mm512_set1_epi64((long long)babs);
    const __m512i bv2 = _mm512_set1_epi64((long long)babs - 1);
    const __m512i bv1 = _mm512_mask_blend_epi64(0xf0, bv0, bv2);
    const __m512i two = _mm512_set1_epi64(2);
    __mmask8 q0, q1, q2;
    z0 = _mm512_setzero_si512();
    z1 = z0;
    z2 = z0;
    jv = _mm512_set1_epi64(1);
    for (j = 0; j < count; j += 2) {
      const unsigned char *e = (const unsigned char *)(const void *)&table[j];
      l0 = _mm512_loadu_si512((const void *)e);
      l1 = _mm512_loadu_si512((const void *)(e + 64));
      l2 = _mm512_loadu_si512((const void *)(e + 128));
      __asm__("" : "+v"(l0), "+v"(l1), "+v"(l2));
      q0 = _mm512_cmpeq_epi64_mask(jv, bv0);
      q1 = _mm512_cmpeq_epi64_mask(jv, bv1);
      q2 = _mm512_cmpeq_epi64_mask(jv, bv2);
      z0 = _mm512_mask_blend_epi64(q0, z0, l0);
      z1 = _mm512_mask_blend_epi64(q1, z1, l1);
      z2 = _mm512_mask_blend_epi64(q2, z2, l2);
      jv = _mm512_add_epi64(jv, two);
    }
    c0 = _mm256_or_si256(_mm512_castsi512_si256(z0), _mm512_extracti64x4_epi64(z1, 1));   /* y+x */
    c1 = _mm256_or_si256(_mm512_extracti64x4_epi64(z0, 1), _mm512_castsi512_si256(z2));   /* y-x */
    c2 = _mm256_or_si256(_mm512_castsi512_si256(z1), _mm512_extracti64x4_epi64(z2, 1));   /* 2dxy */
    /* the neutral element (1, 1, 0) when babs = 0 */
    m = _mm_set_epi64x(0, (long long)(crypto_ct_zero_mask_u64(babs) & 1));
    a0 = _mm_or_si128(_mm256_castsi256_si128(c0), m);
    a1 = _mm256_extracti128_si256(c0, 1);
    a2 = _mm_or_si128(_mm256_castsi256_si128(c1), m);
    a3 = _mm256_extracti128_si256(c1, 1);
    a4 = _mm256_castsi256_si128(c2);
    a5 = _mm256_extracti128_si256(c2, 1);
  } else
#endif
#ifdef __AVX2__
  {
    __m256i c0, c1, c2, mm, jv;
    /* the index comparison stays in the vector unit: one vpcmpeqq per
       entry instead of a scalar mask moved over and broadcast */
    const __m256i bv = _mm256_set1_epi64x((long long)babs);
    const __m256i one = _mm256_set1_epi64x(1);
    /* the neutral element (1, 1, 0) when babs = 0 */
    c0 = _mm256_set_epi64x(0, 0, 0, (long long)(crypto_ct_zero_mask_u64(babs) & 1));
    c1 = c0;
    c2 = _mm256_setzero_si256();
    jv = _mm256_setzero_si256();
    for (j = 0; j < count; ++j) {
      const __m256i *e = (const __m256i *)(const void *)&table[j];
      jv = _mm256_add_epi64(jv, one);         /* j + 1 in every lane */
      mm = _mm256_cmpeq_epi64(jv, bv);
      c0 = _mm256_or_si256(c0, _mm256_and_si256(mm, _mm256_loadu_si256(e)));
      c1 = _mm256_or_si256(c1, _mm256_and_si256(mm, _mm256_loadu_si256(e + 1)));
      c2 = _mm256_or_si256(c2, _mm256_and_si256(mm, _mm256_loadu_si256(e + 2)));
    }
    a0 = _mm256_castsi256_si128(c0);
    a1 = _mm256_extracti128_si256(c0, 1);
    a2 = _mm256_castsi256_si128(c1);
    a3 = _mm256_extracti128_si256(c1, 1);
    a4 = _mm256_castsi256_si128(c2);
    a5 = _mm256_extracti128_si256(c2, 1);
  }
#else
  /* the neutral element (1, 1, 0) when babs = 0 */
  m = _mm_set_epi64x(0, (long long)(crypto_ct_zero_mask_u64(babs) & 1));
  a0 = m;
  a1 = _mm_setzero_si128();
  a2 = m;
  a3 = _mm_setzero_si128();
  a4 = _mm_setzero_si128();
  a5 = _mm_setzero_si128();
  for (j = 0; j < count; ++j) {
    const __m128i *e = (const __m128i *)(const void *)&table[j];
    m = _mm_set1_epi64x((long long)crypto_ct_equal_mask_u64(babs, (uint64_t)(j + 1)));
    a0 = _mm_or_si128(a0, _mm_and_si128(m, _mm_loadu_si128(e)));
    a1 = _mm_or_si128(a1, _mm_and_si128(m, _mm_loadu_si128(e + 1)));
    a2 = _mm_or_si128(a2, _mm_and_si128(m, _mm_loadu_si128(e + 2)));
    a3 = _mm_or_si128(a3, _mm_and_si128(m, _mm_loadu_si128(e + 3)));
    a4 = _mm_or_si128(a4, _mm_and_si128(m, _mm_loadu_si128(e + 4)));
    a5 = _mm_or_si128(a5, _mm_and_si128(m, _mm_loadu_si128(e + 5)));
  }
#endif
  /* b < 0: swap y+x and y-x, negate 2dxy */
  m = _mm_set1_epi64x((long long)mneg);
  sw = _mm_and_si128(m, _mm_xor_si128(a0, a2));
  a0 = _mm_xor_si128(a0, sw);
  a2 = _mm_xor_si128(a2, sw);
  sw = _mm_and_si128(m, _mm_xor_si128(a1, a3));
  a1 = _mm_xor_si128(a1, sw);
  a3 = _mm_xor_si128(a3, sw);
  _mm_storeu_si128((__m128i *)(void *)t, a0);
  _mm_storeu_si128((__m128i *)(void *)t + 1, a1);
  _mm_storeu_si128((__m128i *)(void *)t + 2, a2);
  _mm_storeu_si128((__m128i *)(void *)t + 3, a3);
  _mm_storeu_si128((__m128i *)(void *)t + 4, a4);
  _mm_storeu_si128((__m128i *)(void *)t + 5, a5);
  if (negate_t) {                     /* public: which function */
    fe64_neg(&minus, &t->xy2d);
    fe64_cmov(&t->xy2d, &minus, neg);
  }
  return mneg;
}

/* t = b P for -8 <= b <= 8, where table[j] = (j+1) P; constant time */
static inline void ge64_precomp_select(ge64_precomp *t, const ge64_precomp table[8], signed char b)
{
  (void)ge64_precomp_select_core(t, table, 8, b, 1);
}

/* t = |b| P with y+x and y-x swapped when b < 0, 2dxy left as for |b| P;
   returns the mask (-1 iff b < 0) for ge64_mulx_madd_p3_cneg, which completes
   the negation.  Constant time. */
static inline uint64_t ge64_precomp_select_nonneg_t(ge64_precomp *t, const ge64_precomp table[8],
                                                       signed char b)
{
  return ge64_precomp_select_core(t, table, 8, b, 0);
}

/* the same for 16 entries (table[j] = (j+1) P, -16 <= b <= 16) */
static inline uint64_t ge64_precomp_select16_nonneg_t(ge64_precomp *t, const ge64_precomp table[16],
                                                         signed char b)
{
  return ge64_precomp_select_core(t, table, 16, b, 0);
}

#if defined(__AVX512F__) && defined(__AVX512VL__)
/* one output of ge64_precomp_select2_avx512 from the three blended
   blocks (entry j in the low halves, entry j+1 in the high halves): y+x,
   y-x, 2dxy; the neutral element (1, 1, 0) when babs = 0; y+x and y-x
   swapped when mneg is all ones */
static inline __attribute__((always_inline)) void ge64_precomp_select2_out(ge64_precomp *t, __m512i x0,
                                                                              __m512i x1, __m512i x2,
                                                                              uint64_t babs, uint64_t mneg)
{
  const __m256i one = _mm256_set_epi64x(0, 0, 0, (long long)(crypto_ct_zero_mask_u64(babs) & 1));
  const __m256i c0 = _mm256_or_si256(_mm256_or_si256(_mm512_castsi512_si256(x0), _mm512_extracti64x4_epi64(x1, 1)), one);
  const __m256i c1 = _mm256_or_si256(_mm256_or_si256(_mm512_extracti64x4_epi64(x0, 1), _mm512_castsi512_si256(x2)), one);
  const __m256i c2 = _mm256_or_si256(_mm512_castsi512_si256(x1), _mm512_extracti64x4_epi64(x2, 1));
  const __m256i sw = _mm256_and_si256(_mm256_set1_epi64x((long long)mneg), _mm256_xor_si256(c0, c1));
  _mm256_storeu_si256((__m256i *)(void *)&t->ypx, _mm256_xor_si256(c0, sw));
  _mm256_storeu_si256((__m256i *)(void *)&t->ymx, _mm256_xor_si256(c1, sw));
  _mm256_storeu_si256((__m256i *)(void *)&t->xy2d, c2);
}

/* the AVX-512 scan of ge64_precomp_select_core for two indices at once
   (an even public count, no negation of 2dxy): every 64-byte block of the
   row is loaded once and blended into two sets of registers, half the
   loads of two scans.  t1 = |b1| P, t2 = |b2| P, each with y+x and y-x
   swapped when its index is negative; the masks (-1 iff b < 0) go to
   neg1, neg2.  Constant time, as the single scan. */
static inline void ge64_precomp_select2_avx512(ge64_precomp *t1, uint64_t *neg1,
                                                  ge64_precomp *t2, uint64_t *neg2,
                                                  const ge64_precomp *table, int count,
                                                  signed char b1, signed char b2)
{
  uint64_t bu1 = (uint64_t)(int64_t)b1, bu2 = (uint64_t)(int64_t)b2;
  uint64_t mneg1 = crypto_ct_bit_mask_u64(bu1 >> 63), mneg2 = crypto_ct_bit_mask_u64(bu2 >> 63);
  uint64_t babs1 = (bu1 ^ mneg1) - mneg1, babs2 = (bu2 ^ mneg2) - mneg2;
  const __m512i b10 = _mm512_set1_epi64((long long)babs1);
  const __m512i b12 = _mm512_set1_epi64((long long)babs1 - 1);
  const __m512i b11 = _mm512_mask_blend_epi64(0xf0, b10, b12);
  const __m512i b20 = _mm512_set1_epi64((long long)babs2);
  const __m512i b22 = _mm512_set1_epi64((long long)babs2 - 1);
  const __m512i b21 = _mm512_mask_blend_epi64(0xf0, b20, b22);
  const __m512i two = _mm512_set1_epi64(2);
  __m512i x0, x1, x2, y0, y1, y2, jv, l0, l1, l2;
  int j;

  x0 = _mm512_setzero_si512();
  x1 = x0; x2 = x0; y0 = x0; y1 = x0; y2 = x0;
  jv = _mm512_set1_epi64(1);
  for (j = 0; j < count; j += 2) {
    const unsigned char *e = (const unsigned char *)(const void *)&table[j];
    l0 = _mm512_loadu_si512((const void *)e);
    l1 = _mm512_loadu_si512((const void *)(e + 64));
    l2 = _mm512_loadu_si512((const void *)(e + 128));
    __asm__("" : "+v"(l0), "+v"(l1), "+v"(l2));   /* whole loads, no masked ones */
    x0 = _mm512_mask_blend_epi64(_mm512_cmpeq_epi64_mask(jv, b10), x0, l0);
    x1 = _mm512_mask_blend_epi64(_mm512_cmpeq_epi64_mask(jv, b11), x1, l1);
    x2 = _mm512_mask_blend_epi64(_mm512_cmpeq_epi64_mask(jv, b12), x2, l2);
    y0 = _mm512_mask_blend_epi64(_mm512_cmpeq_epi64_mask(jv, b20), y0, l0);
    y1 = _mm512_mask_blend_epi64(_mm512_cmpeq_epi64_mask(jv, b21), y1, l1);
    y2 = _mm512_mask_blend_epi64(_mm512_cmpeq_epi64_mask(jv, b22), y2, l2);
    jv = _mm512_add_epi64(jv, two);
  }

  ge64_precomp_select2_out(t1, x0, x1, x2, babs1, mneg1);
  *neg1 = mneg1;
  ge64_precomp_select2_out(t2, y0, y1, y2, babs2, mneg2);
  *neg2 = mneg2;
}
#endif

#ifdef __AVX2__
/* one output of ge64_precomp_select2_avx2: the neutral element (1, 1, 0)
   when babs = 0, y+x and y-x swapped when mneg is all ones */
static inline __attribute__((always_inline)) void ge64_precomp_select2_avx2_out(ge64_precomp *t, __m256i c0,
                                                                                   __m256i c1, __m256i c2,
                                                                                   uint64_t babs, uint64_t mneg)
{
  const __m256i one = _mm256_set_epi64x(0, 0, 0, (long long)(crypto_ct_zero_mask_u64(babs) & 1));
  const __m256i sw = _mm256_and_si256(_mm256_set1_epi64x((long long)mneg), _mm256_xor_si256(c0, c1));
  c0 = _mm256_or_si256(c0, one);
  c1 = _mm256_or_si256(c1, one);
  _mm256_storeu_si256((__m256i *)(void *)&t->ypx, _mm256_xor_si256(c0, sw));
  _mm256_storeu_si256((__m256i *)(void *)&t->ymx, _mm256_xor_si256(c1, sw));
  _mm256_storeu_si256((__m256i *)(void *)&t->xy2d, c2);
}

/* the AVX2 scan of ge64_precomp_select_core for two indices at once (no
   negation of 2dxy): every entry of the row is loaded once and masked
   into two sets of registers, half the loads of two scans.  t1 = |b1| P,
   t2 = |b2| P, each with y+x and y-x swapped when its index is negative;
   the masks (-1 iff b < 0) go to neg1, neg2.  Constant time, as the
   single scan.  With blend (a constant) each register takes its entry by
   one vpblendvb instead of vpand + vpor: a third fewer instructions, one
   micro-op on AMD's Zen (2% faster there for the whole nG), but three on
   Intel's Golden Cove (llvm-mca's Alder Lake model put the mulx comb 8%
   slower with it), so the callers say which they want. */
/* one entry j of the two-index scan (jv = j + 1 in every lane) */
#define GE64_SCAN2_ENTRY(blend)                                          \
  do {                                                                   \
    const __m256i *e = (const __m256i *)(const void *)&table[j];         \
    jv = _mm256_add_epi64(jv, one);                                      \
    m1 = _mm256_cmpeq_epi64(jv, bv1);                                    \
    m2 = _mm256_cmpeq_epi64(jv, bv2);                                    \
    l0 = _mm256_loadu_si256(e);                                          \
    l1 = _mm256_loadu_si256(e + 1);                                      \
    l2 = _mm256_loadu_si256(e + 2);                                      \
    if (blend) {                                                         \
      x0 = _mm256_blendv_epi8(x0, l0, m1);                               \
      x1 = _mm256_blendv_epi8(x1, l1, m1);                               \
      x2 = _mm256_blendv_epi8(x2, l2, m1);                               \
      y0 = _mm256_blendv_epi8(y0, l0, m2);                               \
      y1 = _mm256_blendv_epi8(y1, l1, m2);                               \
      y2 = _mm256_blendv_epi8(y2, l2, m2);                               \
    } else {                                                             \
      x0 = _mm256_or_si256(x0, _mm256_and_si256(m1, l0));                \
      x1 = _mm256_or_si256(x1, _mm256_and_si256(m1, l1));                \
      x2 = _mm256_or_si256(x2, _mm256_and_si256(m1, l2));                \
      y0 = _mm256_or_si256(y0, _mm256_and_si256(m2, l0));                \
      y1 = _mm256_or_si256(y1, _mm256_and_si256(m2, l1));                \
      y2 = _mm256_or_si256(y2, _mm256_and_si256(m2, l2));                \
    }                                                                    \
  } while (0)

/* four entries per pass of the blend loop: a one-entry loop is so short
   that its speed depends on where it falls in the code (the hybrid comb
   on Zen 3 ran 13.4k or 17.5k ticks by the function's address alone;
   unrolled by four it was 13.3-13.6k at all 16 addresses tried) */
#if defined(__clang__)
#define GE64_SCAN2_UNROLL4 _Pragma("unroll 4")
#elif defined(__GNUC__)
#define GE64_SCAN2_UNROLL4 _Pragma("GCC unroll 4")
#else
#define GE64_SCAN2_UNROLL4
#endif

static inline __attribute__((always_inline)) void ge64_precomp_select2_avx2_core(
    ge64_precomp *t1, uint64_t *neg1, ge64_precomp *t2, uint64_t *neg2,
    const ge64_precomp *table, int count, signed char b1, signed char b2, const int blend)
{
  uint64_t bu1 = (uint64_t)(int64_t)b1, bu2 = (uint64_t)(int64_t)b2;
  uint64_t mneg1 = crypto_ct_bit_mask_u64(bu1 >> 63), mneg2 = crypto_ct_bit_mask_u64(bu2 >> 63);
  uint64_t babs1 = (bu1 ^ mneg1) - mneg1, babs2 = (bu2 ^ mneg2) - mneg2;
  const __m256i bv1 = _mm256_set1_epi64x((long long)babs1);
  const __m256i bv2 = _mm256_set1_epi64x((long long)babs2);
  const __m256i one = _mm256_set1_epi64x(1);
  __m256i x0, x1, x2, y0, y1, y2, jv, m1, m2, l0, l1, l2;
  int j;

  x0 = _mm256_setzero_si256();
  x1 = x0; x2 = x0; y0 = x0; y1 = x0; y2 = x0; jv = x0;
  if (blend) {   /* public: a constant */
    GE64_SCAN2_UNROLL4
    for (j = 0; j < count; ++j) GE64_SCAN2_ENTRY(1);
  } else {
    for (j = 0; j < count; ++j) GE64_SCAN2_ENTRY(0);
  }
  ge64_precomp_select2_avx2_out(t1, x0, x1, x2, babs1, mneg1);
  *neg1 = mneg1;
  ge64_precomp_select2_avx2_out(t2, y0, y1, y2, babs2, mneg2);
  *neg2 = mneg2;
}

/* vpand + vpor: the Intel class's nG (fe64-comb-r64-avx2) and the lane comb */
static inline void ge64_precomp_select2_avx2(ge64_precomp *t1, uint64_t *neg1,
                                                ge64_precomp *t2, uint64_t *neg2,
                                                const ge64_precomp *table, int count,
                                                signed char b1, signed char b2)
{
  ge64_precomp_select2_avx2_core(t1, neg1, t2, neg2, table, count, b1, b2, 0);
}

/* vpblendvb: fe26x4-fe64-comb, which only AMD's cores select */
static inline void ge64_precomp_select2_avx2_blendv(ge64_precomp *t1, uint64_t *neg1,
                                                       ge64_precomp *t2, uint64_t *neg2,
                                                       const ge64_precomp *table, int count,
                                                       signed char b1, signed char b2)
{
  ge64_precomp_select2_avx2_core(t1, neg1, t2, neg2, table, count, b1, b2, 1);
}
#endif

/* the same for 32 entries (table[j] = (j+1) P, -32 <= b <= 32) */
static inline uint64_t ge64_precomp_select32_nonneg_t(ge64_precomp *t, const ge64_precomp table[32],
                                                         signed char b)
{
  return ge64_precomp_select_core(t, table, 32, b, 0);
}

#endif
