/* SPDX-License-Identifier: MIT */
/* crypto_multiscalar_ed25519, portable: out = enc(sum (n[i] mod L) P[i]),
   out[32] = status.  Variable time (the inputs are public).

   The method is the shared one of internal/method/multiscalar_pippenger.h
   (Straus below MS_BUCKET_MIN points, Pippenger's buckets from there on,
   the status rule and crypto_multiscalar itself), run here on the portable
   radix-2^51 group code of group/ge51.h; this file only says how that
   method's operations map onto the ge51 formulas.

   MS_BUCKET_MIN is the measured crossover on x86-64 (gcc -O2, ticks per
   point, Straus / Pippenger): 64 points 26.0k / 25.7k, 80: 25.1k / 23.6k,
   128: 25.7k / 22.7k, 1024: 25.8k / 17.6k, 16384: 26.1k / 15.6k. */
#include <stdint.h>
#include "crypto_multiscalar.h"
#include "field/fe51.h"
#include "group/ge51.h"
#include "scalar/sc25519.h"
#define GE_FAMILY ge51   /* the group and field families of the method/ templates */
#define FE_FAMILY fe51
#include "method/multiscalar_common.h"

#define MS_BLOCK 32
#define MS_NAFW 5
#ifndef MS_BUCKET_MIN   /* overridable for measuring the crossover */
#define MS_BUCKET_MIN 80
#endif
#define MS_BUCKET_BLOCK 448     /* bounds the stack: doc/security.md */
#define MS_BUCKET_WEIGHT10 7     /* w = 0.7: a bucket is one addition of the running sum, ~1.4 point additions */
#define MS_MAXC 8               /* the best c for 448 points */
#define MS_DECODE_BATCH 1

/* the point operations: the ge_formulas.h mapping shared with
   the other C-formula families; a sum is carried before it is stored */
#define MS_TIGHTEN fe51_carry
#include "method/multiscalar_formulas.h"

#include "method/multiscalar_pippenger.h"
