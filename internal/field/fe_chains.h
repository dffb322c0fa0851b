/* SPDX-License-Identifier: MIT */
/* Exponentiation chains shared by every field family (fe25519_51.h,
   fe25519_26.h, fe25519_64.h include this at their end). They use only
   fe25519_mul, fe25519_sq and fe25519_sqn, so limb bounds are those of the
   family: inputs anything its mul accepts, outputs what its mul produces.
   A family with a faster inversion defines FE25519_HAVE_INVERT first; the
   chain stays available as fe25519_invert_chain (tests compare the two). */
#ifndef FE25519_CHAINS_H
#define FE25519_CHAINS_H

/* h = z^(p-2) = z^(2^255 - 21) = 1/z (0 -> 0): 254 squarings, 11 multiplications */
static inline void fe25519_invert_chain(fe25519 *h, const fe25519 *z)
{
  fe25519 z2, z9, z11, a, b, c;

  fe25519_sq(&z2, z);               /* 2 */
  fe25519_sqn(&a, &z2, 2);          /* 8 */
  fe25519_mul(&z9, &a, z);          /* 9 */
  fe25519_mul(&z11, &z9, &z2);      /* 11 */
  fe25519_sq(&a, &z11);             /* 22 */
  fe25519_mul(&a, &a, &z9);         /* 31 = 2^5 - 1 */
  fe25519_sqn(&b, &a, 5);
  fe25519_mul(&a, &b, &a);          /* 2^10 - 1 */
  fe25519_sqn(&b, &a, 10);
  fe25519_mul(&b, &b, &a);          /* 2^20 - 1 */
  fe25519_sqn(&c, &b, 20);
  fe25519_mul(&b, &c, &b);          /* 2^40 - 1 */
  fe25519_sqn(&b, &b, 10);
  fe25519_mul(&a, &b, &a);          /* 2^50 - 1 */
  fe25519_sqn(&b, &a, 50);
  fe25519_mul(&b, &b, &a);          /* 2^100 - 1 */
  fe25519_sqn(&c, &b, 100);
  fe25519_mul(&b, &c, &b);          /* 2^200 - 1 */
  fe25519_sqn(&b, &b, 50);
  fe25519_mul(&b, &b, &a);          /* 2^250 - 1 */
  fe25519_sqn(&b, &b, 5);           /* 2^255 - 32 */
  fe25519_mul(h, &b, &z11);         /* 2^255 - 21 */
}

#ifndef FE25519_HAVE_INVERT
static inline void fe25519_invert(fe25519 *h, const fe25519 *z)
{
  fe25519_invert_chain(h, z);
}
#endif

/* h = z^((p-5)/8) = z^(2^252 - 3), the exponent of square-root
   computations: 251 squarings, 11 multiplications.  Written as a macro
   over the element type FE and its MUL, SQ, SQN so that other element
   types (the four-lane vectors of ge25519_ifma4.h, for decoding four
   points at once) run the same chain; h and z are pointers, h may be z. */
#define FE25519_POW22523_CHAIN(FE, MUL, SQ, SQN, h, z)                  \
  do {                                                                \
    FE z2_, z9_, a_, b_, c_;                                          \
    SQ(&z2_, (z));                   /* 2 */                          \
    SQN(&a_, &z2_, 2);               /* 8 */                          \
    MUL(&z9_, &a_, (z));             /* 9 */                          \
    MUL(&a_, &z9_, &z2_);            /* 11 */                         \
    SQ(&a_, &a_);                    /* 22 */                         \
    MUL(&a_, &a_, &z9_);             /* 2^5 - 1 */                    \
    SQN(&b_, &a_, 5);                                                 \
    MUL(&a_, &b_, &a_);              /* 2^10 - 1 */                   \
    SQN(&b_, &a_, 10);                                                \
    MUL(&b_, &b_, &a_);              /* 2^20 - 1 */                   \
    SQN(&c_, &b_, 20);                                                \
    MUL(&b_, &c_, &b_);              /* 2^40 - 1 */                   \
    SQN(&b_, &b_, 10);                                                \
    MUL(&a_, &b_, &a_);              /* 2^50 - 1 */                   \
    SQN(&b_, &a_, 50);                                                \
    MUL(&b_, &b_, &a_);              /* 2^100 - 1 */                  \
    SQN(&c_, &b_, 100);                                               \
    MUL(&b_, &c_, &b_);              /* 2^200 - 1 */                  \
    SQN(&b_, &b_, 50);                                                \
    MUL(&b_, &b_, &a_);              /* 2^250 - 1 */                  \
    SQN(&b_, &b_, 2);                /* 2^252 - 4 */                  \
    MUL((h), &b_, (z));              /* 2^252 - 3 */                  \
  } while (0)

static inline void fe25519_pow22523(fe25519 *h, const fe25519 *z)
{
  FE25519_POW22523_CHAIN(fe25519, fe25519_mul, fe25519_sq, fe25519_sqn, h, z);
}

#endif
