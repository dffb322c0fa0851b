/* SPDX-License-Identifier: MIT */
/* Half-size scalars for Ed25519 verification (doc/verification.md,
   "Half-size scalars"): for k < L find integers c0, c1 with

     c0 = c1 k (mod 8L),   c1 odd,   0 < c1 < 2^252,   |c0| < 2^252,

   both usually about 2^128: a short vector of the lattice
   {(x, y) : x = y k mod 8L}, which (8L, 0) and (k, 1) span.  The modulus
   is the full group order 8L, not L, so [c0]A = [c1 k]A holds for a
   point A of any order; c1 odd and below L makes c1 a unit mod 8L.

   Method: the extended Euclidean algorithm on (8L, k), keeping only the
   cofactors of k (r_j = t_j k mod 8L, t_{-1} = 0, t_0 = 1; the signs of t_j
   alternate, t_j having the sign of (-1)^j, so magnitudes are kept).  It
   stops at the first remainder r_i < 2^128; since r_{i-1} |t_i| +
   r_i |t_{i-1}| = 8L, |t_i| < 8L / r_{i-1} <= 2^127.  w_i = (r_i, t_i) is
   returned when t_i is odd.  Otherwise t_{i-1} and t_{i+1} are odd (two
   consecutive cofactors are coprime) and the shortest, in the larger
   coordinate, of w_{i+1}, w_i + w_{i+1}, w_i - w_{i+1} (all with odd y) is
   returned.  The result is refused (return 0, the caller then uses the
   full-size computation) if a coordinate reaches 2^252; that needs a
   remainder r_i below 8, which no hash output comes near.

   Each division step estimates the quotient from the top 53 bits of
   both remainders in double precision, rounded so that the estimate
   never exceeds the true quotient, and repeats until the remainder is
   below the divisor.  Variable time: for public data only (k is the hash
   of a signature, key and message). */
#ifndef SC25519_HALFSIZE_H
#define SC25519_HALFSIZE_H

#include <stdint.h>
#include <string.h>

typedef unsigned __int128 sc25519_halfsize_u128;

/* 8L, little-endian limbs */
static const uint64_t sc25519_halfsize_8L[4] = {
  0xc09318d2e7ae9f68ULL, 0xa6f7cef517bce6b2ULL, 0, 0x8000000000000000ULL
};

static inline int sc25519_halfsize_bitlen(const uint64_t x[4])
{
  int i;
  for (i = 3; i >= 0; --i)
    if (x[i]) return 64 * i + 64 - __builtin_clzll(x[i]);
  return 0;
}

/* floor(x / 2^e) for the e that leaves 53 bits (e = 0 when x has fewer); b = bitlen(x) */
static inline uint64_t sc25519_halfsize_top53(const uint64_t x[4], int b, int *e)
{
  int s, li, o;
  uint64_t v;
  if (b <= 53) { *e = 0; return x[0]; }
  s = b - 53;
  li = s >> 6;
  o = s & 63;
  v = x[li] >> o;
  if (o && li < 3) v |= x[li + 1] << (64 - o);
  *e = s;
  return v & (((uint64_t)1 << 53) - 1);
}

/* a -= q b (no underflow: q b <= a) */
static inline void sc25519_halfsize_submul(uint64_t a[4], const uint64_t b[4], uint64_t q)
{
  sc25519_halfsize_u128 p, d;
  uint64_t carry = 0, borrow = 0;
  int i;
  for (i = 0; i < 4; ++i) {
    p = (sc25519_halfsize_u128)b[i] * q + carry;
    carry = (uint64_t)(p >> 64);
    d = (sc25519_halfsize_u128)a[i] - (uint64_t)p - borrow;
    a[i] = (uint64_t)d;
    borrow = (uint64_t)(d >> 64) & 1;
  }
}

/* a += q b (no overflow: the result stays below 2^256) */
static inline void sc25519_halfsize_addmul(uint64_t a[4], const uint64_t b[4], uint64_t q)
{
  sc25519_halfsize_u128 p;
  uint64_t carry = 0;
  int i;
  for (i = 0; i < 4; ++i) {
    p = (sc25519_halfsize_u128)b[i] * q + a[i] + carry;
    a[i] = (uint64_t)p;
    carry = (uint64_t)(p >> 64);
  }
}

/* 1 iff a >= b */
static inline int sc25519_halfsize_geq(const uint64_t a[4], const uint64_t b[4])
{
  int i;
  for (i = 3; i >= 0; --i)
    if (a[i] != b[i]) return a[i] > b[i];
  return 1;
}

static inline void sc25519_halfsize_add(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
  sc25519_halfsize_u128 c = 0;
  int i;
  for (i = 0; i < 4; ++i) {
    c += (sc25519_halfsize_u128)a[i] + b[i];
    r[i] = (uint64_t)c;
    c >>= 64;
  }
}

/* r = a - b, a >= b */
static inline void sc25519_halfsize_sub(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
  sc25519_halfsize_u128 d;
  uint64_t borrow = 0;
  int i;
  for (i = 0; i < 4; ++i) {
    d = (sc25519_halfsize_u128)a[i] - b[i] - borrow;
    r[i] = (uint64_t)d;
    borrow = (uint64_t)(d >> 64) & 1;
  }
}

/* r = a 2^s for 0 < s < 256, the result below 2^256 */
static inline void sc25519_halfsize_shl(uint64_t r[4], const uint64_t a[4], int s)
{
  int i, li = s >> 6, o = s & 63;
  for (i = 3; i >= 0; --i) {
    uint64_t v = 0;
    if (i - li >= 0) v = a[i - li] << o;
    if (o && i - li - 1 >= 0) v |= a[i - li - 1] >> (64 - o);
    r[i] = v;
  }
}

/* one step of the algorithm, given r0 >= r1 > 0: (r0, t0) becomes
   (r0 mod r1, t0 + floor(r0 / r1) t1) (magnitudes, see the top).  Each
   round subtracts q r1 for an estimate q = qm 2^sh <= r0 / r1 with
   qm < 2^62; a quotient of more than 62 bits takes several rounds. */
static inline void sc25519_halfsize_divstep(uint64_t r0[4], uint64_t t0[4],
                                            const uint64_t r1[4], const uint64_t t1[4])
{
  int b0, b1, e0, e1, d, ex, t, sh;
  uint64_t x0, x1, qm, bits, rs[4], ts[4];
  double f;

  /* a quotient of 1 is the most frequent one (about 41%) */
  sc25519_halfsize_sub(r0, r0, r1);
  sc25519_halfsize_add(t0, t0, t1);
  if (!sc25519_halfsize_geq(r0, r1)) return;

  b1 = sc25519_halfsize_bitlen(r1);
  x1 = sc25519_halfsize_top53(r1, b1, &e1) + 1;   /* r1 < x1 2^e1 */
  do {
    b0 = sc25519_halfsize_bitlen(r0);
    x0 = sc25519_halfsize_top53(r0, b0, &e0);     /* x0 2^e0 <= r0 */
    /* x0, x1 <= 2^53 are exact doubles; the division and the product
       round by at most 2^-53 each, which the factor 1 - 2^-51 absorbs:
       f 2^d <= x0 2^e0 / (x1 2^e1) <= r0 / r1; e0 >= e1 as r0 >= r1 */
    f = (double)x0 / (double)x1 * (1.0 - 0x1p-51);
    d = e0 - e1;
    memcpy(&bits, &f, sizeof bits);
    ex = (int)((bits >> 52) & 0x7ff) - 1023;      /* 2^ex <= f < 2^(ex+1), f < 2^54 */
    t = 61 - ex;                                  /* f 2^t < 2^62 */
    if (t > d) t = d;
    if (t > 0) f *= (double)((uint64_t)1 << t);   /* exact: a power of two */
    qm = f >= 1.0 ? (uint64_t)f : 1;              /* r0 >= r1: 1 is safe */
    sh = d - t;
    if (t < 0) {                                  /* f >= 2^62 with d = 0: cannot happen, */
      qm = (uint64_t)1 << 61;                     /* as f < 2^54; kept safe anyway */
      sh = 0;
    }
    if (sh == 0) {
      sc25519_halfsize_submul(r0, r1, qm);
      sc25519_halfsize_addmul(t0, t1, qm);
    } else {
      sc25519_halfsize_shl(rs, r1, sh);
      sc25519_halfsize_shl(ts, t1, sh);
      sc25519_halfsize_submul(r0, rs, qm);
      sc25519_halfsize_addmul(t0, ts, qm);
    }
  } while (sc25519_halfsize_geq(r0, r1));
}

/* r = a x + b y (sub = 0) or a x - b y (sub = 1), modulo 2^256: exact
   when the true result lies in [0, 2^256) */
static inline void sc25519_halfsize_lin(uint64_t r[4], uint64_t a, const uint64_t x[4], uint64_t b,
                                        const uint64_t y[4], int sub)
{
  sc25519_halfsize_u128 px, py, acc;
  uint64_t cx = 0, cy = 0, borrow = 0;
  int i;
  for (i = 0; i < 4; ++i) {
    px = (sc25519_halfsize_u128)a * x[i] + cx;
    cx = (uint64_t)(px >> 64);
    py = (sc25519_halfsize_u128)b * y[i] + cy;
    cy = (uint64_t)(py >> 64);
    if (sub) {
      acc = (sc25519_halfsize_u128)(uint64_t)px - (uint64_t)py - borrow;
      borrow = (uint64_t)(acc >> 64) & 1;
    } else {
      acc = (sc25519_halfsize_u128)(uint64_t)px + (uint64_t)py + borrow;
      borrow = (uint64_t)(acc >> 64);
    }
    r[i] = (uint64_t)acc;
  }
}

/* Lehmer's method (Knuth, TAOCP 4.5.2, Algorithm L) on the leading 61
   bits: as many steps of the algorithm as the leading bits determine,
   done on (r0, t0), (r1, t1) at once by their 2x2 matrix.  A step is only
   taken when its remainder is sure to stay >= 2^128, so the caller's
   exact steps find the first remainder below 2^128.  Returns the number
   of steps (0: the caller does one exact step). */
static inline int sc25519_halfsize_lehmer(uint64_t r0[4], uint64_t t0[4], uint64_t r1[4], uint64_t t1[4])
{
  int64_t A = 1, B = 0, C = 0, D = 1, u, v, q, margin;
  uint64_t x[4], y[4];
  int b = sc25519_halfsize_bitlen(r0), s = b - 61, li, o, m = 0;

  li = s >> 6;
  o = s & 63;
  u = (int64_t)(r0[li] >> o);
  v = (int64_t)(r1[li] >> o);
  if (o && li < 3) {
    u |= (int64_t)(r0[li + 1] << (64 - o));
    v |= (int64_t)(r1[li + 1] << (64 - o));
  }
  u &= ((int64_t)1 << 61) - 1;
  v &= ((int64_t)1 << 61) - 1;
  /* r = 2^s (leading part) + e, 0 <= e < 2^s, so a remainder C r0 + D r1
     is above 2^s (C u + D v - |C| - |D|); it is >= 2^128 when that
     bracket is >= margin */
  margin = s >= 128 ? 1 : (int64_t)1 << (128 - s);
  for (;;) {
    int64_t nC, nD, nv;
    if (v + C <= 0 || v + D <= 0) break;
    q = (u + A) / (v + C);
    if (q != (u + B) / (v + D)) break;
    nC = A - q * C;
    nD = B - q * D;
    nv = u - q * v;
    if (nv - (nC < 0 ? -nC : nC) - (nD < 0 ? -nD : nD) < margin) break;
    A = C; C = nC;
    B = D; D = nD;
    u = v; v = nv;
    ++m;
  }
  if (!m) return 0;
  /* signs alternate in a checkerboard: after an even number of steps
     A >= 0 >= B and D >= 0 >= C, after an odd number the reverse */
  if (A < 0) A = -A;
  if (B < 0) B = -B;
  if (C < 0) C = -C;
  if (D < 0) D = -D;
  if (m & 1) {
    sc25519_halfsize_lin(x, (uint64_t)B, r1, (uint64_t)A, r0, 1);
    sc25519_halfsize_lin(y, (uint64_t)C, r0, (uint64_t)D, r1, 1);
  } else {
    sc25519_halfsize_lin(x, (uint64_t)A, r0, (uint64_t)B, r1, 1);
    sc25519_halfsize_lin(y, (uint64_t)D, r1, (uint64_t)C, r0, 1);
  }
  memcpy(r0, x, sizeof x);
  memcpy(r1, y, sizeof y);
  sc25519_halfsize_lin(x, (uint64_t)A, t0, (uint64_t)B, t1, 0);
  sc25519_halfsize_lin(y, (uint64_t)C, t0, (uint64_t)D, t1, 0);
  memcpy(t0, x, sizeof x);
  memcpy(t1, y, sizeof y);
  return m;
}

/* k: the limbs of a reduced scalar (k < L).  On success (1): c1 odd,
   0 < c1 < 2^252, |c0| < 2^252 given as its magnitude c0 and *c0neg
   (1 iff c0 < 0), c0 = c1 k mod 8L.  Returns 0 when no such vector was
   found (see the top); c0, c1 are then undefined. */
static inline int sc25519_halfsize_vartime(uint64_t c0[4], int *c0neg, uint64_t c1[4], const uint64_t k[4])
{
  uint64_t r0[4], r1[4], t0[4], t1[4], r2[4], t2[4], x[4], y[4];
  uint64_t *rp, *tp, *rq, *tq, *sw;
  int i, ysign, best, b, cand;

  for (i = 0; i < 4; ++i) {
    r0[i] = sc25519_halfsize_8L[i];
    r1[i] = k[i];
    t0[i] = 0;
    t1[i] = 0;
  }
  t1[0] = 1;
  rp = r0; tp = t0;       /* w_{j-1} */
  rq = r1; tq = t1;       /* w_j */
  ysign = 0;              /* parity of j: t_j has the sign (-1)^j */
  while (rq[2] | rq[3]) { /* r_j >= 2^128 */
    int m = sc25519_halfsize_lehmer(rp, tp, rq, tq);
    if (m) { ysign ^= m & 1; continue; }
    sc25519_halfsize_divstep(rp, tp, rq, tq);
    sw = rp; rp = rq; rq = sw;
    sw = tp; tp = tq; tq = sw;
    ysign ^= 1;
  }

  if (tq[0] & 1) {
    /* w_j: r_j < 2^128, |t_j| < 2^127 */
    for (i = 0; i < 4; ++i) { x[i] = rq[i]; y[i] = tq[i]; }
  } else {
    /* t_j even (so j >= 1 and r_j > 0): candidates with odd y from
       w_{j+1} = w_{j-1} - q w_j; |t_{j+1}| > |t_j| because |t_{j-1}| >= 1 */
    for (i = 0; i < 4; ++i) { r2[i] = rp[i]; t2[i] = tp[i]; }
    sc25519_halfsize_divstep(r2, t2, rq, tq);
    /* cand 0: w_{j+1} = (r_{j+1}, (-1)^(j+1) |t_{j+1}|) */
    best = sc25519_halfsize_bitlen(r2);
    b = sc25519_halfsize_bitlen(t2);
    if (b > best) best = b;
    cand = 0;
    /* cand 1: w_j + w_{j+1} = (r_j + r_{j+1}, (-1)^(j+1) (|t_{j+1}| - |t_j|)) */
    sc25519_halfsize_add(x, rq, r2);
    sc25519_halfsize_sub(y, t2, tq);
    b = sc25519_halfsize_bitlen(x);
    if (sc25519_halfsize_bitlen(y) > b) b = sc25519_halfsize_bitlen(y);
    if (b < best) { best = b; cand = 1; }
    /* cand 2: w_j - w_{j+1} = (r_j - r_{j+1}, (-1)^j (|t_j| + |t_{j+1}|)) */
    {
      uint64_t x2[4], y2[4];
      sc25519_halfsize_sub(x2, rq, r2);
      sc25519_halfsize_add(y2, tq, t2);
      b = sc25519_halfsize_bitlen(x2);
      if (sc25519_halfsize_bitlen(y2) > b) b = sc25519_halfsize_bitlen(y2);
      if (b < best) {
        cand = 2;
        for (i = 0; i < 4; ++i) { x[i] = x2[i]; y[i] = y2[i]; }
      }
    }
    if (cand == 0)
      for (i = 0; i < 4; ++i) { x[i] = r2[i]; y[i] = t2[i]; }
    if (cand != 2) ysign ^= 1;
  }

  if (sc25519_halfsize_bitlen(x) > 252 || sc25519_halfsize_bitlen(y) > 252) return 0;
  /* (x, y) with x >= 0 and y of sign (-1)^ysign; c1 = |y|, c0 = x or -x */
  for (i = 0; i < 4; ++i) { c0[i] = x[i]; c1[i] = y[i]; }
  *c0neg = ysign;
  return 1;
}

#endif
