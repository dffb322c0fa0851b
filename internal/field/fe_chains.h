/* SPDX-License-Identifier: MIT */
/* Template: the exponentiation chains of the field interface
   (field/fe_interface.h), FE(invert_chain) and FE(pow22523), for the family
   FE_FAMILY; every family header includes it once.  They use only FE(mul),
   FE(sq) and FE(sqn), so the limb bounds are the family's: inputs anything
   its mul accepts, outputs what its mul produces.  No include guard: one
   inclusion per family. */
#if !defined(FE_FAMILY)
#error "define FE_FAMILY (the field family: fe26, fe51, fe64, ...) before including field/fe_chains.h"
#endif
#include "field/fe_interface.h"
#include "ct/crypto_ct.h"

/* h = z^(p-2) = z^(2^255 - 21) = 1/z (0 -> 0): 254 squarings, 11 multiplications */
static inline void FE(invert_chain)(FE_T *h, const FE_T *z)
{
  FE_T z2, z9, z11, a, b, c;

  FE(sq)(&z2, z);               /* 2 */
  FE(sqn)(&a, &z2, 2);          /* 8 */
  FE(mul)(&z9, &a, z);          /* 9 */
  FE(mul)(&z11, &z9, &z2);      /* 11 */
  FE(sq)(&a, &z11);             /* 22 */
  FE(mul)(&a, &a, &z9);         /* 31 = 2^5 - 1 */
  FE(sqn)(&b, &a, 5);
  FE(mul)(&a, &b, &a);          /* 2^10 - 1 */
  FE(sqn)(&b, &a, 10);
  FE(mul)(&b, &b, &a);          /* 2^20 - 1 */
  FE(sqn)(&c, &b, 20);
  FE(mul)(&b, &c, &b);          /* 2^40 - 1 */
  FE(sqn)(&b, &b, 10);
  FE(mul)(&a, &b, &a);          /* 2^50 - 1 */
  FE(sqn)(&b, &a, 50);
  FE(mul)(&b, &b, &a);          /* 2^100 - 1 */
  FE(sqn)(&c, &b, 100);
  FE(mul)(&b, &c, &b);          /* 2^200 - 1 */
  FE(sqn)(&b, &b, 50);
  FE(mul)(&b, &b, &a);          /* 2^250 - 1 */
  FE(sqn)(&b, &b, 5);           /* 2^255 - 32 */
  FE(mul)(h, &b, &z11);         /* 2^255 - 21 */
  /* powers of z (secret in the ladders) */
  CRYPTO_CT_WIPE(z2);
  CRYPTO_CT_WIPE(z9);
  CRYPTO_CT_WIPE(z11);
  CRYPTO_CT_WIPE(a);
  CRYPTO_CT_WIPE(b);
  CRYPTO_CT_WIPE(c);
}

/* h = z^((p-5)/8) = z^(2^252 - 3), the exponent of square-root
   computations: 251 squarings, 11 multiplications.  Written as a macro
   over the element type FE and its MUL, SQ, SQN so that other element
   types (the four-lane vectors of GE(ifma4).h, for decoding four
   points at once) run the same chain; h and z are pointers, h may be z.
   Used only to decode points, which are public: nothing to wipe (naming
   the temporaries for a wipe kept them in memory, +8% on fe51's
   multiscalar). */
#ifndef FE_POW22523_CHAIN
#define FE_POW22523_CHAIN(FE, MUL, SQ, SQN, h, z)                  \
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
#endif

static inline void FE(pow22523)(FE_T *h, const FE_T *z)
{
  FE_POW22523_CHAIN(FE_T, FE(mul), FE(sq), FE(sqn), h, z);
}
