/* SPDX-License-Identifier: MIT */
/* The X25519 Montgomery ladder of RFC 7748 section 5, on top of whichever
   fe25519 header the including file chose.

   x25519_ladder(x2, z2, n, u): with k = n clamped (bits 0, 1, 2 and 255
   cleared, bit 254 set) and u the field element (any value; small order and
   twist points included), sets x2/z2 to the projective u-coordinate of k*u.
   z2 = 0 exactly when the result is the point at infinity (then the affine
   output defined by RFC 7748 is 0 = x2 * z2^(p-2)).

   Constant time: the scalar bits only choose masks for conditional swaps;
   the loop, the operations and all memory addresses are fixed.

   Bounds (see the fe25519 header): every add takes two TIGHT values
   (outputs of mul, sq, sub, mul121666), so every mul/sq input is MULIN. */
#ifndef X25519_LADDER_H
#define X25519_LADDER_H

static void x25519_ladder(fe25519 *x2, fe25519 *z2, const unsigned char n[32],
                          const fe25519 *u)
{
  unsigned char k[32];
  fe25519 x1, x3, z3, a, aa, b, bb, e, c, d, da, cb, t;
  uint64_t swap = 0, bit;
  int i;

  for (i = 0; i < 32; ++i) k[i] = n[i];
  k[0] &= 248;
  k[31] &= 127;
  k[31] |= 64;

  /* u may come straight from frombytes (TIGHT); x1 feeds mul only */
  fe25519_copy(&x1, u);
  fe25519_1(x2);
  fe25519_0(z2);
  fe25519_copy(&x3, u);
  fe25519_1(&z3);

  for (i = 254; i >= 0; --i) {
    bit = (k[i >> 3] >> (i & 7)) & 1;
    swap ^= bit;
    fe25519_cswap(x2, &x3, swap);
    fe25519_cswap(z2, &z3, swap);
    swap = bit;

    fe25519_add(&a, x2, z2);          /* A = x2 + z2 */
    fe25519_sub(&b, x2, z2);          /* B = x2 - z2 */
    fe25519_add(&c, &x3, &z3);        /* C = x3 + z3 */
    fe25519_sub(&d, &x3, &z3);        /* D = x3 - z3 */
    fe25519_sq(&aa, &a);              /* AA = A^2 */
    fe25519_sq(&bb, &b);              /* BB = B^2 */
    fe25519_mul(&da, &d, &a);         /* DA = D A */
    fe25519_mul(&cb, &c, &b);         /* CB = C B */
    fe25519_sub(&e, &aa, &bb);        /* E = AA - BB */

    fe25519_add(&t, &da, &cb);
    fe25519_sq(&x3, &t);              /* x3 = (DA + CB)^2 */
    fe25519_sub(&t, &da, &cb);
    fe25519_sq(&t, &t);
    fe25519_mul(&z3, &t, &x1);        /* z3 = x1 (DA - CB)^2 */

    fe25519_mul(x2, &aa, &bb);        /* x2 = AA BB */
    fe25519_mul121666(&t, &e);
    fe25519_add(&t, &t, &bb);
    fe25519_mul(z2, &e, &t);          /* z2 = E (BB + 121666 E) = E (AA + 121665 E) */
  }
  fe25519_cswap(x2, &x3, swap);
  fe25519_cswap(z2, &z3, swap);

  {
    /* wipe the clamped copy of the secret scalar */
    volatile unsigned char *vk = k;
    for (i = 0; i < 32; ++i) vk[i] = 0;
  }
}

#endif
