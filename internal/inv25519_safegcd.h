/* SPDX-License-Identifier: MIT */
/* Constant-time inversion modulo p = 2^255 - 19 by the Bernstein-Yang
   "safegcd" method (D. J. Bernstein, B.-Y. Yang, "Fast constant-time gcd
   computation and modular inversion", 2019), in its half-delta variant
   ("hddivsteps": delta starts at 1/2), for 64-bit compilers with signed
   __int128.

   inv25519_safegcd(out, in): in = four 64-bit little-endian limbs of an
   integer below p; out = in^(p-2) mod p (the inverse, and 0 for 0),
   fully reduced, same layout.  out may alias in.

   Method.  With f = p (odd) and g = in, repeat the divstep
     if delta > 0 and g odd:  (delta, f, g) <- (1 - delta, g, (g - f)/2)
     elif g odd:              (delta, f, g) <- (1 + delta, f, (g + f)/2)
     else:                    (delta, f, g) <- (1 + delta, f, g/2)
   590 steps bring g to 0 for any inputs below 2^256 (the bound for the
   half-delta variant); we do exactly that, 10 batches of 59.  Then f = +-1
   (p is prime) unless in = 0.  Alongside, d and e with f = d in,
   g = e in (mod p) start at 0 and 1; at the end in^-1 = d/f.

   Each batch runs 59 divsteps on the low 64 bits of f and g only,
   collecting a matrix T = [u v; q r] with 2^62 (f', g') = 8 T (f, g)
   (the matrix starts at 8 times the identity, so the batch always divides
   by 2^62 as the limbs do) and |u| + |v| <= 2^62, |q| + |r| <= 2^62;
   then applies T to the full f, g
   (exact division by 2^62) and to d, e modulo p (a multiple of p is added
   to make the division exact: p^-1 mod 2^62 gives it).

   Numbers are signed radix 2^62: v[0..3] in [0, 2^62), v[4] signed, value
   sum v[i] 2^(62 i).  Ranges kept: |f|, |g| <= p; -2p < d, e < p
   (with d' = (u d + v e + m p)/2^62, adding p to negative d, e first
   through m, |u d + v e| < 2^62 p and 0 <= the rest < 2^62 p).

   Constant time: fixed loop counts; every choice is made with masks;
   no branch or memory index depends on the data. */
#ifndef INV25519_SAFEGCD_H
#define INV25519_SAFEGCD_H

#include <stdint.h>

#ifndef __SIZEOF_INT128__
#error "inv25519_safegcd.h needs __int128"
#endif

#define SAFEGCD_M62 ((uint64_t)0x3fffffffffffffffULL)
/* p^-1 mod 2^62 */
#define SAFEGCD_PINV62 ((uint64_t)0x39435e50d79435e5ULL)

typedef struct { int64_t v[5]; } safegcd_s62;
typedef __int128 safegcd_i128;

/* 59 divsteps on the low bits f, g (f odd), the matrix starting at 8
   times the identity.  The state is carried as z = -(delta + 1/2) (so
   z < 0 iff delta > 0), starting at -1.  Returns the new z and the matrix
   t = (u, v, q, r).

   Per step, with n = all-ones iff z < 0 and o = all-ones iff g is odd:
   g += (n ? -f : f) & o (likewise q, r from u, v); if n & o (the swap
   case) f += g, which makes f the old g (likewise u, v); then g /= 2,
   u, v *= 2, and z becomes -z - 2 (swap) or z - 1.  The negation of f
   depends on z only, so it overlaps with the parity test of g. */
static inline int64_t safegcd_divsteps59(int64_t z, uint64_t f, uint64_t g, int64_t t[4])
{
  uint64_t u = 8, v = 0, q = 0, r = 8;
  int i;

  for (i = 0; i < 59; ++i) {
    uint64_t n = (uint64_t)(z >> 63);
    uint64_t o = (uint64_t)0 - (g & 1);
    uint64_t x = (f ^ n) - n, y = (u ^ n) - n, w = (v ^ n) - n;
    g += x & o;
    q += y & o;
    r += w & o;
    n &= o;
    z = (int64_t)(((uint64_t)z ^ n) - 1);
    f += g & n;
    u += q & n;
    v += r & n;
    g >>= 1;
    u <<= 1;
    v <<= 1;
  }
  t[0] = (int64_t)u; t[1] = (int64_t)v; t[2] = (int64_t)q; t[3] = (int64_t)r;
  return z;
}

/* (f, g) <- T (f, g) / 2^62, exactly */
static inline void safegcd_update_fg(safegcd_s62 *f, safegcd_s62 *g, const int64_t t[4])
{
  const int64_t u = t[0], v = t[1], q = t[2], r = t[3];
  safegcd_i128 cf, cg;
  int i;

  cf = (safegcd_i128)u * f->v[0] + (safegcd_i128)v * g->v[0];
  cg = (safegcd_i128)q * f->v[0] + (safegcd_i128)r * g->v[0];
  cf >>= 62;                                   /* the low 62 bits are 0 */
  cg >>= 62;
  for (i = 1; i < 5; ++i) {
    cf += (safegcd_i128)u * f->v[i] + (safegcd_i128)v * g->v[i];
    cg += (safegcd_i128)q * f->v[i] + (safegcd_i128)r * g->v[i];
    f->v[i - 1] = (int64_t)((uint64_t)cf & SAFEGCD_M62);
    g->v[i - 1] = (int64_t)((uint64_t)cg & SAFEGCD_M62);
    cf >>= 62;
    cg >>= 62;
  }
  f->v[4] = (int64_t)cf;
  g->v[4] = (int64_t)cg;
}

/* (d, e) <- T (d, e) / 2^62 mod p; p = -19 + 128 2^248 in signed limbs */
static inline void safegcd_update_de(safegcd_s62 *d, safegcd_s62 *e, const int64_t t[4])
{
  const int64_t u = t[0], v = t[1], q = t[2], r = t[3];
  const int64_t sd = d->v[4] >> 63, se = e->v[4] >> 63;
  int64_t md = (u & sd) + (v & se), me = (q & sd) + (r & se);
  safegcd_i128 cd, ce;
  int i;

  cd = (safegcd_i128)u * d->v[0] + (safegcd_i128)v * e->v[0];
  ce = (safegcd_i128)q * d->v[0] + (safegcd_i128)r * e->v[0];
  /* md -= the m in [0, 2^62) that makes cd + md p divisible by 2^62 */
  md -= (int64_t)((SAFEGCD_PINV62 * (uint64_t)cd + (uint64_t)md) & SAFEGCD_M62);
  me -= (int64_t)((SAFEGCD_PINV62 * (uint64_t)ce + (uint64_t)me) & SAFEGCD_M62);
  cd += (safegcd_i128)(-19) * md;
  ce += (safegcd_i128)(-19) * me;
  cd >>= 62;                                   /* the low 62 bits are 0 */
  ce >>= 62;
  for (i = 1; i < 5; ++i) {
    cd += (safegcd_i128)u * d->v[i] + (safegcd_i128)v * e->v[i];
    ce += (safegcd_i128)q * d->v[i] + (safegcd_i128)r * e->v[i];
    if (i == 4) {                              /* i is public */
      cd += (safegcd_i128)128 * md;
      ce += (safegcd_i128)128 * me;
    }
    d->v[i - 1] = (int64_t)((uint64_t)cd & SAFEGCD_M62);
    e->v[i - 1] = (int64_t)((uint64_t)ce & SAFEGCD_M62);
    cd >>= 62;
    ce >>= 62;
  }
  d->v[4] = (int64_t)cd;
  e->v[4] = (int64_t)ce;
}

/* carry so that v[0..3] are in [0, 2^62) (value unchanged) */
static inline void safegcd_carry(safegcd_s62 *a)
{
  int i;
  for (i = 0; i < 4; ++i) {
    a->v[i + 1] += a->v[i] >> 62;
    a->v[i] = (int64_t)((uint64_t)a->v[i] & SAFEGCD_M62);
  }
}

/* a += p if mask = -1 (a carried before and after) */
static inline void safegcd_add_p(safegcd_s62 *a, int64_t mask)
{
  a->v[0] += (int64_t)(SAFEGCD_M62 - 18) & mask;
  a->v[1] += (int64_t)SAFEGCD_M62 & mask;
  a->v[2] += (int64_t)SAFEGCD_M62 & mask;
  a->v[3] += (int64_t)SAFEGCD_M62 & mask;
  a->v[4] += 127 & mask;
  safegcd_carry(a);
}

/* f = p, g = in (four 64-bit limbs, below p), d = 0, e = 1 */
static inline void safegcd_start(safegcd_s62 *f, safegcd_s62 *g, safegcd_s62 *d, safegcd_s62 *e,
                                 const uint64_t in[4])
{
  int i;

  f->v[0] = (int64_t)(SAFEGCD_M62 - 18);
  f->v[1] = (int64_t)SAFEGCD_M62;
  f->v[2] = (int64_t)SAFEGCD_M62;
  f->v[3] = (int64_t)SAFEGCD_M62;
  f->v[4] = 127;
  g->v[0] = (int64_t)(in[0] & SAFEGCD_M62);
  g->v[1] = (int64_t)(((in[0] >> 62) | (in[1] << 2)) & SAFEGCD_M62);
  g->v[2] = (int64_t)(((in[1] >> 60) | (in[2] << 4)) & SAFEGCD_M62);
  g->v[3] = (int64_t)(((in[2] >> 58) | (in[3] << 6)) & SAFEGCD_M62);
  g->v[4] = (int64_t)(in[3] >> 56);
  for (i = 0; i < 5; ++i) { d->v[i] = 0; e->v[i] = 0; }
  e->v[0] = 1;
}

/* out = d f mod p, fully reduced, for f = +-1 (or +-p when in = 0, where
   d = 0) and -2p < d < p; constant time */
static inline void safegcd_finish(uint64_t out[4], const safegcd_s62 *f, safegcd_s62 *d)
{
  safegcd_s62 t;
  int64_t neg = f->v[4] >> 63;
  int i;

  for (i = 0; i < 5; ++i) d->v[i] = (d->v[i] ^ neg) - neg;
  safegcd_carry(d);                            /* -2p < d < 2p */
  safegcd_add_p(d, d->v[4] >> 63);             /* -p < d < 2p */
  safegcd_add_p(d, d->v[4] >> 63);             /* 0 <= d < 2p */
  /* t = d - p; keep it when it is not negative */
  t.v[0] = d->v[0] - (int64_t)(SAFEGCD_M62 - 18);
  t.v[1] = d->v[1] - (int64_t)SAFEGCD_M62;
  t.v[2] = d->v[2] - (int64_t)SAFEGCD_M62;
  t.v[3] = d->v[3] - (int64_t)SAFEGCD_M62;
  t.v[4] = d->v[4] - 127;
  safegcd_carry(&t);
  neg = t.v[4] >> 63;                          /* -1 iff d < p */
  for (i = 0; i < 5; ++i) d->v[i] = (d->v[i] & neg) | (t.v[i] & ~neg);

  out[0] = (uint64_t)d->v[0] | ((uint64_t)d->v[1] << 62);
  out[1] = ((uint64_t)d->v[1] >> 2) | ((uint64_t)d->v[2] << 60);
  out[2] = ((uint64_t)d->v[2] >> 4) | ((uint64_t)d->v[3] << 58);
  out[3] = ((uint64_t)d->v[3] >> 6) | ((uint64_t)d->v[4] << 56);
}

static inline void inv25519_safegcd(uint64_t out[4], const uint64_t in[4])
{
  safegcd_s62 f, g, d, e;
  int64_t z = -1, m[4];
  int i;

  safegcd_start(&f, &g, &d, &e, in);
  for (i = 0; i < 10; ++i) {
    z = safegcd_divsteps59(z, (uint64_t)f.v[0], (uint64_t)g.v[0], m);
    safegcd_update_de(&d, &e, m);
    safegcd_update_fg(&f, &g, m);
  }
  /* f = +-1 (or +-p when in = 0, where d = 0): in^-1 = d f */
  safegcd_finish(out, &f, &d);
}

#endif
