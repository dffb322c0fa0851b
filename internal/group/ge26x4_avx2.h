/* SPDX-License-Identifier: MIT */
/* Edwards25519 points for AVX2: the four coordinates (X, Y, Z, T) of a
   point in the four 64-bit lanes of ten vectors, one per radix-2^25.5
   limb (field/fe26x4_avx2.h), so that a group operation is two four-lane
   vpmuludq products deep, the AVX2 counterpart of group/ge51x4_ifma.h.
   The includer first includes "field/fe64.h" and "group/ge64.h" (the
   scalar radix-2^64 points, for the conversions).

   Why on the vector unit: on a Zen 3 the radix-2^64 mixed addition
   (mulx with adcx/adox carry chains) is bound by its 600-odd carry
   operations, about 290 cycles even with two additions interleaved,
   while a four-lane addition here is some 600 vector operations, most of
   them on four pipes.

   Formulas (Hisil-Wong-Carter-Dawson, a = -1), as in ge51x4_ifma.h:
     doubling of (X, Y, Z, T) (T not read):
       (A, B, C, D) = (X^2, Y^2, Z^2, (X+Y)^2)                   one squaring
       (-H, -G, -F, -E) = (A + B, A - B, A - B + 2C, A + B - D)
       (X3, Y3, Z3, T3) = (-F, -H, -F, -H) (-E, -G, -G, -E)     one product
     addition of a cached point (y2-x2, y2+x2, 2d t2, 2 z2):
       (A, B, C, D) = (Y1-X1, Y1+X1, T1, Z1) (y2-x2, y2+x2, 2d t2, 2 z2)
       (E, H, F, G) = (B - A, B + A, D - C, D + C)
       (X3, Y3, Z3, T3) = (E, H, F, E) (F, G, G, H)

   Bounds (those of fe26x4_avx2.h): running points are TIGHT (products);
   a difference gets 2p added (the limbs of 2p exceed every TIGHT limb,
   so lanes stay nonnegative, and all arithmetic is exact 64-bit lane
   arithmetic: no high-dword garbage); one sum or difference of TIGHT
   values is MULIN, which the products accept.  The doubling's middle
   combines three values (up to 5 2^26 in an even limb), so it gets one
   parallel carry round first.  Cached points are MULIN.

   Constant time: lane selections are fixed blends and permutations;
   the sign of a table entry acts through a vector mask (blendv). */
#if !defined(FIELD_FE64_H) || !defined(GROUP_GE64_H)
#error "include field/fe64.h and group/ge64.h (the radix-2^64 points of the conversions) before group/ge26x4_avx2.h"
#endif
#ifndef GROUP_GE26X4_AVX2_H
#define GROUP_GE26X4_AVX2_H

#include <stdint.h>
#include <immintrin.h>
#include "field/fe26x4_avx2.h"

#define GE26X4_INLINE static inline __attribute__((always_inline))

/* lane j of the result = lane (a, b, c, d)[j] of x */
#define GE26X4_PERM(x, a, b, c, d) _mm256_permute4x64_epi64((x), _MM_SHUFFLE(d, c, b, a))
/* lanes of y where the 64-bit lanes of m4 (a 4-bit lane mask) are set */
#define GE26X4_BLEND(x, y, m4)                                                  \
  _mm256_blend_epi32((x), (y), (((m4) & 1) ? 0x03 : 0) | (((m4) & 2) ? 0x0c : 0) | \
                               (((m4) & 4) ? 0x30 : 0) | (((m4) & 8) ? 0xc0 : 0))
/* limb k of 2p: 2^27 - 38, then 2^26 - 2 (odd k) and 2^27 - 2 (even k) */
#define GE26X4_P2(k) _mm256_set1_epi64x((k) == 0 ? ((int64_t)1 << 27) - 38 \
                                        : ((k) & 1) ? ((int64_t)1 << 26) - 2 : ((int64_t)1 << 27) - 2)

typedef fe26x4 ge26x4;   /* lanes (X, Y, Z, T), TIGHT */

/* limb k of (Y - X + 2p, Y + X, T, Z) from limb k of (X, Y, Z, T) */
GE26X4_INLINE __m256i ge26x4_add_in_limb(__m256i r, int k)
{
  const __m256i x = GE26X4_PERM(r, 0, 0, 0, 0);
  const __m256i y = GE26X4_PERM(r, 1, 1, 3, 2);                 /* (Y, Y, T, Z) */
  __m256i s = GE26X4_BLEND(_mm256_setzero_si256(), x, 2);       /* (0, X, 0, 0) */
  s = GE26X4_BLEND(s, _mm256_sub_epi64(GE26X4_P2(k), x), 1);    /* (2p - X, X, 0, 0) */
  return _mm256_add_epi64(y, s);
}

/* limb k of (E, H, F, G) = (B - A + 2p, B + A, D - C + 2p, D + C) from
   limb k of (A, B, C, D) */
GE26X4_INLINE __m256i ge26x4_add_mid_limb(__m256i s, int k)
{
  const __m256i t = _mm256_shuffle_epi32(s, _MM_SHUFFLE(1, 0, 3, 2));   /* (B, A, D, C) */
  return _mm256_add_epi64(t, GE26X4_BLEND(s, _mm256_sub_epi64(GE26X4_P2(k), s), 5));
}

/* r = r + c, c a cached point, MULIN; r TIGHT in and out */
GE26X4_INLINE void ge26x4_add(ge26x4 *r, const fe26x4 *c)
{
  fe26x4 w, s, f, g;
#define GE26X4_AI_(k) w.v[k] = ge26x4_add_in_limb(r->v[k], k);
  FE26X4_LIMBS(GE26X4_AI_)
#undef GE26X4_AI_
  fe26x4_mul(&s, &w, c);
  /* (E, H, F, E) (F, G, G, H) = (EF, HG, FG, EH) */
#define GE26X4_AM_(k) w.v[k] = ge26x4_add_mid_limb(s.v[k], k);            \
  f.v[k] = GE26X4_PERM(w.v[k], 0, 1, 2, 0); g.v[k] = GE26X4_PERM(w.v[k], 2, 3, 3, 1);
  FE26X4_LIMBS(GE26X4_AM_)
#undef GE26X4_AM_
  fe26x4_mul(r, &f, &g);
}

static __attribute__((noinline, unused)) void ge26x4_add_call(ge26x4 *r, const fe26x4 *c)
{
  ge26x4_add(r, c);
}

/* r = 2 r; r TIGHT in and out, T not read */
GE26X4_INLINE void ge26x4_dbl(ge26x4 *r)
{
  const __m256i m26 = _mm256_set1_epi64x((1 << 26) - 1);
  const __m256i m25 = _mm256_set1_epi64x((1 << 25) - 1);
  fe26x4 w, s, f, g;
  __m256i t[10], c[10];
  /* (X, Y, Z, X + Y): MULIN */
#define GE26X4_DI_(k) w.v[k] = GE26X4_BLEND(r->v[k], _mm256_add_epi64(GE26X4_PERM(r->v[k], 0, 0, 0, 0), \
                                                                    GE26X4_PERM(r->v[k], 1, 1, 1, 1)), 8);
  FE26X4_LIMBS(GE26X4_DI_)
#undef GE26X4_DI_
  fe26x4_sq(&s, &w);
  /* (A + B, A - B + 2p, A - B + 2C + 2p, A + B - D + 2p), even limbs
     < 5 2^26; then one parallel carry round: limbs < 2^26 + 20 (even),
     2^25 + 20 (odd), and limb 0 < 2^26 + 19 * 20: MULIN */
#define GE26X4_DM_(k) {                                                       \
    const __m256i a = GE26X4_PERM(s.v[k], 0, 0, 0, 0), b = GE26X4_PERM(s.v[k], 1, 1, 1, 1); \
    const __m256i p2 = GE26X4_P2(k);                                          \
    __m256i z = GE26X4_BLEND(_mm256_setzero_si256(), _mm256_add_epi64(s.v[k], s.v[k]), 4); \
    z = GE26X4_BLEND(z, _mm256_sub_epi64(p2, s.v[k]), 8);                     \
    t[k] = _mm256_add_epi64(_mm256_add_epi64(a, GE26X4_BLEND(b, _mm256_sub_epi64(p2, b), 6)), z); \
    c[k] = _mm256_srli_epi64(t[k], ((k) & 1) ? 25 : 26);                       \
    t[k] = _mm256_and_si256(t[k], ((k) & 1) ? m25 : m26); }
  FE26X4_LIMBS(GE26X4_DM_)
#undef GE26X4_DM_
  t[0] = _mm256_add_epi64(t[0], _mm256_mul_epu32(c[9], _mm256_set1_epi64x(19)));
#define GE26X4_DC_(k) t[(k) + 1] = _mm256_add_epi64(t[(k) + 1], c[k]);
  GE26X4_DC_(0) GE26X4_DC_(1) GE26X4_DC_(2) GE26X4_DC_(3) GE26X4_DC_(4)
  GE26X4_DC_(5) GE26X4_DC_(6) GE26X4_DC_(7) GE26X4_DC_(8)
#undef GE26X4_DC_
  /* (-F, -H, -F, -H) (-E, -G, -G, -E) = (EF, GH, FG, EH) */
#define GE26X4_DF_(k) f.v[k] = GE26X4_PERM(t[k], 2, 0, 2, 0); g.v[k] = GE26X4_PERM(t[k], 3, 1, 1, 3);
  FE26X4_LIMBS(GE26X4_DF_)
#undef GE26X4_DF_
  fe26x4_mul(r, &f, &g);
}

/* r = 2^n r for n >= 1: one copy of the doubling code */
static __attribute__((noinline, unused)) void ge26x4_dbl_run(ge26x4 *r, int n)
{
  ge26x4 t = *r;
  do ge26x4_dbl(&t); while (--n > 0);
  *r = t;
}

/* c = the cached form (Y - X, Y + X, 2d T, 2Z) of r (TIGHT), TIGHT */
GE26X4_INLINE void ge26x4_to_cached(fe26x4 *c, const ge26x4 *r)
{
  /* 2d in radix 2^25.5 */
  static const uint32_t d2[10] = {
    0x2b2f159, 0x1a6e509, 0x22add7a, 0x0d4141d, 0x0038052,
    0x0f3d130, 0x3407977, 0x19ce331, 0x1c56dff, 0x0901b67
  };
  fe26x4 w, k;
  int i;
  for (i = 0; i < 10; ++i)
    k.v[i] = _mm256_set_epi64x(i ? 0 : 2, (long long)d2[i], i ? 0 : 1, i ? 0 : 1);
#define GE26X4_TC_(i) w.v[i] = ge26x4_add_in_limb(r->v[i], i);
  FE26X4_LIMBS(GE26X4_TC_)
#undef GE26X4_TC_
  fe26x4_mul(c, &w, &k);
}

/* c = the cached form (y - x, y + x, +-2dxy, 2) of a table entry q
   (radix 2^64, fully reduced; y+x and y-x already exchanged for a
   negative digit), with 2dxy replaced by 2p - 2dxy where neg = -1:
   a 4x4 transposition of 64-bit words, then the 64 -> 25.5 bit split by
   shifts; MULIN */
GE26X4_INLINE void ge26x4_niels_to_cached(fe26x4 *c, const ge64_precomp *q, uint64_t neg)
{
  const __m256i m26 = _mm256_set1_epi64x((1 << 26) - 1);
  const __m256i m25 = _mm256_set1_epi64x((1 << 25) - 1);
  const __m256i ypx = _mm256_loadu_si256((const __m256i *)(const void *)&q->ypx);
  const __m256i ymx = _mm256_loadu_si256((const __m256i *)(const void *)&q->ymx);
  const __m256i xy = _mm256_loadu_si256((const __m256i *)(const void *)&q->xy2d);
  const __m256i sub = _mm256_set_epi64x(0, (long long)neg, 0, 0);
  __m256i lo = _mm256_unpacklo_epi64(ymx, ypx);                            /* ymx0 ypx0 ymx2 ypx2 */
  __m256i hi = _mm256_unpackhi_epi64(ymx, ypx);                            /* ymx1 ypx1 ymx3 ypx3 */
  __m256i xlo = _mm256_unpacklo_epi64(xy, _mm256_set_epi64x(0, 0, 0, 2));  /* xy0 2 xy2 0 */
  __m256i xhi = _mm256_unpackhi_epi64(xy, _mm256_setzero_si256());         /* xy1 0 xy3 0 */
  /* w_i = (ymx_i, ypx_i, xy_i, 2 or 0): word i of the four lanes */
  const __m256i w0 = _mm256_permute2x128_si256(lo, xlo, 0x20);
  const __m256i w1 = _mm256_permute2x128_si256(hi, xhi, 0x20);
  const __m256i w2 = _mm256_permute2x128_si256(lo, xlo, 0x31);
  const __m256i w3 = _mm256_permute2x128_si256(hi, xhi, 0x31);
  __m256i l[10];
  int k;
  /* limb offsets 0, 26, 51, 77, 102 | 128, 153, 179, 204, 230 */
  l[0] = _mm256_and_si256(w0, m26);
  l[1] = _mm256_and_si256(_mm256_srli_epi64(w0, 26), m25);
  l[2] = _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi64(w0, 51), _mm256_slli_epi64(w1, 13)), m26);
  l[3] = _mm256_and_si256(_mm256_srli_epi64(w1, 13), m25);
  l[4] = _mm256_and_si256(_mm256_srli_epi64(w1, 38), m26);
  l[5] = _mm256_and_si256(w2, m25);
  l[6] = _mm256_and_si256(_mm256_srli_epi64(w2, 25), m26);
  l[7] = _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi64(w2, 51), _mm256_slli_epi64(w3, 13)), m25);
  l[8] = _mm256_and_si256(_mm256_srli_epi64(w3, 12), m26);
  l[9] = _mm256_and_si256(_mm256_srli_epi64(w3, 38), m25);
  for (k = 0; k < 10; ++k)
    c->v[k] = _mm256_blendv_epi8(l[k], _mm256_sub_epi64(GE26X4_P2(k), l[k]), sub);
}

/* lanes 0..3 of r (TIGHT) as radix-2^64 elements (values < 2^256) */
GE26X4_INLINE void fe26x4_unpack(fe64 *out[4], const fe26x4 *r)
{
  uint64_t l[10][4] __attribute__((aligned(32)));
  unsigned __int128 acc;
  int k, j;
  for (k = 0; k < 10; ++k) _mm256_store_si256((__m256i *)l[k], r->v[k]);
  for (j = 0; j < 4; ++j) {
    acc = (unsigned __int128)l[0][j] + ((unsigned __int128)l[1][j] << 26) + ((unsigned __int128)l[2][j] << 51);
    out[j]->v[0] = (uint64_t)acc;
    acc >>= 64;
    acc += ((unsigned __int128)l[3][j] << 13) + ((unsigned __int128)l[4][j] << 38);
    out[j]->v[1] = (uint64_t)acc;
    acc >>= 64;
    acc += (unsigned __int128)l[5][j] + ((unsigned __int128)l[6][j] << 25) + ((unsigned __int128)l[7][j] << 51);
    out[j]->v[2] = (uint64_t)acc;
    acc >>= 64;
    acc += ((unsigned __int128)l[8][j] << 12) + ((unsigned __int128)l[9][j] << 38);
    out[j]->v[3] = (uint64_t)acc;
  }
  crypto_ct_wipe(l, sizeof l);
}

/* the running point r as a scalar ge64_p3 */
GE26X4_INLINE void ge26x4_to_p3(ge64_p3 *p, const ge26x4 *r)
{
  fe64 *out[4];
  out[0] = &p->X;
  out[1] = &p->Y;
  out[2] = &p->Z;
  out[3] = &p->T;
  fe26x4_unpack(out, r);
}

/* h = -c for a cached point c (MULIN, limbs below 2p's): lanes 0 and 1
   exchanged and lane 2 replaced by 2p - c2; MULIN */
GE26X4_INLINE void ge26x4_cached_neg(fe26x4 *h, const fe26x4 *c)
{
#define GE26X4_CN_(k) {                                                           const __m256i x = GE26X4_PERM(c->v[k], 1, 0, 2, 3);                           h->v[k] = GE26X4_BLEND(x, _mm256_sub_epi64(GE26X4_P2(k), x), 4); }
  FE26X4_LIMBS(GE26X4_CN_)
#undef GE26X4_CN_
}

/* odd[k] = (2k + 1) a in cached form for k = 0 .. cnt - 1 (cnt >= 1);
   a (TIGHT) is overwritten */
static inline void ge26x4_odd_multiples(fe26x4 *odd, ge26x4 *a, int cnt)
{
  ge26x4 s = *a;
  fe26x4 twice;
  int k;
  ge26x4_to_cached(&odd[0], a);
  ge26x4_dbl(&s);
  ge26x4_to_cached(&twice, &s);
  for (k = 1; k < cnt; ++k) {
    ge26x4_add_call(a, &twice);
    ge26x4_to_cached(&odd[k], a);
  }
}

/* a table entry [limb][lane] */
GE26X4_INLINE void fe26x4_load(fe26x4 *h, const uint64_t t[10][4])
{
  int k;
  for (k = 0; k < 10; ++k) h->v[k] = _mm256_load_si256((const __m256i *)(const void *)t[k]);
}

/* radix 2^64 (any value < 2^256) to radix 2^25.5; bit 255 folded into
   limb 0 as 19: limbs TIGHT but limb 0 < 2^26 + 19, which every use
   (sums of two, products) accepts */
GE26X4_INLINE void fe64_to_26(uint64_t h[10], const fe64 *f)
{
  const uint64_t *x = f->v;
  const uint64_t m26 = ((uint64_t)1 << 26) - 1, m25 = ((uint64_t)1 << 25) - 1;
  h[0] = (x[0] & m26) + 19 * (x[3] >> 63);
  h[1] = (x[0] >> 26) & m25;
  h[2] = ((x[0] >> 51) | (x[1] << 13)) & m26;
  h[3] = (x[1] >> 13) & m25;
  h[4] = (x[1] >> 38) & m26;
  h[5] = x[2] & m25;
  h[6] = (x[2] >> 25) & m26;
  h[7] = ((x[2] >> 51) | (x[3] << 13)) & m25;
  h[8] = (x[3] >> 12) & m26;
  h[9] = (x[3] >> 38) & m25;
}

/* the scalar point p in lanes */
GE26X4_INLINE void ge26x4_from_p3(ge26x4 *r, const ge64_p3 *p)
{
  uint64_t x[10], y[10], z[10], t[10];
  int k;
  fe64_to_26(x, &p->X);
  fe64_to_26(y, &p->Y);
  fe64_to_26(z, &p->Z);
  fe64_to_26(t, &p->T);
  for (k = 0; k < 10; ++k)
    r->v[k] = _mm256_set_epi64x((long long)t[k], (long long)z[k], (long long)y[k], (long long)x[k]);
  crypto_ct_wipe(x, sizeof x);
  crypto_ct_wipe(y, sizeof y);
  crypto_ct_wipe(z, sizeof z);
  crypto_ct_wipe(t, sizeof t);
}

/* r = the neutral element (0, 1, 1, 0) */
GE26X4_INLINE void ge26x4_0(ge26x4 *r)
{
  fe26x4_0(r);
  r->v[0] = _mm256_set_epi64x(0, 1, 1, 0);
}

#endif
