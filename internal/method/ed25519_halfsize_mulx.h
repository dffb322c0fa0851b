/* SPDX-License-Identifier: MIT */
/* The Straus chain of the half-size verification
   (method/ed25519_open_halfsize.h) on the BMI2/ADX assembly group
   operations of group/amd64/ge64_mulx.S: as GE(halfsize_straus_generic)
   there, each run of doublings is one call that computes T only at its
   end, and the last addition of a digit position skips T (only a
   doubling or the identity check reads the result).  Included by a
   source on group/ge64.h that links the assembly, before
   method/ed25519_open_halfsize.h; it defines GE_HALFSIZE_LOOP. */
#ifndef ED25519_HALFSIZE_MULX_H
#define ED25519_HALFSIZE_MULX_H

#include "group/ge64.h"
#include "field/fe64_pair.h"
#include "tables/ge64_G_odd.h"
#include "tables/ge64_G128_odd.h"

/* decoding A and R with their two exponentiations side by side
   (field/fe64_pair.h), the rest as group/ge_formulas.h's
   frombytes_vartime, whose two halves are called here; 1 iff both decode */
static int ge64_halfsize_mulx_decode2(ge64_p3 *A, const unsigned char a[32], ge64_p3 *R, const unsigned char r[32])
{
  fe64 ua, va, v3a, ta, ur, vr, v3r, tr;
  fe64_pair z;
  if (!ge64_frombytes_start_vartime(A, &ua, &va, &v3a, &ta, a)) return 0;
  if (!ge64_frombytes_start_vartime(R, &ur, &vr, &v3r, &tr, r)) return 0;
  fe64_pair_pack(&z, &ta, &tr);
  fe64_pair_pow22523(&z, &z);
  fe64_pair_unpack(&ta, &tr, &z);
  if (!ge64_frombytes_finish_vartime(A, &ua, &va, &v3a, &ta, a[31] >> 7)) return 0;
  return ge64_frombytes_finish_vartime(R, &ur, &vr, &v3r, &tr, r[31] >> 7);
}

/* odd[k] = (2k+1) p, k < 8 */
static inline void ge64_halfsize_mulx_odd8(ge64_cached odd[8], const ge64_p3 *p)
{
  ge64_p3 r;
  ge64_cached p2;
  int k;

  ge64_p3_to_cached(&odd[0], p);
  ge64_mulx_dbl_p3(&r, p);
  ge64_p3_to_cached(&p2, &r);
  r = *p;
  for (k = 1; k < 8; ++k) {
    ge64_mulx_add_p3(&r, &p2);
    ge64_p3_to_cached(&odd[k], &r);
  }
}

/* 1 iff sum_i (wr[i] R + wa[i] A - wl[i] G - wh[i] 2^128 G) 2^i is the identity */
static int ge64_halfsize_straus_mulx(const ge64_p3 *R, const signed char wr[256],
                                     const ge64_p3 *A, const signed char wa[256],
                                     const signed char wl[256], const signed char wh[256])
{
  ge64_cached Ri[8], Ai[8];
  ge64_p3 Q;
  fe64 d;
  int i, prev, n;

  ge64_halfsize_mulx_odd8(Ri, R);
  ge64_halfsize_mulx_odd8(Ai, A);
  for (i = 255; i >= 0; --i)
    if (wr[i] | wa[i] | wl[i] | wh[i]) break;

  ge64_p3_0(&Q);
  prev = i + 1;
  for (; i >= 0; --i) {
    int dl = wl[i], dh = wh[i], dr = wr[i], da = wa[i];
    if (!(dl | dh | dr | da)) continue;
    ge64_mulx_dbl_run_p3(&Q, &Q, prev - i);
    prev = i;
    n = (dl != 0) + (dh != 0) + (dr != 0) + (da != 0);
    /* the G digits are subtracted: the chain computes ... - [u]G */
    if (dl) {
      --n;
      if (dl > 0) { if (n) ge64_mulx_msub_p3(&Q, &ge64_G_odd64[dl >> 1]); else ge64_mulx_msub_p2(&Q, &ge64_G_odd64[dl >> 1]); }
      else { if (n) ge64_mulx_madd_p3(&Q, &ge64_G_odd64[(-dl) >> 1]); else ge64_mulx_madd_p2(&Q, &ge64_G_odd64[(-dl) >> 1]); }
    }
    if (dh) {
      --n;
      if (dh > 0) { if (n) ge64_mulx_msub_p3(&Q, &ge64_G128_odd64[dh >> 1]); else ge64_mulx_msub_p2(&Q, &ge64_G128_odd64[dh >> 1]); }
      else { if (n) ge64_mulx_madd_p3(&Q, &ge64_G128_odd64[(-dh) >> 1]); else ge64_mulx_madd_p2(&Q, &ge64_G128_odd64[(-dh) >> 1]); }
    }
    if (dr) {
      --n;
      if (dr > 0) { if (n) ge64_mulx_add_p3(&Q, &Ri[dr >> 1]); else ge64_mulx_add_p2(&Q, &Ri[dr >> 1]); }
      else { if (n) ge64_mulx_sub_p3(&Q, &Ri[(-dr) >> 1]); else ge64_mulx_sub_p2(&Q, &Ri[(-dr) >> 1]); }
    }
    if (da) {
      if (da > 0) ge64_mulx_add_p2(&Q, &Ai[da >> 1]);
      else ge64_mulx_sub_p2(&Q, &Ai[(-da) >> 1]);
    }
  }
  if (prev > 0) ge64_mulx_dbl_run_p2(&Q, &Q, prev);

  /* identity: X = 0 and Y = Z (Z is never 0) */
  if (!fe64_iszero(&Q.X)) return 0;
  fe64_sub(&d, &Q.Y, &Q.Z);
  return fe64_iszero(&d);
}

#define GE_HALFSIZE_LOOP ge64_halfsize_straus_mulx
#define GE_HALFSIZE_DECODE2 ge64_halfsize_mulx_decode2
#define GE_HALFSIZE_G_ODD ge64_G_odd64
#define GE_HALFSIZE_G128_ODD ge64_G128_odd64

#endif
