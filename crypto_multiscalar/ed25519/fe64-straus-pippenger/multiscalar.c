/* SPDX-License-Identifier: MIT */
/* crypto_multiscalar_ed25519 for x86-64 with BMI2 and ADX:
   out = enc(sum (n[i] mod L) P[i]), out[32] = status.  Variable time (the
   inputs are public).  Group operations in assembly
   (internal/group/amd64/ge64_mulx.S) on radix-2^64 field elements; the method
   (Straus, then Pippenger's buckets from MS_BUCKET_MIN points), the status
   and crypto_multiscalar itself are internal/method/multiscalar_pippenger.h;
   a Pippenger block keeps its points affine, so its bucket additions are
   the mixed ones of the assembly (ge64_mulx_madd_p3, ge64_mulx_msub_p3). */
#include <stdint.h>
#include "crypto_multiscalar.h"
#include "field/fe64.h"
#include "group/ge64.h"
#include "scalar/sc25519.h"
#define GE_FAMILY ge64   /* the group family of the method/ templates */
#include "method/multiscalar_common.h"

#define MS_POINT ge64_p3
#define MS_CACHED ge64_cached
#define MS_BLOCK 32
#define MS_NAFW 5
#define MS_BUCKET_MIN 80
#define MS_BUCKET_BLOCK 560     /* bounds the stack: doc/security.md */
#define MS_BUCKET_WEIGHT10 7     /* w = 0.7: a bucket is one addition of the running sum, ~1.4 point additions */
#define MS_MAXC 8               /* the best c for 560 points */
#define MS_DECODE_BATCH 1       /* scalar decoding, one point at a time */

#define ms_zero ge64_p3_0
#define ms_add ge64_mulx_add_p3
#define ms_sub ge64_mulx_sub_p3
#define ms_tobytes ge64_p3_tobytes_vartime

/* r = 2^n r; T only after the last doubling */
static inline void ms_dbl_run(ge64_p3 *r, int n)
{
  ge64_mulx_dbl_run_p3(r, r, n);
}

/* r = r + p */
static inline void ms_add_point(ge64_p3 *r, const ge64_p3 *p)
{
  ge64_cached c;
  ge64_p3_to_cached(&c, p);
  ge64_mulx_add_p3(r, &c);
}

/* odd[k] = (2k + 1) p cached for k < 8; p is overwritten */
static inline void ms_odd_multiples(ge64_cached odd[8], ge64_p3 *p)
{
  ge64_cached twice;
  ge64_p3 s;
  int k;
  ge64_p3_to_cached(&odd[0], p);
  ge64_mulx_dbl_p3(&s, p);
  ge64_p3_to_cached(&twice, &s);
  for (k = 1; k < 8; ++k) {
    ge64_mulx_add_p3(p, &twice);
    ge64_p3_to_cached(&odd[k], p);
  }
}

/* a block keeps each point affine, as (y+x, y-x, 2dxy): the decoded
   point has Z = 1, so this costs one multiplication, and each bucket
   addition is a mixed one (7M) */
#define MS_STORED ge64_precomp

static inline void ms_store(ge64_precomp *s, const ge64_p3 *q)
{
  fe64_add(&s->ypx, &q->Y, &q->X);
  fe64_sub(&s->ymx, &q->Y, &q->X);
  fe64_mul(&s->xy2d, &q->T, &ge64_2d);
}

/* r = r + s or r - s */
static inline void ms_add_stored(ge64_p3 *r, const ge64_precomp *s, int neg)
{
  if (neg) ge64_mulx_msub_p3(r, s);
  else ge64_mulx_madd_p3(r, s);
}

static inline int ms_decode(ge64_p3 *q, const unsigned char *P, int cnt)
{
  (void)cnt;
  return multiscalar_decode_or_C(q, P);
}

#include "method/multiscalar_pippenger.h"
