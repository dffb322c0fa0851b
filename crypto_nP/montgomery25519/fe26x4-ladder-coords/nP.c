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
     z3' = x1 (DA - CB)^2, lane 3 alone, on the scalar unit (radix 2^51)
     S' = (x2', z2', x3', z3')                                    TIGHT
   (z2' = E (BB + 121666 E), z3' = x1 (DA - CB)^2 as in RFC 7748.)  The
   lane moves are fixed permutations and blends with immediate
   operands; U, F and G are sums and differences (plus 2p) of TIGHT
   values, hence MULIN; G's multiplication by 121666 is one vpmuludq by
   the lane constants (0, 121666, 1, 1) and one parallel carry round
   (as in fe26x4_mul121666_add).  Two dependent four-lane
   multiplications per step, then the one-lane product by x1 in scalar
   radix 2^51: the limbs of radix 2^25.5 pair up exactly into radix-2^51
   limbs (limb 2k at bit 51k, limb 2k + 1 at 51k + 26), so the moves
   between the units are extractions, shifts and broadcasts, and one
   scalar multiplication is quicker than a third four-lane one that uses
   a single lane (measured: about 64k against 71k ticks per X25519).

   Constant time: the scalar bit becomes a mask that is all ones or all
   zeros in every lane for the swap (mask arithmetic); the scalar
   product is fe51_mul (constant time); the inversion is
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
  fe26 h, x1;
  fe51 ax, az, x51, tt, zz;
  uint64_t swap = 0, bit;
  __m256i mask, t, r, c[10], w[10];
  int i, j;

  for (i = 0; i < 32; ++i) k[i] = n[i];
  k[0] &= 248;
  k[31] &= 127;
  k[31] |= 64;

  /* S = (1, 0, u, 1); x1 in radix 2^51 for the scalar product */
  fe26_frombytes(&x1, p);
  for (i = 0; i < 10; ++i) {
    ls[i][0] = i == 0;
    ls[i][1] = 0;
    ls[i][2] = x1.v[i];
    ls[i][3] = i == 0;
  }
  for (i = 0; i < 10; ++i) s.v[i] = _mm256_load_si256((const __m256i *)ls[i]);
  fe51_frombytes(&x51, p);

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
    /* z3' = x1 T^2: lane 3 alone, on the scalar unit in radix 2^51 (limb
       pairs v[2k] + 2^26 v[2k+1] < 2^52 of the TIGHT product), which is
       quicker than a whole four-lane multiplication for one lane */
    /* the pairs are formed in the vectors, so five extractions instead of ten */
#define LANE3(k) ((uint64_t)_mm_extract_epi64(_mm256_extracti128_si256(                    \
                    FE26X4_ADD(m.v[2 * (k)], _mm256_slli_epi64(m.v[2 * (k) + 1], 26)), 1), 1))
    tt.v[0] = LANE3(0); tt.v[1] = LANE3(1); tt.v[2] = LANE3(2);
    tt.v[3] = LANE3(3); tt.v[4] = LANE3(4);
#undef LANE3
    fe51_mul(&zz, &tt, &x51);
    /* fe51's output limbs are < 2^52: one carry pass to < 2^51 (limb 0
       < 2^51 + 38), so the halves are TIGHT for fe26x4 */
    zz.v[1] += zz.v[0] >> 51; zz.v[0] &= FE51_MASK51;
    zz.v[2] += zz.v[1] >> 51; zz.v[1] &= FE51_MASK51;
    zz.v[3] += zz.v[2] >> 51; zz.v[2] &= FE51_MASK51;
    zz.v[4] += zz.v[3] >> 51; zz.v[3] &= FE51_MASK51;
    zz.v[0] += 19 * (zz.v[4] >> 51); zz.v[4] &= FE51_MASK51;
    /* five broadcasts, split into limb pairs in the vectors */
#define STEP_OUT(k)                                                           \
    t = _mm256_set1_epi64x((long long)zz.v[k]);                               \
    s.v[2 * (k)] = _mm256_blend_epi32(m.v[2 * (k)], _mm256_and_si256(t, m26), 0xc0); \
    s.v[2 * (k) + 1] = _mm256_blend_epi32(m.v[2 * (k) + 1], _mm256_srli_epi64(t, 26), 0xc0);
    STEP_OUT(0) STEP_OUT(1) STEP_OUT(2) STEP_OUT(3) STEP_OUT(4)
#undef STEP_OUT
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
