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
     M2 = F * G = (x2', z2', x3', unused)                         TIGHT
     z3' = x1 d^2, d = CB - DA (lane 3 of F), on the scalar unit
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
   one parallel carry round (as in fe26x4_mul121666_add).

   Two dependent four-lane multiplications per step; the one-lane product
   by x1 runs on the scalar unit in radix 2^51 (the limbs of radix 2^25.5
   pair up exactly into radix-2^51 limbs: limb 2k at bit 51k, limb 2k + 1
   at 51k + 26, so the moves between the units are extractions, shifts
   and broadcasts).  It starts from F, not from M2: d = CB - DA + 2p is
   lane 3 of F (high dwords cleared; limbs paired < 2^53, fe51's MULIN),
   and z3' = x1 d^2 is a scalar squaring and a product by x1, written
   between the rows of M2 (fe26x4_mul_row) so that the out-of-order
   window holds both units' work: the scalar chain runs while the vector
   unit multiplies, instead of after it (measured, warm, AVX-512 masked on
   Zen 4: 54.0k ticks against 57.4k for (x1 d) d, two products, and about
   60k for one product after M2, which in turn had beaten a third
   four-lane layer, 64k against 71k).  M2's lane 3 computes d^2, unused.
   The scalar column sums are fe51_sqcols' and fe51_mul's (< 2^117:
   inputs < 2^55, the factors 2 and 19 on one side); fe51_reduce128
   leaves limbs < 2^51 except limb 1 < 2^51 + 2^24, so the halves of z3'
   are TIGHT for fe26x4 without a further carry pass.

   Constant time: the scalar bit becomes a mask (mask arithmetic) that
   picks the permutation indices, which vpermd takes from a register (no
   memory index; its timing does not depend on the indices); the scalar
   products are fixed sequences of 64x64-bit multiplications and additions
   (fe51_mul's columns and fe51_reduce128); the inversion is
   field/fe51.h's constant-time safegcd on the canonical encodings of
   x2 and z2.  Both inputs are read before q is written, so q may alias
   n or p. */
#include <stdint.h>
#include <immintrin.h>
#include "crypto_nP.h"
#include "ct/crypto_ct.h"
#include "field/fe26.h"
#include "field/fe51.h"
#include "field/fe26x4_avx2.h"

#define LIMBS FE26X4_LIMBS

static CRYPTO_CT_NOINLINE void
nP_fe26x4_ladder(unsigned char *q, const unsigned char *n, const unsigned char *p)
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
  fe51 ax, az, x51, yy, zz;
  uint64_t x19[5], d0, d1, d2, d3, d4, d0x2, d1x2, d2x2, d3x19, d4x19;
  fe51_u128 u0, u1, u2, u3, u4;
  __m256i pt[10];
  const __m256i lo32 = _mm256_set1_epi64x(0xffffffff);
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
  for (i = 0; i < 5; ++i) x19[i] = 19 * x51.v[i];

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

#define STEP_F(i)                                                             \
    r = _mm256_shuffle_epi32(m.v[i], 0x4e);              /* (BB, AA, DA, CB) */ \
    f.v[i] = FE26X4_ADD(FE26X4_ADD(_mm256_and_si256(r, fmask),                \
                                   (i) == 0 ? c0 : ((i) & 1) ? co : ce),      \
                        _mm256_sign_epi32(m.v[i], sgn));
    LIMBS(STEP_F)
#undef STEP_F
    /* d = CB - DA + 2p (lane 3 of F, high dwords cleared) in radix 2^51,
       taken before G so that the scalar unit starts early */
#define LANE3(k) ((uint64_t)_mm_extract_epi64(_mm256_extracti128_si256(                    \
                    FE26X4_ADD(_mm256_and_si256(f.v[2 * (k)], lo32),                         \
                               _mm256_slli_epi64(_mm256_and_si256(f.v[2 * (k) + 1], lo32), 26)), 1), 1))
    d0 = LANE3(0); d1 = LANE3(1); d2 = LANE3(2); d3 = LANE3(3); d4 = LANE3(4);
#undef LANE3
#define STEP_MID(i)                                                           \
    w[i] = FE26X4_ADD(FE26X4_MUL(f.v[i], kg),                                 \
                      _mm256_and_si256(_mm256_shuffle_epi32(m.v[i], 0xee), gmask)); \
    c[i] = _mm256_srli_epi64(w[i], ((i) & 1) ? 25 : 26);                      \
    w[i] = _mm256_and_si256(w[i], ((i) & 1) ? m25 : m26);
    LIMBS(STEP_MID)
#undef STEP_MID
    /* G = (BB, BB + 121666 E, F2, F3) after one parallel carry round */
    g.v[0] = FE26X4_ADD(w[0], FE26X4_MUL(c[9], k19));
#define STEP_G(i) g.v[(i) + 1] = FE26X4_ADD(w[(i) + 1], c[i]);
    STEP_G(0) STEP_G(1) STEP_G(2) STEP_G(3) STEP_G(4) STEP_G(5) STEP_G(6) STEP_G(7) STEP_G(8)
#undef STEP_G
    /* M2 = F G row by row, with z3' = x1 d^2 on the scalar unit written
       between the rows (fe51_sqcols' columns, then fe51_mul's with 19 x1) */
#define P(a, b) ((fe51_u128)(a) * (b))
    d0x2 = 2 * d0; d1x2 = 2 * d1; d2x2 = 2 * d2; d3x19 = 19 * d3; d4x19 = 19 * d4;
    fe26x4_mul_row(pt, &f, &g, 0);
    u0 = P(d0, d0) + P(d1x2, d4x19) + P(d2x2, d3x19);
    u1 = P(d0x2, d1) + P(d2x2, d4x19) + P(d3, d3x19);
    fe26x4_mul_row(pt, &f, &g, 1);
    u2 = P(d0x2, d2) + P(d1, d1) + P(2 * d3, d4x19);
    u3 = P(d0x2, d3) + P(d1x2, d2) + P(d4, d4x19);
    u4 = P(d0x2, d4) + P(d1x2, d3) + P(d2, d2);
    fe26x4_mul_row(pt, &f, &g, 2);
    fe51_reduce128(&yy, u0, u1, u2, u3, u4);
    fe26x4_mul_row(pt, &f, &g, 3);
    u0 = P(yy.v[0], x51.v[0]) + P(yy.v[1], x19[4]) + P(yy.v[2], x19[3]) + P(yy.v[3], x19[2]) + P(yy.v[4], x19[1]);
    u1 = P(yy.v[0], x51.v[1]) + P(yy.v[1], x51.v[0]) + P(yy.v[2], x19[4]) + P(yy.v[3], x19[3]) + P(yy.v[4], x19[2]);
    fe26x4_mul_row(pt, &f, &g, 4);
    u2 = P(yy.v[0], x51.v[2]) + P(yy.v[1], x51.v[1]) + P(yy.v[2], x51.v[0]) + P(yy.v[3], x19[4]) + P(yy.v[4], x19[3]);
    u3 = P(yy.v[0], x51.v[3]) + P(yy.v[1], x51.v[2]) + P(yy.v[2], x51.v[1]) + P(yy.v[3], x51.v[0]) + P(yy.v[4], x19[4]);
    fe26x4_mul_row(pt, &f, &g, 5);
    u4 = P(yy.v[0], x51.v[4]) + P(yy.v[1], x51.v[3]) + P(yy.v[2], x51.v[2]) + P(yy.v[3], x51.v[1]) + P(yy.v[4], x51.v[0]);
    fe26x4_mul_row(pt, &f, &g, 6);
    fe51_reduce128(&zz, u0, u1, u2, u3, u4);
    fe26x4_mul_row(pt, &f, &g, 7);
    fe26x4_mul_row(pt, &f, &g, 8);
    fe26x4_mul_row(pt, &f, &g, 9);
    fe26x4_reduce(&m, pt);
#undef P
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

/* nP_fe26x4_ladder runs in a frame of its own (noinline), so that its
   frame, the frames below it and the registers they saved are all below
   this one and cleared by one wipe of 4096 bytes: the whole call went
   2975 bytes (gcc), 2371 (clang) below its caller
   (tests/check-stack.sh), plus a margin. */
void crypto_nP(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
  nP_fe26x4_ladder(q, n, p);
  crypto_ct_wipe_below(4096);
}
