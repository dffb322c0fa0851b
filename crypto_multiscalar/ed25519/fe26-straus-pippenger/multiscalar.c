/* SPDX-License-Identifier: MIT */
/* crypto_multiscalar_ed25519 on the radix-2^25.5 field (field/fe26.h,
   group/ge26.h: 32-bit limbs, for targets without a 128-bit integer
   type): out = enc(sum (n[i] mod L) P[i]), out[32] = status.  Variable
   time (the inputs are public).

   The method is the shared one of internal/method/multiscalar_pippenger.h
   (Straus below MS_BUCKET_MIN points, Pippenger's buckets from there on,
   the status rule and crypto_multiscalar itself); this file only says how
   that method's operations map onto the ge26 formulas.  The same mapping
   and parameters as fe51-straus-pippenger (an fe26 element takes 40 bytes
   as an fe51 one does, so the same block bounds the stack). */
#include <stdint.h>
#include "crypto_multiscalar.h"
#include "field/fe26.h"
#include "group/ge26.h"
#include "scalar/sc25519.h"
#define GE_FAMILY ge26   /* the group and field families of the method/ templates */
#define FE_FAMILY fe26
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
#define MS_TIGHTEN fe26_carry
#include "method/multiscalar_formulas.h"

#include "method/multiscalar_pippenger.h"
