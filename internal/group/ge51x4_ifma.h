/* SPDX-License-Identifier: MIT */
/* Edwards25519 points for AVX-512 IFMA on 256-bit vectors (AVX512VL):
   the four coordinates (X, Y, Z, T) of a point in the four 64-bit lanes
   of five vectors, one per radix-2^51 limb (fe51x4).  Shared by
   crypto_mGnP/ed25519/fe51x4-wnaf-coords and
   crypto_multiscalar/ed25519/fe51x4-straus-pippenger-coords; the includer first
   includes "field/fe64.h" and "group/ge64.h" (the scalar radix-2^64
   points, for the conversions).

   Formulas (Hisil-Wong-Carter-Dawson, a = -1); each operation is two
   four-lane multiplications deep, everything between them is lane
   permutations, additions and one parallel carry round:

     doubling of (X, Y, Z, T) (T not read):
       (A, B, C, D) = (X^2, Y^2, Z^2, (X+Y)^2)                   one squaring
       E = D - A - B, G = B - A, F = G - 2C, H = -(A + B)
       (X3, Y3, Z3, T3) = (-F, -H, -F, -H) (-E, -G, -G, -E)     one product
     addition of a cached point (y2-x2, y2+x2, 2d t2, 2 z2):
       (A, B, C, D) = (Y1-X1, Y1+X1, T1, Z1) (y2-x2, y2+x2, 2d t2, 2 z2)
       E = B - A, H = B + A, F = D - C, G = D + C
       (X3, Y3, Z3, T3) = (E, H, F, E) (F, G, G, H)
     subtraction: the cached point with lanes 0 and 1 exchanged and lane
     2 negated.

   Limbs: f = f0 + f1 2^51 + f2 2^102 + f3 2^153 + f4 2^204, lane by lane.
   The multiplier reads only the low 52 bits of a limb, so its inputs must
   be CARRIED: limbs < 2^52.  One parallel carry round turns limbs < 2^64
   into limbs < 2^51 + 2^18: CARRIED.  Products are left unreduced, limbs
   < M = 300 2^52 < 2^60.3 (see field/fe51_ifma_lanes.h); running points are kept in
   that form, and the linear combinations that follow every product add a
   multiple of p (Q = 2^11 p, limbs > M) where they subtract, then carry
   once.  Cached points are CARRIED. */
#if !defined(FIELD_FE64_H) || !defined(GROUP_GE64_H)
#error "include field/fe64.h and group/ge64.h (the radix-2^64 points of the conversions) before group/ge51x4_ifma.h"
#endif
#ifndef GROUP_GE51X4_IFMA_H
#define GROUP_GE51X4_IFMA_H

#include <stdint.h>
#include <immintrin.h>
#include "field/fe51x4_ifma.h"

/* lane j of the result = lane (a, b, c, d)[j] of x */
#define PERM(x, a, b, c, d) _mm256_permute4x64_epi64((x), _MM_SHUFFLE(d, c, b, a))

/* Q = 2^11 p limb by limb: limb 0 is 2^62 - 19 2^11, the others
   2^62 - 2^11; every limb exceeds M */
#define Q_LIMB(k) ((k) ? ((uint64_t)1 << 62) - ((uint64_t)1 << 11) \
                       : ((uint64_t)1 << 62) - 19 * ((uint64_t)1 << 11))
/* 4p: limbs 2^53 - 76 and 2^53 - 4, above any CARRIED limb */
#define P4_LIMB(k) ((k) ? ((uint64_t)1 << 53) - 4 : ((uint64_t)1 << 53) - 76)

/* limb k of (X, Y, Z, X+Y) from limb k of (X, Y, Z, T) (limbs < M):
   < 2M < 2^62 */
INLINE __m256i dbl_in_limb(__m256i x)
{
  return _mm256_mask_add_epi64(x, 0x8, PERM(x, 0, 0, 0, 0), PERM(x, 1, 1, 1, 1));
}

/* limb k of (-H, -G, -F, -E) = (A + B, A - B, A - B + 2C, A + B - D)
   from limb k of (A, B, C, D) (limbs < M), plus Q in lanes 1..3:
   < 3M + 2^62 < 2^63, and nonnegative since Q > M */
INLINE __m256i dbl_mid_limb(__m256i s, int k)
{
  const __m256i q = V_SET1(Q_LIMB(k));
  __m256i a = PERM(s, 0, 0, 0, 0), b = PERM(s, 1, 1, 1, 1);
  __m256i z = _mm256_maskz_sub_epi64(0x8, q, s);        /* (0, 0, 0, Q - D) */
  z = _mm256_mask_add_epi64(z, 0x4, s, s);              /* (0, 0, 2C, Q - D) */
  b = _mm256_mask_sub_epi64(b, 0x6, q, b);              /* (B, Q - B, Q - B, B) */
  return V_ADD(V_ADD(a, b), z);
}

/* r = 2 r; r unreduced (limbs < M) in and out, T not needed on input */
INLINE void ge51x4_dbl(fe51x4 *r)
{
  fe51x4 w, s, f, g;
  fe51x4_carry5(&w, dbl_in_limb(r->v[0]), dbl_in_limb(r->v[1]), dbl_in_limb(r->v[2]),
         dbl_in_limb(r->v[3]), dbl_in_limb(r->v[4]));
  fe51x4_sq(&s, &w);
  fe51x4_carry5(&w, dbl_mid_limb(s.v[0], 0), dbl_mid_limb(s.v[1], 1), dbl_mid_limb(s.v[2], 2),
         dbl_mid_limb(s.v[3], 3), dbl_mid_limb(s.v[4], 4));
  /* (-F, -H, -F, -H) (-E, -G, -G, -E) = (EF, GH, FG, EH) */
#define FG_LIMB(k) f.v[k] = PERM(w.v[k], 2, 0, 2, 0); g.v[k] = PERM(w.v[k], 3, 1, 1, 3)
  FG_LIMB(0); FG_LIMB(1); FG_LIMB(2); FG_LIMB(3); FG_LIMB(4);
#undef FG_LIMB
  fe51x4_mul(r, &f, &g);
}

/* r = 2^n r for n >= 1: one copy of the doubling code, the point in
   registers across the run */
static __attribute__((noinline, unused)) void ge51x4_dbl_run(fe51x4 *r, int n)
{
  fe51x4 t = *r;
  do ge51x4_dbl(&t); while (--n > 0);
  *r = t;
}

/* limb k of (Y - X + Q, Y + X, T, Z) from limb k of (X, Y, Z, T)
   (limbs < M): < M + 2^62 */
INLINE __m256i add_in_limb(__m256i x, int k)
{
  const __m256i q = V_SET1(Q_LIMB(k));
  __m256i p = PERM(x, 1, 1, 3, 2), xx = PERM(x, 0, 0, 0, 0);
  return _mm256_mask_sub_epi64(_mm256_mask_add_epi64(p, 0x2, p, xx), 0x1, V_ADD(p, q), xx);
}

/* w = (Y - X, Y + X, T, Z) of r, CARRIED */
INLINE void ge51x4_add_in(fe51x4 *w, const fe51x4 *r)
{
  fe51x4_carry5(w, add_in_limb(r->v[0], 0), add_in_limb(r->v[1], 1), add_in_limb(r->v[2], 2),
         add_in_limb(r->v[3], 3), add_in_limb(r->v[4], 4));
}

/* limb k of (E, H, F, G) = (B - A, B + A, D - C, D + C) from limb k of
   (A, B, C, D) (limbs < M), plus Q in lanes 0 and 2: < M + 2^62 */
INLINE __m256i add_mid_limb(__m256i s, int k)
{
  const __m256i q = V_SET1(Q_LIMB(k));
  __m256i t = _mm256_shuffle_epi32(s, _MM_SHUFFLE(1, 0, 3, 2));   /* (B, A, D, C) */
  return V_ADD(t, _mm256_mask_sub_epi64(s, 0x5, q, s));
}

/* r = r + c, c a cached point (y2-x2, y2+x2, 2d t2, 2 z2), CARRIED;
   r unreduced (limbs < M) in and out */
INLINE void ge51x4_add(fe51x4 *r, const fe51x4 *c)
{
  fe51x4 w, s, f, g;
  ge51x4_add_in(&w, r);
  fe51x4_mul(&s, &w, c);
  fe51x4_carry5(&w, add_mid_limb(s.v[0], 0), add_mid_limb(s.v[1], 1), add_mid_limb(s.v[2], 2),
         add_mid_limb(s.v[3], 3), add_mid_limb(s.v[4], 4));
  /* (E, H, F, E) (F, G, G, H) = (EF, HG, FG, EH) */
#define FG_LIMB(k) f.v[k] = PERM(w.v[k], 0, 1, 2, 0); g.v[k] = PERM(w.v[k], 2, 3, 3, 1)
  FG_LIMB(0); FG_LIMB(1); FG_LIMB(2); FG_LIMB(3); FG_LIMB(4);
#undef FG_LIMB
  fe51x4_mul(r, &f, &g);
}

static __attribute__((noinline, unused)) void ge51x4_add_call(fe51x4 *r, const fe51x4 *c)
{
  ge51x4_add(r, c);
}

/* h = -c for a cached point c, CARRIED: lanes 0 and 1 exchanged and
   lane 2 replaced by 4p - c2 (< 2^53, carried again) */
INLINE void ge51x4_cached_neg(fe51x4 *h, const fe51x4 *c)
{
  __m256i r[5];
  int k;
  for (k = 0; k < 5; ++k) {
    __m256i x = PERM(c->v[k], 1, 0, 2, 3);
    r[k] = _mm256_mask_sub_epi64(x, 0x4, V_SET1(P4_LIMB(k)), x);
  }
  fe51x4_carry5(h, r[0], r[1], r[2], r[3], r[4]);
}

/* 2d, radix 2^51 */
static const uint64_t d2_51[5] = {
  0x69b9426b2f159ULL, 0x35050762add7aULL, 0x3cf44c0038052ULL, 0x6738cc7407977ULL, 0x2406d9dc56dffULL
};

/* c = the cached form (Y-X, Y+X, 2d T, 2Z) of r (limbs < M), CARRIED */
INLINE void ge51x4_to_cached(fe51x4 *c, const fe51x4 *r)
{
  fe51x4 w, s, k;
  int i;
  for (i = 0; i < 5; ++i)
    k.v[i] = _mm256_set_epi64x(i ? 0 : 2, (long long)d2_51[i], i ? 0 : 1, i ? 0 : 1);
  ge51x4_add_in(&w, r);
  fe51x4_mul(&s, &w, &k);
  fe51x4_carry5(c, s.v[0], s.v[1], s.v[2], s.v[3], s.v[4]);
}

/* odd[k] = (2k + 1) a in cached form for k = 0 .. cnt - 1 (cnt >= 1);
   a (limbs < M) is overwritten */
static inline void ge51x4_odd_multiples(fe51x4 *odd, fe51x4 *a, int cnt)
{
  fe51x4 s = *a, twice;
  int k;
  ge51x4_to_cached(&odd[0], a);
  ge51x4_dbl(&s);
  ge51x4_to_cached(&twice, &s);
  for (k = 1; k < cnt; ++k) {
    ge51x4_add_call(a, &twice);
    ge51x4_to_cached(&odd[k], a);
  }
}

/* radix 2^64 (any value < 2^256) to radix 2^51, limbs < 2^51 + 19 */
static inline void fe64_to_51(uint64_t h[5], const fe64 *f)
{
  const uint64_t *x = f->v;
  h[0] = (x[0] & MASK51) + 19 * (x[3] >> 63);   /* 2^255 = 19 */
  h[1] = ((x[0] >> 51) | (x[1] << 13)) & MASK51;
  h[2] = ((x[1] >> 38) | (x[2] << 26)) & MASK51;
  h[3] = ((x[2] >> 25) | (x[3] << 39)) & MASK51;
  h[4] = (x[3] >> 12) & MASK51;
}

/* r = (a, b, c, d) in lanes 0..3; limbs < 2^51 + 19 (CARRIED, and a
   valid running point) */
static inline void fe51x4_pack(fe51x4 *r, const fe64 *a, const fe64 *b, const fe64 *c,
                            const fe64 *d)
{
  uint64_t x[5], y[5], z[5], t[5];
  int k;
  fe64_to_51(x, a);
  fe64_to_51(y, b);
  fe64_to_51(z, c);
  fe64_to_51(t, d);
  for (k = 0; k < 5; ++k)
    r->v[k] = _mm256_set_epi64x((long long)t[k], (long long)z[k], (long long)y[k], (long long)x[k]);
}

/* the point p in lanes */
static inline void ge51x4_from_p3(fe51x4 *r, const ge64_p3 *p)
{
  fe51x4_pack(r, &p->X, &p->Y, &p->Z, &p->T);
}

/* radix 2^51 limbs (after one carry round: limbs < 2^51 + 2^18, value
   < 2^256) to radix 2^64 */
static inline void fe51_to_64(fe64 *h, const uint64_t l[5])
{
  unsigned __int128 acc;
  acc = (unsigned __int128)l[0] + ((unsigned __int128)l[1] << 51);
  h->v[0] = (uint64_t)acc;
  acc >>= 64;
  acc += (unsigned __int128)l[2] << 38;
  h->v[1] = (uint64_t)acc;
  acc >>= 64;
  acc += ((unsigned __int128)l[3] << 25) + ((unsigned __int128)l[4] << 76);
  h->v[2] = (uint64_t)acc;
  h->v[3] = (uint64_t)(acc >> 64);
}

/* lanes 0..3 of r (limbs < 2^64) as radix-2^64 elements a, b, c, d */
static inline void fe51x4_unpack(fe64 *a, fe64 *b, fe64 *c, fe64 *d, const fe51x4 *r)
{
  uint64_t l[5][4] __attribute__((aligned(32)));
  uint64_t x[4][5];
  fe51x4 w;
  int k, j;
  fe51x4_carry5(&w, r->v[0], r->v[1], r->v[2], r->v[3], r->v[4]);
  for (k = 0; k < 5; ++k) _mm256_store_si256((__m256i *)l[k], w.v[k]);
  for (j = 0; j < 4; ++j)
    for (k = 0; k < 5; ++k) x[j][k] = l[k][j];
  fe51_to_64(a, x[0]);
  fe51_to_64(b, x[1]);
  fe51_to_64(c, x[2]);
  fe51_to_64(d, x[3]);
}

/* the running point r (limbs < M) as a scalar ge64_p3 */
static inline void ge51x4_to_p3(ge64_p3 *p, const fe51x4 *r)
{
  fe51x4_unpack(&p->X, &p->Y, &p->Z, &p->T, r);
}

INLINE void fe51x4_load(fe51x4 *h, const uint64_t t[5][4])
{
  int k;
  for (k = 0; k < 5; ++k) h->v[k] = _mm256_load_si256((const __m256i *)t[k]);
}

#endif
