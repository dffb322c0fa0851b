/* SPDX-License-Identifier: MIT */
/* X25519 (RFC 7748): one Montgomery ladder whose field operations run
   side by side in the four 64-bit lanes of AVX2 vectors, radix 2^25.5
   with vpmuludq (field/fe26x4_avx2.h).

   State, lanes 0..3: S = (x2, z2, x3, z3), TIGHT.  A ladder step, after
   the conditional swap of the lane pairs (0,1) <-> (2,3):
     U  = (A, B, C, D) = (x2 + z2, x2 - z2, x3 + z3, x3 - z3)     MULIN
     M1 = U * (A, B, B, A) = (AA, BB, CB, DA)                     TIGHT
     F  = (AA, E, DA + CB, CB - DA),  E = AA - BB                 MULIN
     G  = (BB, BB + 121666 E, DA + CB, CB - DA)                   MULIN
     M2 = F * G = (x2', z2', x3', (DA - CB)^2)                    TIGHT
     S' = M2 * (1, 1, 1, x1) = (x2', z2', x3', z3')               TIGHT
   (z2' = E (BB + 121666 E), z3' = x1 (DA - CB)^2 as in RFC 7748.)  The
   lane moves are fixed permutations and blends with immediate
   operands; U, F and G are sums and differences (plus 2p) of TIGHT
   values, hence MULIN; G's multiplication by 121666 is one vpmuludq by
   the lane constants (0, 121666, 1, 1) and one parallel carry round
   (as in fe26x4_mul121666_add).  Three dependent multiplications per
   step, the last with one useful lane.

   Constant time: the scalar bit becomes a mask that is all ones or all
   zeros in every lane for the swap (mask arithmetic); the inversion is
   field/fe51.h's constant-time safegcd on the canonical encodings of
   x2 and z2.  Both inputs are read before q is written, so q may alias
   n or p. */
#include <stdint.h>
#include <immintrin.h>
#include "crypto_nP.h"
#include "field/fe26.h"
#include "field/fe51.h"
#include "field/fe26x4_avx2.h"

#define LIMBS FE26X4_LIMBS

void crypto_nP(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
  uint64_t ls[10][4] __attribute__((aligned(32)));
  unsigned char k[32], bx[32], bz[32];
  const __m256i m26 = _mm256_set1_epi64x((1 << 26) - 1);
  const __m256i m25 = _mm256_set1_epi64x((1 << 25) - 1);
  const __m256i k19 = _mm256_set1_epi64x(19);
  /* 2p in radix 2^25.5, and the lane factors of G */
  const __m256i e0 = _mm256_set1_epi64x(((int64_t)1 << 27) - 38);
  const __m256i e = _mm256_set1_epi64x(((int64_t)1 << 27) - 2);
  const __m256i o = _mm256_set1_epi64x(((int64_t)1 << 26) - 2);
  const __m256i kg = _mm256_set_epi64x(1, 1, 121666, 0);
  fe26x4 s, u, v, m, f, g;
  fe26x4_pre x1p;
  fe26 h, x1;
  fe51 ax, az;
  uint64_t swap = 0, bit;
  __m256i mask, t, r, c[10], w[10];
  int i, j;

  for (i = 0; i < 32; ++i) k[i] = n[i];
  k[0] &= 248;
  k[31] &= 127;
  k[31] |= 64;

  /* S = (1, 0, u, 1); the factor (1, 1, 1, x1) with its wrap factors */
  fe26_frombytes(&x1, p);
  for (i = 0; i < 10; ++i) {
    ls[i][0] = i == 0;
    ls[i][1] = 0;
    ls[i][2] = x1.v[i];
    ls[i][3] = i == 0;
  }
  for (i = 0; i < 10; ++i) s.v[i] = _mm256_load_si256((const __m256i *)ls[i]);
  for (i = 0; i < 10; ++i) {
    ls[i][0] = ls[i][1] = ls[i][2] = i == 0;
    ls[i][3] = x1.v[i];
  }
  for (i = 0; i < 10; ++i) u.v[i] = _mm256_load_si256((const __m256i *)ls[i]);
  fe26x4_precompute(&x1p, &u);

  for (i = 254; i >= 0; --i) {
    bit = (k[i >> 3] >> (i & 7)) & 1;
    swap ^= bit;
    mask = _mm256_set1_epi64x((long long)crypto_ct_bit_mask_u64(swap));
    swap = bit;

    /* conditional swap of the halves, then U and (A, B, B, A) */
#define STEP_IN(i)                                                            \
    t = _mm256_permute4x64_epi64(s.v[i], 0x4e);                               \
    t = _mm256_and_si256(mask, _mm256_xor_si256(t, s.v[i]));                  \
    t = _mm256_xor_si256(s.v[i], t);                     /* swapped S */      \
    r = _mm256_shuffle_epi32(t, 0x4e);                   /* (z2, x2, z3, x3) */ \
    u.v[i] = _mm256_blend_epi32(FE26X4_ADD(t, r),                             \
                                _mm256_sub_epi64(FE26X4_ADD(r, (i) == 0 ? e0 : ((i) & 1) ? o : e), t), \
                                0xcc);                                        \
    v.v[i] = _mm256_permute4x64_epi64(u.v[i], 0x14);     /* (A, B, B, A) */
    LIMBS(STEP_IN)
#undef STEP_IN
    fe26x4_mul(&m, &u, &v);                              /* (AA, BB, CB, DA) */

    /* F = (AA, AA - BB, CB + DA, DA - CB), G before its carry */
#define STEP_MID(i)                                                           \
    r = _mm256_shuffle_epi32(m.v[i], 0x4e);              /* (BB, AA, DA, CB) */ \
    t = _mm256_sub_epi64(FE26X4_ADD(r, (i) == 0 ? e0 : ((i) & 1) ? o : e), m.v[i]); \
    f.v[i] = _mm256_blend_epi32(_mm256_blend_epi32(m.v[i], t, 0xcc),          \
                                FE26X4_ADD(m.v[i], r), 0x30);                 \
    w[i] = FE26X4_ADD(FE26X4_MUL(f.v[i], kg),                                 \
                      _mm256_blend_epi32(_mm256_blend_epi32(r, m.v[i], 0x0c), \
                                         _mm256_setzero_si256(), 0xf0));      \
    c[i] = _mm256_srli_epi64(w[i], ((i) & 1) ? 25 : 26);                      \
    w[i] = _mm256_and_si256(w[i], ((i) & 1) ? m25 : m26);
    LIMBS(STEP_MID)
#undef STEP_MID
    g.v[0] = FE26X4_ADD(w[0], FE26X4_MUL(c[9], k19));
#define STEP_G(i) g.v[(i) + 1] = FE26X4_ADD(w[(i) + 1], c[i]);
    STEP_G(0) STEP_G(1) STEP_G(2) STEP_G(3) STEP_G(4) STEP_G(5) STEP_G(6) STEP_G(7) STEP_G(8)
#undef STEP_G
    fe26x4_mul(&m, &f, &g);                              /* (x2', z2', x3', T^2) */
    fe26x4_mul_pre(&s, &m, &x1p);                        /* (x2', z2', x3', z3') */
  }
  mask = _mm256_set1_epi64x((long long)crypto_ct_bit_mask_u64(swap));
  for (i = 0; i < 10; ++i) {
    t = _mm256_permute4x64_epi64(s.v[i], 0x4e);
    t = _mm256_and_si256(mask, _mm256_xor_si256(t, s.v[i]));
    s.v[i] = _mm256_xor_si256(s.v[i], t);
    _mm256_store_si256((__m256i *)ls[i], s.v[i]);
  }

  /* x2 / z2 with the radix-2^51 safegcd inversion */
  for (j = 0; j < 10; ++j) h.v[j] = (uint32_t)ls[j][0];
  fe26_tobytes(bx, &h);
  for (j = 0; j < 10; ++j) h.v[j] = (uint32_t)ls[j][1];
  fe26_tobytes(bz, &h);
  fe51_frombytes(&ax, bx);
  fe51_frombytes(&az, bz);
  fe51_invert(&az, &az);
  fe51_mul(&ax, &ax, &az);
  fe51_tobytes(q, &ax);

  {
    /* wipe the clamped scalar and the ladder's output */
    volatile unsigned char *vk = k;
    for (i = 0; i < 32; ++i) vk[i] = 0;
    vk = bx;
    for (i = 0; i < 32; ++i) vk[i] = 0;
    vk = bz;
    for (i = 0; i < 32; ++i) vk[i] = 0;
  }
}
