/* SPDX-License-Identifier: MIT */
/* The Straus chain and the decoding of the half-size verification
   (method/ed25519_open_halfsize.h) on the BMI2/ADX assembly: the chain
   as GE(halfsize_straus_generic) there, on the two variable-time
   functions of group/amd64/ge64_mulx_vartime.S (one addition whose
   variant is given by flags, one doubling run: little code, so a cold
   verification fetches little); each run of doublings is one call that
   computes T only at its end, and the last addition of a digit position
   skips T (only a doubling or the identity check reads the result).
   Decoding treats A and R side by side, every multiplication and squaring
   of the two in one call (field/fe64_pair.h).
   Included by a source on group/ge64.h whose .S file links
   field/amd64/fe64_mulx_pair.S and group/amd64/ge64_mulx_vartime.S,
   before method/ed25519_open_halfsize.h; it defines GE_HALFSIZE_LOOP,
   GE_HALFSIZE_DECODE2 and the tables. */
#ifndef ED25519_HALFSIZE_MULX_H
#define ED25519_HALFSIZE_MULX_H

#include "group/ge64.h"
#include "field/fe64_pair.h"
#include "group/ge64_mulx_vartime.h"
#include "tables/ge64_G_odd.h"
#include "tables/ge64_G128_odd.h"

/* decoding A and R (index 0 and 1 of the pairs) with every multiplication
   and squaring done for both in one call (field/fe64_pair.h): the steps
   and rules of group/ge_formulas.h's frombytes_vartime, that is
   u = y^2 - 1, v = d y^2 + 1, w = (u v^7)^((p-5)/8), x = u v^3 w, then
   v x^2 = u (x is the root), v x^2 = -u (sqrt(-1) x is), or no point;
   x = 0 with the sign bit set rejected, x negated to the sign bit.
   1 iff both decode (h undefined otherwise). */
static int ge64_halfsize_mulx_decode2(ge64_p3 *A, const unsigned char a[32], ge64_p3 *R, const unsigned char r[32])
{
  const unsigned char *s[2] = {a, r};
  ge64_p3 *h[2] = {A, R};
  fe64_pair y, u, v, v3, t, x, one2, d2;
  fe64 c;
  int j, sign;

  if (!ge64_y_is_canonical_vartime(a) || !ge64_y_is_canonical_vartime(r)) return 0;
  for (j = 0; j < 2; ++j) {
    fe64_frombytes(&y.e[j], s[j]);
    fe64_1(&one2.e[j]);
    d2.e[j] = ge64_d;
  }
  fe64_pair_sq(&u, &y);
  fe64_pair_mul(&v, &u, &d2);
  for (j = 0; j < 2; ++j) {
    fe64_sub(&u.e[j], &u.e[j], &one2.e[j]);   /* y^2 - 1 */
    fe64_add(&v.e[j], &v.e[j], &one2.e[j]);   /* d y^2 + 1 */
  }
  fe64_pair_sq(&v3, &v);
  fe64_pair_mul(&v3, &v3, &v);                /* v^3 */
  fe64_pair_sq(&t, &v3);
  fe64_pair_mul(&t, &t, &v);                  /* v^7 */
  fe64_pair_mul(&t, &t, &u);                  /* u v^7 */
  fe64_pair_pow22523(&t, &t);
  fe64_pair_mul(&x, &t, &v3);
  fe64_pair_mul(&x, &x, &u);                  /* x = u v^3 (u v^7)^((p-5)/8) */
  fe64_pair_sq(&t, &x);
  fe64_pair_mul(&t, &t, &v);                  /* v x^2 */
  for (j = 0; j < 2; ++j) {
    fe64_sub(&c, &t.e[j], &u.e[j]);
    if (!fe64_iszero(&c)) {
      fe64_add(&c, &t.e[j], &u.e[j]);
      if (!fe64_iszero(&c)) return 0;
      fe64_mul(&x.e[j], &x.e[j], &ge64_sqrtm1);
    }
    sign = s[j][31] >> 7;
    if (fe64_iszero(&x.e[j]) && sign) return 0;
    if (fe64_isnegative(&x.e[j]) != sign) fe64_neg(&x.e[j], &x.e[j]);
  }
  fe64_pair_mul(&t, &x, &y);                  /* T = X Y */
  for (j = 0; j < 2; ++j) {
    h[j]->X = x.e[j];
    h[j]->Y = y.e[j];
    fe64_1(&h[j]->Z);
    h[j]->T = t.e[j];
  }
  return 1;
}

/* the odd multiples of R and A the chain reads: 1, 3, ..., 15 for the
   digits of width GE_HALFSIZE_WV = 5 (method/ed25519_open_halfsize.h;
   width 4 measured no faster) */
#define GE64_HALFSIZE_NODD 8

/* odd[k] = (2k+1) p, k < GE64_HALFSIZE_NODD */
static inline void ge64_halfsize_mulx_odd(ge64_cached odd[GE64_HALFSIZE_NODD], const ge64_p3 *p)
{
  ge64_p3 r;
  ge64_cached p2;
  int k;

  ge64_p3_to_cached(&odd[0], p);
  ge64_mulx_dbl_run_vartime(&r, p, 1, 1);
  ge64_p3_to_cached(&p2, &r);
  r = *p;
  for (k = 1; k < GE64_HALFSIZE_NODD; ++k) {
    ge64_mulx_add_vartime(&r, &p2, GE64_VT_T);
    ge64_p3_to_cached(&odd[k], &r);
  }
}

/* the entry of odd digit d != 0 (|d| >> 1) and its flag GE64_VT_NEG (d < 0) */
#define GE64_HALFSIZE_INDEX(d) (((d) ^ ((d) >> 7)) >> 1)
#define GE64_HALFSIZE_NEG(d) (((d) >> 7) & GE64_VT_NEG)

/* both cache lines of each G table entry the chain will read, fetched
   while the odd multiples of R and A are computed (the tables are cold
   in a program that verifies now and then) */
static inline void ge64_halfsize_mulx_prefetch(const signed char wl[256], const signed char wh[256], int top)
{
  int i;
  for (i = top; i >= 0; --i) {
    if (wl[i]) {
      const char *e = (const char *)&ge64_G_odd64[GE64_HALFSIZE_INDEX(wl[i])];
      __builtin_prefetch(e);
      __builtin_prefetch(e + sizeof(ge64_precomp) - 1);
    }
    if (wh[i]) {
      const char *e = (const char *)&ge64_G128_odd64[GE64_HALFSIZE_INDEX(wh[i])];
      __builtin_prefetch(e);
      __builtin_prefetch(e + sizeof(ge64_precomp) - 1);
    }
  }
}

/* 1 iff sum_i (wr[i] R + wa[i] A - wl[i] G - wh[i] 2^128 G) 2^i is the
   identity; every group operation is one of the two variable-time
   functions of group/amd64/ge64_mulx_vartime.S, the digit's sign and the
   need of T given as flags */
static int ge64_halfsize_straus_mulx(const ge64_p3 *R, const signed char wr[256],
                                     const ge64_p3 *A, const signed char wa[256],
                                     const signed char wl[256], const signed char wh[256])
{
  ge64_cached Ri[GE64_HALFSIZE_NODD], Ai[GE64_HALFSIZE_NODD];
  ge64_p3 Q;
  fe64 d;
  int i, prev, first;

  for (i = 255; i >= 0; --i)
    if (wr[i] | wa[i] | wl[i] | wh[i]) break;
  ge64_halfsize_mulx_prefetch(wl, wh, i);
  ge64_halfsize_mulx_odd(Ri, R);
  ge64_halfsize_mulx_odd(Ai, A);

  ge64_p3_0(&Q);
  prev = i;
  first = 1;
  for (; i >= 0; --i) {
    int dl = wl[i], dh = wh[i], dr = wr[i], da = wa[i];
    if (!(dl | dh | dr | da)) continue;
    /* the identity needs no doubling; the additions read T */
    if (!first) ge64_mulx_dbl_run_vartime(&Q, &Q, prev - i, 1);
    first = 0;
    prev = i;
    /* T is needed by every addition but the position's last; the G
       digits are subtracted: the chain computes ... - [u]G */
    if (dl)
      ge64_mulx_add_vartime(&Q, &ge64_G_odd64[GE64_HALFSIZE_INDEX(dl)],
                            GE64_VT_AFFINE | (GE64_VT_NEG ^ GE64_HALFSIZE_NEG(dl)) | ((dh | dr | da) ? GE64_VT_T : 0));
    if (dh)
      ge64_mulx_add_vartime(&Q, &ge64_G128_odd64[GE64_HALFSIZE_INDEX(dh)],
                            GE64_VT_AFFINE | (GE64_VT_NEG ^ GE64_HALFSIZE_NEG(dh)) | ((dr | da) ? GE64_VT_T : 0));
    if (dr)
      ge64_mulx_add_vartime(&Q, &Ri[GE64_HALFSIZE_INDEX(dr)], GE64_HALFSIZE_NEG(dr) | (da ? GE64_VT_T : 0));
    if (da)
      ge64_mulx_add_vartime(&Q, &Ai[GE64_HALFSIZE_INDEX(da)], GE64_HALFSIZE_NEG(da));
  }
  if (prev > 0) ge64_mulx_dbl_run_vartime(&Q, &Q, prev, 0);

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
