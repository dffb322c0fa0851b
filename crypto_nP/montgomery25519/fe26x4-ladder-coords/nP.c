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
   swap and the exchange within lane pairs are two vpermd per limb (the
   dword indices are the identity or the halves exchanged, chosen once
   per step by the mask; then the pairs exchanged); the differences are
   vpsignd, which negates the low dword of lanes 1 and 3, plus 2p.  That
   leaves garbage in the high dwords of U and F, which only vpmuludq
   (low dwords) and 64-bit additions feeding vpmuludq ever read, so the
   low dwords are the exact MULIN values.  U, F and G are sums and
   differences (plus 2p) of TIGHT values, hence MULIN; G's multiplication
   by 121666 is one vpmuludq by the lane constants (0, 121666, 1, 1) and
   one parallel carry round (as in fe26x4_mul121666_add).  Two dependent
   four-lane multiplications per step, then the one-lane product by x1 in
   scalar radix 2^51: the limbs of radix 2^25.5 pair up exactly into
   radix-2^51 limbs (limb 2k at bit 51k, limb 2k + 1 at 51k + 26), so the
   moves between the units are extractions, shifts and broadcasts, and
   one scalar multiplication is quicker than a third four-lane one that
   uses a single lane (measured: about 64k against 71k ticks per X25519).
   fe51_mul's output limbs are < 2^51 (limb 1 < 2^51 + 2^24), so their
   halves are TIGHT for fe26x4 without a carry pass.

   Constant time: the scalar bit becomes a mask (mask arithmetic) that
   picks the permutation indices, which vpermd takes from a register (no
   memory index; its timing does not depend on the indices); the scalar
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
  /* the lane factors of G */
  const __m256i kg = _mm256_set_epi64x(1, 1, 121666, 0);
  fe26x4 s, u, v, m, f, g;
  fe26 h, x1;
  fe51 ax, az, x51, tt, zz;
  uint64_t swap = 0, bit;
  __m256i mask, t, r, c[10], w[10];
  /* 2p's limbs (radix 2^25.5) in lanes 1 and 3, the signs that negate
     the low dwords there, the lane masks of F and of (BB, BB, 0, 0), the
     dword indices of S and of its lane pairs exchanged */
  const __m256i c0 = _mm256_set_epi64x(((int64_t)1 << 27) - 38, 0, ((int64_t)1 << 27) - 38, 0);
  const __m256i ce = _mm256_set_epi64x(((int64_t)1 << 27) - 2, 0, ((int64_t)1 << 27) - 2, 0);
  const __m256i co = _mm256_set_epi64x(((int64_t)1 << 26) - 2, 0, ((int64_t)1 << 26) - 2, 0);
  const __m256i sgn = _mm256_set_epi32(1, -1, 1, 1, 1, -1, 1, 1);
  const __m256i fmask = _mm256_set_epi64x(-1, -1, -1, 0);
  const __m256i gmask = _mm256_set_epi64x(0, 0, -1, -1);
  const __m256i id_t = _mm256_set_epi32(7, 6, 5, 4, 3, 2, 1, 0);
  const __m256i id_r = _mm256_set_epi32(5, 4, 7, 6, 1, 0, 3, 2);
  const __m256i k4 = _mm256_set1_epi32(4);
  __m256i sw, it, ir;
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
    /* the swap as lane indices: 4 toggles between the halves */
    sw = _mm256_and_si256(_mm256_set1_epi32(-(int)(uint32_t)swap), k4);
    swap = bit;
    it = _mm256_xor_si256(id_t, sw);
    ir = _mm256_xor_si256(id_r, sw);

    /* t = swapped S, r = t with each lane pair exchanged; then
       U = r + (0, 2p, 0, 2p) +- t and V = (A, B, B, A) */
#define STEP_IN(i)                                                            \
    t = _mm256_permutevar8x32_epi32(s.v[i], it);                              \
    r = _mm256_permutevar8x32_epi32(s.v[i], ir);                              \
    u.v[i] = FE26X4_ADD(FE26X4_ADD(r, (i) == 0 ? c0 : ((i) & 1) ? co : ce),   \
                        _mm256_sign_epi32(t, sgn));                           \
    v.v[i] = _mm256_permute4x64_epi64(u.v[i], 0x14);
    LIMBS(STEP_IN)
#undef STEP_IN
    fe26x4_mul(&m, &u, &v);                        /* (AA, BB, CB, DA) */

#define STEP_MID(i)                                                           \
    r = _mm256_shuffle_epi32(m.v[i], 0x4e);              /* (BB, AA, DA, CB) */ \
    f.v[i] = FE26X4_ADD(FE26X4_ADD(_mm256_and_si256(r, fmask),                \
                                   (i) == 0 ? c0 : ((i) & 1) ? co : ce),      \
                        _mm256_sign_epi32(m.v[i], sgn));                      \
    w[i] = FE26X4_ADD(FE26X4_MUL(f.v[i], kg),                                 \
                      _mm256_and_si256(_mm256_shuffle_epi32(m.v[i], 0xee), gmask)); \
    c[i] = _mm256_srli_epi64(w[i], ((i) & 1) ? 25 : 26);                      \
    w[i] = _mm256_and_si256(w[i], ((i) & 1) ? m25 : m26);
    LIMBS(STEP_MID)
#undef STEP_MID
    g.v[0] = FE26X4_ADD(w[0], FE26X4_MUL(c[9], k19));
#define STEP_G(i) g.v[(i) + 1] = FE26X4_ADD(w[(i) + 1], c[i]);
    STEP_G(0) STEP_G(1) STEP_G(2) STEP_G(3) STEP_G(4) STEP_G(5) STEP_G(6) STEP_G(7) STEP_G(8)
#undef STEP_G
    fe26x4_mul(&m, &f, &g);                        /* (x2', z2', x3', T^2) */
#define LANE3(k) ((uint64_t)_mm_extract_epi64(_mm256_extracti128_si256(                    \
                    FE26X4_ADD(m.v[2 * (k)], _mm256_slli_epi64(m.v[2 * (k) + 1], 26)), 1), 1))
    tt.v[0] = LANE3(0); tt.v[1] = LANE3(1); tt.v[2] = LANE3(2);
    tt.v[3] = LANE3(3); tt.v[4] = LANE3(4);
#undef LANE3
    fe51_mul(&zz, &tt, &x51);
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
