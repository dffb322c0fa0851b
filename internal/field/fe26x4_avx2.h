/* SPDX-License-Identifier: MIT */
/* Arithmetic in GF(p), p = 2^255 - 19, in the four 64-bit lanes of AVX2
   vectors: lane j of every __m256i belongs to independent element j.
   Radix 2^25.5 as in field/fe26.h: an element is ten limbs v[0..9] at bit
   offsets 0, 26, 51, 77, ..., 230 (even limbs nominally 26 bits, odd limbs
   25), limb i of lane j in the low 32 bits of lane j of v[i].  Products
   are vpmuludq (_mm256_mul_epu32: low 32 bits of each 64-bit lane times
   the same of the other operand, a 64-bit result), so every factor fed to
   a multiplication must stay below 2^32.

   Limb bounds (per lane):
     TIGHT : even limbs < 2^26, odd limbs < 2^25 + 2^16.
             Produced by mul, mul_pre, sq, sqn, the constants.
     MULIN : even limbs < 13 * 2^24, odd limbs < 13 * 2^23.
             Accepted by mul, mul_pre, precompute, sq, sqn,
             mul121666_add (its first operand); produced by
             mul121666_add.
   add(TIGHT, TIGHT) and sub(TIGHT, TIGHT) are MULIN; neither carries, so
   a ladder step has no carry outside its products.
   Why MULIN suffices: 19 g for an even g is < 247 * 2^24 < 2^32, so the
   wrapped factors fit vpmuludq; the largest column of a product
   (column 0: one plain term, five odd-odd terms doubled and times 19,
   four even-even terms times 19) is < 124.5 * 169 * 2^48 < 2^62.4, so no
   64-bit lane overflows, and the carries below stay far from 2^64.

   Every routine is constant time (the same instructions for any values:
   no branch or address depends on a limb); outputs may alias inputs. */
#ifndef FIELD_FE26X4_AVX2_H
#define FIELD_FE26X4_AVX2_H

#include <stdint.h>
#include <immintrin.h>

typedef struct { __m256i v[10]; } fe26x4;

#define FE26X4_INLINE static inline __attribute__((always_inline))

#define FE26X4_MUL(a, b) _mm256_mul_epu32((a), (b))
#define FE26X4_ADD(a, b) _mm256_add_epi64((a), (b))

/* X(i) for the ten limbs, written out: straight-line code whatever the
   compiler's unrolling (gcc -O2 keeps short loops, with a branch on i & 1
   where the limb width alternates) */
#define FE26X4_LIMBS(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9)

/* A column of a product as two running sums (the products in the order
   given, alternately), added at the end: gcc keeps that order, so each
   product is added as soon as it is made and few are live (a balanced
   tree of sums makes it compute and spill all products first), and the
   chain of dependent additions is half the column long, which matters
   where one multiplication waits for the previous (the single ladder). */
#define FE26X4_MAC(t, a, b) t = FE26X4_ADD(t, FE26X4_MUL(a, b))
#define COL5(t, a0, b0, a1, b1, a2, b2, a3, b3, a4, b4) do {         \
    __m256i u_;                                                          \
    t = FE26X4_MUL(a0, b0); u_ = FE26X4_MUL(a1, b1);                     \
    FE26X4_MAC(t, a2, b2); FE26X4_MAC(u_, a3, b3); FE26X4_MAC(t, a4, b4); \
    t = FE26X4_ADD(t, u_);                                               \
  } while (0)
#define COL6(t, a0, b0, a1, b1, a2, b2, a3, b3, a4, b4, a5, b5) do {  \
    __m256i u_;                                                          \
    t = FE26X4_MUL(a0, b0); u_ = FE26X4_MUL(a1, b1);                     \
    FE26X4_MAC(t, a2, b2); FE26X4_MAC(u_, a3, b3);                       \
    FE26X4_MAC(t, a4, b4); FE26X4_MAC(u_, a5, b5);                       \
    t = FE26X4_ADD(t, u_);                                               \
  } while (0)
#define COL10(t, a0, b0, a1, b1, a2, b2, a3, b3, a4, b4, a5, b5, a6, b6, a7, b7, a8, b8, a9, b9) do { \
    __m256i u_;                                                          \
    t = FE26X4_MUL(a0, b0); u_ = FE26X4_MUL(a1, b1);                     \
    FE26X4_MAC(t, a2, b2); FE26X4_MAC(u_, a3, b3);                       \
    FE26X4_MAC(t, a4, b4); FE26X4_MAC(u_, a5, b5);                       \
    FE26X4_MAC(t, a6, b6); FE26X4_MAC(u_, a7, b7);                       \
    FE26X4_MAC(t, a8, b8); FE26X4_MAC(u_, a9, b9);                       \
    t = FE26X4_ADD(t, u_);                                               \
  } while (0)

/* h = 0 / h = 1 in every lane; TIGHT */
FE26X4_INLINE void fe26x4_0(fe26x4 *h)
{
#define FE26X4_Z_(i) h->v[i] = _mm256_setzero_si256();
  FE26X4_LIMBS(FE26X4_Z_)
#undef FE26X4_Z_
}

FE26X4_INLINE void fe26x4_1(fe26x4 *h)
{
  fe26x4_0(h);
  h->v[0] = _mm256_set1_epi64x(1);
}

/* h = f + g, not carried: TIGHT + TIGHT is MULIN (even < 2^27, odd
   < 2^26 + 2^17) */
FE26X4_INLINE void fe26x4_add(fe26x4 *h, const fe26x4 *f, const fe26x4 *g)
{
#define FE26X4_A_(i) h->v[i] = FE26X4_ADD(f->v[i], g->v[i]);
  FE26X4_LIMBS(FE26X4_A_)
#undef FE26X4_A_
}

/* h = f + 2p - g, not carried.  The limbs of 2p are 2^27 - 38, 2^26 - 2,
   2^27 - 2, 2^26 - 2, ..., each at least the TIGHT bound of its position,
   so no lane goes negative; with f, g TIGHT the result is even < 2^26 +
   2^27 = 12 * 2^24, odd < 2^25 + 2^16 + 2^26 < 13 * 2^23: MULIN. */
FE26X4_INLINE void fe26x4_sub(fe26x4 *h, const fe26x4 *f, const fe26x4 *g)
{
  const __m256i e0 = _mm256_set1_epi64x(((int64_t)1 << 27) - 38);
  const __m256i e = _mm256_set1_epi64x(((int64_t)1 << 27) - 2);
  const __m256i o = _mm256_set1_epi64x(((int64_t)1 << 26) - 2);
#define FE26X4_S_(i) h->v[i] = _mm256_sub_epi64(FE26X4_ADD(f->v[i], (i) == 0 ? e0 : ((i) & 1) ? o : e), g->v[i]);
  FE26X4_LIMBS(FE26X4_S_)
#undef FE26X4_S_
}

/* 19 x for 64-bit lanes x that may exceed 2^32 (vpmuludq would drop the
   high half): x + 2x + 16x */
FE26X4_INLINE __m256i fe26x4_times19_64(__m256i x)
{
  return FE26X4_ADD(FE26X4_ADD(x, _mm256_slli_epi64(x, 1)), _mm256_slli_epi64(x, 4));
}

/* Carry of limb t[i] into t[i+1]: t[i] keeps its nominal width. */
#define FE26X4_CARRY(t, i)                                                 \
  do {                                                                     \
    t[(i) + 1] = FE26X4_ADD(t[(i) + 1], _mm256_srli_epi64(t[i], ((i) & 1) ? 25 : 26)); \
    t[i] = _mm256_and_si256(t[i], ((i) & 1) ? m25 : m26);                  \
  } while (0)

/* Ten 64-bit column sums, each < 2^62.4, to TIGHT limbs.  Two carry
   chains run side by side, 0 -> 1 -> ... -> 5 and 4 -> 5 -> ... -> 9 ->
   0 -> 1, so the latency is about half of one sequential pass:
     carries 0, 4: t1, t5 grow by < 2^36.4;
     carries 1, 5; 2, 6; 3, 7: each carry < 2^37.5, the receivers t4, t8
       < 2^26 + 2^37.5 after carry 3, 7;
     carries 4, 8: t5 < 2^25 + 2^11.5 + 1 (it was reduced by carry 5),
       t9 < 2^62.4 + 2^11.5;
     carry 9 wraps (2^255 = 19 mod p): t9 >> 25 < 2^37.5, times 19
       < 2^41.8 (computed in 64 bits, too wide for vpmuludq) into t0;
     carry 0 once more: t1 < 2^25 + 2^15.8 + 1.
   Result TIGHT (odd limbs 1 and 5 may exceed 2^25 slightly). */
FE26X4_INLINE void fe26x4_reduce(fe26x4 *h, __m256i t[10])
{
  const __m256i m26 = _mm256_set1_epi64x((1 << 26) - 1);
  const __m256i m25 = _mm256_set1_epi64x((1 << 25) - 1);
  FE26X4_CARRY(t, 0); FE26X4_CARRY(t, 4);
  FE26X4_CARRY(t, 1); FE26X4_CARRY(t, 5);
  FE26X4_CARRY(t, 2); FE26X4_CARRY(t, 6);
  FE26X4_CARRY(t, 3); FE26X4_CARRY(t, 7);
  FE26X4_CARRY(t, 4); FE26X4_CARRY(t, 8);
  t[0] = FE26X4_ADD(t[0], fe26x4_times19_64(_mm256_srli_epi64(t[9], 25)));
  t[9] = _mm256_and_si256(t[9], m25);
  FE26X4_CARRY(t, 0);
#define FE26X4_H_(i) h->v[i] = t[i];
  FE26X4_LIMBS(FE26X4_H_)
#undef FE26X4_H_
}

/* h = f g; f, g MULIN; h TIGHT.  Limb product f_i g_j has weight
   2^(off(i) + off(j)) = 2^off(i+j), twice that when i and j are both odd
   (off(k) = ceil(25.5 k)); for i + j >= 10 it wraps to column i + j - 10
   times 19 (off(10) = 255).  So odd f limbs meeting odd g limbs are taken
   doubled, g limbs meeting a wrap times 19 (both < 2^32 by MULIN). */
/* g with its wrap factors: v[i] = g_i, w[i] = 19 g_i (w[0] unused), so a
   fixed factor (x1 in the ladder) pays for them once */
typedef struct { fe26x4 g; __m256i w[10]; } fe26x4_pre;

FE26X4_INLINE void fe26x4_precompute(fe26x4_pre *r, const fe26x4 *g)
{
  const __m256i k19 = _mm256_set1_epi64x(19);
  r->g = *g;
#define FE26X4_P_(i) r->w[i] = FE26X4_MUL(g->v[i], k19);
  FE26X4_LIMBS(FE26X4_P_)
#undef FE26X4_P_
}

FE26X4_INLINE void fe26x4_mul_pre(fe26x4 *h, const fe26x4 *f, const fe26x4_pre *gp)
{
  const fe26x4 *g = &gp->g;
  __m256i f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
  __m256i f5 = f->v[5], f6 = f->v[6], f7 = f->v[7], f8 = f->v[8], f9 = f->v[9];
  __m256i g0 = g->v[0], g1 = g->v[1], g2 = g->v[2], g3 = g->v[3], g4 = g->v[4];
  __m256i g5 = g->v[5], g6 = g->v[6], g7 = g->v[7], g8 = g->v[8], g9 = g->v[9];
  __m256i f1_2 = FE26X4_ADD(f1, f1), f3_2 = FE26X4_ADD(f3, f3), f5_2 = FE26X4_ADD(f5, f5);
  __m256i f7_2 = FE26X4_ADD(f7, f7), f9_2 = FE26X4_ADD(f9, f9);
  __m256i g1_19 = gp->w[1], g2_19 = gp->w[2], g3_19 = gp->w[3], g4_19 = gp->w[4];
  __m256i g5_19 = gp->w[5], g6_19 = gp->w[6], g7_19 = gp->w[7], g8_19 = gp->w[8];
  __m256i g9_19 = gp->w[9];
  __m256i t[10];
#define M_ FE26X4_MUL
#define A_ FE26X4_ADD
  COL10(t[0], f0, g0, f1_2, g9_19, f2, g8_19, f3_2, g7_19, f4, g6_19, f5_2, g5_19, f6, g4_19, f7_2, g3_19, f8, g2_19, f9_2, g1_19);
  COL10(t[1], f0, g1, f1, g0, f2, g9_19, f3, g8_19, f4, g7_19, f5, g6_19, f6, g5_19, f7, g4_19, f8, g3_19, f9, g2_19);
  COL10(t[2], f0, g2, f1_2, g1, f2, g0, f3_2, g9_19, f4, g8_19, f5_2, g7_19, f6, g6_19, f7_2, g5_19, f8, g4_19, f9_2, g3_19);
  COL10(t[3], f0, g3, f1, g2, f2, g1, f3, g0, f4, g9_19, f5, g8_19, f6, g7_19, f7, g6_19, f8, g5_19, f9, g4_19);
  COL10(t[4], f0, g4, f1_2, g3, f2, g2, f3_2, g1, f4, g0, f5_2, g9_19, f6, g8_19, f7_2, g7_19, f8, g6_19, f9_2, g5_19);
  COL10(t[5], f0, g5, f1, g4, f2, g3, f3, g2, f4, g1, f5, g0, f6, g9_19, f7, g8_19, f8, g7_19, f9, g6_19);
  COL10(t[6], f0, g6, f1_2, g5, f2, g4, f3_2, g3, f4, g2, f5_2, g1, f6, g0, f7_2, g9_19, f8, g8_19, f9_2, g7_19);
  COL10(t[7], f0, g7, f1, g6, f2, g5, f3, g4, f4, g3, f5, g2, f6, g1, f7, g0, f8, g9_19, f9, g8_19);
  COL10(t[8], f0, g8, f1_2, g7, f2, g6, f3_2, g5, f4, g4, f5_2, g3, f6, g2, f7_2, g1, f8, g0, f9_2, g9_19);
  COL10(t[9], f0, g9, f1, g8, f2, g7, f3, g6, f4, g5, f5, g4, f6, g3, f7, g2, f8, g1, f9, g0);
  fe26x4_reduce(h, t);
}

FE26X4_INLINE void fe26x4_mul(fe26x4 *h, const fe26x4 *f, const fe26x4 *g)
{
  fe26x4_pre gp;
  fe26x4_precompute(&gp, g);
  fe26x4_mul_pre(h, f, &gp);
}

/* h = f^2; f MULIN; h TIGHT.  The mul columns with f = g: each cross
   product appears twice (taken once, with a factor 2 folded into one
   operand), the odd-odd doubling and the wrap factor 19 as in mul (38 =
   2 * 19 for odd limbs meeting odd limbs across the wrap).  All factors
   < 2^32: 38 f_odd < 494 * 2^23 < 2^32, 19 f_even < 2^32. */
FE26X4_INLINE void fe26x4_sq(fe26x4 *h, const fe26x4 *f)
{
  const __m256i k19 = _mm256_set1_epi64x(19), k38 = _mm256_set1_epi64x(38);
  __m256i f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
  __m256i f5 = f->v[5], f6 = f->v[6], f7 = f->v[7], f8 = f->v[8], f9 = f->v[9];
  __m256i f0_2 = A_(f0, f0), f1_2 = A_(f1, f1), f2_2 = A_(f2, f2), f3_2 = A_(f3, f3);
  __m256i f4_2 = A_(f4, f4), f5_2 = A_(f5, f5), f6_2 = A_(f6, f6), f7_2 = A_(f7, f7);
  __m256i f6_19 = M_(f6, k19), f8_19 = M_(f8, k19);
  __m256i f5_38 = M_(f5, k38), f7_38 = M_(f7, k38), f9_38 = M_(f9, k38);
  __m256i t[10];
  COL6(t[0], f0, f0, f1_2, f9_38, f2_2, f8_19, f3_2, f7_38, f4_2, f6_19, f5, f5_38);
  COL5(t[1], f0_2, f1, f2, f9_38, f3_2, f8_19, f4, f7_38, f5_2, f6_19);
  COL6(t[2], f0_2, f2, f1_2, f1, f3_2, f9_38, f4_2, f8_19, f5_2, f7_38, f6, f6_19);
  COL5(t[3], f0_2, f3, f1_2, f2, f4, f9_38, f5_2, f8_19, f6, f7_38);
  COL6(t[4], f0_2, f4, f1_2, f3_2, f2, f2, f5_2, f9_38, f6_2, f8_19, f7, f7_38);
  COL5(t[5], f0_2, f5, f1_2, f4, f2_2, f3, f6, f9_38, f7_2, f8_19);
  COL6(t[6], f0_2, f6, f1_2, f5_2, f2_2, f4, f3_2, f3, f7_2, f9_38, f8, f8_19);
  COL5(t[7], f0_2, f7, f1_2, f6, f2_2, f5, f3_2, f4, f8, f9_38);
  COL6(t[8], f0_2, f8, f1_2, f7_2, f2_2, f6, f3_2, f5_2, f4, f4, f9, f9_38);
  COL5(t[9], f0_2, f9, f1_2, f8, f2_2, f7, f3_2, f6, f4_2, f5);
  fe26x4_reduce(h, t);
}
#undef M_
#undef A_
#undef COL5
#undef COL6
#undef COL10

/* h = f^(2^n), public n >= 1; f MULIN; h TIGHT */
FE26X4_INLINE void fe26x4_sqn(fe26x4 *h, const fe26x4 *f, int n)
{
  fe26x4_sq(h, f);
  while (--n > 0) fe26x4_sq(h, h);
}

/* h = 121666 f + g; f MULIN, g TIGHT; h MULIN.  Each lane of
   121666 f_i + g_i is < 2^17 * 13 * 2^24 + 2^26 < 2^44.7, so one parallel
   carry round (every limb keeps its low 26 or 25 bits and takes the carry
   of the limb below, < 2^19.7; limb 9's carry wraps times 19, < 2^24)
   leaves even limbs < 2^26 + 2^24 and odd limbs < 2^25 + 2^19.7: MULIN,
   which is all the multiplication by E that follows needs.  That is a
   third of the operations and a fifth of the latency of a full carry. */
FE26X4_INLINE void fe26x4_mul121666_add(fe26x4 *h, const fe26x4 *f, const fe26x4 *g)
{
  const __m256i k = _mm256_set1_epi64x(121666), k19 = _mm256_set1_epi64x(19);
  const __m256i m26 = _mm256_set1_epi64x((1 << 26) - 1);
  const __m256i m25 = _mm256_set1_epi64x((1 << 25) - 1);
  __m256i t[10], c[10];
#define FE26X4_K_(i) t[i] = FE26X4_ADD(FE26X4_MUL(f->v[i], k), g->v[i]); \
    c[i] = _mm256_srli_epi64(t[i], ((i) & 1) ? 25 : 26);                  \
    t[i] = _mm256_and_si256(t[i], ((i) & 1) ? m25 : m26);
  FE26X4_LIMBS(FE26X4_K_)
#undef FE26X4_K_
  h->v[0] = FE26X4_ADD(t[0], FE26X4_MUL(c[9], k19));
#define FE26X4_C_(i) h->v[(i) + 1] = FE26X4_ADD(t[(i) + 1], c[i]);
  FE26X4_C_(0) FE26X4_C_(1) FE26X4_C_(2) FE26X4_C_(3) FE26X4_C_(4)
  FE26X4_C_(5) FE26X4_C_(6) FE26X4_C_(7) FE26X4_C_(8)
#undef FE26X4_C_
}

/* Lane-wise conditional swap: where a lane of mask is all ones, f and g
   exchange that lane; where it is 0 nothing changes.  Pure mask
   arithmetic, no branch and no index. */
FE26X4_INLINE void fe26x4_cswap(fe26x4 *f, fe26x4 *g, __m256i mask)
{
  __m256i x;
#define FE26X4_W_(i) x = _mm256_and_si256(mask, _mm256_xor_si256(f->v[i], g->v[i])); \
    f->v[i] = _mm256_xor_si256(f->v[i], x); g->v[i] = _mm256_xor_si256(g->v[i], x);
  FE26X4_LIMBS(FE26X4_W_)
#undef FE26X4_W_
}

/* the exponentiation chains (invert_chain = z^(p-2), 0 -> 0) over
   mul, sq and sqn; z MULIN, h TIGHT */
#define FE_FAMILY fe26x4
#include "field/fe_chains.h"
#undef FE_FAMILY

#endif
