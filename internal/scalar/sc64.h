/* SPDX-License-Identifier: MIT */
/* Straight-line arithmetic modulo the Ed25519 group order L on four
   little-endian 64-bit limbs, for implementations built with BMI2/ADX
   (the 64x64 -> 128-bit products become mulx).  Same representation,
   constants and results as sc25519.h: every function returns the exact,
   fully reduced value (0 <= value < L), only faster, because the loops
   and limb arrays of sc25519.h are written out as column-wise (Comba)
   products with the accumulator in registers.

   Reduction is the Barrett reduction of sc25519.h (HAC 14.42, b = 2^64,
   k = 4, mu = floor(2^512 / L)) for any x < 2^512, with the quotient
   estimate computed exactly, so the proof at the top of sc25519.h holds
   unchanged: the remainder before the final step is below 2L and one
   constant-time conditional subtraction of L finishes.

   sc64_muladd takes its multiplier a unreduced (any value below 2^256,
   e.g. a clamped secret scalar): a b + c < 2^256 L + L < 2^512, inside
   the range the reduction handles, and the result equals
   sc25519_muladd(b, a mod L, c).

   Constant time: no branch and no memory index depends on the values. */
#ifndef SC25519_64_H
#define SC25519_64_H

#include <stdint.h>
#include <string.h>
#include "ct/crypto_ct.h"
#include "scalar/sc25519.h"

typedef unsigned __int128 sc64_u128;

/* three-limb column accumulator (c0, c1, c2) += a * b */
#define SC64_MAC(a, b) \
  do { \
    sc64_u128 p_ = (sc64_u128)(a) * (b); \
    sc64_u128 s_ = (sc64_u128)c0 + (uint64_t)p_; \
    c0 = (uint64_t)s_; \
    s_ = (sc64_u128)c1 + (uint64_t)(p_ >> 64) + (uint64_t)(s_ >> 64); \
    c1 = (uint64_t)s_; \
    c2 += (uint64_t)(s_ >> 64); \
  } while (0)

/* out = low limb of the column sum; move to the next column */
#define SC64_NEXT(out) \
  do { \
    (out) = c0; \
    c0 = c1; \
    c1 = c2; \
    c2 = 0; \
  } while (0)

/* low-limb-first 64-bit load */
static inline uint64_t sc64_load(const unsigned char *x)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  uint64_t r;
  memcpy(&r, x, 8);
  return r;
#else
  return sc25519_load64(x);
#endif
}

static inline void sc64_store(unsigned char *s, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  memcpy(s, &v, 8);
#else
  int j;
  for (j = 0; j < 8; ++j) s[j] = (unsigned char)(v >> (8 * j));
#endif
}

/* r = x mod L for a 512-bit x given as eight little-endian limbs */
static inline void sc64_reduce512(uint64_t r[4], const uint64_t x[8])
{
  const uint64_t m0 = sc25519_mu[0], m1 = sc25519_mu[1], m2 = sc25519_mu[2];
  const uint64_t m3 = sc25519_mu[3], m4 = sc25519_mu[4];
  const uint64_t L0 = sc25519_L[0], L1 = sc25519_L[1], L3 = sc25519_L[3];
  uint64_t x3 = x[3], x4 = x[4], x5 = x[5], x6 = x[6], x7 = x[7];
  uint64_t c0 = 0, c1 = 0, c2 = 0, dummy;
  uint64_t q0, q1, q2, q3, q4;
  uint64_t t0, t1, t2, t3, t4;
  uint64_t d0, d1, d2, d3, d4, e0, e1, e2, e3, e4, borrow, mask;
  sc64_u128 s;

  /* (q4 .. q0) = floor((x >> 192) mu / 2^320): all 25 products, so the
     carries into column 5 are exact */
  SC64_MAC(x3, m0);
  SC64_NEXT(dummy);
  SC64_MAC(x3, m1); SC64_MAC(x4, m0);
  SC64_NEXT(dummy);
  SC64_MAC(x3, m2); SC64_MAC(x4, m1); SC64_MAC(x5, m0);
  SC64_NEXT(dummy);
  SC64_MAC(x3, m3); SC64_MAC(x4, m2); SC64_MAC(x5, m1); SC64_MAC(x6, m0);
  SC64_NEXT(dummy);
  SC64_MAC(x3, m4); SC64_MAC(x4, m3); SC64_MAC(x5, m2); SC64_MAC(x6, m1); SC64_MAC(x7, m0);
  SC64_NEXT(dummy);
  SC64_MAC(x4, m4); SC64_MAC(x5, m3); SC64_MAC(x6, m2); SC64_MAC(x7, m1);
  SC64_NEXT(q0);
  SC64_MAC(x5, m4); SC64_MAC(x6, m3); SC64_MAC(x7, m2);
  SC64_NEXT(q1);
  SC64_MAC(x6, m4); SC64_MAC(x7, m3);
  SC64_NEXT(q2);
  SC64_MAC(x7, m4);
  SC64_NEXT(q3);
  q4 = c0;
  (void)dummy;

  /* (t4 .. t0) = q L mod 2^320; L = L0 + L1 2^64 + L3 2^192 */
  c0 = c1 = c2 = 0;
  SC64_MAC(q0, L0);
  SC64_NEXT(t0);
  SC64_MAC(q0, L1); SC64_MAC(q1, L0);
  SC64_NEXT(t1);
  SC64_MAC(q1, L1); SC64_MAC(q2, L0);
  SC64_NEXT(t2);
  SC64_MAC(q2, L1); SC64_MAC(q3, L0); SC64_MAC(q0, L3);
  SC64_NEXT(t3);
  t4 = c0 + q3 * L1 + q4 * L0 + q1 * L3;

  /* d = (x - q L) mod 2^320, which is the true difference, in [0, 2L) */
  s = (sc64_u128)x[0] - t0;
  d0 = (uint64_t)s; borrow = (uint64_t)(s >> 64) & 1;
  s = (sc64_u128)x[1] - t1 - borrow;
  d1 = (uint64_t)s; borrow = (uint64_t)(s >> 64) & 1;
  s = (sc64_u128)x[2] - t2 - borrow;
  d2 = (uint64_t)s; borrow = (uint64_t)(s >> 64) & 1;
  s = (sc64_u128)x[3] - t3 - borrow;
  d3 = (uint64_t)s; borrow = (uint64_t)(s >> 64) & 1;
  d4 = x[4] - t4 - borrow;

  /* e = d - L; keep d if that borrows (d < L) */
  s = (sc64_u128)d0 - L0;
  e0 = (uint64_t)s; borrow = (uint64_t)(s >> 64) & 1;
  s = (sc64_u128)d1 - L1 - borrow;
  e1 = (uint64_t)s; borrow = (uint64_t)(s >> 64) & 1;
  s = (sc64_u128)d2 - borrow;
  e2 = (uint64_t)s; borrow = (uint64_t)(s >> 64) & 1;
  s = (sc64_u128)d3 - L3 - borrow;
  e3 = (uint64_t)s; borrow = (uint64_t)(s >> 64) & 1;
  s = (sc64_u128)d4 - borrow;
  e4 = (uint64_t)s; borrow = (uint64_t)(s >> 64) & 1;
  (void)e4;
  mask = crypto_ct_bit_mask_u64(borrow);
  r[0] = (d0 & mask) | (e0 & ~mask);
  r[1] = (d1 & mask) | (e1 & ~mask);
  r[2] = (d2 & mask) | (e2 & ~mask);
  r[3] = (d3 & mask) | (e3 & ~mask);
}

/* r = x mod L for a 64-byte little-endian x (e.g. a SHA-512 output) */
static inline void sc64_from64bytes(uint64_t r[4], const unsigned char x[64])
{
  uint64_t t[8];
  int i;
  for (i = 0; i < 8; ++i) t[i] = sc64_load(x + 8 * i);
  sc64_reduce512(r, t);
  CRYPTO_CT_WIPE(t);
}

/* 32 little-endian bytes to four limbs, no reduction */
static inline void sc64_load32(uint64_t r[4], const unsigned char x[32])
{
  int i;
  for (i = 0; i < 4; ++i) r[i] = sc64_load(x + 8 * i);
}

static inline void sc64_tobytes(unsigned char s[32], const uint64_t a[4])
{
  int i;
  for (i = 0; i < 4; ++i) sc64_store(s + 8 * i, a[i]);
}

/* r = a b + c mod L; b and c reduced (below L), a any value below 2^256 */
static inline void sc64_muladd(uint64_t r[4], const uint64_t a[4], const uint64_t b[4], const uint64_t c[4])
{
  uint64_t a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
  uint64_t b0 = b[0], b1 = b[1], b2 = b[2], b3 = b[3];
  uint64_t c0 = c[0], c1 = 0, c2 = 0;
  uint64_t t[8];
  sc64_u128 s;

  /* column sums of a b, with c added into columns 0..3 */
  SC64_MAC(a0, b0);
  SC64_NEXT(t[0]);
  s = (sc64_u128)c0 + c[1]; c0 = (uint64_t)s; s = (sc64_u128)c1 + (uint64_t)(s >> 64); c1 = (uint64_t)s; c2 += (uint64_t)(s >> 64);
  SC64_MAC(a0, b1); SC64_MAC(a1, b0);
  SC64_NEXT(t[1]);
  s = (sc64_u128)c0 + c[2]; c0 = (uint64_t)s; s = (sc64_u128)c1 + (uint64_t)(s >> 64); c1 = (uint64_t)s; c2 += (uint64_t)(s >> 64);
  SC64_MAC(a0, b2); SC64_MAC(a1, b1); SC64_MAC(a2, b0);
  SC64_NEXT(t[2]);
  s = (sc64_u128)c0 + c[3]; c0 = (uint64_t)s; s = (sc64_u128)c1 + (uint64_t)(s >> 64); c1 = (uint64_t)s; c2 += (uint64_t)(s >> 64);
  SC64_MAC(a0, b3); SC64_MAC(a1, b2); SC64_MAC(a2, b1); SC64_MAC(a3, b0);
  SC64_NEXT(t[3]);
  SC64_MAC(a1, b3); SC64_MAC(a2, b2); SC64_MAC(a3, b1);
  SC64_NEXT(t[4]);
  SC64_MAC(a2, b3); SC64_MAC(a3, b2);
  SC64_NEXT(t[5]);
  SC64_MAC(a3, b3);
  SC64_NEXT(t[6]);
  t[7] = c0;
  sc64_reduce512(r, t);
  CRYPTO_CT_WIPE(t);
}

#undef SC64_MAC
#undef SC64_NEXT

#endif
