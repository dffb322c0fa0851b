/* SPDX-License-Identifier: MIT */
/* The Straus chain of the half-size verification
   (method/ed25519_open_halfsize.h) with AVX2: the four coordinates of a
   point in the four lanes of ten radix-2^25.5 vectors
   (group/ge26x4_avx2.h), as in crypto_mGnP/ed25519/fe26x4-wnaf-coords;
   the AVX2 counterpart of method/ed25519_halfsize_ifma.h.  R and A come
   decoded on the radix-2^64 code (group/ge64.h), their two
   exponentiations in lanes 0 and 1 of one chain; their 8 odd multiples
   and negatives are cached lane vectors, G and 2^128 G come from the lane
   tables.  Included by a source on group/ge64.h that links the assembly,
   before method/ed25519_open_halfsize.h (with GE_FAMILY ge64); it
   defines GE_HALFSIZE_LOOP. */
#ifndef ED25519_HALFSIZE_AVX2_H
#define ED25519_HALFSIZE_AVX2_H

#include <immintrin.h>
#include "group/ge64.h"
#include "group/ge26x4_avx2.h"
#include "tables/ge26x4_G_odd.h"
#include "tables/ge26x4_G128_odd.h"

/* decoding A and R with their two exponentiations in lanes 0 and 1 of
   one chain (the rest as group/ge_formulas.h's frombytes_vartime, whose
   two halves are called here); 1 iff both decode */
static int ge26x4_halfsize_decode2(ge64_p3 *A, const unsigned char a[32], ge64_p3 *R, const unsigned char r[32])
{
  fe64 ua, va, v3a, ta, ur, vr, v3r, tr, one, one2;
  fe64 *out[4];
  uint64_t la[10], lr[10];
  fe26x4o z, w;
  int k;
  if (!ge64_frombytes_start_vartime(A, &ua, &va, &v3a, &ta, a)) return 0;
  if (!ge64_frombytes_start_vartime(R, &ur, &vr, &v3r, &tr, r)) return 0;
  fe64_to_26(la, &ta);
  fe64_to_26(lr, &tr);
  for (k = 0; k < 10; ++k)
    z.v[k] = _mm256_set_epi64x(0, k ? 0 : 1, (long long)lr[k], (long long)la[k]);
  fe26x4o_pow22523(&w, &z);
  out[0] = &ta;
  out[1] = &tr;
  out[2] = &one;
  out[3] = &one2;
  fe26x4_unpack(out, &w);
  if (!ge64_frombytes_finish_vartime(A, &ua, &va, &v3a, &ta, a[31] >> 7)) return 0;
  return ge64_frombytes_finish_vartime(R, &ur, &vr, &v3r, &tr, r[31] >> 7);
}

/* 1 iff sum_i (wr[i] R + wa[i] A - wl[i] G - wh[i] 2^128 G) 2^i is the identity */
static int ge26x4_halfsize_straus_avx2(const ge64_p3 *R, const signed char wr[256],
                                       const ge64_p3 *A, const signed char wa[256],
                                       const signed char wl[256], const signed char wh[256])
{
  ge26x4 Q;
  fe26x4 Ri[8], Rin[8], Ai[8], Ain[8], T;
  ge64_p3 P;
  fe64 d;
  int i, k, prev;

  ge26x4_from_p3(&Q, R);
  ge26x4_odd_multiples(Ri, &Q, 8);
  ge26x4_from_p3(&Q, A);
  ge26x4_odd_multiples(Ai, &Q, 8);
  for (k = 0; k < 8; ++k) {
    ge26x4_cached_neg(&Rin[k], &Ri[k]);
    ge26x4_cached_neg(&Ain[k], &Ai[k]);
  }
  for (i = 255; i >= 0; --i)
    if (wr[i] | wa[i] | wl[i] | wh[i]) break;

  ge26x4_0(&Q);
  prev = i + 1;
  for (; i >= 0; --i) {
    int dl = wl[i], dh = wh[i], dr = wr[i], da = wa[i];
    if (!(dl | dh | dr | da)) continue;
    ge26x4_dbl_run(&Q, prev - i);
    prev = i;
    /* the G digits are subtracted: the chain computes ... - [u]G */
    if (dl) {
      fe26x4_load(&T, ge26x4_G_odd[(dl > 0 ? dl : -dl) >> 1]);
      if (dl > 0) ge26x4_cached_neg(&T, &T);
      ge26x4_add_call(&Q, &T);
    }
    if (dh) {
      fe26x4_load(&T, ge26x4_G128_odd[(dh > 0 ? dh : -dh) >> 1]);
      if (dh > 0) ge26x4_cached_neg(&T, &T);
      ge26x4_add_call(&Q, &T);
    }
    if (dr > 0) ge26x4_add_call(&Q, &Ri[dr >> 1]);
    else if (dr < 0) ge26x4_add_call(&Q, &Rin[(-dr) >> 1]);
    if (da > 0) ge26x4_add_call(&Q, &Ai[da >> 1]);
    else if (da < 0) ge26x4_add_call(&Q, &Ain[(-da) >> 1]);
  }
  if (prev > 0) ge26x4_dbl_run(&Q, prev);

  /* identity: X = 0 and Y = Z (Z is never 0) */
  ge26x4_to_p3(&P, &Q);
  if (!fe64_iszero(&P.X)) return 0;
  fe64_sub(&d, &P.Y, &P.Z);
  return fe64_iszero(&d);
}

#define GE_HALFSIZE_LOOP ge26x4_halfsize_straus_avx2
#define GE_HALFSIZE_DECODE2 ge26x4_halfsize_decode2
#define GE_HALFSIZE_G_ODD ge26x4_G_odd
#define GE_HALFSIZE_G128_ODD ge26x4_G128_odd

#endif
