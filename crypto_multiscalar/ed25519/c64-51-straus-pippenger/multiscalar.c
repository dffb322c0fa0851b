/* SPDX-License-Identifier: MIT */
/* out = enc(sum (n[i] mod L) P[i]), out[32] = status.  Variable time (the
   inputs are public).

   Small len: Straus (interleaved windows).  Each scalar in width-5 NAF
   (sc25519_wnaf_vartime), each point with its 8 odd multiples in cached
   form, and one chain of doublings per block of STRAUS_CHUNK points.  Stack
   only, about 48 KB.

   Large len (>= PIPPENGER_MIN points): Pippenger's bucket method.  Every
   scalar in signed radix 2^c (digits -2^(c-1)+1 .. 2^(c-1)); for each of
   the K = floor(253/c)+1 windows, from the top, the accumulator is doubled
   c times, point i is added to (or subtracted from) bucket |digit|, and the
   buckets are summed as sum_b b B_b with two running sums.  The points of
   a block of up to PIPPENGER_CHUNK are kept on the heap; if malloc fails
   the block is done by Straus instead, so the result never depends on
   memory.  c is chosen per block from a cost estimate (see pick_window).
   Heap use is at most about 8.5 MB (16384 points, 8192 buckets).

   PIPPENGER_MIN is the measured crossover (x86-64, gcc -O2, cycles per
   point, Straus / Pippenger): 64 points 26.0k / 25.7k, 80: 25.1k / 23.6k,
   128: 25.7k / 22.7k, 1024: 25.8k / 17.6k, 16384: 26.1k / 15.6k.

   Status (SPEC 2): 1 iff every n[i] < L and every P[i] decodes; an invalid
   P[i] counts as C (y = 26, x even); len <= 0 gives the neutral element. */
#include <stdint.h>
#include <stdlib.h>
#include "crypto_multiscalar.h"
#include "field/fe51.h"
#include "group/ge51.h"
#include "scalar/sc25519.h"

#define STRAUS_CHUNK 32
#define STRAUS_W 5
#ifndef PIPPENGER_MIN   /* overridable for measuring the crossover */
#define PIPPENGER_MIN 80
#endif
#define PIPPENGER_CHUNK 16384
#define PIPPENGER_MAXC 14

static const unsigned char point_C[32] = { 26 };

/* Q = the point encoded by s, or C; returns 1 iff s was valid */
static int load_point(ge51_p3 *Q, const unsigned char *s)
{
  if (ge51_frombytes_vartime(Q, s)) return 1;
  ge51_frombytes_vartime(Q, point_C);
  return 0;
}

/* r += p */
static void accumulate(ge51_p3 *r, const ge51_p3 *p)
{
  ge51_cached c;
  ge51_p1p1 t;
  ge51_p3_to_cached(&c, p);
  ge51_add(&t, r, &c);
  ge51_p1p1_to_p3(r, &t);
}

/* acc += sum of cnt <= STRAUS_CHUNK terms; returns the status of the block */
static int straus_block(ge51_p3 *acc, const unsigned char *n, const unsigned char *P, int cnt)
{
  ge51_cached table[STRAUS_CHUNK][8];
  signed char w[STRAUS_CHUNK][256];
  ge51_p3 Q, Q2, t3;
  ge51_p1p1 t;
  ge51_p2 r;
  sc25519 a;
  int ok = 1, i, j, k, top = -1;

  for (j = 0; j < cnt; ++j) {
    if (!sc25519_is_canonical(n + 32 * j)) ok = 0;
    sc25519_from32bytes(&a, n + 32 * j);
    sc25519_wnaf_vartime(w[j], &a, STRAUS_W);
    for (i = 255; i > top; --i)
      if (w[j][i]) { top = i; break; }
    if (!load_point(&Q, P + 32 * j)) ok = 0;
    ge51_p3_to_cached(&table[j][0], &Q);
    ge51_p3_double(&Q2, &Q);
    for (k = 1; k < 8; ++k) {
      ge51_add(&t, &Q2, &table[j][k - 1]);
      ge51_p1p1_to_p3(&t3, &t);
      ge51_p3_to_cached(&table[j][k], &t3);
    }
  }
  if (top < 0) return ok;            /* every scalar is 0 mod L */

  fe51_0(&r.X);
  fe51_1(&r.Y);
  fe51_1(&r.Z);
  for (i = top; i >= 0; --i) {
    ge51_p2_dbl(&t, &r);
    for (j = 0; j < cnt; ++j) {
      int d = w[j][i];
      if (!d) continue;
      ge51_p1p1_to_p3(&t3, &t);
      if (d > 0) ge51_add(&t, &t3, &table[j][d / 2]);
      else ge51_sub(&t, &t3, &table[j][(-d) / 2]);
    }
    if (i > 0) ge51_p1p1_to_p2(&r, &t);
  }
  ge51_p1p1_to_p3(&t3, &t);
  accumulate(acc, &t3);
  return ok;
}

typedef struct {
  ge51_p3 p;
  ge51_cached c;
} msm_point;

/* window width for a block of cnt points: minimise
   K (cnt + 2 * 2^(c-1)) additions + 253 doublings, K = floor(253/c) + 1 */
static int pick_window(long long cnt)
{
  int c, best = 4;
  double bestcost = 1e300;
  for (c = 4; c <= PIPPENGER_MAXC; ++c) {
    double cost = (double)(253 / c + 1) * ((double)cnt + (double)(1 << c));
    if (cost < bestcost) { bestcost = cost; best = c; }
  }
  return best;
}

/* digit k (stride apart) of a in signed radix 2^c */
static void recode_window(int16_t *dig, long long stride, const sc25519 *a, int c, int K)
{
  int k, carry = 0;
  for (k = 0; k < K; ++k) {
    int pos = k * c, limb = pos >> 6, off = pos & 63;
    uint64_t v = 0;
    int d;
    if (limb < 4) {
      v = a->v[limb] >> off;
      if (off + c > 64 && limb + 1 < 4) v |= a->v[limb + 1] << (64 - off);
    }
    d = (int)(v & (((uint64_t)1 << c) - 1)) + carry;
    carry = d > (1 << (c - 1));
    dig[k * stride] = (int16_t)(d - (carry << c));
  }
}

/* acc += sum of cnt terms by buckets; pts, dig, bucket, used are scratch of
   the sizes given in crypto_multiscalar; returns the status */
static int pippenger_block(ge51_p3 *acc, const unsigned char *n, const unsigned char *P, long long cnt,
                           msm_point *pts, int16_t *dig, ge51_p3 *bucket, unsigned char *used)
{
  int c = pick_window(cnt), K = 253 / c + 1, nb = 1 << (c - 1);
  int ok = 1, k, b, i, have_run, have_tot;
  ge51_p3 R, run, tot;
  ge51_p1p1 t;
  ge51_p2 r2;
  sc25519 a;
  long long j;

  for (j = 0; j < cnt; ++j) {
    if (!sc25519_is_canonical(n + 32 * j)) ok = 0;
    sc25519_from32bytes(&a, n + 32 * j);
    recode_window(dig + j, cnt, &a, c, K);
    if (!load_point(&pts[j].p, P + 32 * j)) ok = 0;
    ge51_p3_to_cached(&pts[j].c, &pts[j].p);
  }

  ge51_p3_0(&R);
  for (k = K - 1; k >= 0; --k) {
    const int16_t *dk = dig + (long long)k * cnt;
    if (k < K - 1) {
      ge51_p3_to_p2(&r2, &R);
      for (i = 0; i < c; ++i) {
        ge51_p2_dbl(&t, &r2);
        if (i < c - 1) ge51_p1p1_to_p2(&r2, &t);
      }
      ge51_p1p1_to_p3(&R, &t);
    }

    for (b = 1; b <= nb; ++b) used[b] = 0;
    for (j = 0; j < cnt; ++j) {
      int d = dk[j];
      if (d == 0) continue;
      b = d > 0 ? d : -d;
      if (!used[b]) {
        used[b] = 1;
        if (d > 0) bucket[b] = pts[j].p;
        else ge51_p3_neg(&bucket[b], &pts[j].p);
      } else {
        if (d > 0) ge51_add(&t, &bucket[b], &pts[j].c);
        else ge51_sub(&t, &bucket[b], &pts[j].c);
        ge51_p1p1_to_p3(&bucket[b], &t);
      }
    }

    /* tot = sum_b b bucket[b] = sum over b of (bucket[nb] + ... + bucket[b]) */
    have_run = have_tot = 0;
    for (b = nb; b >= 1; --b) {
      if (used[b]) {
        if (have_run) accumulate(&run, &bucket[b]);
        else { run = bucket[b]; have_run = 1; }
      }
      if (have_run) {
        if (have_tot) accumulate(&tot, &run);
        else { tot = run; have_tot = 1; }
      }
    }
    if (have_tot) accumulate(&R, &tot);
  }
  accumulate(acc, &R);
  return ok;
}

void crypto_multiscalar(unsigned char *out, const unsigned char *n, const unsigned char *P, long long len)
{
  ge51_p3 acc;
  int ok = 1;
  long long start = 0, cnt;
  unsigned char *mem = 0;
  msm_point *pts = 0;
  int16_t *dig = 0;
  ge51_p3 *bucket = 0;
  unsigned char *used = 0;

  ge51_p3_0(&acc);

  if (len >= PIPPENGER_MIN) {
    long long maxcnt = len < PIPPENGER_CHUNK ? len : PIPPENGER_CHUNK;
    /* the largest block sets the sizes: K <= 64 windows (c >= 4), and at
       most 2^(PIPPENGER_MAXC-1) buckets */
    size_t sp = (size_t)maxcnt * sizeof(msm_point);
    size_t sd = (size_t)maxcnt * 64 * sizeof(int16_t);
    size_t sb = ((size_t)1 << (PIPPENGER_MAXC - 1)) + 1;
    mem = malloc(sp + sb * sizeof(ge51_p3) + sd + sb);
    if (mem) {
      pts = (msm_point *)mem;
      bucket = (ge51_p3 *)(mem + sp);
      dig = (int16_t *)(mem + sp + sb * sizeof(ge51_p3));
      used = mem + sp + sb * sizeof(ge51_p3) + sd;
      while (len - start >= PIPPENGER_MIN) {
        cnt = len - start < PIPPENGER_CHUNK ? len - start : PIPPENGER_CHUNK;
        /* leave no small tail: split the last two blocks evenly */
        if (len - start > PIPPENGER_CHUNK && len - start - PIPPENGER_CHUNK < PIPPENGER_MIN)
          cnt = (len - start) / 2;
        if (!pippenger_block(&acc, n + 32 * start, P + 32 * start, cnt, pts, dig, bucket, used)) ok = 0;
        start += cnt;
      }
      free(mem);
    }
  }

  while (start < len) {
    cnt = len - start < STRAUS_CHUNK ? len - start : STRAUS_CHUNK;
    if (!straus_block(&acc, n + 32 * start, P + 32 * start, (int)cnt)) ok = 0;
    start += cnt;
  }

  ge51_p3_tobytes(out, &acc);
  out[32] = (unsigned char)ok;
}
