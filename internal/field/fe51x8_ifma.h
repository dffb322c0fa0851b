/* SPDX-License-Identifier: MIT */
/* GF(2^255 - 19) in the eight 64-bit lanes of 512-bit vectors (AVX-512
   IFMA), radix 2^51 (fe51x8: v[k] holds limb k of lanes 0..7): the
   template field/fe51_ifma_lanes.h instantiated for __m512i.  Gives
   fe51x8, fe51x8_mul, fe51x8_sq, fe51x8_carry5, fe51x8_mul19, MASK51 and
   the V_* operations; one vector width per translation unit. */
#ifndef FIELD_FE51X8_IFMA_H
#define FIELD_FE51X8_IFMA_H

#include <stdint.h>
#include <immintrin.h>

typedef struct { __m512i v[5]; } fe51x8;

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
#define FE_FAMILY fe51x8
#include "field/fe51_ifma_lanes.h"
#undef FE_FAMILY
#define MASK51 IFMA51_MASK

#endif
