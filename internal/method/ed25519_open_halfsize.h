/* SPDX-License-Identifier: MIT */
/* Template: the verdict of Ed25519 verification (doc/verification.md)
   with half-size scalars, over the group family GE_FAMILY (group/ge51.h
   or group/ge64.h included first); doc/verification.md "Half-size
   scalars" has the argument that it equals ed25519_verdict_mgnp
   (method/ed25519_open.h, included first) on every input.

   With s = S < L, k = h mod L, A and R decoded (either failing to decode,
   or S >= L, rejects), sc25519_halfsize_vartime gives c1 odd below 2^252
   and c0 = c1 k mod 8L; then

     [c1]R + [c0]A - [c1 s mod L]G  ==  identity

   is checked, u = c1 s mod L split as u_lo + 2^128 u_hi over the tables
   of G and 2^128 G: one Straus chain of about 130 doublings for four
   scalars of about 128 bits (R and +-A width 5, 8 cached odd multiples
   each; G and 2^128 G width 8, 64 affine odd multiples each).  No
   encoding at the end: the identity is X = 0 and Y = Z.

   The includer defines
     GE_HALFSIZE_G_ODD     the table (2k+1) G, k < 64, of its family,
     GE_HALFSIZE_G128_ODD  the table (2k+1) 2^128 G, k < 64,
   and either GE_HALFSIZE_LOOP, the name of its own chain (same arguments
   and result as GE(halfsize_straus_generic) below), or nothing, for the
   generic chain over the formulas of group/ge_formulas.h; optionally
   GE_HALFSIZE_DECODE2(&A, a, &R, r), decoding both points (1 iff both
   decode, with the rules of GE(frombytes_vartime)).
   Variable time: verification handles public data only. */
#ifndef GE_FAMILY
#error "define GE_FAMILY and FE_FAMILY before including method/ed25519_open_halfsize.h"
#endif

#include "group/ge_interface.h"
#include "scalar/sc25519.h"
#include "scalar/sc25519_halfsize.h"

#define GE_HALFSIZE_WV 5   /* R and A: |digit| <= 15, 8 odd multiples */
#define GE_HALFSIZE_WG 8   /* G and 2^128 G: |digit| <= 127, 64 odd multiples */

/* odd[k] = (2k+1) p as cached points, k < 8 */
static inline void GE(halfsize_odd8)(GE(cached) odd[8], const GE(p3) *p)
{
  GE(p3) p2, t3;
  GE(p1p1) t;
  GE(cached) c2;
  int k;

  GE(p3_to_cached)(&odd[0], p);
  GE(p3_double)(&p2, p);
  GE(p3_to_cached)(&c2, &p2);
  t3 = *p;
  for (k = 1; k < 8; ++k) {
    GE(add)(&t, &t3, &c2);
    GE(p1p1_to_p3)(&t3, &t);
    GE(p3_to_cached)(&odd[k], &t3);
  }
}

/* the highest index with a nonzero digit in any of the four, or -1 */
static inline int GE(halfsize_top)(const signed char *a, const signed char *b,
                                   const signed char *c, const signed char *d)
{
  int i;
  for (i = 255; i >= 0; --i)
    if (a[i] | b[i] | c[i] | d[i]) break;
  return i;
}

#ifndef GE_HALFSIZE_LOOP
/* 1 iff sum_i (wr[i] R + wa[i] A - wl[i] G - wh[i] 2^128 G) 2^i is the
   identity, over the formulas of group/ge_formulas.h */
static int GE(halfsize_straus_generic)(const GE(p3) *R, const signed char wr[256],
                                       const GE(p3) *A, const signed char wa[256],
                                       const signed char wl[256], const signed char wh[256])
{
  GE(cached) Ri[8], Ai[8];
  GE(p1p1) t;
  GE(p3) t3;
  GE(p2) r;
  FE_T d;
  int i;

  GE(halfsize_odd8)(Ri, R);
  GE(halfsize_odd8)(Ai, A);
  i = GE(halfsize_top)(wr, wa, wl, wh);

  FE(0)(&r.X);
  FE(1)(&r.Y);
  FE(1)(&r.Z);
  for (; i >= 0; --i) {
    GE(p2_dbl)(&t, &r);
    if (wr[i] | wa[i] | wl[i] | wh[i]) {
      GE(p1p1_to_p3)(&t3, &t);
      if (wl[i] > 0) { GE(msub)(&t, &t3, &GE_HALFSIZE_G_ODD[wl[i] >> 1]); GE(p1p1_to_p3)(&t3, &t); }
      else if (wl[i] < 0) { GE(madd)(&t, &t3, &GE_HALFSIZE_G_ODD[(-wl[i]) >> 1]); GE(p1p1_to_p3)(&t3, &t); }
      if (wh[i] > 0) { GE(msub)(&t, &t3, &GE_HALFSIZE_G128_ODD[wh[i] >> 1]); GE(p1p1_to_p3)(&t3, &t); }
      else if (wh[i] < 0) { GE(madd)(&t, &t3, &GE_HALFSIZE_G128_ODD[(-wh[i]) >> 1]); GE(p1p1_to_p3)(&t3, &t); }
      if (wr[i] > 0) { GE(add)(&t, &t3, &Ri[wr[i] >> 1]); GE(p1p1_to_p3)(&t3, &t); }
      else if (wr[i] < 0) { GE(sub)(&t, &t3, &Ri[(-wr[i]) >> 1]); GE(p1p1_to_p3)(&t3, &t); }
      if (wa[i] > 0) GE(add)(&t, &t3, &Ai[wa[i] >> 1]);
      else if (wa[i] < 0) GE(sub)(&t, &t3, &Ai[(-wa[i]) >> 1]);
      else {
        /* the last addition already left its result in t3 */
        GE(p3_to_p2)(&r, &t3);
        continue;
      }
    }
    GE(p1p1_to_p2)(&r, &t);
  }

  /* identity: X = 0 and Y = Z (Z is never 0) */
  if (!FE(iszero)(&r.X)) return 0;
  FE(sub)(&d, &r.Y, &r.Z);
  return FE(iszero)(&d);
}
#define GE_HALFSIZE_LOOP GE(halfsize_straus_generic)
#endif

/* 1 accept, 0 reject, -1 no half-size vector (the caller then takes the
   full-size verdict); S < 2^253 given, as in ed25519_open_with */
static int GE(ed25519_verdict_halfsize)(const unsigned char RS[64], const unsigned char hram[64],
                                        const unsigned char A[32])
{
  GE(p3) Rp, Ap;
  sc25519 k, s, c0, c1, u, lo, hi, zero;
  signed char wr[256], wa[256], wl[256], wh[256];
  int c0neg, i;

  if (!sc25519_is_canonical(RS + 32)) return 0;
  /* an R that does not decode is never the encoding of R' */
#ifdef GE_HALFSIZE_DECODE2
  if (!GE_HALFSIZE_DECODE2(&Ap, A, &Rp, RS)) return 0;
#else
  if (!GE(frombytes_vartime)(&Ap, A)) return 0;
  if (!GE(frombytes_vartime)(&Rp, RS)) return 0;
#endif

  sc25519_from64bytes(&k, hram);
  if (!sc25519_halfsize_vartime(c0.v, &c0neg, c1.v, k.v)) return -1;
  sc25519_from32bytes(&s, RS + 32);
  for (i = 0; i < 4; ++i) zero.v[i] = 0;
  sc25519_muladd(&u, &c1, &s, &zero);
  lo = zero;
  hi = zero;
  lo.v[0] = u.v[0]; lo.v[1] = u.v[1];
  hi.v[0] = u.v[2]; hi.v[1] = u.v[3];
  if (c0neg) GE(p3_neg)(&Ap, &Ap);   /* [c0]A = [|c0|](-A) */

  sc25519_wnaf_vartime(wr, &c1, GE_HALFSIZE_WV);
  sc25519_wnaf_vartime(wa, &c0, GE_HALFSIZE_WV);
  sc25519_wnaf_vartime(wl, &lo, GE_HALFSIZE_WG);
  sc25519_wnaf_vartime(wh, &hi, GE_HALFSIZE_WG);
  return GE_HALFSIZE_LOOP(&Rp, wr, &Ap, wa, wl, wh);
}

/* the verdict of doc/verification.md: the half-size one, or the full-size
   one in the (never observed) case without a half-size vector */
static int GE(ed25519_verdict)(const unsigned char *RS, const unsigned char *hram, const unsigned char *A)
{
  int v = GE(ed25519_verdict_halfsize)(RS, hram, A);
  if (v < 0) v = ed25519_verdict_mgnp(RS, hram, A);
  return v;
}
