/* SPDX-License-Identifier: MIT */
/* crypto_multiscalar_ed25519 for AArch64: out = enc(sum (n[i] mod L) P[i]),
   out[32] = status.  Variable time (the inputs are public).

   The method is the shared one of internal/method/multiscalar_pippenger.h
   (Straus below MS_BUCKET_MIN points, Pippenger's buckets from there on,
   the status rule and crypto_multiscalar itself), run here on the group
   code of group/ge64arm.h over the AArch64 radix-2^64 assembly
   (field/fe64arm.h); this file only says how that method's operations map
   onto the ge64arm formulas.  The same mapping as fe51-straus-pippenger.

   MS_BUCKET_MIN is kept from fe51-straus-pippenger: the measured crossover on x86-64 (gcc -O2, ticks per
   point, Straus / Pippenger): 64 points 26.0k / 25.7k, 80: 25.1k / 23.6k,
   128: 25.7k / 22.7k, 1024: 25.8k / 17.6k, 16384: 26.1k / 15.6k. */
#include <stdint.h>
#include "crypto_multiscalar.h"
#include "field/fe64arm.h"
#include "group/ge64arm.h"
#include "scalar/sc25519.h"
#define GE_FAMILY ge64arm   /* the group family of the method/ templates */
#include "method/multiscalar_common.h"

#define MS_POINT ge64arm_p3
#define MS_CACHED ge64arm_cached
#define MS_BLOCK 32
#define MS_NAFW 5
#ifndef MS_BUCKET_MIN   /* overridable for measuring the crossover */
#define MS_BUCKET_MIN 80
#endif
#define MS_BUCKET_BLOCK 128     /* bounds the stack (no heap): 128 points, as p3 and cached */
#define MS_BUCKET_WEIGHT 1.0
#define MS_MAXC 6               /* digits fit a signed char; the best c for 128 points */
#define MS_DECODE_BATCH 1

#define ms_zero ge64arm_p3_0
#define ms_neg ge64arm_p3_neg
#define ms_to_cached ge64arm_p3_to_cached
#define ms_tobytes ge64arm_p3_tobytes_vartime

/* r = r + c, r = r - c */
static inline void ms_add(ge64arm_p3 *r, const ge64arm_cached *c)
{
  ge64arm_p1p1 t;
  ge64arm_add(&t, r, c);
  ge64arm_p1p1_to_p3(r, &t);
}

static inline void ms_sub(ge64arm_p3 *r, const ge64arm_cached *c)
{
  ge64arm_p1p1 t;
  ge64arm_sub(&t, r, c);
  ge64arm_p1p1_to_p3(r, &t);
}

/* r = r + p */
static inline void ms_add_point(ge64arm_p3 *r, const ge64arm_p3 *p)
{
  ge64arm_cached c;
  ge64arm_p3_to_cached(&c, p);
  ms_add(r, &c);
}

/* r = 2^n r, n >= 1: projective doublings, T only after the last one */
static inline void ms_dbl_run(ge64arm_p3 *r, int n)
{
  ge64arm_p2 q;
  ge64arm_p1p1 t;
  ge64arm_p3_to_p2(&q, r);
  for (;;) {
    ge64arm_p2_dbl(&t, &q);
    if (--n == 0) break;
    ge64arm_p1p1_to_p2(&q, &t);
  }
  ge64arm_p1p1_to_p3(r, &t);
}

/* odd[k] = (2k + 1) p cached for k < 8; p is overwritten */
static inline void ms_odd_multiples(ge64arm_cached odd[8], ge64arm_p3 *p)
{
  ge64arm_cached twice;
  ge64arm_p3 s;
  int k;
  ge64arm_p3_to_cached(&odd[0], p);
  ge64arm_p3_double(&s, p);
  ge64arm_p3_to_cached(&twice, &s);
  for (k = 1; k < 8; ++k) {
    ms_add(p, &twice);
    ge64arm_p3_to_cached(&odd[k], p);
  }
}

static inline int ms_decode(ge64arm_p3 *q, const unsigned char *P, int cnt)
{
  (void)cnt;
  return multiscalar_decode_or_C(q, P);
}

#include "method/multiscalar_pippenger.h"
