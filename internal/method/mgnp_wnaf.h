/* SPDX-License-Identifier: MIT */
/* crypto_mGnP_ed25519 written once over a group family whose point
   operations are the C formulas of group/ge_formulas.h (ge51, ge64arm):
   this file defines the implementation's crypto_mGnP(out, m, n, P),
     out = enc((m mod L) G - (n mod L) P), out[32] = status.
   Variable time: it is for signature verification, every input is public.

   Double-scalar multiplication by Straus's method with width-w NAFs
   ("Shamir's trick"): one chain of about 253 doublings shared by both
   scalars.  G uses width 8 and the 64 precomputed affine odd multiples
   G, 3G, ..., 127G (mixed additions); -P uses width 5 and 8 odd multiples
   computed here in cached projective form.

   Status (doc/api.md): 1 iff m < L and P is a canonical encoding of a curve
   point.  Otherwise the output is still defined: m mod L is used, and an
   invalid P is replaced by -C, C being the point with y = 26 and even x.

   The includer includes its field and group headers, scalar/sc25519.h and
   its odd-multiples table first, and defines around the inclusion
     FE_FAMILY, GE_FAMILY   the families (fe51 and ge51, ...)
     MGNP_WNAF_G_ODD        the table: GE(precomp) [64], entry k = (2k+1)G
   It is the whole body of an implementation's mGnP.c (the generated
   crypto_mGnP.h names crypto_mGnP), so one inclusion per file. */
#if !defined(FE_FAMILY) || !defined(GE_FAMILY) || !defined(MGNP_WNAF_G_ODD)
#error "define FE_FAMILY, GE_FAMILY and MGNP_WNAF_G_ODD (the odd multiples of G) before including method/mgnp_wnaf.h"
#endif
#include "group/ge_interface.h"

#define MGNP_WNAF_WG 8   /* window of G: |digit| <= 127, table of 64 */
#define MGNP_WNAF_WP 5   /* window of P: |digit| <= 15, table of 8 */

/* y = 26, x even */
static const unsigned char point_C[32] = { 26 };

void crypto_mGnP(unsigned char *out, const unsigned char *m, const unsigned char *n, const unsigned char *P)
{
  GE(p3) A, A2, t3;
  GE(cached) Ai[8];
  GE(p1p1) t;
  GE(p2) r;
  sc25519 ms, ns;
  signed char mw[256], nw[256];
  int ok, i, k;

  ok = sc25519_is_canonical(m);
  if (GE(frombytes_vartime)(&A, P)) {
    GE(p3_neg)(&A, &A);          /* we add multiples of -P */
  } else {
    ok = 0;
    GE(frombytes_vartime)(&A, point_C);   /* -P = C */
  }

  sc25519_from32bytes(&ms, m);
  sc25519_from64bytes(&ns, n);
  sc25519_wnaf_vartime(mw, &ms, MGNP_WNAF_WG);
  sc25519_wnaf_vartime(nw, &ns, MGNP_WNAF_WP);

  /* Ai[k] = (2k+1)(-P) */
  GE(p3_to_cached)(&Ai[0], &A);
  GE(p3_double)(&A2, &A);
  for (k = 1; k < 8; ++k) {
    GE(add)(&t, &A2, &Ai[k - 1]);
    GE(p1p1_to_p3)(&t3, &t);
    GE(p3_to_cached)(&Ai[k], &t3);
  }

  for (i = 255; i >= 0; --i)
    if (mw[i] || nw[i]) break;

  FE(0)(&r.X);
  FE(1)(&r.Y);
  FE(1)(&r.Z);
  for (; i >= 0; --i) {
    GE(p2_dbl)(&t, &r);
    if (mw[i] || nw[i]) {
      GE(p1p1_to_p3)(&t3, &t);
      if (mw[i] > 0) {
        GE(madd)(&t, &t3, &MGNP_WNAF_G_ODD[mw[i] / 2]);
        if (nw[i]) GE(p1p1_to_p3)(&t3, &t);
      } else if (mw[i] < 0) {
        GE(msub)(&t, &t3, &MGNP_WNAF_G_ODD[(-mw[i]) / 2]);
        if (nw[i]) GE(p1p1_to_p3)(&t3, &t);
      }
      if (nw[i] > 0) GE(add)(&t, &t3, &Ai[nw[i] / 2]);
      else if (nw[i] < 0) GE(sub)(&t, &t3, &Ai[(-nw[i]) / 2]);
    }
    GE(p1p1_to_p2)(&r, &t);
  }

  /* encode the p2 result (x = X/Z, y = Y/Z) */
  {
    FE_T zi, x, y;
    FE(invert)(&zi, &r.Z);
    FE(mul)(&x, &r.X, &zi);
    FE(mul)(&y, &r.Y, &zi);
    FE(tobytes)(out, &y);
    out[31] ^= (unsigned char)(FE(isnegative)(&x) << 7);
  }
  out[32] = (unsigned char)ok;
}

#undef MGNP_WNAF_WP
#undef MGNP_WNAF_WG
