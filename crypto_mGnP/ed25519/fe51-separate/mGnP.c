/* SPDX-License-Identifier: MIT */
/* out = enc((m mod L) G - (n mod L) P), out[32] = status: the plain way,
   as two separate single-scalar multiplications and one subtraction, for
   cross-checking fe51-wnaf.  Variable time (all inputs are public).

   Each multiplication uses unsigned 4-bit windows, most significant first:
   a table of 0..15 times the point in cached form, then 4 doublings and
   one table addition per nibble.  G comes from its encoding; no
   precomputed table is shared with any other implementation.

   Status and failure outputs as doc/api.md states them: 1 iff m < L and P decodes; an
   invalid P counts as -C (C: y = 26, x even), so the result is then
   m G + n C. */
#include "crypto_mGnP.h"
#include "field/fe51.h"
#include "group/ge51.h"
#include "scalar/sc25519.h"

static const unsigned char point_G[32] = {
  0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
  0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
  0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66
};
static const unsigned char point_C[32] = { 26 };

/* r = a Q, variable time */
static void scalarmult_vartime(ge51_p3 *r, const sc25519 *a, const ge51_p3 *Q)
{
  ge51_cached table[16];
  ge51_p3 t;
  ge51_p1p1 s;
  unsigned char b[32];
  int i, j, nib;

  ge51_p3_0(&t);
  ge51_p3_to_cached(&table[0], &t);
  for (j = 1; j < 16; ++j) {
    ge51_add(&s, Q, &table[j - 1]);
    ge51_p1p1_to_p3(&t, &s);
    ge51_p3_to_cached(&table[j], &t);
  }

  sc25519_tobytes(b, a);
  ge51_p3_0(r);
  for (i = 63; i >= 0; --i) {
    for (j = 0; j < 4; ++j) ge51_p3_double(r, r);
    nib = (b[i / 2] >> (4 * (i & 1))) & 15;
    if (nib) {
      ge51_add(&s, r, &table[nib]);
      ge51_p1p1_to_p3(r, &s);
    }
  }
}

void crypto_mGnP(unsigned char *out, const unsigned char *m, const unsigned char *n, const unsigned char *P)
{
  ge51_p3 G, Q, mG, nQ;
  ge51_cached c;
  ge51_p1p1 s;
  sc25519 ms, ns;
  int ok;

  ok = sc25519_is_canonical(m);
  if (!ge51_frombytes_vartime(&Q, P)) {
    ok = 0;
    ge51_frombytes_vartime(&Q, point_C);
    ge51_p3_neg(&Q, &Q);
  }
  ge51_frombytes_vartime(&G, point_G);

  sc25519_from32bytes(&ms, m);
  sc25519_from64bytes(&ns, n);
  scalarmult_vartime(&mG, &ms, &G);
  scalarmult_vartime(&nQ, &ns, &Q);

  ge51_p3_to_cached(&c, &nQ);
  ge51_sub(&s, &mG, &c);
  ge51_p1p1_to_p3(&mG, &s);
  ge51_p3_tobytes(out, &mG);
  out[32] = (unsigned char)ok;
}
