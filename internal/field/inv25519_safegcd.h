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

   Constant time: fixed loop counts; every choice is made with masks or
   cmov; no branch or memory index depends on the data. */
#ifndef INV25519_SAFEGCD_H
#define INV25519_SAFEGCD_H

#include <stdint.h>
#include "ct/crypto_ct.h"

#ifndef __SIZEOF_INT128__
#error "inv25519_safegcd.h needs __int128"
#endif

#define SAFEGCD_M62 ((uint64_t)0x3fffffffffffffffULL)
/* p^-1 mod 2^62 */
#define SAFEGCD_PINV62 ((uint64_t)0x39435e50d79435e5ULL)

typedef struct { int64_t v[5]; } safegcd_s62;
typedef __int128 safegcd_i128;

/* Divsteps on the low bits of f, g (f odd), with the matrix packed two
   entries per word: UV = u 2^32 + v and QR = q 2^32 + r, the matrix
   starting at the identity.  After k <= 30 steps |u| + |v| <= 2^k, so each
   entry fits in 32 signed bits and the packed words add, subtract, negate,
   double and select like the pairs they stand for; this halves the work
   of the matrix bookkeeping, which is most of a step.

   The state is carried as z = -(delta + 1/2) (so z < 0 iff delta > 0).
   One step, with n = (z < 0) and o = (g odd):
     if o:      g += n ? -f : f,  QR += n ? -UV : UV
     if n && o: f = the old g, UV = the old QR, z = -z - 2 (the swap)
     else:      z = z - 1
     then g /= 2 and UV *= 2.
   On x86-64 the choices are cmov instructions (constant time, and they
   shorten the dependency chain through g to add, two selects and a
   shift); elsewhere, and under MemorySanitizer (which cannot see into
   the asm), masks.  Returns the new z. */
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define SAFEGCD_NO_ASM
#endif
#endif

static inline int64_t safegcd_divsteps_packed(int64_t z, uint64_t f, uint64_t g, int steps,
                                              uint64_t *uv_out, uint64_t *qr_out)
{
  uint64_t UV = (uint64_t)1 << 32, QR = 1;
  int i;

  for (i = 0; i < steps; ++i) {
#if defined(__x86_64__) && defined(__GNUC__) && !defined(SAFEGCD_NO_ASM)
    uint64_t gn = g + f, gm = g - f, qn = QR + UV, qm = QR - UV;
    uint64_t zswap = ~(uint64_t)z - 1, znext = (uint64_t)z - 1, c = g << 63;
    /* n: subtract instead of add */
    __asm__("testq %[z], %[z]\n\tcmovsq %[gm], %[gn]\n\tcmovsq %[qm], %[qn]"
            : [gn] "+r"(gn), [qn] "+r"(qn) : [gm] "r"(gm), [qm] "r"(qm), [z] "r"(z) : "cc");
    /* not o: nothing added */
    __asm__("testb $1, %b[g]\n\tcmovzq %[g], %[gn]\n\tcmovzq %[qr], %[qn]"
            : [gn] "+r"(gn), [qn] "+r"(qn) : [g] "q"(g), [qr] "r"(QR) : "cc");
    /* n && o: the sign bit of z & (g << 63) */
    __asm__("andq %[z], %[c]\n\tcmovsq %[g], %[f]\n\tcmovsq %[qr], %[uv]\n\tcmovsq %[zswap], %[znext]"
            : [c] "+r"(c), [f] "+r"(f), [uv] "+r"(UV), [znext] "+r"(znext)
            : [z] "r"(z), [g] "r"(g), [qr] "r"(QR), [zswap] "r"(zswap) : "cc");
    g = gn;
    QR = qn;
    z = (int64_t)znext;
#else
    uint64_t n = (uint64_t)(z >> 63);
    uint64_t o = (uint64_t)0 - (g & 1);
    uint64_t x = (f ^ n) - n, y = (UV ^ n) - n;
    uint64_t c = n & o;
    f ^= (g ^ f) & c;
    UV ^= (QR ^ UV) & c;
    g += x & o;
    QR += y & o;
    z = (int64_t)(((uint64_t)z ^ c) - 1);
#endif
    g >>= 1;
    UV <<= 1;
  }
  *uv_out = UV;
  *qr_out = QR;
  return z;
}

/* the two entries of a packed word */
static inline void safegcd_unpack(int64_t *hi, int64_t *lo, uint64_t w)
{
  int64_t l = (int64_t)(int32_t)(uint32_t)w;
  *lo = l;
  *hi = (int64_t)(w - (uint64_t)l) >> 32;
}

/* 59 divsteps on the low bits f, g (f odd) in two runs of 29 and 30 (so
   that the packed entries fit), starting from z; returns the new z and
   t = (u, v, q, r) = 8 T2 T1, so that 2^62 (f', g') = t (f, g) and
   |u| + |v|, |q| + |r| <= 2^62.  The low 64 bits of T1 (f, g) / 2^29 are
   exact in their low 35 bits, more than the 30 steps of the second run
   look at. */
static inline int64_t safegcd_divsteps59(int64_t z, uint64_t f, uint64_t g, int64_t t[4])
{
  uint64_t uv, qr, f1, g1;
  int64_t u1, v1, q1, r1, u2, v2, q2, r2;

  z = safegcd_divsteps_packed(z, f, g, 29, &uv, &qr);
  safegcd_unpack(&u1, &v1, uv);
  safegcd_unpack(&q1, &r1, qr);
  f1 = ((uint64_t)u1 * f + (uint64_t)v1 * g) >> 29;
  g1 = ((uint64_t)q1 * f + (uint64_t)r1 * g) >> 29;
  z = safegcd_divsteps_packed(z, f1, g1, 30, &uv, &qr);
  safegcd_unpack(&u2, &v2, uv);
  safegcd_unpack(&q2, &r2, qr);
  t[0] = 8 * (u2 * u1 + v2 * q1);
  t[1] = 8 * (u2 * v1 + v2 * r1);
  t[2] = 8 * (q2 * u1 + r2 * q1);
  t[3] = 8 * (q2 * v1 + r2 * r1);
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
  CRYPTO_CT_WIPE(t);
}

/* in^-1 by 10 batches; with stop_early (a constant) the loop ends as
   soon as g = 0, which leaves the result unchanged (g stays 0 and every
   later batch's matrix is 2^62 times the identity) */
static inline void safegcd_invert(uint64_t out[4], const uint64_t in[4], int stop_early)
{
  safegcd_s62 f, g, d, e;
  int64_t z = -1, m[4];
  int i;

  safegcd_start(&f, &g, &d, &e, in);
  for (i = 0; i < 10; ++i) {
    if (stop_early && !(g.v[0] | g.v[1] | g.v[2] | g.v[3] | g.v[4])) break;
    z = safegcd_divsteps59(z, (uint64_t)f.v[0], (uint64_t)g.v[0], m);
    safegcd_update_de(&d, &e, m);
    safegcd_update_fg(&f, &g, m);
  }
  /* f = +-1 (or +-p when in = 0, where d = 0): in^-1 = d f */
  safegcd_finish(out, &f, &d);
  /* the state and the last matrix tell the input (secret in the ladders;
     the public variant skips this) */
  if (!stop_early) {
    CRYPTO_CT_WIPE(f);
    CRYPTO_CT_WIPE(g);
    CRYPTO_CT_WIPE(d);
    CRYPTO_CT_WIPE(e);
    CRYPTO_CT_WIPE(z);
    CRYPTO_CT_WIPE(m);
  }
}

static inline void inv25519_safegcd(uint64_t out[4], const uint64_t in[4])
{
  safegcd_invert(out, in, 0);
}

/* The same for public inputs only (the encoding of a verification
   result): time depends on in.  Random inputs reach g = 0 after 9
   batches.  (A variant with the original divstep, runs of even g shifted
   out by ctz and several steps per multiplication was measured as well:
   with its branches it was slower than these branch-free batches.) */
static inline void inv25519_safegcd_vartime(uint64_t out[4], const uint64_t in[4])
{
  safegcd_invert(out, in, 1);
}

#endif
