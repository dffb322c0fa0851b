/* SPDX-License-Identifier: MIT */
/* Input handling shared by the multiscalar_ed25519 implementations of
   method/multiscalar_pippenger.h: decoding with the invalid-point
   convention of doc/api.md (an invalid point counts as the point C), and
   the window width, the signed digits (read from the scalar's bytes) and
   the block lengths of Pippenger's method.  The includer first includes
   its group family (group/ge51.h, group/ge64.h or group/ge64arm.h, for
   GE(p3) and GE(frombytes_vartime), with GE_FAMILY defined) and
   "scalar/sc25519.h". */
#if !defined(GE_FAMILY)
#error "define GE_FAMILY (the group family) before including method/multiscalar_common.h"
#endif
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

/* the window width c in [4, maxc] minimising (253/c + 1) (cnt + w 2^c),
   w = w10 / 10: one bucket addition per point and window, and w
   additions' worth of bucket combination per 2^c and window (integer
   arithmetic: no floating point, whose contractions the AVX-512
   compilers would turn into FMA, a set no tag declares) */
static inline int multiscalar_window_width(long long cnt, long long w10, int maxc)
{
  int c, best = 4;
  long long cost, bestcost = 0;
  for (c = 4; c <= maxc; ++c) {
    cost = (long long)(253 / c + 1) * (10 * cnt + (w10 << c));
    if (c == 4 || cost < bestcost) { bestcost = cost; best = c; }
  }
  return best;
}

/* bits [bit, bit + c) of the 32-byte little-endian s, c <= 8 */
static inline int multiscalar_window(const unsigned char *s, int bit, int c)
{
  int i = bit >> 3;
  unsigned v = s[i];
  if (i < 31) v |= (unsigned)s[i + 1] << 8;
  return (int)((v >> (bit & 7)) & ((1u << c) - 1));
}

/* digit k of the signed radix-2^c form of s < 2^253 (c <= 8), read from
   its bytes where it is needed instead of stored: digits in
   [-2^(c-1), 2^(c-1) - 1], sum_k d_k 2^(kc) = s over k < 253/c + 1.
   Window k takes a carry from below iff the first window under it that
   is not 2^(c-1) - 1 is at least 2^(c-1) (a window of 2^(c-1) - 1
   passes its incoming carry on); that is almost always window k - 1,
   and windows k - 1 and k come from one 32-bit read where it stays
   inside s. */
static inline int multiscalar_digit(const unsigned char *s, int k, int c)
{
  int half = 1 << (c - 1), mask = (1 << c) - 1, d, j, v;
  if (k > 0 && ((k - 1) * c >> 3) <= 28) {
    int bit = (k - 1) * c, i = bit >> 3;
    uint32_t x = (uint32_t)s[i] | (uint32_t)s[i + 1] << 8 | (uint32_t)s[i + 2] << 16
                 | (uint32_t)s[i + 3] << 24;
    x >>= bit & 7;
    v = (int)(x & (uint32_t)mask);
    d = (int)((x >> c) & (uint32_t)mask);
    if (v != half - 1) {
      d += v >= half;
      return d >= half ? d - (half << 1) : d;
    }
  }
  d = multiscalar_window(s, k * c, c);
  for (j = k - 1; j >= 0; --j) {
    v = multiscalar_window(s, j * c, c);
    if (v != half - 1) { d += v >= half; break; }
  }
  return d >= half ? d - (half << 1) : d;
}

/* the length of the next block of Pippenger's method out of rest >= min
   points: the rest in as few blocks of at most block as possible, split
   evenly (a short last block pays the bucket combination for few points) */
static inline long long multiscalar_bucket_block(long long rest, long long block, long long min)
{
  long long blocks = (rest + block - 1) / block;
  (void)min;
  return (rest + blocks - 1) / blocks;
}

#endif
