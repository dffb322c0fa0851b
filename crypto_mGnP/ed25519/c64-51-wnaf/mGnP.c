/* SPDX-License-Identifier: MIT */
/* out = enc((m mod L) G - (n mod L) P), out[32] = status, for signature
   verification: variable time (every input is public).

   Double-scalar multiplication by Straus's method with width-w NAFs
   ("Shamir's trick"): one chain of about 253 doublings shared by both
   scalars.  G uses width 8 and the 64 precomputed affine odd multiples
   G, 3G, ..., 127G of G_odd_table.h (mixed additions); -P uses width 5 and
   8 odd multiples computed here in cached projective form.

   Status (SPEC 2): 1 iff m < L and P is a canonical encoding of a curve
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
  ge25519_p3 A, A2, t3;
  ge25519_cached Ai[8];
  ge25519_p1p1 t;
  ge25519_p2 r;
  sc25519 ms, ns;
  signed char mw[256], nw[256];
  int ok, i, k;

  ok = sc25519_is_canonical(m);
  if (ge25519_frombytes_vartime(&A, P)) {
    ge25519_p3_neg(&A, &A);          /* we add multiples of -P */
  } else {
    ok = 0;
    ge25519_frombytes_vartime(&A, point_C);   /* -P = C */
  }

  sc25519_from32bytes(&ms, m);
  sc25519_from64bytes(&ns, n);
  sc25519_wnaf_vartime(mw, &ms, WG);
  sc25519_wnaf_vartime(nw, &ns, WP);

  /* Ai[k] = (2k+1)(-P) */
  ge25519_p3_to_cached(&Ai[0], &A);
  ge25519_p3_double(&A2, &A);
  for (k = 1; k < 8; ++k) {
    ge25519_add(&t, &A2, &Ai[k - 1]);
    ge25519_p1p1_to_p3(&t3, &t);
    ge25519_p3_to_cached(&Ai[k], &t3);
  }

  for (i = 255; i >= 0; --i)
    if (mw[i] || nw[i]) break;

  fe25519_0(&r.X);
  fe25519_1(&r.Y);
  fe25519_1(&r.Z);
  for (; i >= 0; --i) {
    ge25519_p2_dbl(&t, &r);
    if (mw[i] || nw[i]) {
      ge25519_p1p1_to_p3(&t3, &t);
      if (mw[i] > 0) {
        ge25519_madd(&t, &t3, &ge25519_G_odd[mw[i] / 2]);
        if (nw[i]) ge25519_p1p1_to_p3(&t3, &t);
      } else if (mw[i] < 0) {
        ge25519_msub(&t, &t3, &ge25519_G_odd[(-mw[i]) / 2]);
        if (nw[i]) ge25519_p1p1_to_p3(&t3, &t);
      }
      if (nw[i] > 0) ge25519_add(&t, &t3, &Ai[nw[i] / 2]);
      else if (nw[i] < 0) ge25519_sub(&t, &t3, &Ai[(-nw[i]) / 2]);
    }
    ge25519_p1p1_to_p2(&r, &t);
  }

  /* encode the p2 result (x = X/Z, y = Y/Z) */
  {
    fe25519 zi, x, y;
    fe25519_invert(&zi, &r.Z);
    fe25519_mul(&x, &r.X, &zi);
    fe25519_mul(&y, &r.Y, &zi);
    fe25519_tobytes(out, &y);
    out[31] ^= (unsigned char)(fe25519_isnegative(&x) << 7);
  }
  out[32] = (unsigned char)ok;
}
