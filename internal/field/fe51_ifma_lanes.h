/* SPDX-License-Identifier: MIT */
/* GF(2^255 - 19) lane by lane in AVX-512 IFMA vectors, radix 2^51: the
   field element of lane j is v[0][j] + v[1][j] 2^51 + ... + v[4][j] 2^204.
   Template shared by the vector families of different widths (field/fe51x4_ifma.h,
   field/fe51x8_ifma.h; one width per translation unit): the includer
   first defines
     IFMA51_VEC    the vector type (__m256i or __m512i),
     FE_FAMILY     the family prefix (fe51x4, fe51x8), also the name of a
                   struct type with member IFMA51_VEC v[5],
     V_ADD V_SHL V_SHR V_LO V_HI V_SET1 V_AND V_ZERO  its operations
                   (V_LO / V_HI: vpmadd52luq / vpmadd52huq, accumulator first),
     INLINE        the inline attribute,
   and gets FE(mul19), FE(carry5), IFMA51_FOLD, FE(mul) and FE(sq)
   (fe51x4_mul19, ...).

   The multiplier reads only the low 52 bits of a limb, so every input of
   a multiplication must have limbs < 2^52 ("CARRIED").  One parallel carry
   round (carry5) turns limbs < 2^64 into limbs < 2^51 + 2^18: CARRIED,
   with no sequential carry chain. */
#if !defined(IFMA51_VEC) || \
    !defined(FE_FAMILY) || \
    !defined(V_ADD) || \
    !defined(V_SHL) || \
    !defined(V_SHR) || \
    !defined(V_LO) || \
    !defined(V_HI) || \
    !defined(V_SET1) || \
    !defined(V_AND) || \
    !defined(V_ZERO) || \
    !defined(INLINE)
#error "define IFMA51_VEC, FE_FAMILY, V_ADD, V_SHL, V_SHR, V_LO, V_HI, V_SET1, V_AND, V_ZERO and INLINE (field/fe51x4_ifma.h and fe51x8_ifma.h do) before including field/fe51_ifma_lanes.h"
#endif
#ifndef FIELD_FE51_IFMA_LANES_H
#define FIELD_FE51_IFMA_LANES_H

#include "field/fe_interface.h"

#include <stdint.h>
#include <immintrin.h>

#define IFMA51_MASK (((uint64_t)1 << 51) - 1)

/* 19 x, for x < 2^59 */
INLINE IFMA51_VEC FE(mul19)(IFMA51_VEC x)
{
  return V_ADD(V_ADD(x, V_SHL(x, 1)), V_SHL(x, 4));
}

/* h = r0 + r1 2^51 + ... + r4 2^204 (mod p), one parallel carry round:
   r limbs < 2^64, carries < 2^13, h limbs < 2^51 + 19 2^13 < 2^51 + 2^18,
   CARRIED.  (The carry out of limb 4 goes in times 19 through the
   multiplier: one instruction on the longest path instead of three.) */
INLINE void FE(carry5)(FE_T *h, IFMA51_VEC r0, IFMA51_VEC r1, IFMA51_VEC r2, IFMA51_VEC r3, IFMA51_VEC r4)
{
  const IFMA51_VEC m = V_SET1(IFMA51_MASK);
  IFMA51_VEC k0 = V_SHR(r0, 51), k1 = V_SHR(r1, 51), k2 = V_SHR(r2, 51);
  IFMA51_VEC k3 = V_SHR(r3, 51), k4 = V_SHR(r4, 51);
  h->v[0] = V_LO(V_AND(r0, m), k4, V_SET1(19));
  h->v[1] = V_ADD(V_AND(r1, m), k0);
  h->v[2] = V_ADD(V_AND(r2, m), k1);
  h->v[3] = V_ADD(V_AND(r3, m), k2);
  h->v[4] = V_ADD(V_AND(r4, m), k3);
}

/* Columns to limbs: l_k, u_k are the sums of the low and high halves of
   the limb products with index sum k, each at most five halves < 2^52,
   so < 5 2^52.  A high half weighs 2^(51k + 52) = 2 2^(51(k+1)), so
   column k is c_k = l_k + 2 u_(k-1) < 15 2^52, and with 2^255 = 19
     h_m = c_m + 19 c_(m+5) < 20 15 2^52 = 300 2^52 < 2^61. */
#define IFMA51_FOLD(h, l0, l1, l2, l3, l4, l5, l6, l7, l8, u0, u1, u2, u3, u4, u5, u6, u7, u8) \
  do {                                                                  \
    (h)->v[0] = V_ADD(l0, FE(mul19)(V_ADD(l5, V_SHL(u4, 1))));              \
    (h)->v[1] = V_ADD(V_ADD(l1, V_SHL(u0, 1)), FE(mul19)(V_ADD(l6, V_SHL(u5, 1)))); \
    (h)->v[2] = V_ADD(V_ADD(l2, V_SHL(u1, 1)), FE(mul19)(V_ADD(l7, V_SHL(u6, 1)))); \
    (h)->v[3] = V_ADD(V_ADD(l3, V_SHL(u2, 1)), FE(mul19)(V_ADD(l8, V_SHL(u7, 1)))); \
    (h)->v[4] = V_ADD(V_ADD(l4, V_SHL(u3, 1)), FE(mul19)(V_SHL(u8, 1)));    \
  } while (0)

/* h = f g lane by lane, f and g CARRIED; h unreduced (limbs < 2^61, see
   IFMA51_FOLD).  Columns 3..5 are accumulated in two parts (L, U) so that
   no chain of dependent multiply-adds is longer than three. */
INLINE void FE(mul)(FE_T *h, const FE_T *f, const FE_T *g)
{
  const IFMA51_VEC f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
  const IFMA51_VEC g0 = g->v[0], g1 = g->v[1], g2 = g->v[2], g3 = g->v[3], g4 = g->v[4];
  const IFMA51_VEC z = V_ZERO();
  IFMA51_VEC l0, l1, l2, l3, l4, l5, l6, l7, l8;
  IFMA51_VEC u0, u1, u2, u3, u4, u5, u6, u7, u8;
  IFMA51_VEC L3 = z, L4 = z, L5 = z, U3 = z, U4 = z, U5 = z;
  l0 = l1 = l2 = l3 = l4 = l5 = l6 = l7 = l8 = z;
  u0 = u1 = u2 = u3 = u4 = u5 = u6 = u7 = u8 = z;
#define IFMA51_PR(k, i, j) l##k = V_LO(l##k, f##i, g##j); u##k = V_HI(u##k, f##i, g##j)
#define IFMA51_PS(k, i, j) L##k = V_LO(L##k, f##i, g##j); U##k = V_HI(U##k, f##i, g##j)
  IFMA51_PR(0, 0, 0); IFMA51_PR(1, 0, 1); IFMA51_PR(2, 0, 2); IFMA51_PR(3, 0, 3); IFMA51_PR(4, 0, 4);
  IFMA51_PR(1, 1, 0); IFMA51_PR(2, 1, 1); IFMA51_PR(3, 1, 2); IFMA51_PR(4, 1, 3); IFMA51_PR(5, 1, 4);
  IFMA51_PR(2, 2, 0); IFMA51_PS(3, 2, 1); IFMA51_PS(4, 2, 2); IFMA51_PS(5, 2, 3); IFMA51_PR(6, 2, 4);
  IFMA51_PS(3, 3, 0); IFMA51_PS(4, 3, 1); IFMA51_PR(5, 3, 2); IFMA51_PR(6, 3, 3); IFMA51_PR(7, 3, 4);
  IFMA51_PS(4, 4, 0); IFMA51_PS(5, 4, 1); IFMA51_PR(6, 4, 2); IFMA51_PR(7, 4, 3); IFMA51_PR(8, 4, 4);
#undef IFMA51_PS
#undef IFMA51_PR
  l3 = V_ADD(l3, L3); l4 = V_ADD(l4, L4); l5 = V_ADD(l5, L5);
  u3 = V_ADD(u3, U3); u4 = V_ADD(u4, U4); u5 = V_ADD(u5, U5);
  IFMA51_FOLD(h, l0, l1, l2, l3, l4, l5, l6, l7, l8, u0, u1, u2, u3, u4, u5, u6, u7, u8);
}

/* h = f^2 lane by lane, f CARRIED, h unreduced (limbs < M): the 10 cross
   products once, their column sums doubled (a doubled limb could pass 52
   bits, a doubled sum cannot overflow), then the 5 squares; each column
   still holds at most five halves < 2^52, so IFMA51_FOLD's bound applies. */
INLINE void FE(sq)(FE_T *h, const FE_T *f)
{
  const IFMA51_VEC f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
  const IFMA51_VEC z = V_ZERO();
  IFMA51_VEC l0, l1, l2, l3, l4, l5, l6, l7, l8;
  IFMA51_VEC u0, u1, u2, u3, u4, u5, u6, u7, u8;
  l1 = l2 = l3 = l4 = l5 = l6 = l7 = z;
  u1 = u2 = u3 = u4 = u5 = u6 = u7 = z;
#define IFMA51_SQPR(k, i, j) l##k = V_LO(l##k, f##i, f##j); u##k = V_HI(u##k, f##i, f##j)
  IFMA51_SQPR(1, 0, 1); IFMA51_SQPR(2, 0, 2); IFMA51_SQPR(3, 0, 3); IFMA51_SQPR(4, 0, 4);
  IFMA51_SQPR(3, 1, 2); IFMA51_SQPR(4, 1, 3); IFMA51_SQPR(5, 1, 4);
  IFMA51_SQPR(5, 2, 3); IFMA51_SQPR(6, 2, 4);
  IFMA51_SQPR(7, 3, 4);
#undef IFMA51_SQPR
  l1 = V_SHL(l1, 1); l2 = V_SHL(l2, 1); l3 = V_SHL(l3, 1); l4 = V_SHL(l4, 1);
  l5 = V_SHL(l5, 1); l6 = V_SHL(l6, 1); l7 = V_SHL(l7, 1);
  u1 = V_SHL(u1, 1); u2 = V_SHL(u2, 1); u3 = V_SHL(u3, 1); u4 = V_SHL(u4, 1);
  u5 = V_SHL(u5, 1); u6 = V_SHL(u6, 1); u7 = V_SHL(u7, 1);
  l0 = V_LO(z, f0, f0); u0 = V_HI(z, f0, f0);
  l2 = V_LO(l2, f1, f1); u2 = V_HI(u2, f1, f1);
  l4 = V_LO(l4, f2, f2); u4 = V_HI(u4, f2, f2);
  l6 = V_LO(l6, f3, f3); u6 = V_HI(u6, f3, f3);
  l8 = V_LO(z, f4, f4); u8 = V_HI(z, f4, f4);
  IFMA51_FOLD(h, l0, l1, l2, l3, l4, l5, l6, l7, l8, u0, u1, u2, u3, u4, u5, u6, u7, u8);
}

#endif
