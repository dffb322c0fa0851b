/* SPDX-License-Identifier: MIT */
/* Variable-time inversion modulo p = 2^255 - 19, for public inputs only
   (the encoding of a verification result): the safegcd method of
   inv25519_safegcd.h with data-dependent branches and an early stop.

   inv25519_safegcd_vartime(out, in): same contract as inv25519_safegcd
   (in below p, four 64-bit limbs; out = in^-1, 0 for 0, fully reduced;
   may alias).  Time depends on in.

   Differences from the constant-time version:
   - the original divstep (delta starts at 1, not 1/2), run in batches of
     62 steps with the matrix starting at the identity, so the batch still
     divides by 2^62 and reuses safegcd_update_fg/de unchanged;
   - inside a batch, runs of even g are shifted out at once (count of
     trailing zeros), and between two possible swaps up to six steps that
     only add f to g are done with one multiplication: after a swap, or
     with delta <= 0, no swap can happen during the next min(eta + 1, left)
     steps (eta = -delta), and over those steps g gains w f with
     w = -g / f mod 2^k, the only w < 2^k that clears k low bits;
   - batches stop as soon as g = 0.  For inputs below 2^256 the original
     divstep reaches g = 0 within 741 steps (Bernstein-Yang, theorem 11.2),
     that is 12 batches, which is also the loop's cap. */
#ifndef INV25519_SAFEGCD_VARTIME_H
#define INV25519_SAFEGCD_VARTIME_H

#include <stdint.h>
#include "inv25519_safegcd.h"

/* 62 divsteps on the low 62 bits of f, g (f odd), the matrix starting at
   the identity: 2^62 (f', g') = T (f, g), t = (u, v, q, r).  eta = -delta
   goes in and comes out. */
static inline int64_t safegcd_divsteps62_vartime(int64_t eta, uint64_t f, uint64_t g, int64_t t[4])
{
  uint64_t u = 1, v = 0, q = 0, r = 1, w, x;
  int left = 62, k;

  for (;;) {
    /* the even steps: g /= 2 each (f, q, r stay, u, v double) */
    k = __builtin_ctzll(g | ((uint64_t)-1 << left));
    g >>= k;
    u <<= k;
    v <<= k;
    eta -= k;
    left -= k;
    if (left == 0) break;
    /* g is odd */
    if (eta < 0) {
      /* the swap step, written as (f, g) <- (g, -f) followed by the
         generic odd step below (g + f, then the shift) */
      eta = -eta;
      x = f; f = g; g = -x;
      x = u; u = q; q = -x;
      x = v; v = r; r = -x;
    }
    /* k = min(eta + 1, left, 6) steps without a swap: g += w f, with w
       = -g f^-1 mod 2^k (f (2 - f f) is f^-1 mod 2^6 for odd f) */
    k = (int)(eta + 1 < left ? eta + 1 : left);
    if (k > 6) k = 6;
    w = (g * f * (f * f - 2)) & (((uint64_t)1 << k) - 1);
    g += w * f;
    q += w * u;
    r += w * v;
  }
  t[0] = (int64_t)u; t[1] = (int64_t)v; t[2] = (int64_t)q; t[3] = (int64_t)r;
  return eta;
}

static inline void inv25519_safegcd_vartime(uint64_t out[4], const uint64_t in[4])
{
  safegcd_s62 f, g, d, e;
  int64_t eta = -1, m[4];
  int i;

  safegcd_start(&f, &g, &d, &e, in);
  for (i = 0; i < 12; ++i) {
    if (!(g.v[0] | g.v[1] | g.v[2] | g.v[3] | g.v[4])) break;
    eta = safegcd_divsteps62_vartime(eta, (uint64_t)f.v[0], (uint64_t)g.v[0], m);
    safegcd_update_de(&d, &e, m);
    safegcd_update_fg(&f, &g, m);
  }
  /* g = 0, so f = +-gcd = +-1 (or +-p when in = 0): in^-1 = d f */
  safegcd_finish(out, &f, &d);
}

#endif
