/* SPDX-License-Identifier: MIT */
/* Width-w NAF digits of a public scalar (crypto_mGnP_ed25519): the output
   of sc25519_wnaf_vartime, computed by jumping over runs of zero bits.
   Public scalars only: it branches on their bits. */
#ifndef WNAF_VARTIME_H
#define WNAF_VARTIME_H

#include <stdint.h>
#include "sc25519.h"

/* the digits of sc25519_wnaf_vartime (the same output), jumping over runs
   of zero bits with a count of trailing zeros instead of testing one bit
   per step.  Public scalars only. */
static inline void wnaf_vartime(signed char r[256], const sc25519 *a, int w)
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
