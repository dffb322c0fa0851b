/* SPDX-License-Identifier: MIT */
/* out = enc((m mod L) G - (n mod L) P), out[32] = status, for signature
   verification: variable time (every input is public).

   Double-scalar multiplication by Straus's method with width-w NAFs
   ("Shamir's trick"): one chain of about 253 doublings shared by both
   scalars.  G uses width 8 and the 64 precomputed affine odd multiples
   G, 3G, ..., 127G of G_odd_table.h (mixed additions); -P uses width 5 and
   8 odd multiples computed here in cached projective form.
   Field arithmetic: the AArch64 radix-2^64 assembly (field/fe64arm.h),
   group formulas from group/ge_formulas.h (group/ge64arm.h); the G table
   is the radix-2^64 one (tables/ge64_G_odd.h).

   Status (doc/api.md): 1 iff m < L and P is a canonical encoding of a curve
   point.  Otherwise the output is still defined: m mod L is used, and an
   invalid P is replaced by -C, C being the point with y = 26 and even x. */
#include "crypto_mGnP.h"
#include "field/fe64arm.h"
#include "group/ge64arm.h"
#include "scalar/sc25519.h"
#include "tables/ge64_G_odd.h"   /* as ge64arm_precomp (group/ge64arm.h) */

#define WG 8   /* window of G: |digit| <= 127, table of 64 */
#define WP 5   /* window of P: |digit| <= 15, table of 8 */

/* y = 26, x even */
static const unsigned char point_C[32] = { 26 };

void crypto_mGnP(unsigned char *out, const unsigned char *m, const unsigned char *n, const unsigned char *P)
{
  ge64arm_p3 A, A2, t3;
  ge64arm_cached Ai[8];
  ge64arm_p1p1 t;
  ge64arm_p2 r;
  sc25519 ms, ns;
  signed char mw[256], nw[256];
  int ok, i, k;

  ok = sc25519_is_canonical(m);
  if (ge64arm_frombytes_vartime(&A, P)) {
    ge64arm_p3_neg(&A, &A);          /* we add multiples of -P */
  } else {
    ok = 0;
    ge64arm_frombytes_vartime(&A, point_C);   /* -P = C */
  }

  sc25519_from32bytes(&ms, m);
  sc25519_from64bytes(&ns, n);
  sc25519_wnaf_vartime(mw, &ms, WG);
  sc25519_wnaf_vartime(nw, &ns, WP);

  /* Ai[k] = (2k+1)(-P) */
  ge64arm_p3_to_cached(&Ai[0], &A);
  ge64arm_p3_double(&A2, &A);
  for (k = 1; k < 8; ++k) {
    ge64arm_add(&t, &A2, &Ai[k - 1]);
    ge64arm_p1p1_to_p3(&t3, &t);
    ge64arm_p3_to_cached(&Ai[k], &t3);
  }

  for (i = 255; i >= 0; --i)
    if (mw[i] || nw[i]) break;

  fe64arm_0(&r.X);
  fe64arm_1(&r.Y);
  fe64arm_1(&r.Z);
  for (; i >= 0; --i) {
    ge64arm_p2_dbl(&t, &r);
    if (mw[i] || nw[i]) {
      ge64arm_p1p1_to_p3(&t3, &t);
      if (mw[i] > 0) {
        ge64arm_madd(&t, &t3, &ge64_G_odd64[mw[i] / 2]);
        if (nw[i]) ge64arm_p1p1_to_p3(&t3, &t);
      } else if (mw[i] < 0) {
        ge64arm_msub(&t, &t3, &ge64_G_odd64[(-mw[i]) / 2]);
        if (nw[i]) ge64arm_p1p1_to_p3(&t3, &t);
      }
      if (nw[i] > 0) ge64arm_add(&t, &t3, &Ai[nw[i] / 2]);
      else if (nw[i] < 0) ge64arm_sub(&t, &t3, &Ai[(-nw[i]) / 2]);
    }
    ge64arm_p1p1_to_p2(&r, &t);
  }

  /* encode the p2 result (x = X/Z, y = Y/Z) */
  {
    fe64arm zi, x, y;
    fe64arm_invert(&zi, &r.Z);
    fe64arm_mul(&x, &r.X, &zi);
    fe64arm_mul(&y, &r.Y, &zi);
    fe64arm_tobytes(out, &y);
    out[31] ^= (unsigned char)(fe64arm_isnegative(&x) << 7);
  }
  out[32] = (unsigned char)ok;
}
