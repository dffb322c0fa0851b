/* SPDX-License-Identifier: MIT */
/* crypto_multiscalar_ed25519 with AVX-512 IFMA (vpmadd52luq / vpmadd52huq
   on 256-bit vectors, AVX512VL): out = enc(sum (n[i] mod L) P[i]),
   out[32] = status.  Variable time (the inputs are public).

   The method (Straus below MS_BUCKET_MIN points, Pippenger's buckets
   from there on) is internal/method/multiscalar_pippenger.h, shared with
   the other families over their group operations; the scalar digits, the status and
   the final encoding are on the scalar radix-2^64 code (fe64.S,
   internal/method/multiscalar_common.h).  Decoding is the scalar code too
   (group/ge64.h) except for its exponentiation, which runs on up to 16
   points at once in the lanes of 512-bit vectors (decode_batch, pow8.c:
   one chain of eight lanes, or two interleaved).  The
   group operations use the four-lane point representation of
   internal/group/ge51x4_ifma.h (shared with mGnP fe51x4-wnaf-coords): X, Y, Z, T
   in the four lanes of five radix-2^51 vectors, a doubling or an addition
   of a cached point two four-lane multiplications deep.  A Pippenger
   block keeps three lanes of each point's cached form (ms_stored: the
   fourth is 2 for every decoded point); negative digits negate the
   cached point on the fly; the running sums are summed by extended
   additions (the summand made cached first). */
#include <stdint.h>
#include <immintrin.h>
#include "crypto_multiscalar.h"
#include "field/fe64.h"
#include "group/ge64.h"
#include "scalar/sc25519.h"
#define GE_FAMILY ge64   /* the group family of the method/ templates */
#include "method/multiscalar_common.h"
#include "group/ge51x4_ifma.h"
#include "pow8.h"

#define MS_POINT fe51x4
#define MS_CACHED fe51x4
#define MS_BLOCK 32
#define MS_NAFW 5
#define MS_BUCKET_MIN 80      /* measured: Straus and buckets cost the same near 72 */
#define MS_BUCKET_BLOCK 384     /* bounds the stack: doc/security.md */
#define MS_BUCKET_WEIGHT10 7     /* w = 0.7: a bucket is one addition of the running sum, ~1.4 point additions */
#define MS_MAXC 8               /* the best c for 384 points */
#define MS_DECODE_BATCH 16

#define ms_add ge51x4_add_call
#define ms_dbl_run ge51x4_dbl_run
#define ms_odd_multiples(odd, p) ge51x4_odd_multiples((odd), (p), 8)

/* r = the neutral element (0, 1, 1, 0) */
static inline void ms_zero(fe51x4 *r)
{
  int k;
  for (k = 0; k < 5; ++k) r->v[k] = _mm256_set_epi64x(0, k ? 0 : 1, k ? 0 : 1, 0);
}

/* r = r + p, both running points (limbs < M) */
static inline void ms_add_point(fe51x4 *r, const fe51x4 *p)
{
  fe51x4 c;
  ge51x4_to_cached(&c, p);
  ge51x4_add_call(r, &c);
}

/* a block keeps each point as the first three lanes of its cached form
   (y - x, y + x, 2dxy, 2), the last being 2 for every decoded point
   (Z = 1): 120 bytes instead of 160, one masked load per limb */
typedef struct { uint64_t l[5][3]; } ms_stored;
#define MS_STORED ms_stored

static inline void ms_store(ms_stored *s, const fe51x4 *q)
{
  fe51x4 c;
  int k;
  ge51x4_to_cached(&c, q);
  for (k = 0; k < 5; ++k) _mm256_mask_storeu_epi64(s->l[k], 0x7, c.v[k]);
}

/* the cached form of s */
static inline void ms_load(fe51x4 *c, const ms_stored *s)
{
  int k;
  for (k = 0; k < 5; ++k)
    c->v[k] = _mm256_mask_loadu_epi64(_mm256_set_epi64x(k ? 0 : 2, 0, 0, 0), 0x7, s->l[k]);
}

/* r = r + s, r = r - s: the cached point loaded into registers inside
   the addition (no copy through memory) */
static __attribute__((noinline)) void ms_add_stored_pos(fe51x4 *r, const ms_stored *s)
{
  fe51x4 c;
  ms_load(&c, s);
  ge51x4_add(r, &c);
}

static __attribute__((noinline)) void ms_add_stored_neg(fe51x4 *r, const ms_stored *s)
{
  fe51x4 c;
  ms_load(&c, s);
  ge51x4_cached_neg(&c, &c);
  ge51x4_add(r, &c);
}

static inline void ms_add_stored(fe51x4 *r, const ms_stored *s, int neg)
{
  if (neg) ms_add_stored_neg(r, s);
  else ms_add_stored_pos(r, s);
}

/* r = r - c, c cached */
static inline void ms_sub(fe51x4 *r, const fe51x4 *c)
{
  fe51x4 neg;
  ge51x4_cached_neg(&neg, c);
  ge51x4_add_call(r, &neg);
}

/* q[j] = the point decoded from P + 32 j, or C if that is invalid, for
   j < cnt <= MS_DECODE_BATCH: the scalar decoding with the exponentiations
   done together in lanes; 1 iff all were valid */
static int decode_batch(ge64_p3 q[MS_DECODE_BATCH], const unsigned char *P, int cnt)
{
  fe64 u[MS_DECODE_BATCH], v[MS_DECODE_BATCH], v3[MS_DECODE_BATCH], t[MS_DECODE_BATCH];
  uint64_t z[5][MS_DECODE_BATCH] __attribute__((aligned(64))), l[5];
  int started[MS_DECODE_BATCH], ok = 1, j, k;

  if (cnt == 1) return multiscalar_decode_or_C(&q[0], P);   /* nothing to share */
  for (j = 0; j < MS_DECODE_BATCH; ++j) {
    started[j] = j < cnt && ge64_frombytes_start_vartime(&q[j], &u[j], &v[j], &v3[j], &t[j],
                                                            P + 32 * j);
    if (!started[j]) fe64_1(&t[j]);
    if (cnt <= 8 && j >= 8) continue;
    fe64_to_51(l, &t[j]);
    for (k = 0; k < 5; ++k) z[k][j] = l[k];
  }
  if (cnt <= 8) pow22523_8(z);
  else pow22523_16(z);
  for (j = 0; j < cnt; ++j) {
    for (k = 0; k < 5; ++k) l[k] = z[k][j];
    fe51_to_64(&t[j], l);
  }
  for (j = 0; j < cnt; ++j)
    if (!started[j] ||
        !ge64_frombytes_finish_vartime(&q[j], &u[j], &v[j], &v3[j], &t[j], P[32 * j + 31] >> 7)) {
      ok = 0;
      multiscalar_decode_or_C(&q[j], P + 32 * j);
    }
  return ok;
}

/* decode_batch into four-lane points */
static inline int ms_decode(fe51x4 *q, const unsigned char *P, int cnt)
{
  ge64_p3 p[MS_DECODE_BATCH];
  int ok = decode_batch(p, P, cnt), j;
  for (j = 0; j < cnt; ++j) ge51x4_from_p3(&q[j], &p[j]);
  return ok;
}

/* the encoding of r */
static inline void ms_tobytes(unsigned char *out, const fe51x4 *r)
{
  ge64_p3 q;
  ge51x4_to_p3(&q, r);
  ge64_p3_tobytes_vartime(out, &q);
}

#include "method/multiscalar_pippenger.h"
