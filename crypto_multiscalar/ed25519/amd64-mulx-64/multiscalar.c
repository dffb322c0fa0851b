/* SPDX-License-Identifier: MIT */
/* crypto_multiscalar_ed25519 for x86-64 with BMI2 and ADX:
   out = enc(sum (n[i] mod L) P[i]), out[32] = status.  Variable time (the
   inputs are public).  Group operations in assembly
   (internal/amd64/ge64_mulx.S) on radix-2^64 field elements.

   Fewer than BUCKET_MIN points: Straus.  Blocks of up to BLOCK points; each
   scalar in width-5 NAF, each point with (1, 3, ..., 15) times itself in
   cached form; one chain of doublings per block, additions interleaved.

   BUCKET_MIN points or more: Pippenger's buckets.  Scalars in signed radix
   2^c with digits in [-2^(c-1), 2^(c-1)], c chosen from a cost estimate;
   for each window from the top the accumulator is doubled c times, each
   point goes into (or, negated, out of) bucket |digit|, and the buckets
   are combined as sum_b b S_b with a running sum.  Points and digits live
   on the heap (blocks of at most BUCKET_BLOCK points); if malloc fails the
   points are done by Straus, which gives the same result.

   Status: 1 iff every n[i] < L and every P[i] is a valid encoding; an
   invalid P[i] counts as C (y = 26, x even); len <= 0 gives the neutral
   element. */
#include <stdint.h>
#include <stdlib.h>
#include "crypto_multiscalar.h"
#include "fe25519_64.h"
#include "ge25519_64.h"
#include "sc25519.h"
#include "multiscalar_common.h"

#define BLOCK 32
#define NAFW 5
#define BUCKET_MIN 80
#define BUCKET_BLOCK 16384
#define MAXC 14

/* r = r + p */
static void add_p3(ge25519_p3 *r, const ge25519_p3 *p)
{
  ge25519_cached c;
  ge25519_p3_to_cached(&c, p);
  ge64_add_p3(r, &c);
}

/* r += sum over the cnt <= BLOCK terms of the block; returns its status */
static int straus(ge25519_p3 *r, const unsigned char *n, const unsigned char *P, int cnt)
{
  ge25519_cached odd[BLOCK][8], twice;
  signed char naf[BLOCK][256];
  ge25519_p3 q, s;
  sc25519 a;
  int ok = 1, top = -1, i, j, k;

  for (j = 0; j < cnt; ++j) {
    if (!sc25519_is_canonical(n + 32 * j)) ok = 0;
    sc25519_from32bytes(&a, n + 32 * j);
    sc25519_wnaf_vartime(naf[j], &a, NAFW);
    for (i = 255; i > top; --i)
      if (naf[j][i]) { top = i; break; }
    if (!multiscalar_decode_or_C(&q, P + 32 * j)) ok = 0;
    ge25519_p3_to_cached(&odd[j][0], &q);
    ge64_dbl_p3(&s, &q);
    ge25519_p3_to_cached(&twice, &s);
    for (k = 1; k < 8; ++k) {
      ge64_add_p3(&q, &twice);
      ge25519_p3_to_cached(&odd[j][k], &q);
    }
  }
  if (top < 0) return ok;

  ge25519_p3_0(&s);
  for (i = top; i >= 0; --i) {
    int any = 0;
    for (j = 0; j < cnt; ++j) any |= naf[j][i];
    /* T is needed by the additions and, after the last doubling, by
       add_p3 below; otherwise the cheaper doubling without T */
    if (any || i == 0) ge64_dbl_p3(&s, &s);
    else ge64_dbl_p2(&s, &s);
    for (j = 0; j < cnt; ++j) {
      int d = naf[j][i];
      if (d > 0) ge64_add_p3(&s, &odd[j][d >> 1]);
      else if (d < 0) ge64_sub_p3(&s, &odd[j][(-d) >> 1]);
    }
  }
  add_p3(r, &s);
  return ok;
}

typedef struct {
  ge25519_p3 p;
  ge25519_cached c;
} bucket_point;

/* r += sum of the cnt terms by buckets; returns the status */
static int pippenger(ge25519_p3 *r, const unsigned char *n, const unsigned char *P, long long cnt,
                     bucket_point *pts, int16_t *dig, ge25519_p3 *bucket, unsigned char *filled)
{
  int c = multiscalar_window_width(cnt, 1.0, MAXC), nw = 253 / c + 1, nb = 1 << (c - 1);
  int ok = 1, k, b, i, have_run, have_sum;
  ge25519_p3 acc, run, sum;
  sc25519 a;
  long long j;

  for (j = 0; j < cnt; ++j) {
    if (!sc25519_is_canonical(n + 32 * j)) ok = 0;
    sc25519_from32bytes(&a, n + 32 * j);
    multiscalar_signed_digits(dig + j, cnt, &a, c, nw);
    if (!multiscalar_decode_or_C(&pts[j].p, P + 32 * j)) ok = 0;
    ge25519_p3_to_cached(&pts[j].c, &pts[j].p);
  }

  ge25519_p3_0(&acc);
  for (k = nw - 1; k >= 0; --k) {
    const int16_t *dk = dig + (long long)k * cnt;
    if (k < nw - 1) {
      for (i = 0; i < c - 1; ++i) ge64_dbl_p2(&acc, &acc);
      ge64_dbl_p3(&acc, &acc);
    }
    for (b = 1; b <= nb; ++b) filled[b] = 0;
    for (j = 0; j < cnt; ++j) {
      int d = dk[j];
      if (!d) continue;
      b = d > 0 ? d : -d;
      if (!filled[b]) {
        filled[b] = 1;
        if (d > 0) bucket[b] = pts[j].p;
        else ge25519_p3_neg(&bucket[b], &pts[j].p);
      } else if (d > 0) {
        ge64_add_p3(&bucket[b], &pts[j].c);
      } else {
        ge64_sub_p3(&bucket[b], &pts[j].c);
      }
    }
    /* sum_b b S_b = sum over b from the top of (S_nb + ... + S_b) */
    have_run = have_sum = 0;
    for (b = nb; b >= 1; --b) {
      if (filled[b]) {
        if (have_run) add_p3(&run, &bucket[b]);
        else { run = bucket[b]; have_run = 1; }
      }
      if (have_run) {
        if (have_sum) add_p3(&sum, &run);
        else { sum = run; have_sum = 1; }
      }
    }
    if (have_sum) add_p3(&acc, &sum);
  }
  add_p3(r, &acc);
  return ok;
}

void crypto_multiscalar(unsigned char *out, const unsigned char *n, const unsigned char *P, long long len)
{
  ge25519_p3 r;
  long long start = 0, cnt;
  int ok = 1;

  ge25519_p3_0(&r);

  if (len >= BUCKET_MIN) {
    long long most = len < BUCKET_BLOCK ? len : BUCKET_BLOCK;
    size_t npts = (size_t)most * sizeof(bucket_point);
    size_t ndig = (size_t)most * 64 * sizeof(int16_t);     /* nw <= 64 for c >= 4 */
    size_t nbk = ((size_t)1 << (MAXC - 1)) + 1;
    unsigned char *mem = malloc(npts + nbk * sizeof(ge25519_p3) + ndig + nbk);
    if (mem) {
      bucket_point *pts = (bucket_point *)mem;
      ge25519_p3 *bucket = (ge25519_p3 *)(mem + npts);
      int16_t *dig = (int16_t *)(mem + npts + nbk * sizeof(ge25519_p3));
      unsigned char *filled = mem + npts + nbk * sizeof(ge25519_p3) + ndig;
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

  ge25519_p3_tobytes(out, &r);
  out[32] = (unsigned char)ok;
}
