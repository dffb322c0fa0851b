/* SPDX-License-Identifier: MIT */
/* crypto_multiscalar_ed25519 with AVX-512 IFMA (vpmadd52luq / vpmadd52huq
   on 256-bit vectors, AVX512VL): out = enc(sum (n[i] mod L) P[i]),
   out[32] = status.  Variable time (the inputs are public).

   The method is amd64-mulx-64's (Straus below BUCKET_MIN points,
   Pippenger's buckets from there on), and so are the status, the scalar
   digits and the final encoding, on the scalar radix-2^64 code (fe64.S,
   internal/multiscalar_common.h).  Decoding is the scalar code too
   (ge25519_64.h) except for its exponentiation, which runs on up to 16
   points at once in the lanes of 512-bit vectors (decode_batch, pow8.c:
   one chain of eight lanes, or two interleaved).  The
   group operations use the four-lane point representation of
   internal/ge25519_ifma4.h (shared with mGnP avx512ifma-4lane): X, Y, Z, T
   in the four lanes of five radix-2^51 vectors, a doubling or an addition
   of a cached point two four-lane multiplications deep.

   Straus: blocks of up to BLOCK points; each scalar in width-5 NAF, each
   point with (1, 3, ..., 15) times itself in cached form; one chain of
   doublings per block, additions interleaved (negative digits negate the
   cached point on the fly).

   Pippenger: scalars in signed radix 2^c, digits in [-2^(c-1), 2^(c-1)];
   for each window from the top the accumulator is doubled c times, each
   point goes into (or, negated, out of) bucket |digit| (additions of
   cached points), and the buckets are combined as sum_b b S_b with a
   running sum (extended additions: the summand made cached first).
   Points, digits and buckets live on the heap (blocks of at most
   BUCKET_BLOCK points); if the allocation fails the points are done by
   Straus, which gives the same result.

   Status: 1 iff every n[i] < L and every P[i] is a valid encoding; an
   invalid P[i] counts as C (y = 26, x even); len <= 0 gives the neutral
   element. */
#include <stdint.h>
#include <stdlib.h>
#include <immintrin.h>
#include "crypto_multiscalar.h"
#include "fe25519_64.h"
#include "ge25519_64.h"
#include "sc25519.h"
#include "multiscalar_common.h"
#include "ge25519_ifma4.h"
#include "pow8.h"

#define BLOCK 32
#define NAFW 5
#define BUCKET_MIN 80      /* measured: Straus and buckets cost the same near 72 */
#define BUCKET_WEIGHT 1.0  /* measured: 0.5, 0.7, 2 and 3 are slower from 128 to 4096 points */
#define BUCKET_BLOCK 16384
#define MAXC 14

/* r = the neutral element (0, 1, 1, 0) */
static void ge4_0(fe4 *r)
{
  int k;
  for (k = 0; k < 5; ++k) r->v[k] = _mm256_set_epi64x(0, k ? 0 : 1, k ? 0 : 1, 0);
}

/* r = r + p, both running points (limbs < M) */
static void ge4_add_p3(fe4 *r, const fe4 *p)
{
  fe4 c;
  ge4_to_cached(&c, p);
  ge4_add_call(r, &c);
}

/* r = -p for a point p with limbs < 2^62 - 2^11 (X and T lanes become
   Q - limb), CARRIED */
static void ge4_neg(fe4 *r, const fe4 *p)
{
  __m256i x[5];
  int k;
  for (k = 0; k < 5; ++k)
    x[k] = _mm256_mask_sub_epi64(p->v[k], 0x9, V_SET1(Q_LIMB(k)), p->v[k]);
  carry5(r, x[0], x[1], x[2], x[3], x[4]);
}

#define DECODE_BATCH 16

/* q[j] = the point decoded from P + 32 j, or C if that is invalid, for
   j < cnt <= DECODE_BATCH: the scalar decoding with the exponentiations
   done together in lanes; 1 iff all were valid */
static int decode_batch(ge25519_p3 q[DECODE_BATCH], const unsigned char *P, int cnt)
{
  fe25519 u[DECODE_BATCH], v[DECODE_BATCH], v3[DECODE_BATCH], t[DECODE_BATCH];
  uint64_t z[5][DECODE_BATCH] __attribute__((aligned(64))), l[5];
  int started[DECODE_BATCH], ok = 1, j, k;

  if (cnt == 1) return multiscalar_decode_or_C(&q[0], P);   /* nothing to share */
  for (j = 0; j < DECODE_BATCH; ++j) {
    started[j] = j < cnt && ge25519_frombytes_start_vartime(&q[j], &u[j], &v[j], &v3[j], &t[j],
                                                            P + 32 * j);
    if (!started[j]) fe25519_1(&t[j]);
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
        !ge25519_frombytes_finish_vartime(&q[j], &u[j], &v[j], &v3[j], &t[j], P[32 * j + 31] >> 7)) {
      ok = 0;
      multiscalar_decode_or_C(&q[j], P + 32 * j);
    }
  return ok;
}

/* r += sum over the cnt <= BLOCK terms of the block; returns its status */
static int straus(fe4 *r, const unsigned char *n, const unsigned char *P, int cnt)
{
  fe4 odd[BLOCK][8], s, neg;
  ge25519_p3 q[DECODE_BATCH];
  signed char naf[BLOCK][256];
  sc25519 a;
  int ok = 1, top = -1, i, j, prev;

  for (j = 0; j < cnt; ++j) {
    if (!sc25519_is_canonical(n + 32 * j)) ok = 0;
    sc25519_from32bytes(&a, n + 32 * j);
    sc25519_wnaf_vartime(naf[j], &a, NAFW);
    for (i = 255; i > top; --i)
      if (naf[j][i]) { top = i; break; }
  }
  for (j = 0; j < cnt; j += DECODE_BATCH) {
    int m = cnt - j < DECODE_BATCH ? cnt - j : DECODE_BATCH;
    if (!decode_batch(q, P + 32 * j, m)) ok = 0;
    for (i = 0; i < m; ++i) {
      ge4_from_p3(&s, &q[i]);
      ge4_odd_multiples(odd[j + i], &s, 8);
    }
  }
  if (top < 0) return ok;

  ge4_0(&s);
  prev = top + 1;
  for (i = top; i >= 0; --i) {
    int any = 0;
    for (j = 0; j < cnt; ++j) any |= naf[j][i];
    if (!any) continue;
    ge4_dbl_run(&s, prev - i);
    prev = i;
    for (j = 0; j < cnt; ++j) {
      int d = naf[j][i];
      if (d > 0) {
        ge4_add_call(&s, &odd[j][d >> 1]);
      } else if (d < 0) {
        ge4_cached_neg(&neg, &odd[j][(-d) >> 1]);
        ge4_add_call(&s, &neg);
      }
    }
  }
  if (prev > 0) ge4_dbl_run(&s, prev);
  ge4_add_p3(r, &s);
  return ok;
}

typedef struct {
  fe4 p;   /* the point, CARRIED */
  fe4 c;   /* its cached form */
} bucket_point;

/* r += sum of the cnt terms by buckets; returns the status */
static int pippenger(fe4 *r, const unsigned char *n, const unsigned char *P, long long cnt,
                     bucket_point *pts, int16_t *dig, fe4 *bucket, unsigned char *filled)
{
  int c = multiscalar_window_width(cnt, BUCKET_WEIGHT, MAXC), nw = 253 / c + 1, nb = 1 << (c - 1);
  int ok = 1, k, b, i, have_run, have_sum;
  fe4 acc, run, sum, neg;
  ge25519_p3 q[DECODE_BATCH];
  sc25519 a;
  long long j;

  for (j = 0; j < cnt; ++j) {
    if (!sc25519_is_canonical(n + 32 * j)) ok = 0;
    sc25519_from32bytes(&a, n + 32 * j);
    multiscalar_signed_digits(dig + j, cnt, &a, c, nw);
  }
  for (j = 0; j < cnt; j += DECODE_BATCH) {
    int m = cnt - j < DECODE_BATCH ? (int)(cnt - j) : DECODE_BATCH;
    if (!decode_batch(q, P + 32 * j, m)) ok = 0;
    for (i = 0; i < m; ++i) {
      ge4_from_p3(&pts[j + i].p, &q[i]);
      ge4_to_cached(&pts[j + i].c, &pts[j + i].p);
    }
  }

  ge4_0(&acc);
  for (k = nw - 1; k >= 0; --k) {
    const int16_t *dk = dig + (long long)k * cnt;
    if (k < nw - 1) ge4_dbl_run(&acc, c);
    for (b = 1; b <= nb; ++b) filled[b] = 0;
    for (j = 0; j < cnt; ++j) {
      int d = dk[j];
      if (!d) continue;
      b = d > 0 ? d : -d;
      if (!filled[b]) {
        filled[b] = 1;
        if (d > 0) bucket[b] = pts[j].p;
        else ge4_neg(&bucket[b], &pts[j].p);
      } else if (d > 0) {
        ge4_add_call(&bucket[b], &pts[j].c);
      } else {
        ge4_cached_neg(&neg, &pts[j].c);
        ge4_add_call(&bucket[b], &neg);
      }
    }
    /* sum_b b S_b = sum over b from the top of (S_nb + ... + S_b) */
    have_run = have_sum = 0;
    for (b = nb; b >= 1; --b) {
      if (filled[b]) {
        if (have_run) ge4_add_p3(&run, &bucket[b]);
        else { run = bucket[b]; have_run = 1; }
      }
      if (have_run) {
        if (have_sum) ge4_add_p3(&sum, &run);
        else { sum = run; have_sum = 1; }
      }
    }
    if (have_sum) ge4_add_p3(&acc, &sum);
  }
  ge4_add_p3(r, &acc);
  return ok;
}

void crypto_multiscalar(unsigned char *out, const unsigned char *n, const unsigned char *P, long long len)
{
  ge25519_p3 q;
  fe4 r;
  long long start = 0, cnt;
  int ok = 1;

  ge4_0(&r);

  if (len >= BUCKET_MIN) {
    long long most = len < BUCKET_BLOCK ? len : BUCKET_BLOCK;
    size_t npts = (size_t)most * sizeof(bucket_point);
    /* buckets for the widest window any block uses (the width grows
       with the block length) */
    size_t nbk = ((size_t)1 << (multiscalar_window_width(most, BUCKET_WEIGHT, MAXC) - 1)) + 1;
    size_t ndig = (size_t)most * 64 * sizeof(int16_t);     /* nw <= 64 for c >= 4 */
    unsigned char *mem = malloc(63 + npts + nbk * sizeof(fe4) + ndig + nbk);
    if (mem) {
      /* the vectors aligned to 64 bytes */
      unsigned char *base = mem + ((64 - ((uintptr_t)mem & 63)) & 63);
      bucket_point *pts = (bucket_point *)base;
      fe4 *bucket = (fe4 *)(base + npts);
      int16_t *dig = (int16_t *)(base + npts + nbk * sizeof(fe4));
      unsigned char *filled = base + npts + nbk * sizeof(fe4) + ndig;
      while (len - start >= BUCKET_MIN) {
        cnt = multiscalar_bucket_block(len - start, BUCKET_BLOCK, BUCKET_MIN);
        if (!pippenger(&r, n + 32 * start, P + 32 * start, cnt, pts, dig, bucket, filled)) ok = 0;
        start += cnt;
      }
      free(mem);
    }
  }

  while (start < len) {
    cnt = len - start < BLOCK ? len - start : BLOCK;
    if (!straus(&r, n + 32 * start, P + 32 * start, (int)cnt)) ok = 0;
    start += cnt;
  }

  ge4_to_p3(&q, &r);
  ge25519_p3_tobytes(out, &q);
  out[32] = (unsigned char)ok;
}
