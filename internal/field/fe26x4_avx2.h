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
   times 19 (off(10) = 255).

   Operand scanning ("rows"): the ten column sums stay in registers while
   each limb f_i in turn meets all of g, whose limbs are memory operands of
   vpmuludq; the factors 2 (odd meets odd) and 19 (wrap) go on f_i, so a
   row needs at most the four values f_i, 2 f_i, 19 f_i, 38 f_i, made in
   registers (all < 2^32 by MULIN: 38 f_odd < 494 * 2^23, 19 f_even <
   247 * 2^24).  Ten sums, the row's values and one product fit the
   sixteen ymm registers, so nothing is spilled; the column form kept
   some 34 operands live and spilled a third of them.  The sums are the
   column sums of before, so the bounds are unchanged. */
/* a b and t + a b, b from memory.  In assembly so that the compilers
   keep the row order: given the intrinsics, both reassociate the sums
   into trees over all products and spill them.  Under MemorySanitizer
   (tests/check-msan.sh), which checks the operands of inline assembly
   and cannot follow secrets through it, the same operations as
   intrinsics. */
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define FE26X4_NO_ASM
#endif
#endif
FE26X4_INLINE __m256i fe26x4_mul1(__m256i a, const __m256i *b)
{
#ifdef FE26X4_NO_ASM
  return FE26X4_MUL(a, *b);
#else
  __m256i p;
  __asm__("vpmuludq %1, %2, %0" : "=x"(p) : "m"(*b), "x"(a));
  return p;
#endif
}

FE26X4_INLINE __m256i fe26x4_mac(__m256i t, __m256i a, const __m256i *b)
{
  __m256i p = fe26x4_mul1(a, b);
#ifdef FE26X4_NO_ASM
  return FE26X4_ADD(t, p);
#else
  __asm__("vpaddq %1, %0, %0" : "+x"(t) : "x"(p));
  return t;
#endif
}

/* row 0 starts every column sum, later rows add to them.  Row 0 takes g
   as a register operand (intrinsic): it is the first reader of a g that
   the caller has just computed, which then need not wait for the store
   to reach memory; a product alone gives the compilers nothing to
   reassociate. */
#define FE26X4_MAC_(i, t, a, b) t = (i) == 0 ? FE26X4_MUL(a, *(b)) : fe26x4_mac(t, a, b)

#define M_ FE26X4_MUL
#define A_ FE26X4_ADD
/* one product of row i: g_j times the value of f_i that its column needs */
#define FE26X4_RT_(i, j, gj)                                               \
  FE26X4_MAC_(i, t[((i) + (j)) % 10],                                      \
      ((i) + (j) >= 10) ? ((((i) & (j)) & 1) ? a38 : a19)                  \
                        : ((((i) & (j)) & 1) ? a2 : a1), &(gj));
#define FE26X4_ROW_(i, G)                                                  \
  FE26X4_RT_(i, 0, G(0)) FE26X4_RT_(i, 1, G(1)) FE26X4_RT_(i, 2, G(2))     \
  FE26X4_RT_(i, 3, G(3)) FE26X4_RT_(i, 4, G(4)) FE26X4_RT_(i, 5, G(5))     \
  FE26X4_RT_(i, 6, G(6)) FE26X4_RT_(i, 7, G(7)) FE26X4_RT_(i, 8, G(8))     \
  FE26X4_RT_(i, 9, G(9))

/* x with its row factors, for a fixed operand (x1 in the ladder): each row
   then loads its values instead of making them */
typedef struct { __m256i v1[10], v2[10], v19[10], v38[10]; } fe26x4_pre;

FE26X4_INLINE void fe26x4_precompute(fe26x4_pre *r, const fe26x4 *x)
{
  const __m256i k19 = _mm256_set1_epi64x(19);
  int i;
  for (i = 0; i < 10; ++i) {
    r->v1[i] = x->v[i];
    r->v2[i] = A_(x->v[i], x->v[i]);
    r->v19[i] = M_(x->v[i], k19);
    r->v38[i] = A_(r->v19[i], r->v19[i]);
  }
}

/* h = x g with x given by its row factors; x, g MULIN */
FE26X4_INLINE void fe26x4_mul_pre(fe26x4 *h, const fe26x4 *g, const fe26x4_pre *xp)
{
  __m256i t[10], a1, a2, a19, a38;
#define FE26X4_G_(j) g->v[j]
#define FE26X4_PR_(i) a1 = xp->v1[i]; a2 = xp->v2[i]; a19 = xp->v19[i]; a38 = xp->v38[i]; \
  FE26X4_ROW_(i, FE26X4_G_)
  FE26X4_LIMBS(FE26X4_PR_)
#undef FE26X4_PR_
  (void)a2; (void)a19; (void)a38;
  fe26x4_reduce(h, t);
}

FE26X4_INLINE void fe26x4_mul(fe26x4 *h, const fe26x4 *f, const fe26x4 *g)
{
  const __m256i k19 = _mm256_set1_epi64x(19);
  __m256i t[10], a1, a2, a19, a38;
#define FE26X4_FR_(i) a1 = f->v[i]; a2 = A_(a1, a1); a19 = M_(a1, k19); a38 = A_(a19, a19); \
  FE26X4_ROW_(i, FE26X4_G_)
  FE26X4_LIMBS(FE26X4_FR_)
  fe26x4_reduce(h, t);
}

/* fe26x4_mul one row at a time (i a constant; rows 0..9 in order, then
   fe26x4_reduce(h, t)), for callers that put independent work between
   the rows in program order */
FE26X4_INLINE void fe26x4_mul_row(__m256i t[10], const fe26x4 *f, const fe26x4 *g, const int i)
{
  const __m256i k19 = _mm256_set1_epi64x(19);
  __m256i a1, a2, a19, a38;
  switch (i) {
  case 0: FE26X4_FR_(0) break;
  case 1: FE26X4_FR_(1) break;
  case 2: FE26X4_FR_(2) break;
  case 3: FE26X4_FR_(3) break;
  case 4: FE26X4_FR_(4) break;
  case 5: FE26X4_FR_(5) break;
  case 6: FE26X4_FR_(6) break;
  case 7: FE26X4_FR_(7) break;
  case 8: FE26X4_FR_(8) break;
  default: FE26X4_FR_(9) break;
  }
  (void)a2; (void)a19; (void)a38;
}
#undef FE26X4_FR_
#undef FE26X4_G_

/* h = f^2; f MULIN; h TIGHT.  The mul columns with f = g, each cross
   product f_i f_j (i < j) taken once with coefficient 2 (4 when both are
   odd), times 19 where it wraps; in rows as mul, the products of row i
   with f_j (j >= i) from memory.  Row values f_i, 2 f_i, 4 f_i (odd i;
   < 52 * 2^23); wrap factors on the memory side, w_j = 19 f_j (even j) or
   38 f_j (odd j), j >= 5 (only those wrap for i <= j): then a wrapping
   f_i f_j, i < j, is 2 f_i w_j for even j and 2 f_i w_j or f_i w_j for odd
   j (odd or even i), and f_i^2 is f_i w_i.  Same sums as before. */
FE26X4_INLINE void fe26x4_sq(fe26x4 *h, const fe26x4 *f)
{
  const __m256i k19 = _mm256_set1_epi64x(19), k38 = _mm256_set1_epi64x(38);
  __m256i t[10], w[10], a1, a2, a4;
  w[5] = M_(f->v[5], k38); w[6] = M_(f->v[6], k19); w[7] = M_(f->v[7], k38);
  w[8] = M_(f->v[8], k19); w[9] = M_(f->v[9], k38);
  /* the product of row i, column j >= i, factors as described above */
#define FE26X4_SQT_(i, j)                                                  \
  if ((j) >= (i)) {                                                        \
    FE26X4_MAC_(i, t[((i) + (j)) % 10],                                    \
      ((i) + (j) < 10)                                                     \
        ? ((i) == (j) ? (((i) & 1) ? a2 : a1) : ((((i) & (j)) & 1) ? a4 : a2)) \
        : ((i) == (j) ? a1 : ((j) & 1) && !((i) & 1) ? a1 : a2),           \
      ((i) + (j) < 10) ? &f->v[j] : &w[j]);                                \
  }
#define FE26X4_SQR_(i) a1 = f->v[i]; a2 = A_(a1, a1); a4 = A_(a2, a2);     \
  FE26X4_SQT_(i, 0) FE26X4_SQT_(i, 1) FE26X4_SQT_(i, 2) FE26X4_SQT_(i, 3)  \
  FE26X4_SQT_(i, 4) FE26X4_SQT_(i, 5) FE26X4_SQT_(i, 6) FE26X4_SQT_(i, 7)  \
  FE26X4_SQT_(i, 8) FE26X4_SQT_(i, 9)
  FE26X4_LIMBS(FE26X4_SQR_)
#undef FE26X4_SQR_
#undef FE26X4_SQT_
  fe26x4_reduce(h, t);
}
#undef FE26X4_RT_
#undef FE26X4_MAC_
#undef FE26X4_ROW_
#undef M_
#undef A_

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
   exchange that lane; where it is 0 nothing changes.  Two vpblendvb per
   limb (a data-independent select by the mask's bytes; the xor-and-xor
   form took four operations and three steps of latency), no branch and no
   index. */
FE26X4_INLINE void fe26x4_cswap(fe26x4 *f, fe26x4 *g, __m256i mask)
{
  __m256i x;
#define FE26X4_W_(i) x = f->v[i];                                          \
    f->v[i] = _mm256_blendv_epi8(x, g->v[i], mask);                        \
    g->v[i] = _mm256_blendv_epi8(g->v[i], x, mask);
  FE26X4_LIMBS(FE26X4_W_)
#undef FE26X4_W_
}

/* fe26x4o: the same elements, with mul, sq and sqn out of line, for the
   code that runs once per call (the exponentiation chains, a batch's
   products): inlined, the 265 operations of the inversion chain were
   some 90 KB of straight-line code, fetched from L2 or beyond on every
   call; out of line they are one copy each.  The ladders keep the inline
   operations. */
typedef fe26x4 fe26x4o;
#define FE26X4_OUTLINE static __attribute__((noinline, unused))
FE26X4_OUTLINE void fe26x4o_mul(fe26x4o *h, const fe26x4o *f, const fe26x4o *g)
{
  fe26x4_mul(h, f, g);
}

FE26X4_OUTLINE void fe26x4o_sq(fe26x4o *h, const fe26x4o *f)
{
  fe26x4_sq(h, f);
}

FE26X4_OUTLINE void fe26x4o_sqn(fe26x4o *h, const fe26x4o *f, int n)
{
  fe26x4_sqn(h, f, n);
}
#undef FE26X4_OUTLINE

/* the exponentiation chains (invert_chain = z^(p-2), 0 -> 0) over
   fe26x4o's mul, sq and sqn; z MULIN, h TIGHT */
#define FE_FAMILY fe26x4o
#include "field/fe_chains.h"
#undef FE_FAMILY

#endif
