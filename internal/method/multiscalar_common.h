/* SPDX-License-Identifier: MIT */
/* Input handling shared by the multiscalar_ed25519 implementations on
   the radix-2^64 point code (fe64-straus-pippenger, fe51x4-straus-pippenger-coords): decoding
   with the invalid-point convention of doc/api.md (an invalid point
   counts as the point C), and the window width and signed digits of
   Pippenger's method and its block lengths.  The includer first includes
   its group family (group/ge51.h or group/ge64.h, for GE(p3) and
   GE(frombytes_vartime), with GE_FAMILY defined) and "scalar/sc25519.h". */
#ifndef MULTISCALAR_COMMON_H
#define MULTISCALAR_COMMON_H

#include "group/ge_interface.h"

#include <stdint.h>

/* decode s, or C (y = 26, x even) if s is invalid; 1 iff s was valid */
static inline int multiscalar_decode_or_C(GE(p3) *q, const unsigned char *s)
{
  static const unsigned char point_C[32] = { 26 };
  if (GE(frombytes_vartime)(q, s)) return 1;
  GE(frombytes_vartime)(q, point_C);
  return 0;
}

/* the window width c in [4, maxc] minimising (253/c + 1) (cnt + w 2^c):
   one bucket addition per point and window, and w additions' worth of
   bucket combination per bucket and window */
static inline int multiscalar_window_width(long long cnt, double w, int maxc)
{
  int c, best = 4;
  double cost, bestcost = 0;
  for (c = 4; c <= maxc; ++c) {
    cost = (double)(253 / c + 1) * ((double)cnt + w * (double)(1 << c));
    if (c == 4 || cost < bestcost) { bestcost = cost; best = c; }
  }
  return best;
}

/* the nw signed radix-2^c digits of a (digits in [-2^(c-1), 2^(c-1)]),
   written stride apart */
static inline void multiscalar_signed_digits(int16_t *out, long long stride, const sc25519 *a,
                                             int c, int nw)
{
  int k, carry = 0;
  for (k = 0; k < nw; ++k) {
    int bit = k * c, limb = bit >> 6, sh = bit & 63, d;
    uint64_t v = 0;
    if (limb < 4) {
      v = a->v[limb] >> sh;
      if (sh + c > 64 && limb < 3) v |= a->v[limb + 1] << (64 - sh);
    }
    d = (int)(v & (((uint64_t)1 << c) - 1)) + carry;
    carry = d > (1 << (c - 1));
    out[k * stride] = (int16_t)(d - (carry << c));
  }
}

/* the length of the next block of Pippenger's method out of rest >= min
   points: at most block, and no short last block (the last two split
   evenly instead) */
static inline long long multiscalar_bucket_block(long long rest, long long block, long long min)
{
  if (rest <= block) return rest;
  if (rest - block < min) return rest / 2;
  return block;
}

#endif
