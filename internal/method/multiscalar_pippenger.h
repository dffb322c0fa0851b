/* SPDX-License-Identifier: MIT */
/* The method of the multiscalar_ed25519 implementations on the
   radix-2^64 point code (fe64-straus-pippenger, fe51x4-straus-pippenger-coords), written once
   over their group operations: Straus below MS_BUCKET_MIN points,
   Pippenger's buckets from there on, and crypto_multiscalar itself.

   The includer first includes multiscalar_common.h and defines
     MS_POINT, MS_CACHED   the running point and the cached addend types,
     MS_BLOCK MS_NAFW      Straus: points per block, NAF width (<= 5),
     MS_BUCKET_MIN MS_BUCKET_BLOCK MS_BUCKET_WEIGHT MS_MAXC
                           Pippenger: least points, points per block (the
                           block's points, digits and buckets are one
                           stack frame, so this bounds the stack), the
                           weight and widest c (<= 7) of
                           multiscalar_window_width,
     MS_DECODE_BATCH       how many points ms_decode decodes at once,
   and these operations (static inline, or macros):
     ms_zero(r)            r = the neutral element
     ms_add(r, c), ms_sub(r, c)       r = r + c, r - c (c cached)
     ms_add_point(r, p)    r = r + p (p a running point)
     ms_neg(r, p)          r = -p (p a decoded point)
     ms_dbl_run(r, n)      r = 2^n r, n >= 1
     ms_to_cached(c, p)    the cached form of p
     ms_odd_multiples(odd, p)         odd[k] = (2k + 1) p cached, k < 8;
                                      p may be overwritten
     ms_from_cached(r, c, neg)        optional (define MS_HAVE_FROM_CACHED):
                           r = the point of c (neg = 0) or its negative,
                           in any projective scaling; then a block keeps
                           only the cached form of its points, which
                           halves its frame (and doubles the block)
     ms_decode(q, P, cnt)  q[j] = the point P + 32 j (C if invalid) for
                           j < cnt <= MS_DECODE_BATCH; 1 iff all valid
     ms_tobytes(out, r)    the encoding of r

   Straus: blocks of up to MS_BLOCK points; each scalar in width-NAFW NAF,
   each point with (1, 3, ..., 15) times itself cached; one chain of
   doublings per block (runs between the nonzero digits), additions
   interleaved.

   Pippenger: scalars in signed radix 2^c, digits in [-2^(c-1), 2^(c-1)],
   c from multiscalar_window_width; for each window from the top the
   accumulator is doubled c times, each point goes into (or, negated, out
   of) bucket |digit|, and the buckets are combined as sum_b b S_b with a
   running sum.  The points go in blocks of at most MS_BUCKET_BLOCK
   (the last two split evenly, none shorter than MS_BUCKET_MIN), each
   block's sum added to the result: the block's decoded points, digits
   (signed char: |digit| <= 2^(MS_MAXC-1) <= 64) and buckets are arrays of
   fixed size in ms_pippenger's frame.  No heap: the deepest frame is
   ms_straus's or ms_pippenger's (noinline, so they never add up).

   Status: 1 iff every n[i] < L and every P[i] is a valid encoding; an
   invalid P[i] counts as C; len <= 0 gives the neutral element. */
#ifndef MULTISCALAR_PIPPENGER_H
#define MULTISCALAR_PIPPENGER_H

#include <stdint.h>

#if MS_MAXC > 7
#error "MS_MAXC > 7: the digits would not fit a signed char"
#endif

/* r += sum over the cnt <= MS_BLOCK terms of the block; returns its status */
static __attribute__((noinline)) int ms_straus(MS_POINT *r, const unsigned char *n, const unsigned char *P, int cnt)
{
  MS_CACHED odd[MS_BLOCK][8];
  MS_POINT q[MS_DECODE_BATCH], s;
  signed char naf[MS_BLOCK][256];
  sc25519 a;
  int ok = 1, top = -1, i, j, prev;

  for (j = 0; j < cnt; ++j) {
    if (!sc25519_is_canonical(n + 32 * j)) ok = 0;
    sc25519_from32bytes(&a, n + 32 * j);
    sc25519_wnaf_vartime(naf[j], &a, MS_NAFW);
    for (i = 255; i > top; --i)
      if (naf[j][i]) { top = i; break; }
  }
  for (j = 0; j < cnt; j += MS_DECODE_BATCH) {
    int m = cnt - j < MS_DECODE_BATCH ? cnt - j : MS_DECODE_BATCH;
    if (!ms_decode(q, P + 32 * j, m)) ok = 0;
    for (i = 0; i < m; ++i) ms_odd_multiples(odd[j + i], &q[i]);
  }
  if (top < 0) return ok;

  ms_zero(&s);
  prev = top + 1;
  for (i = top; i >= 0; --i) {
    int any = 0;
    for (j = 0; j < cnt; ++j) any |= naf[j][i];
    if (!any) continue;
    ms_dbl_run(&s, prev - i);
    prev = i;
    for (j = 0; j < cnt; ++j) {
      int d = naf[j][i];
      if (d > 0) ms_add(&s, &odd[j][d >> 1]);
      else if (d < 0) ms_sub(&s, &odd[j][(-d) >> 1]);
    }
  }
  if (prev > 0) ms_dbl_run(&s, prev);
  ms_add_point(r, &s);
  return ok;
}

typedef struct {
#ifndef MS_HAVE_FROM_CACHED
  MS_POINT p;            /* what an empty bucket starts from */
#endif
  MS_CACHED c;
} ms_bucket_point;

/* r += sum of the cnt <= MS_BUCKET_BLOCK terms by buckets; returns the status */
static __attribute__((noinline)) int ms_pippenger(MS_POINT *r, const unsigned char *n,
                                                  const unsigned char *P, long long cnt)
{
  ms_bucket_point pts[MS_BUCKET_BLOCK];
  signed char dig[(253 / 5 + 1) * MS_BUCKET_BLOCK];     /* nw <= 51 windows (c >= 5) */
  MS_POINT bucket[(1 << (MS_MAXC - 1)) + 1];
  unsigned char filled[(1 << (MS_MAXC - 1)) + 1];
  int16_t d16[64];
  /* c = 4 is never the best from MS_BUCKET_MIN >= 80 points on; c >= 5
     bounds the digits' array */
  int c = multiscalar_window_width(cnt, MS_BUCKET_WEIGHT, MS_MAXC) < 5 ? 5
          : multiscalar_window_width(cnt, MS_BUCKET_WEIGHT, MS_MAXC);
  int nw = 253 / c + 1;
  int nb = 1 << (c - 1), ok = 1, k, b, i, have_run, have_sum;
  MS_POINT q[MS_DECODE_BATCH], acc, run, sum;
  sc25519 a;
  long long j;

  for (j = 0; j < cnt; ++j) {
    if (!sc25519_is_canonical(n + 32 * j)) ok = 0;
    sc25519_from32bytes(&a, n + 32 * j);
    multiscalar_signed_digits(d16, 1, &a, c, nw);
    for (k = 0; k < nw; ++k) dig[(long long)k * cnt + j] = (signed char)d16[k];
  }
  for (j = 0; j < cnt; j += MS_DECODE_BATCH) {
    int m = cnt - j < MS_DECODE_BATCH ? (int)(cnt - j) : MS_DECODE_BATCH;
    if (!ms_decode(q, P + 32 * j, m)) ok = 0;
    for (i = 0; i < m; ++i) {
#ifndef MS_HAVE_FROM_CACHED
      pts[j + i].p = q[i];
#endif
      ms_to_cached(&pts[j + i].c, &q[i]);
    }
  }

  ms_zero(&acc);
  for (k = nw - 1; k >= 0; --k) {
    const signed char *dk = dig + (long long)k * cnt;
    if (k < nw - 1) ms_dbl_run(&acc, c);
    for (b = 1; b <= nb; ++b) filled[b] = 0;
    for (j = 0; j < cnt; ++j) {
      int d = dk[j];
      if (!d) continue;
      b = d > 0 ? d : -d;
      if (!filled[b]) {
        filled[b] = 1;
#ifdef MS_HAVE_FROM_CACHED
        ms_from_cached(&bucket[b], &pts[j].c, d < 0);
#else
        if (d > 0) bucket[b] = pts[j].p;
        else ms_neg(&bucket[b], &pts[j].p);
#endif
      } else if (d > 0) {
        ms_add(&bucket[b], &pts[j].c);
      } else {
        ms_sub(&bucket[b], &pts[j].c);
      }
    }
    /* sum_b b S_b = sum over b from the top of (S_nb + ... + S_b) */
    have_run = have_sum = 0;
    for (b = nb; b >= 1; --b) {
      if (filled[b]) {
        if (have_run) ms_add_point(&run, &bucket[b]);
        else { run = bucket[b]; have_run = 1; }
      }
      if (have_run) {
        if (have_sum) ms_add_point(&sum, &run);
        else { sum = run; have_sum = 1; }
      }
    }
    if (have_sum) ms_add_point(&acc, &sum);
  }
  ms_add_point(r, &acc);
  return ok;
}

void crypto_multiscalar(unsigned char *out, const unsigned char *n, const unsigned char *P, long long len)
{
  MS_POINT r;
  long long start = 0, cnt;
  int ok = 1;

  ms_zero(&r);

  while (len - start >= MS_BUCKET_MIN) {
    cnt = multiscalar_bucket_block(len - start, MS_BUCKET_BLOCK, MS_BUCKET_MIN);
    if (!ms_pippenger(&r, n + 32 * start, P + 32 * start, cnt)) ok = 0;
    start += cnt;
  }

  while (start < len) {
    cnt = len - start < MS_BLOCK ? len - start : MS_BLOCK;
    if (!ms_straus(&r, n + 32 * start, P + 32 * start, (int)cnt)) ok = 0;
    start += cnt;
  }

  ms_tobytes(out, &r);
  out[32] = (unsigned char)ok;
}

#endif
