/* SPDX-License-Identifier: MIT */
/* Two independent GF(2^255 - 19) elements of field/fe64.h in one
   "pair" (e[0] and e[1], contiguous: the assembly sees eight limbs), and the operations that treat
   both in one call (internal/field/amd64/fe64_mulx_pair.S): the
   instruction streams of the two are independent, so the CPU overlaps
   them and two exponentiations run in little more than the time of one.
   Requirements: those of field/fe64.h, and an implementation .S file that
   includes "field/amd64/fe64_mulx_pair.S".  Constant time. */
#ifndef FIELD_FE64_PAIR_H
#define FIELD_FE64_PAIR_H

#include "field/fe64.h"

typedef struct { fe64 e[2]; } fe64_pair;

#define fe64_mulx_mul_pair CRYPTO_NAMESPACE(fe64_mulx_mul_pair)
#define fe64_mulx_nsquare_pair CRYPTO_NAMESPACE(fe64_mulx_nsquare_pair)

/* the eight limbs of a pair: e[0].v then e[1].v (taken as the struct, so
   that the compiler sees the whole 64 bytes) */
extern void fe64_mulx_mul_pair(fe64_pair *h, const fe64_pair *f, const fe64_pair *g) FE64_HIDDEN;
extern void fe64_mulx_nsquare_pair(fe64_pair *h, const fe64_pair *f, long long n) FE64_HIDDEN;

static inline void fe64_pair_mul(fe64_pair *h, const fe64_pair *f, const fe64_pair *g)
{
  fe64_mulx_mul_pair(h, f, g);
}

static inline void fe64_pair_sq(fe64_pair *h, const fe64_pair *f)
{
  fe64_mulx_nsquare_pair(h, f, 1);
}

/* h = f^(2^n), public n >= 1 */
static inline void fe64_pair_sqn(fe64_pair *h, const fe64_pair *f, int n)
{
  fe64_mulx_nsquare_pair(h, f, n);
}

/* h = z^((p-5)/8) for both elements (the chain of field/fe_chains.h) */
static inline void fe64_pair_pow22523(fe64_pair *h, const fe64_pair *z)
{
  FE_POW22523_CHAIN(fe64_pair, fe64_pair_mul, fe64_pair_sq, fe64_pair_sqn, h, z);
}

#endif
