/* SPDX-License-Identifier: MIT */
/* The multiplying part of scalar/sc25519.h in 32-bit limbs, for compilers
   without unsigned __int128 (i386, armhf, armel, ...): sc25519_barrett,
   sc25519_muladd and sc25519_is_canonical with the same contracts and
   results as the 128-bit versions there, which include this file instead
   (never included on its own).

   Every product is a 32x32->64-bit multiplication of two uint32_t (one
   mul/umull instruction on 32-bit targets, never a call to a 64-bit
   multiply routine), and the carries and borrows are 64-bit additions and
   shifts by constants.  Constant time: no branch or index depends on a
   value.

   Barrett's reduction with base b = 2^32, k = 8 and the same
   mu = floor(2^512 / L) (nine 32-bit limbs), shortened twice.  For
   x < 2^512 and x1 = floor(x / 2^224) < 2^288, with 2^512 / L = mu + f,
   f < 0.23,
     x / L - x1 mu / 2^288 = x1 f / 2^288 + (x mod 2^224) / L < 0.23 + 2^-28,
   so floor(x1 mu / 2^288) is at most 1 below q = floor(x / L).  First
   (Handbook of Applied Cryptography 14.42, note (i)): the products
   x1[i] mu[j] with i + j < 7 are left out; they sum to less than
   sum_{c<7} (c+1) 2^(64+32c) < 2^259 < 2^288, so the estimate q3 is at
   most 2 below q, the
   remainder x - q3 L is below 3L < 2^254, and two conditional
   subtractions of L end it.  Second: that remainder is below 2^256, so it
   is computed mod 2^256, where only q3 mod 2^256 (q3's low eight limbs)
   matters, and q3 L = q3 delta + q3 2^252 with L = 2^252 + delta, delta
   below 2^125 (four limbs): 26 products instead of a full q3 L.  79
   products in all, against 126 for the plain form. */
#ifndef SC25519_H
#error "scalar/sc25519_limb32.h is part of scalar/sc25519.h: include that instead"
#endif

/* limb i of the 64-bit little-endian array a, as 32-bit limbs */
#define SC25519_W32(a, i) ((uint32_t)((a)[(i) >> 1] >> (32 * ((i) & 1))))

/* r = r - L if r >= L; r has eight 32-bit limbs.  Constant time. */
static inline void sc25519_limb32_csubL(uint32_t r[8])
{
  uint32_t t[8], borrow = 0, mask;
  uint64_t d;
  int i;
  for (i = 0; i < 8; ++i) {
    d = (uint64_t)r[i] - SC25519_W32(sc25519_L, i) - borrow;
    t[i] = (uint32_t)d;
    borrow = (uint32_t)(d >> 32) & 1;
  }
  /* borrow = 1 iff r < L: keep r; else take t */
  mask = 0 - crypto_ct_barrier_u32(borrow);
  for (i = 0; i < 8; ++i) r[i] = (r[i] & mask) | (t[i] & ~mask);
  CRYPTO_CT_WIPE_SMALL(t);
}

/* r = x mod L for a 512-bit x given as sixteen little-endian 32-bit limbs */
static inline void sc25519_limb32_barrett(sc25519 *r, const uint32_t x[16])
{
  uint32_t q2[18], r2[8], rr[8], carry, borrow;
  uint64_t acc;
  int i, j;

  /* q2 = the products x1[i] mu[j] with i + j >= 7, x1 = x[7..15];
     q3 = floor(q2 / 2^288) = q2[9..17].  Row 0 sets q2[7..9], row i
     reads q2[7..i+8], all set by the rows before: q2 needs no zeroing
     (whose loop gcc makes a memset call on 32-bit arm) */
  acc = (uint64_t)x[7] * SC25519_W32(sc25519_mu, 7);
  q2[7] = (uint32_t)acc;
  acc = (uint64_t)x[7] * SC25519_W32(sc25519_mu, 8) + (uint32_t)(acc >> 32);
  q2[8] = (uint32_t)acc;
  q2[9] = (uint32_t)(acc >> 32);
  for (i = 1; i < 9; ++i) {
    carry = 0;
    for (j = (i < 7 ? 7 - i : 0); j < 9; ++j) {
      acc = (uint64_t)x[7 + i] * SC25519_W32(sc25519_mu, j) + q2[i + j] + carry;
      q2[i + j] = (uint32_t)acc;
      carry = (uint32_t)(acc >> 32);
    }
    q2[i + 9] = carry;
  }

  /* r2 = q3 L mod 2^256 = q3 delta + q3 2^252 mod 2^256; row 0 sets
     r2, the other rows add */
  carry = 0;
  for (j = 0; j < 8; ++j) {
    acc = (uint64_t)q2[9 + j] * SC25519_W32(sc25519_L, 0) + carry;
    r2[j] = (uint32_t)acc;
    carry = (uint32_t)(acc >> 32);
  }
  for (i = 1; i < 4; ++i) {
    carry = 0;
    for (j = 0; i + j < 8; ++j) {
      acc = (uint64_t)q2[9 + j] * SC25519_W32(sc25519_L, i) + r2[i + j] + carry;
      r2[i + j] = (uint32_t)acc;
      carry = (uint32_t)(acc >> 32);
    }
  }
  r2[7] += q2[9] << 28;

  /* rr = (x - r2) mod 2^256; the true difference is in [0, 3L) */
  borrow = 0;
  for (i = 0; i < 8; ++i) {
    acc = (uint64_t)x[i] - r2[i] - borrow;
    rr[i] = (uint32_t)acc;
    borrow = (uint32_t)(acc >> 32) & 1;
  }
  sc25519_limb32_csubL(rr);
  sc25519_limb32_csubL(rr);
  for (i = 0; i < 4; ++i) r->v[i] = (uint64_t)rr[2 * i] | ((uint64_t)rr[2 * i + 1] << 32);
  /* x may be a secret scalar: every derived limb goes */
  CRYPTO_CT_WIPE_SMALL(q2);
  CRYPTO_CT_WIPE_SMALL(r2);
  CRYPTO_CT_WIPE_SMALL(rr);
}

/* r = x mod L for a 512-bit x given as eight little-endian 64-bit limbs */
static inline void sc25519_barrett(sc25519 *r, const uint64_t x[8])
{
  uint32_t t[16];
  int i;
  for (i = 0; i < 16; ++i) t[i] = SC25519_W32(x, i);
  sc25519_limb32_barrett(r, t);
  CRYPTO_CT_WIPE_SMALL(t);
}

/* r = a * b + c mod L; a, b, c reduced (below L) */
static inline void sc25519_muladd(sc25519 *r, const sc25519 *a, const sc25519 *b, const sc25519 *c)
{
  uint32_t t[16], carry;
  uint64_t acc;
  int i, j;

  for (i = 0; i < 16; ++i) t[i] = 0;
  for (i = 0; i < 8; ++i) {
    carry = 0;
    for (j = 0; j < 8; ++j) {
      acc = (uint64_t)SC25519_W32(a->v, i) * SC25519_W32(b->v, j) + t[i + j] + carry;
      t[i + j] = (uint32_t)acc;
      carry = (uint32_t)(acc >> 32);
    }
    t[i + 8] = carry;
  }
  /* a b < 2^506 and c < 2^253: the sum fits in 512 bits */
  carry = 0;
  for (i = 0; i < 16; ++i) {
    acc = (uint64_t)t[i] + (i < 8 ? SC25519_W32(c->v, i) : 0) + carry;
    t[i] = (uint32_t)acc;
    carry = (uint32_t)(acc >> 32);
  }
  sc25519_limb32_barrett(r, t);
  CRYPTO_CT_WIPE_SMALL(t);
}

/* 1 if the 32-byte little-endian integer s is below L, else 0.
   Constant time (s may be secret). */
static inline int sc25519_is_canonical(const unsigned char s[32])
{
  uint32_t borrow = 0, w;
  uint64_t d;
  int i;
  for (i = 0; i < 8; ++i) {
    w = (uint32_t)s[4 * i] | ((uint32_t)s[4 * i + 1] << 8) | ((uint32_t)s[4 * i + 2] << 16)
      | ((uint32_t)s[4 * i + 3] << 24);
    d = (uint64_t)w - SC25519_W32(sc25519_L, i) - borrow;
    borrow = (uint32_t)(d >> 32) & 1;
  }
  return (int)borrow;
}
