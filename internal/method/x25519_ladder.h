/* SPDX-License-Identifier: MIT */
/* The X25519 Montgomery ladder of RFC 7748 section 5, on top of whichever
   FE_T header the including file chose.

   FE(x25519_ladder)(x2, z2, n, u): with k = n clamped (bits 0, 1, 2 and 255
   cleared, bit 254 set) and u the field element (any value; small order and
   twist points included), sets x2/z2 to the projective u-coordinate of k*u.
   z2 = 0 exactly when the result is the point at infinity (then the affine
   output defined by RFC 7748 is 0 = x2 * z2^(p-2)).

   Constant time: the scalar bits only choose masks for conditional swaps;
   the loop, the operations and all memory addresses are fixed.

   Bounds (see the FE_T header): every add takes two TIGHT values
   (outputs of mul, sq, sub, mul121666), so every mul/sq input is MULIN. */
#if !defined(FE_FAMILY)
#error "define FE_FAMILY (the field family) before including method/x25519_ladder.h"
#endif
#include "field/fe_interface.h"
#include "ct/crypto_ct.h"

static void FE(x25519_ladder)(FE_T *x2, FE_T *z2, const unsigned char n[32],
                          const FE_T *u)
{
  unsigned char k[32];
  FE_T x1, x3, z3, a, aa, b, bb, e, c, d, da, cb, t;
  uint64_t swap = 0, bit;
  int i;

  for (i = 0; i < 32; ++i) k[i] = n[i];
  k[0] &= 248;
  k[31] &= 127;
  k[31] |= 64;

  /* u may come straight from frombytes (TIGHT); x1 feeds mul only */
  FE(copy)(&x1, u);
  FE(1)(x2);
  FE(0)(z2);
  FE(copy)(&x3, u);
  FE(1)(&z3);

  for (i = 254; i >= 0; --i) {
    bit = (k[i >> 3] >> (i & 7)) & 1;
    swap ^= bit;
    FE(cswap)(x2, &x3, swap);
    FE(cswap)(z2, &z3, swap);
    swap = bit;

    FE(add)(&a, x2, z2);          /* A = x2 + z2 */
    FE(sub)(&b, x2, z2);          /* B = x2 - z2 */
    FE(add)(&c, &x3, &z3);        /* C = x3 + z3 */
    FE(sub)(&d, &x3, &z3);        /* D = x3 - z3 */
    FE(sq)(&aa, &a);              /* AA = A^2 */
    FE(sq)(&bb, &b);              /* BB = B^2 */
    FE(mul)(&da, &d, &a);         /* DA = D A */
    FE(mul)(&cb, &c, &b);         /* CB = C B */
    FE(sub)(&e, &aa, &bb);        /* E = AA - BB */

    FE(add)(&t, &da, &cb);
    FE(sq)(&x3, &t);              /* x3 = (DA + CB)^2 */
    FE(sub)(&t, &da, &cb);
    FE(sq)(&t, &t);
    FE(mul)(&z3, &t, &x1);        /* z3 = x1 (DA - CB)^2 */

    FE(mul)(x2, &aa, &bb);        /* x2 = AA BB */
    FE(mul121666)(&t, &e);
    FE(add)(&t, &t, &bb);
    FE(mul)(z2, &e, &t);          /* z2 = E (BB + 121666 E) = E (AA + 121665 E) */
  }
  FE(cswap)(x2, &x3, swap);
  FE(cswap)(z2, &z3, swap);

  /* the clamped scalar, the last swap bit, and every ladder value (the
     caller wipes x2 and z2 when it is done with them) */
  CRYPTO_CT_WIPE(k);
  CRYPTO_CT_WIPE(swap);
  CRYPTO_CT_WIPE(bit);
  CRYPTO_CT_WIPE(x1);
  CRYPTO_CT_WIPE(x3);
  CRYPTO_CT_WIPE(z3);
  CRYPTO_CT_WIPE(a);
  CRYPTO_CT_WIPE(aa);
  CRYPTO_CT_WIPE(b);
  CRYPTO_CT_WIPE(bb);
  CRYPTO_CT_WIPE(e);
  CRYPTO_CT_WIPE(c);
  CRYPTO_CT_WIPE(d);
  CRYPTO_CT_WIPE(da);
  CRYPTO_CT_WIPE(cb);
  CRYPTO_CT_WIPE(t);
}
