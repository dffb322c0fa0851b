/* SPDX-License-Identifier: MIT */
/* Integers modulo the group order
     L = 2^252 + 27742317777372353535851937790883648493
   for Ed25519, as four little-endian 64-bit limbs.

   Every sc25519 value produced here is fully reduced (0 <= value < L).
   Reduction is Barrett's (Handbook of Applied Cryptography 14.42) with
   base b = 2^64, k = 4 and mu = floor(2^512 / L), for any input x < 2^512.
   The general bound leaves a remainder below 3L; here it is below 2L, so
   one constant-time conditional subtraction of L finishes the job.  Proof:
   with x1 = floor(x / 2^192) < 2^320 and 2^512 / L = mu + f, f < 0.23,
     x / L - x1 mu / 2^320 = x1 f / 2^320 + (x mod 2^192) / L < 0.23 + 2^-60,
   so the quotient estimate floor(x1 mu / 2^320) is at most 1 too small.

   Where the compiler has no unsigned __int128 (32-bit targets), or with
   SC25519_FORCE_LIMB32 defined (tests), the multiplications and borrows are
   done in 32-bit limbs by scalar/sc25519_limb32.h instead: the same
   results, with 32x32->64-bit products only.

   Constant time: everything except sc25519_wnaf_vartime runs the same
   instructions and touches the same addresses whatever the values are, so
   it may be used on secret scalars.  sc25519_wnaf_vartime branches on the
   scalar and is for public scalars only (signature verification,
   multi-scalar multiplication). */
#ifndef SC25519_H
#define SC25519_H

#include <stdint.h>
#include "ct/crypto_ct.h"

typedef struct { uint64_t v[4]; } sc25519;

/* L, little-endian limbs */
static const uint64_t sc25519_L[4] = {
  0x5812631a5cf5d3edULL, 0x14def9dea2f79cd6ULL, 0, 0x1000000000000000ULL
};

/* floor(2^512 / L), a 260-bit number */
static const uint64_t sc25519_mu[5] = {
  0xed9ce5a30a2c131bULL, 0x2106215d086329a7ULL, 0xffffffffffffffebULL,
  0xffffffffffffffffULL, 0xfULL
};

static inline uint64_t sc25519_load64(const unsigned char *x)
{
  uint64_t r = 0;
  int i;
  for (i = 7; i >= 0; --i) r = (r << 8) | x[i];
  return r;
}

#if defined(__SIZEOF_INT128__) && !defined(SC25519_FORCE_LIMB32)

typedef unsigned __int128 sc25519_u128;

/* r = r - L if r >= L; r has five limbs.  Constant time. */
static inline void sc25519_csubL5(uint64_t r[5])
{
  uint64_t t[5], borrow = 0, mask;
  int i;
  for (i = 0; i < 5; ++i) {
    uint64_t li = i < 4 ? sc25519_L[i] : 0;
    sc25519_u128 d = (sc25519_u128)r[i] - li - borrow;
    t[i] = (uint64_t)d;
    borrow = (uint64_t)(d >> 64) & 1;
  }
  /* borrow = 1 iff r < L: keep r; else take t */
  mask = crypto_ct_bit_mask_u64(borrow);
  for (i = 0; i < 5; ++i) r[i] = (r[i] & mask) | (t[i] & ~mask);
  CRYPTO_CT_WIPE(t);
}

/* r = x mod L for a 512-bit x given as eight little-endian limbs */
static inline void sc25519_barrett(sc25519 *r, const uint64_t x[8])
{
  uint64_t q2[10], q3[5], r2[5], rr[5];
  sc25519_u128 acc;
  uint64_t carry, borrow;
  int i, j;

  /* q2 = floor(x / 2^192) * mu */
  for (i = 0; i < 10; ++i) q2[i] = 0;
  for (i = 0; i < 5; ++i) {
    carry = 0;
    for (j = 0; j < 5; ++j) {
      acc = (sc25519_u128)x[3 + i] * sc25519_mu[j] + q2[i + j] + carry;
      q2[i + j] = (uint64_t)acc;
      carry = (uint64_t)(acc >> 64);
    }
    q2[i + 5] = carry;
  }
  /* q3 = floor(q2 / 2^320) */
  for (i = 0; i < 5; ++i) q3[i] = q2[5 + i];

  /* r2 = q3 * L mod 2^320 */
  for (i = 0; i < 5; ++i) r2[i] = 0;
  for (i = 0; i < 5; ++i) {
    carry = 0;
    for (j = 0; i + j < 5; ++j) {
      uint64_t lj = j < 4 ? sc25519_L[j] : 0;
      acc = (sc25519_u128)q3[i] * lj + r2[i + j] + carry;
      r2[i + j] = (uint64_t)acc;
      carry = (uint64_t)(acc >> 64);
    }
  }

  /* rr = (x - r2) mod 2^320; the true difference is in [0, 2L) */
  borrow = 0;
  for (i = 0; i < 5; ++i) {
    sc25519_u128 d = (sc25519_u128)x[i] - r2[i] - borrow;
    rr[i] = (uint64_t)d;
    borrow = (uint64_t)(d >> 64) & 1;
  }
  sc25519_csubL5(rr);               /* rr < 2L: see the top of this file */
  for (i = 0; i < 4; ++i) r->v[i] = rr[i];
  /* x may be a secret scalar: every derived limb goes */
  CRYPTO_CT_WIPE(q2);
  CRYPTO_CT_WIPE(q3);
  CRYPTO_CT_WIPE(r2);
  CRYPTO_CT_WIPE(rr);
}

/* r = a * b + c mod L; a, b, c reduced (below L) */
static inline void sc25519_muladd(sc25519 *r, const sc25519 *a, const sc25519 *b, const sc25519 *c)
{
  uint64_t t[8], carry;
  sc25519_u128 acc;
  int i, j;

  for (i = 0; i < 8; ++i) t[i] = 0;
  for (i = 0; i < 4; ++i) {
    carry = 0;
    for (j = 0; j < 4; ++j) {
      acc = (sc25519_u128)a->v[i] * b->v[j] + t[i + j] + carry;
      t[i + j] = (uint64_t)acc;
      carry = (uint64_t)(acc >> 64);
    }
    t[i + 4] = carry;
  }
  /* a b < 2^506 and c < 2^253: the sum fits in 512 bits */
  carry = 0;
  for (i = 0; i < 8; ++i) {
    acc = (sc25519_u128)t[i] + (i < 4 ? c->v[i] : 0) + carry;
    t[i] = (uint64_t)acc;
    carry = (uint64_t)(acc >> 64);
  }
  sc25519_barrett(r, t);
  CRYPTO_CT_WIPE(t);
}

/* 1 if the 32-byte little-endian integer s is below L, else 0.
   Constant time (s may be secret). */
static inline int sc25519_is_canonical(const unsigned char s[32])
{
  uint64_t borrow = 0;
  int i;
  for (i = 0; i < 4; ++i) {
    sc25519_u128 d = (sc25519_u128)sc25519_load64(s + 8 * i) - sc25519_L[i] - borrow;
    borrow = (uint64_t)(d >> 64) & 1;
  }
  return (int)borrow;
}

#else
#include "scalar/sc25519_limb32.h"
#endif

/* r = x mod L for a 64-byte little-endian x (e.g. a SHA-512 output) */
static inline void sc25519_from64bytes(sc25519 *r, const unsigned char x[64])
{
  uint64_t t[8];
  int i;
  for (i = 0; i < 8; ++i) t[i] = sc25519_load64(x + 8 * i);
  sc25519_barrett(r, t);
  CRYPTO_CT_WIPE_SMALL(t);
}

/* r = x mod L for a 32-byte little-endian x (all 256 bits used) */
static inline void sc25519_from32bytes(sc25519 *r, const unsigned char x[32])
{
  uint64_t t[8];
  int i;
  for (i = 0; i < 4; ++i) t[i] = sc25519_load64(x + 8 * i);
  for (i = 4; i < 8; ++i) t[i] = 0;
  sc25519_barrett(r, t);
  CRYPTO_CT_WIPE_SMALL(t);
}

/* s = a, 32 bytes little-endian */
static inline void sc25519_tobytes(unsigned char s[32], const sc25519 *a)
{
  int i, j;
  for (i = 0; i < 4; ++i)
    for (j = 0; j < 8; ++j) s[8 * i + j] = (unsigned char)(a->v[i] >> (8 * j));
}

/* Signed radix-16 digits of a reduced scalar: a = sum e[i] 16^i with
   -8 <= e[i] < 8 for i < 63 and 0 <= e[63] <= 8 (a < L < 2^253 makes the
   top digit at most 2).  Constant time. */
static inline void sc25519_recode_radix16(signed char e[64], const sc25519 *a)
{
  int carry = 0, x, i;
  for (i = 0; i < 64; ++i) e[i] = (signed char)((a->v[i >> 4] >> (4 * (i & 15))) & 15);
  for (i = 0; i < 63; ++i) {
    x = e[i] + carry;               /* 0 .. 16 */
    carry = (x + 8) >> 4;           /* 1 iff x >= 8 */
    e[i] = (signed char)(x - (carry << 4));
  }
  e[63] = (signed char)(e[63] + carry);
}

/* Bit i (0..255) of a */
static inline int sc25519_bit(const sc25519 *a, int i)
{
  return (int)((a->v[i >> 6] >> (i & 63)) & 1);
}

/* Width-w non-adjacent form of a reduced scalar, for public scalars only:
   a = sum r[i] 2^i, every nonzero r[i] odd with |r[i]| < 2^(w-1), and any
   w consecutive digits hold at most one nonzero.  2 <= w <= 8.  256 digits
   always suffice because a < 2^253.  Variable time: runs of zero bits
   are jumped over with a count of trailing zeros. */
static inline void sc25519_wnaf_vartime(signed char r[256], const sc25519 *a, int w)
{
  uint64_t x[5], v, rest;
  const uint64_t window = ((uint64_t)1 << w) - 1;
  int i, limb, off, k, pos;

  for (i = 0; i < 4; ++i) x[i] = a->v[i];
  x[4] = 0;
  for (i = 0; i < 256; ++i) r[i] = 0;

  i = 0;
  while (i < 256) {
    limb = i >> 6;
    off = i & 63;
    rest = x[limb] >> off;
    if (!rest) {                      /* no set bit left in this limb */
      i = (limb + 1) << 6;
      continue;
    }
    i += __builtin_ctzll(rest);
    limb = i >> 6;
    off = i & 63;
    v = x[limb] >> off;
    if (off + w > 64 && limb < 4) v |= x[limb + 1] << (64 - off);
    v &= window;
    /* clear the w bits just used: x -= v 2^i */
    x[limb] &= ~(window << off);
    if (off + w > 64 && limb < 4) x[limb + 1] &= ~(window >> (64 - off));
    if (v >> (w - 1)) {
      /* digit v - 2^w: x gains 2^(i+w) */
      pos = i + w;
      r[i] = (signed char)((int)v - (1 << w));
      for (k = pos >> 6; k < 5; ++k) {
        x[k] += k == (pos >> 6) ? (uint64_t)1 << (pos & 63) : 1;
        if (x[k] != 0) break;
      }
    } else {
      r[i] = (signed char)v;
    }
    i += w;
  }
}

#endif
