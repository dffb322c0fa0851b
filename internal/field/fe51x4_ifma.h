/* SPDX-License-Identifier: MIT */
/* GF(2^255 - 19) in the four 64-bit lanes of 256-bit vectors (AVX-512
   IFMA with AVX512VL), radix 2^51 (fe51x4: v[k] holds limb k of lanes
   0..3): the template field/fe51_ifma_lanes.h instantiated for __m256i.
   Gives fe51x4, fe51x4_mul, fe51x4_sq, fe51x4_carry5, fe51x4_mul19, MASK51
   and the V_* operations; one vector width per translation unit. */
#ifndef FIELD_FE51X4_IFMA_H
#define FIELD_FE51X4_IFMA_H

#include <stdint.h>
#include <immintrin.h>

/* v[k]: limb k of lanes 0..3.  Under gcc's AddressSanitizer the type is
   64-byte aligned: gcc 12 copies these 160-byte locals with 64-byte
   aligned zmm moves (-mprefer-vector-width=512) at addresses its ASan
   frame aligns to 32 only, which faults; normal builds are unaffected. */
#if defined(__SANITIZE_ADDRESS__) && !defined(__clang__)
typedef struct { __m256i v[5]; } __attribute__((aligned(64))) fe51x4;
#else
typedef struct { __m256i v[5]; } fe51x4;
#endif

#define INLINE static inline __attribute__((always_inline))

#define V_ADD(a, b) _mm256_add_epi64((a), (b))
#define V_SHL(a, n) _mm256_slli_epi64((a), (n))
#define V_SHR(a, n) _mm256_srli_epi64((a), (n))
#define V_LO(acc, a, b) _mm256_madd52lo_epu64((acc), (a), (b))
#define V_HI(acc, a, b) _mm256_madd52hi_epu64((acc), (a), (b))
#define V_SET1(c) _mm256_set1_epi64x((long long)(c))
#define V_AND(a, b) _mm256_and_si256((a), (b))
#define V_ZERO() _mm256_setzero_si256()
#define IFMA51_VEC __m256i
#define FE_FAMILY fe51x4
#include "field/fe51_ifma_lanes.h"
#undef FE_FAMILY
#define MASK51 IFMA51_MASK

#endif
