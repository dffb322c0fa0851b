/* SPDX-License-Identifier: MIT */
/* crypto_multiscalar_ed25519 with AVX2: out = enc(sum (n[i] mod L) P[i]),
   out[32] = status.  Variable time (the inputs are public).

   The method (Straus below MS_BUCKET_MIN points, Pippenger's buckets
   from there on) is internal/method/multiscalar_pippenger.h, shared with
   the other families over their group operations; decoding, the scalar
   digits, the status and the final encoding are on the scalar radix-2^64
   code (fe64.S, internal/method/multiscalar_common.h).  The group
   operations use the four-lane points of internal/group/ge26x4_avx2.h
   (shared with mGnP fe26x4-wnaf-coords and nG fe26x4-comb-coords): X, Y,
   Z, T in the four lanes of ten radix-2^25.5 vectors, a doubling or an
   addition of a cached point two four-lane vpmuludq products deep; on
   Zen 3 faster than the radix-2^64 mulx formulas, which are bound by
   their carry operations.  The structure is that of the AVX-512 IFMA
   fe51x4-straus-pippenger-coords, decoding four points at a time (their
   exponentiations in the four lanes).

   Stack: a point here is 320 bytes (twice fe51x4's), so the Straus
   blocks are of 16 points (16 x 8 cached multiples, 40 KB) and a
   Pippenger block keeps at most 160 points in three lanes of their cached
   form (240 bytes each, the fourth lane being 2 for every decoded
   point); doc/security.md has the 64 KiB bound the stack test holds
   every primitive to. */
#include <stdint.h>
#include <immintrin.h>
#include "crypto_multiscalar.h"
#include "field/fe64.h"
#include "group/ge64.h"
#include "scalar/sc25519.h"
#define GE_FAMILY ge64   /* the group family of the method/ templates */
#include "method/multiscalar_common.h"
#include "group/ge26x4_avx2.h"

#define MS_POINT ge26x4
#define MS_CACHED fe26x4
#define MS_BLOCK 16
#define MS_NAFW 5
#define MS_BUCKET_MIN 80
#define MS_BUCKET_BLOCK 160     /* bounds the stack: doc/security.md */
#define MS_BUCKET_WEIGHT10 7     /* w = 0.7: a bucket is one addition of the running sum, ~1.4 point additions */
#define MS_MAXC 7               /* the best c for 160 points */
#define MS_DECODE_BATCH 4

#define ms_add ge26x4_add_call
#define ms_dbl_run ge26x4_dbl_run
#define ms_odd_multiples(odd, p) ge26x4_odd_multiples((odd), (p), 8)

/* r = the neutral element (0, 1, 1, 0) */
static inline void ms_zero(ge26x4 *r)
{
  ge26x4_0(r);
}

/* r = r + p, both running points */
static inline void ms_add_point(ge26x4 *r, const ge26x4 *p)
{
  fe26x4 c;
  ge26x4_to_cached(&c, p);
  ge26x4_add_call(r, &c);
}

/* a block keeps each point as the first three lanes of its cached form
   (y - x, y + x, 2dxy, 2), the last being 2 for every decoded point
   (Z = 1) */
typedef struct { uint64_t l[10][3]; } ms_stored;
#define MS_STORED ms_stored

static inline void ms_store(ms_stored *s, const ge26x4 *q)
{
  uint64_t t[4] __attribute__((aligned(32)));
  fe26x4 c;
  int k;
  ge26x4_to_cached(&c, q);
  for (k = 0; k < 10; ++k) {
    _mm256_store_si256((__m256i *)(void *)t, c.v[k]);
    s->l[k][0] = t[0];
    s->l[k][1] = t[1];
    s->l[k][2] = t[2];
  }
}

/* the cached form of s */
static inline void ms_load(fe26x4 *c, const ms_stored *s)
{
  const __m256i lanes3 = _mm256_set_epi64x(0, -1, -1, -1);
  int k;
  for (k = 0; k < 10; ++k) {
    __m256i x = _mm256_maskload_epi64((const long long *)(const void *)s->l[k], lanes3);
    c->v[k] = k ? x : _mm256_blend_epi32(x, _mm256_set_epi64x(2, 0, 0, 0), 0xc0);
  }
}

/* r = r + s, r = r - s: the cached point loaded into registers inside
   the addition */
static __attribute__((noinline)) void ms_add_stored_pos(ge26x4 *r, const ms_stored *s)
{
  fe26x4 c;
  ms_load(&c, s);
  ge26x4_add(r, &c);
}

static __attribute__((noinline)) void ms_add_stored_neg(ge26x4 *r, const ms_stored *s)
{
  fe26x4 c;
  ms_load(&c, s);
  ge26x4_cached_neg(&c, &c);
  ge26x4_add(r, &c);
}

static inline void ms_add_stored(ge26x4 *r, const ms_stored *s, int neg)
{
  if (neg) ms_add_stored_neg(r, s);
  else ms_add_stored_pos(r, s);
}

/* r = r - c, c cached */
static inline void ms_sub(ge26x4 *r, const fe26x4 *c)
{
  fe26x4 neg;
  ge26x4_cached_neg(&neg, c);
  ge26x4_add_call(r, &neg);
}

/* q[j] = the point decoded from P + 32 j, or C if that is invalid, for
   j < cnt <= MS_DECODE_BATCH: the scalar decoding with the four
   exponentiations done together in the lanes (fe26x4o_pow22523); 1 iff
   all were valid */
static int decode_batch(ge64_p3 q[MS_DECODE_BATCH], const unsigned char *P, int cnt)
{
  fe64 u[MS_DECODE_BATCH], v[MS_DECODE_BATCH], v3[MS_DECODE_BATCH], t[MS_DECODE_BATCH];
  fe64 *tp[MS_DECODE_BATCH];
  uint64_t z[10][MS_DECODE_BATCH] __attribute__((aligned(32))), l[10];
  fe26x4o zv, w;
  int started[MS_DECODE_BATCH], ok = 1, j, k;

  if (cnt == 1) return multiscalar_decode_or_C(&q[0], P);   /* nothing to share */
  for (j = 0; j < MS_DECODE_BATCH; ++j) {
    started[j] = j < cnt && ge64_frombytes_start_vartime(&q[j], &u[j], &v[j], &v3[j], &t[j],
                                                            P + 32 * j);
    if (!started[j]) fe64_1(&t[j]);
    fe64_to_26(l, &t[j]);
    for (k = 0; k < 10; ++k) z[k][j] = l[k];
    tp[j] = &t[j];
  }
  fe26x4_load(&zv, (const uint64_t (*)[4])z);
  fe26x4o_pow22523(&w, &zv);
  fe26x4_unpack(tp, &w);
  for (j = 0; j < cnt; ++j)
    if (!started[j] ||
        !ge64_frombytes_finish_vartime(&q[j], &u[j], &v[j], &v3[j], &t[j], P[32 * j + 31] >> 7)) {
      ok = 0;
      multiscalar_decode_or_C(&q[j], P + 32 * j);
    }
  return ok;
}

/* decode_batch into four-lane points */
static inline int ms_decode(ge26x4 *q, const unsigned char *P, int cnt)
{
  ge64_p3 p[MS_DECODE_BATCH];
  int ok = decode_batch(p, P, cnt), j;
  for (j = 0; j < cnt; ++j) ge26x4_from_p3(&q[j], &p[j]);
  return ok;
}

/* the encoding of r */
static inline void ms_tobytes(unsigned char *out, const ge26x4 *r)
{
  ge64_p3 q;
  ge26x4_to_p3(&q, r);
  ge64_p3_tobytes_vartime(out, &q);
}

#include "method/multiscalar_pippenger.h"
