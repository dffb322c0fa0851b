/* SPDX-License-Identifier: MIT */
/* out = enc((m mod L) G - (n mod L) P), out[32] = status, for signature
   verification: variable time (every input is public).

   Double-scalar multiplication by Straus's method with width-w NAFs
   ("Shamir's trick"): one chain of about 253 doublings shared by both
   scalars.  G uses width 8 and the 64 precomputed affine odd multiples
   G, 3G, ..., 127G of G_odd_table.h (mixed additions); -P uses width 5 and
   8 odd multiples computed here in cached projective form.

   Status (doc/api.md): 1 iff m < L and P is a canonical encoding of a curve
   point.  Otherwise the output is still defined: m mod L is used, and an
   invalid P is replaced by -C, C being the point with y = 26 and even x. */
#include "crypto_mGnP.h"
#include "field/fe51.h"
#include "group/ge51.h"
#include "scalar/sc25519.h"
#include "tables/ge51_G_odd.h"

#define WG 8   /* window of G: |digit| <= 127, table of 64 */
#define WP 5   /* window of P: |digit| <= 15, table of 8 */

/* y = 26, x even */
static const unsigned char point_C[32] = { 26 };

void crypto_mGnP(unsigned char *out, const unsigned char *m, const unsigned char *n, const unsigned char *P)
{
  ge51_p3 A, A2, t3;
  ge51_cached Ai[8];
  ge51_p1p1 t;
  ge51_p2 r;
  sc25519 ms, ns;
  signed char mw[256], nw[256];
  int ok, i, k;

  ok = sc25519_is_canonical(m);
  if (ge51_frombytes_vartime(&A, P)) {
    ge51_p3_neg(&A, &A);          /* we add multiples of -P */
  } else {
    ok = 0;
    ge51_frombytes_vartime(&A, point_C);   /* -P = C */
  }

  sc25519_from32bytes(&ms, m);
  sc25519_from64bytes(&ns, n);
  sc25519_wnaf_vartime(mw, &ms, WG);
  sc25519_wnaf_vartime(nw, &ns, WP);

  /* Ai[k] = (2k+1)(-P) */
  ge51_p3_to_cached(&Ai[0], &A);
  ge51_p3_double(&A2, &A);
  for (k = 1; k < 8; ++k) {
    ge51_add(&t, &A2, &Ai[k - 1]);
    ge51_p1p1_to_p3(&t3, &t);
    ge51_p3_to_cached(&Ai[k], &t3);
  }

  for (i = 255; i >= 0; --i)
    if (mw[i] || nw[i]) break;

  fe51_0(&r.X);
  fe51_1(&r.Y);
  fe51_1(&r.Z);
  for (; i >= 0; --i) {
    ge51_p2_dbl(&t, &r);
    if (mw[i] || nw[i]) {
      ge51_p1p1_to_p3(&t3, &t);
      if (mw[i] > 0) {
        ge51_madd(&t, &t3, &ge51_G_odd[mw[i] / 2]);
        if (nw[i]) ge51_p1p1_to_p3(&t3, &t);
      } else if (mw[i] < 0) {
        ge51_msub(&t, &t3, &ge51_G_odd[(-mw[i]) / 2]);
        if (nw[i]) ge51_p1p1_to_p3(&t3, &t);
      }
      if (nw[i] > 0) ge51_add(&t, &t3, &Ai[nw[i] / 2]);
      else if (nw[i] < 0) ge51_sub(&t, &t3, &Ai[(-nw[i]) / 2]);
    }
    ge51_p1p1_to_p2(&r, &t);
  }

  /* encode the p2 result (x = X/Z, y = Y/Z) */
  {
    fe51 zi, x, y;
    fe51_invert(&zi, &r.Z);
    fe51_mul(&x, &r.X, &zi);
    fe51_mul(&y, &r.Y, &zi);
    fe51_tobytes(out, &y);
    out[31] ^= (unsigned char)(fe51_isnegative(&x) << 7);
  }
  out[32] = (unsigned char)ok;
}
