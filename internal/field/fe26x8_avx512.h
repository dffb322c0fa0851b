/* SPDX-License-Identifier: MIT */
/* Arithmetic in GF(p), p = 2^255 - 19, in the eight 64-bit lanes of
   AVX-512F vectors: lane j of every __m512i belongs to independent
   element j.  The C side of fe26x8-fe64-ladder-batch, whose ladder step
   is generated assembly (ladder8x1.S): the state's set-up (constants,
   x1's row factors), the lane selects and swaps, and the product its
   Montgomery trick needs; the eight-lane form of the same operations of
   field/fe26x4_avx2.h.
   Radix 2^25.5 as in field/fe26.h: an element is ten limbs v[0..9] at bit
   offsets 0, 26, 51, 77, ..., 230 (even limbs nominally 26 bits, odd limbs
   25), limb i of lane j in the low 32 bits of lane j of v[i].  Products
   are vpmuludq (_mm512_mul_epu32: low 32 bits of each 64-bit lane times
   the same of the other operand, a 64-bit result), so every factor fed to
   a multiplication must stay below 2^32.

   Limb bounds (per lane), the same as fe26x4's, since every operation
   below is lane for lane the one of fe26x4_avx2.h:
     TIGHT : even limbs < 2^26, odd limbs < 2^25 + 2^16.
             Produced by mul and the constants.
     MULIN : even limbs < 13 * 2^24, odd limbs < 13 * 2^23.
             Accepted by mul and precompute.
   Why MULIN suffices: 19 g for an even g is < 247 * 2^24 < 2^32, so the
   wrapped factors fit vpmuludq; the largest column of a product
   (column 0: one plain term, five odd-odd terms doubled and times 19,
   four even-even terms times 19) is < 124.5 * 169 * 2^48 < 2^62.4, so no
   64-bit lane overflows, and the carries below stay far from 2^64.

   Lane selects (cswap) take an opmask (__mmask8, bit j for lane j) and
   are vpblendmq: a select whose timing does not depend on the mask.

   Every routine is constant time (the same instructions for any values:
   no branch or address depends on a limb); outputs may alias inputs. */
#ifndef FIELD_FE26X8_AVX512_H
#define FIELD_FE26X8_AVX512_H

#include <stdint.h>
#include <immintrin.h>

typedef struct { __m512i v[10]; } fe26x8;

#define FE26X8_INLINE static inline __attribute__((always_inline))

#define FE26X8_MUL(a, b) _mm512_mul_epu32((a), (b))
#define FE26X8_ADD(a, b) _mm512_add_epi64((a), (b))

/* X(i) for the ten limbs, written out: straight-line code whatever the
   compiler's unrolling */
#define FE26X8_LIMBS(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9)

/* h = 0 / h = 1 in every lane; TIGHT */
FE26X8_INLINE void fe26x8_0(fe26x8 *h)
{
#define FE26X8_Z_(i) h->v[i] = _mm512_setzero_si512();
  FE26X8_LIMBS(FE26X8_Z_)
#undef FE26X8_Z_
}

FE26X8_INLINE void fe26x8_1(fe26x8 *h)
{
  fe26x8_0(h);
  h->v[0] = _mm512_set1_epi64(1);
}

/* 19 x for 64-bit lanes x that may exceed 2^32 (vpmuludq would drop the
   high half): x + 2x + 16x */
FE26X8_INLINE __m512i fe26x8_times19_64(__m512i x)
{
  return FE26X8_ADD(FE26X8_ADD(x, _mm512_slli_epi64(x, 1)), _mm512_slli_epi64(x, 4));
}

/* Carry of limb t[i] into t[i+1]: t[i] keeps its nominal width. */
#define FE26X8_CARRY(t, i)                                                 \
  do {                                                                     \
    t[(i) + 1] = FE26X8_ADD(t[(i) + 1], _mm512_srli_epi64(t[i], ((i) & 1) ? 25 : 26)); \
    t[i] = _mm512_and_si512(t[i], ((i) & 1) ? m25 : m26);                  \
  } while (0)

/* Ten 64-bit column sums, each < 2^62.4, to TIGHT limbs: the two carry
   chains of fe26x4_reduce side by side (0 -> 1 -> ... -> 5 and 4 -> 5 ->
   ... -> 9 -> 0 -> 1), about half the latency of one sequential pass;
   the bounds are fe26x4_reduce's (carry 9 wraps times 19 in 64 bits,
   < 2^41.8; after the second carry 0, t1 < 2^25 + 2^15.8 + 1).
   Result TIGHT (odd limbs 1 and 5 may exceed 2^25 slightly). */
FE26X8_INLINE void fe26x8_reduce(fe26x8 *h, __m512i t[10])
{
  const __m512i m26 = _mm512_set1_epi64((1 << 26) - 1);
  const __m512i m25 = _mm512_set1_epi64((1 << 25) - 1);
  FE26X8_CARRY(t, 0); FE26X8_CARRY(t, 4);
  FE26X8_CARRY(t, 1); FE26X8_CARRY(t, 5);
  FE26X8_CARRY(t, 2); FE26X8_CARRY(t, 6);
  FE26X8_CARRY(t, 3); FE26X8_CARRY(t, 7);
  FE26X8_CARRY(t, 4); FE26X8_CARRY(t, 8);
  t[0] = FE26X8_ADD(t[0], fe26x8_times19_64(_mm512_srli_epi64(t[9], 25)));
  t[9] = _mm512_and_si512(t[9], m25);
  FE26X8_CARRY(t, 0);
#define FE26X8_H_(i) h->v[i] = t[i];
  FE26X8_LIMBS(FE26X8_H_)
#undef FE26X8_H_
}

/* h = f g; f, g MULIN; h TIGHT.  Limb product f_i g_j has weight
   2^off(i+j), twice that when i and j are both odd; for i + j >= 10 it
   wraps to column i + j - 10 times 19.  Operand scanning ("rows") as in
   fe26x4_mul: the ten column sums stay in registers while each f_i in
   turn meets all of g, whose limbs are memory operands of vpmuludq; the
   factors 2 (odd meets odd) and 19 (wrap) go on f_i, so a row uses the
   four values f_i, 2 f_i, 19 f_i, 38 f_i (all < 2^32 by MULIN).  Fifteen
   registers; the other seventeen zmm registers are left to the caller. */
/* a b and t + a b, b from memory.  In assembly so that the compilers
   keep the row order (given the intrinsics they reassociate the sums into
   trees over all products, as for fe26x4).  Under MemorySanitizer
   (tests/check-msan.sh), which checks the operands of inline assembly and
   cannot follow secrets through it, the same operations as intrinsics. */
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define FE26X8_NO_ASM
#endif
#endif
FE26X8_INLINE __m512i fe26x8_mul1(__m512i a, const __m512i *b)
{
#ifdef FE26X8_NO_ASM
  return FE26X8_MUL(a, *b);
#else
  __m512i p;
  __asm__("vpmuludq %1, %2, %0" : "=v"(p) : "m"(*b), "v"(a));
  return p;
#endif
}

FE26X8_INLINE __m512i fe26x8_mac(__m512i t, __m512i a, const __m512i *b)
{
  __m512i p = fe26x8_mul1(a, b);
#ifdef FE26X8_NO_ASM
  return FE26X8_ADD(t, p);
#else
  __asm__("vpaddq %1, %0, %0" : "+v"(t) : "v"(p));
  return t;
#endif
}

/* row 0 starts every column sum, later rows add to them; row 0 takes g
   as a register operand (intrinsic), so a g the caller has just computed
   need not wait for its store */
#define FE26X8_MAC_(i, t, a, b) t = (i) == 0 ? FE26X8_MUL(a, *(b)) : fe26x8_mac(t, a, b)

#define M_ FE26X8_MUL
#define A_ FE26X8_ADD
/* one product of row i: g_j times the value of f_i that its column needs */
#define FE26X8_RT_(i, j, gj)                                               \
  FE26X8_MAC_(i, t[((i) + (j)) % 10],                                      \
      ((i) + (j) >= 10) ? ((((i) & (j)) & 1) ? a38 : a19)                  \
                        : ((((i) & (j)) & 1) ? a2 : a1), &(gj));
#define FE26X8_ROW_(i, G)                                                  \
  FE26X8_RT_(i, 0, G(0)) FE26X8_RT_(i, 1, G(1)) FE26X8_RT_(i, 2, G(2))     \
  FE26X8_RT_(i, 3, G(3)) FE26X8_RT_(i, 4, G(4)) FE26X8_RT_(i, 5, G(5))     \
  FE26X8_RT_(i, 6, G(6)) FE26X8_RT_(i, 7, G(7)) FE26X8_RT_(i, 8, G(8))     \
  FE26X8_RT_(i, 9, G(9))

/* x with its row factors, for a fixed operand (x1 in the ladder): each row
   then loads its values instead of making them */
typedef struct { __m512i v1[10], v2[10], v19[10], v38[10]; } fe26x8_pre;

FE26X8_INLINE void fe26x8_precompute(fe26x8_pre *r, const fe26x8 *x)
{
  const __m512i k19 = _mm512_set1_epi64(19);
  int i;
  for (i = 0; i < 10; ++i) {
    r->v1[i] = x->v[i];
    r->v2[i] = A_(x->v[i], x->v[i]);
    r->v19[i] = M_(x->v[i], k19);
    r->v38[i] = A_(r->v19[i], r->v19[i]);
  }
}

FE26X8_INLINE void fe26x8_mul(fe26x8 *h, const fe26x8 *f, const fe26x8 *g)
{
  const __m512i k19 = _mm512_set1_epi64(19);
  __m512i t[10], a1, a2, a19, a38;
#define FE26X8_G_(j) g->v[j]
#define FE26X8_FR_(i) a1 = f->v[i]; a2 = A_(a1, a1); a19 = M_(a1, k19); a38 = A_(a19, a19); \
  FE26X8_ROW_(i, FE26X8_G_)
  FE26X8_LIMBS(FE26X8_FR_)
#undef FE26X8_FR_
#undef FE26X8_G_
  fe26x8_reduce(h, t);
}

#undef FE26X8_RT_
#undef FE26X8_MAC_
#undef FE26X8_ROW_
#undef M_
#undef A_

/* Lane-wise conditional swap: where bit j of k is set, f and g exchange
   lane j; elsewhere nothing changes.  Two vpblendmq per limb (a select by
   the opmask, the same work for any mask), no branch and no index. */
FE26X8_INLINE void fe26x8_cswap(fe26x8 *f, fe26x8 *g, __mmask8 k)
{
  __m512i x;
#define FE26X8_W_(i) x = f->v[i];                                          \
    f->v[i] = _mm512_mask_blend_epi64(k, x, g->v[i]);                      \
    g->v[i] = _mm512_mask_blend_epi64(k, g->v[i], x);
  FE26X8_LIMBS(FE26X8_W_)
#undef FE26X8_W_
}

/* f = g in the lanes whose bit of k is set */
FE26X8_INLINE void fe26x8_select(fe26x8 *f, const fe26x8 *g, __mmask8 k)
{
#define FE26X8_SEL_(i) f->v[i] = _mm512_mask_blend_epi64(k, f->v[i], g->v[i]);
  FE26X8_LIMBS(FE26X8_SEL_)
#undef FE26X8_SEL_
}

/* fe26x8o: the same elements, with mul out of line: one copy of the
   product's code for the Montgomery trick of a batch (fe26x4o's reason) */
typedef fe26x8 fe26x8o;
#define FE26X8_OUTLINE static __attribute__((noinline, unused))
FE26X8_OUTLINE void fe26x8o_mul(fe26x8o *h, const fe26x8o *f, const fe26x8o *g)
{
  fe26x8_mul(h, f, g);
}

#undef FE26X8_OUTLINE

#endif
