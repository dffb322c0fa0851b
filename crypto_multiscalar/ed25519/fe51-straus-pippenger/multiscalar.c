/* SPDX-License-Identifier: MIT */
/* crypto_multiscalar_ed25519, portable: out = enc(sum (n[i] mod L) P[i]),
   out[32] = status.  Variable time (the inputs are public).

   The method is the shared one of internal/method/multiscalar_pippenger.h
   (Straus below MS_BUCKET_MIN points, Pippenger's buckets from there on,
   the status rule and crypto_multiscalar itself), run here on the portable
   radix-2^51 group code of group/ge51.h; this file only says how that
   method's operations map onto the ge51 formulas.  fe51-straus is the
   Straus-only cross-check.

   MS_BUCKET_MIN is the measured crossover on x86-64 (gcc -O2, ticks per
   point, Straus / Pippenger): 64 points 26.0k / 25.7k, 80: 25.1k / 23.6k,
   128: 25.7k / 22.7k, 1024: 25.8k / 17.6k, 16384: 26.1k / 15.6k. */
#include <stdint.h>
#include "crypto_multiscalar.h"
#include "field/fe51.h"
#include "group/ge51.h"
#include "scalar/sc25519.h"
#define GE_FAMILY ge51   /* the group family of the method/ templates */
#include "method/multiscalar_common.h"

#define MS_BLOCK 32
#define MS_NAFW 5
#ifndef MS_BUCKET_MIN   /* overridable for measuring the crossover */
#define MS_BUCKET_MIN 80
#endif
#define MS_BUCKET_BLOCK 256     /* bounds the stack: doc/security.md */
#define MS_BUCKET_WEIGHT 1.0
#define MS_MAXC 6               /* the best c for 256 points */
#define MS_HAVE_FROM_CACHED 1
#define MS_DECODE_BATCH 1

/* the point operations: the ge_formulas.h mapping shared with
   the other C-formula families */
#include "method/multiscalar_formulas.h"

/* 1/d mod p, radix 2^51 */
static const fe51 ms_dinv = {{
  0xf276cdc9f843ULL, 0x3084f2a85c4bcULL, 0x6e73d982d775aULL, 0x721958b108a66ULL, 0x40907ed214d5cULL
}};

/* r = +-(the point of c) as (ypx - ymx, ypx + ymx, 2Z, T2d / d) =
   (2X, 2Y, 2Z, 2T), or with X and T negated; carried so that X, Y, Z
   are TIGHT, as ge51_add expects of a point */
static inline void ms_from_cached(ge51_p3 *r, const ge51_cached *c, int neg)
{
  fe51 a = c->ypx, b = c->ymx;
  fe51_carry(&a);
  fe51_carry(&b);
  if (neg) fe51_sub(&r->X, &b, &a);
  else fe51_sub(&r->X, &a, &b);
  fe51_carry(&r->X);
  fe51_add(&r->Y, &a, &b);
  fe51_carry(&r->Y);
  r->Z = c->Z;
  fe51_carry(&r->Z);
  fe51_add(&r->Z, &r->Z, &r->Z);
  fe51_carry(&r->Z);
  fe51_mul(&r->T, &c->T2d, &ms_dinv);
  if (neg) fe51_neg(&r->T, &r->T);
}

#include "method/multiscalar_pippenger.h"
