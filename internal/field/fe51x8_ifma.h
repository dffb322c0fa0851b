/* SPDX-License-Identifier: MIT */
/* GF(2^255 - 19) in eight 64-bit lanes of 512-bit vectors, radix 2^51
   (fe8: v[k] holds limb k of lanes 0..7): internal/ifma51.h instantiated
   for __m512i.  Gives fe8, fe8_mul, fe8_sq, carry5, mul19, MASK51 and
   the V_* operations; one vector width per translation unit (ifma51.h
   is included once). */
#ifndef IFMA51_ZMM_H
#define IFMA51_ZMM_H

#include <stdint.h>
#include <immintrin.h>

typedef struct { __m512i v[5]; } fe8;

#define INLINE static inline __attribute__((always_inline))

#define V_ADD(a, b) _mm512_add_epi64((a), (b))
#define V_SHL(a, n) _mm512_slli_epi64((a), (n))
#define V_SHR(a, n) _mm512_srli_epi64((a), (n))
#define V_LO(acc, a, b) _mm512_madd52lo_epu64((acc), (a), (b))
#define V_HI(acc, a, b) _mm512_madd52hi_epu64((acc), (a), (b))
#define V_SET1(c) _mm512_set1_epi64((long long)(c))
#define V_AND(a, b) _mm512_and_si512((a), (b))
#define V_ZERO() _mm512_setzero_si512()
#define IFMA51_VEC __m512i
#define IFMA51_FE fe8
#include "field/fe51_ifma_lanes.h"
#define fe8_mul ifma51_mul
#define fe8_sq ifma51_sq
#define MASK51 IFMA51_MASK

#endif
