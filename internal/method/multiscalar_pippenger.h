/* SPDX-License-Identifier: MIT */
/* The method of every multiscalar_ed25519 implementation (fe51-, fe64-,
   fe64arm-straus-pippenger,
   fe51x4-straus-pippenger-coords), written once over their group
   operations: Straus below MS_BUCKET_MIN points, Pippenger's buckets from
   there on, and crypto_multiscalar itself.

   The includer first includes multiscalar_common.h and defines
     MS_POINT, MS_CACHED   the running point and the cached addend types,
     MS_BLOCK MS_NAFW      Straus: points per block, NAF width (<= 5),
     MS_BUCKET_MIN MS_BUCKET_BLOCK MS_BUCKET_WEIGHT10 MS_MAXC
                           Pippenger: least points, most points per block
                           (the block's stored points are most of
                           ms_pippenger's frame, so this bounds the
                           stack), the weight (in tenths) and widest c (<= 8) of
                           multiscalar_window_width,
     MS_DECODE_BATCH       how many points ms_decode decodes at once,
     MS_STORED             the form a block keeps each decoded point in
                           (compact: the affine addend of a mixed
                           addition where the family has one),
   and these operations (static inline, or macros):
     ms_zero(r)            r = the neutral element
     ms_add(r, c), ms_sub(r, c)       r = r + c, r - c (c cached)
     ms_add_point(r, p)    r = r + p (p a running point)
     ms_dbl_run(r, n)      r = 2^n r, n >= 1
     ms_odd_multiples(odd, p)         odd[k] = (2k + 1) p cached, k < 8;
                                      p may be overwritten
     ms_decode(q, P, cnt)  q[j] = the point P + 32 j (C if invalid) for
                           j < cnt <= MS_DECODE_BATCH; 1 iff all valid
     ms_store(s, q)        s = the stored form of the decoded point q
                           (Z = 1)
     ms_add_stored(r, s, neg)         r = r + s, or r - s if neg
     ms_tobytes(out, r)    the encoding of r

   Straus: blocks of up to MS_BLOCK points; each scalar in width-NAFW NAF,
   each point with (1, 3, ..., 15) times itself cached; one chain of
   doublings per block (runs between the nonzero digits), additions
   interleaved.

   Pippenger: scalars in signed radix 2^c, digits in [-2^(c-1),
   2^(c-1) - 1] read from the scalar's bytes when needed
   (multiscalar_digit: nothing stored per digit; a block short enough to
   leave room after its points keeps all its digits there, computed at
   once), c from multiscalar_window_width.  For each window from the top the
   accumulator is doubled c times and gets sum_b b S_b, S_b the sum of
   the points of digit +-b: the window's points are sorted by digit
   (counting sort of 16-bit indices) and added, from the top bucket down,
   straight into the running sum S_nb + ... + S_b, whose values are
   summed; so no bucket array is kept, a bucket costs one addition (of
   the running sum) and every bucket addition is one of a stored point.
   The buckets are split in two halves done as two independent chains
   interleaved (one chain of dependent additions waits on latency); the
   upper half's sum_{b > h} b S_b is its sum of running sums plus h = nb/2
   times its last running sum (c - 2 doublings).  The points go in blocks
   of at most MS_BUCKET_BLOCK, split evenly, each block's sum added to the
   result; the block's stored points, sort indices and keys are arrays of
   fixed size in ms_pippenger's frame.  No heap: the deepest frame is
   ms_straus's or ms_pippenger's (noinline, so they never add up).  A
   scalar that is not canonical (>= L, status 0) is left out of its block
   and added by ms_straus alone, which reduces it.

   Status: 1 iff every n[i] < L and every P[i] is a valid encoding; an
   invalid P[i] counts as C; len <= 0 gives the neutral element. */
#if !defined(MS_POINT) || \
    !defined(MS_CACHED) || \
    !defined(MS_BLOCK) || \
    !defined(MS_NAFW) || \
    !defined(MS_BUCKET_MIN) || \
    !defined(MS_BUCKET_BLOCK) || \
    !defined(MS_BUCKET_WEIGHT10) || \
    !defined(MS_MAXC) || \
    !defined(MS_DECODE_BATCH) || \
    !defined(MS_STORED)
#error "define MS_POINT, MS_CACHED, MS_BLOCK, MS_NAFW, MS_BUCKET_MIN, MS_BUCKET_BLOCK, MS_BUCKET_WEIGHT10, MS_MAXC, MS_DECODE_BATCH and MS_STORED before including method/multiscalar_pippenger.h"
#endif
#ifndef MULTISCALAR_PIPPENGER_H
#define MULTISCALAR_PIPPENGER_H

#include <stdint.h>

#if MS_MAXC > 8
#error "MS_MAXC > 8: multiscalar_digit reads windows of at most 8 bits"
#endif
#if MS_BUCKET_BLOCK > 32768
#error "MS_BUCKET_BLOCK > 32768: the sort keeps a point index in 15 bits"
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

/* one chain of the bucket combination: the running sum run = S_top +
   ... + S_b and sum = the sum of the running sums so far, for the
   buckets b from top down to lo; the points of bucket b are
   order[start[2b + 2] .. start[2b] - 1] (after the counting sort) and go
   straight into run, so no bucket is ever kept */
typedef struct {
  MS_POINT run, sum;
  int b, lo, i, have_run, have_sum;
} ms_chain;

static inline void ms_chain_start(ms_chain *ch, int top, int lo, int i)
{
  ms_zero(&ch->run);
  ch->b = top;
  ch->lo = lo;
  ch->i = i;
  ch->have_run = ch->have_sum = 0;
}

/* one step (at most one group operation); 0 once the chain is done */
static inline int ms_chain_step(ms_chain *ch, const MS_STORED *pts, const uint16_t *order,
                                const int *start)
{
  if (ch->b < ch->lo) return 0;
  if (ch->i < start[2 * ch->b]) {
    unsigned o = order[ch->i++];
    ms_add_stored(&ch->run, &pts[o & 0x7fff], (int)(o >> 15));
    ch->have_run = 1;
    return 1;
  }
  if (ch->have_run) {
    if (ch->have_sum) ms_add_point(&ch->sum, &ch->run);
    else { ch->sum = ch->run; ch->have_sum = 1; }
  }
  ch->b -= 1;
  return 1;
}

/* r += sum of the cnt <= MS_BUCKET_BLOCK terms by buckets, leaving out
   the terms whose scalar is not canonical (the caller adds those by
   ms_straus); returns the status of the rest */
static __attribute__((noinline)) int ms_pippenger(MS_POINT *r, const unsigned char *n,
                                                  const unsigned char *P, int cnt)
{
  MS_STORED pts[MS_BUCKET_BLOCK];
  uint16_t order[MS_BUCKET_BLOCK];      /* point index, bit 15: negative digit */
  unsigned char dig[MS_BUCKET_BLOCK];   /* the sort keys of one window */
  unsigned char canon[MS_BUCKET_BLOCK];
  int start[(1 << MS_MAXC) + 2];
  int c = multiscalar_window_width(cnt, MS_BUCKET_WEIGHT10, MS_MAXC);
  int nw = 253 / c + 1;
  int nb = 1 << (c - 1), h = nb >> 1, ok = 1, k, b, i, j;
  MS_POINT q[MS_DECODE_BATCH], acc;
  ms_chain ch[2];
  unsigned char *keys = 0;

  for (j = 0; j < cnt; ++j) canon[j] = (unsigned char)sc25519_is_canonical(n + 32 * j);
  for (j = 0; j < cnt; j += MS_DECODE_BATCH) {
    int m = cnt - j < MS_DECODE_BATCH ? cnt - j : MS_DECODE_BATCH;
    if (!ms_decode(q, P + 32 * j, m)) ok = 0;
    for (i = 0; i < m; ++i) ms_store(&pts[j + i], &q[i]);
  }

  /* a short block leaves room after its points for every sort key of
     every window, computed at once (a carry per point instead of two
     window reads per digit); otherwise the keys are read per window */
  if ((size_t)(MS_BUCKET_BLOCK - cnt) * sizeof(MS_STORED) >= (size_t)nw * (size_t)cnt) {
    keys = (unsigned char *)(pts + cnt);
    for (j = 0; j < cnt; ++j) {
      int carry = 0, half = nb;
      for (k = 0; k < nw; ++k) {
        int d = canon[j] ? multiscalar_window(n + 32 * j, k * c, c) + carry : 0;
        carry = d >= half;
        d -= carry << c;
        keys[(long)k * cnt + j] = (unsigned char)(d < 0 ? 1 - 2 * d : 2 * d);
      }
    }
  }

  ms_zero(&acc);
  for (k = nw - 1; k >= 0; --k) {
    const unsigned char *dk;
    if (k < nw - 1) ms_dbl_run(&acc, c);
    /* the points in order of key 2|digit| + (digit < 0), from 2 nb + 1
       down to 2, digit 0 last (a counting sort): a bucket's additions
       come before its subtractions, so which of the two comes next is
       predictable */
    for (b = 0; b <= 2 * nb + 1; ++b) start[b] = 0;
    if (keys) {
      dk = keys + (long)k * cnt;
      for (j = 0; j < cnt; ++j) start[dk[j]] += 1;
    } else {
      dk = dig;
      for (j = 0; j < cnt; ++j) {
        int d = canon[j] ? multiscalar_digit(n + 32 * j, k, c) : 0;
        int key = d < 0 ? 1 - 2 * d : 2 * d;
        dig[j] = (unsigned char)key;
        start[key] += 1;
      }
    }
    for (b = 2 * nb + 1, i = 0; b >= 2; --b) {
      int m = start[b];
      start[b] = i;
      i += m;
    }
    start[0] = i;
    for (j = 0; j < cnt; ++j) {
      int key = dk[j];
      order[start[key]++] = (uint16_t)(j | (key & 1) << 15);
    }
    /* the window's sum_b b S_b in two independent chains (two additions
       in flight: one chain of dependent additions waits on latency),
       chain 0 over the buckets above h = nb/2, chain 1 over the rest */
    ms_chain_start(&ch[0], nb, h + 1, 0);
    ms_chain_start(&ch[1], h, 1, start[2 * h + 2]);
    while (ms_chain_step(&ch[0], pts, order, start) | ms_chain_step(&ch[1], pts, order, start)) {}
    /* sum_{b > h} b S_b = sum_0 + h run_0 */
    if (ch[0].have_sum) {
      ms_add_point(&acc, &ch[0].sum);
      ms_dbl_run(&ch[0].run, c - 2);
      ms_add_point(&acc, &ch[0].run);
    }
    if (ch[1].have_sum) ms_add_point(&acc, &ch[1].sum);
  }
  ms_add_point(r, &acc);
  return ok;
}

void crypto_multiscalar(unsigned char *out, const unsigned char *n, const unsigned char *P, long long len)
{
  MS_POINT r;
  long long start = 0, cnt, j;
  int ok = 1;

  ms_zero(&r);

  while (len - start >= MS_BUCKET_MIN) {
    cnt = multiscalar_bucket_block(len - start, MS_BUCKET_BLOCK, MS_BUCKET_MIN);
    if (!ms_pippenger(&r, n + 32 * start, P + 32 * start, (int)cnt)) ok = 0;
    for (j = start; j < start + cnt; ++j)
      if (!sc25519_is_canonical(n + 32 * j)) {
        ms_straus(&r, n + 32 * j, P + 32 * j, 1);
        ok = 0;
      }
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
