/* SPDX-License-Identifier: MIT */
/* SHA-512 compression (FIPS 180-4) with the message schedule vectorized
   across blocks using AVX2.
   Up to four consecutive blocks are taken at a time; lane j of every 256-bit
   vector belongs to block j. The 16 message words of the four blocks are
   loaded, byte-swapped and transposed (4x4 transposes of 64-bit words), and
   the recurrence W[t] = ssig1(W[t-2]) + W[t-7] + ssig0(W[t-15]) + W[t-16]
   is then evaluated for all four blocks at once. W[t] + sha512_K[t] is stored to a
   stack table, which the scalar rounds (unrolled, rotating variable names)
   read for each block in turn. The last one to three blocks get a scalar
   schedule instead (computed on the fly, as in portable-unrolled), which costs
   less than four lanes of vector work with lanes wasted. The work depends
   only on the number of blocks. */

#include <stdint.h>
#include <immintrin.h>
#include "crypto_hashblocks.h"
#include "ct/crypto_ct.h"

#include "hash/sha512_common.h"

/* ---- vector message schedule ---- */

#define VROTR(x, n) _mm256_or_si256(_mm256_srli_epi64(x, n), _mm256_slli_epi64(x, 64 - (n)))
#define VSSIG0(x) _mm256_xor_si256(_mm256_xor_si256(VROTR(x, 1), VROTR(x, 8)), _mm256_srli_epi64(x, 7))
#define VSSIG1(x) _mm256_xor_si256(_mm256_xor_si256(VROTR(x, 19), VROTR(x, 61)), _mm256_srli_epi64(x, 6))

/* wk[4*t + j] = W[t] of block j, plus sha512_K[t]; blocks b[0..3] */
static inline void schedule4(uint64_t *wk, const unsigned char *const b[4])
{
  /* reverses the bytes inside each 64-bit lane */
  const __m256i bswap = _mm256_setr_epi8(
      7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
      7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
  __m256i w[16];
  int q, t;

  for (q = 0; q < 4; ++q) {
    __m256i r0 = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(b[0] + 32 * q)), bswap);
    __m256i r1 = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(b[1] + 32 * q)), bswap);
    __m256i r2 = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(b[2] + 32 * q)), bswap);
    __m256i r3 = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(b[3] + 32 * q)), bswap);
    /* (r0[0] r1[0] r0[2] r1[2]) and so on */
    __m256i u0 = _mm256_unpacklo_epi64(r0, r1);
    __m256i u1 = _mm256_unpackhi_epi64(r0, r1);
    __m256i u2 = _mm256_unpacklo_epi64(r2, r3);
    __m256i u3 = _mm256_unpackhi_epi64(r2, r3);
    w[4 * q + 0] = _mm256_permute2x128_si256(u0, u2, 0x20);
    w[4 * q + 1] = _mm256_permute2x128_si256(u1, u3, 0x20);
    w[4 * q + 2] = _mm256_permute2x128_si256(u0, u2, 0x31);
    w[4 * q + 3] = _mm256_permute2x128_si256(u1, u3, 0x31);
  }

  for (t = 0; t < 16; ++t)
    _mm256_store_si256((__m256i *)(wk + 4 * t),
                       _mm256_add_epi64(w[t], _mm256_set1_epi64x((long long)sha512_K[t])));

  for (t = 16; t < 80; ++t) {
    __m256i x2 = w[(t - 2) & 15], x15 = w[(t - 15) & 15];
    __m256i n = _mm256_add_epi64(_mm256_add_epi64(VSSIG1(x2), w[(t - 7) & 15]),
                                 _mm256_add_epi64(VSSIG0(x15), w[t & 15]));
    w[t & 15] = n;
    _mm256_store_si256((__m256i *)(wk + 4 * t),
                       _mm256_add_epi64(n, _mm256_set1_epi64x((long long)sha512_K[t])));
  }
}

/* ---- scalar rounds ---- */

#define ROTR(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
#define BSIG0(x) (ROTR(x, 28) ^ ROTR(x, 34) ^ ROTR(x, 39))
#define BSIG1(x) (ROTR(x, 14) ^ ROTR(x, 18) ^ ROTR(x, 41))
#define CH(e, f, g) ((((f) ^ (g)) & (e)) ^ (g))
#define MAJ(a, b, c) (((a) & (b)) | (((a) | (b)) & (c)))

/* one round with W[i] + sha512_K[i] given as addend; afterwards the caller's
   names shift by one position */
#define RND(a, b, c, d, e, f, g, h, addend) \
  do { \
    uint64_t t1_ = h + BSIG1(e) + CH(e, f, g) + (addend); \
    d += t1_; \
    h = t1_ + BSIG0(a) + MAJ(a, b, c); \
  } while (0)

/* eight rounds from the table (lane stride 4) */
#define R8(i) \
  RND(a, b, c, d, e, f, g, h, wk[4 * ((i) + 0)]); \
  RND(h, a, b, c, d, e, f, g, wk[4 * ((i) + 1)]); \
  RND(g, h, a, b, c, d, e, f, wk[4 * ((i) + 2)]); \
  RND(f, g, h, a, b, c, d, e, wk[4 * ((i) + 3)]); \
  RND(e, f, g, h, a, b, c, d, wk[4 * ((i) + 4)]); \
  RND(d, e, f, g, h, a, b, c, wk[4 * ((i) + 5)]); \
  RND(c, d, e, f, g, h, a, b, wk[4 * ((i) + 6)]); \
  RND(b, c, d, e, f, g, h, a, wk[4 * ((i) + 7)])

/* 80 rounds of one block; wk points at lane j of the table */
static __attribute__((noinline)) void rounds(uint64_t s[8], const uint64_t *wk)
{
  uint64_t a = s[0], b = s[1], c = s[2], d = s[3];
  uint64_t e = s[4], f = s[5], g = s[6], h = s[7];

  R8(0);
  R8(8);
  R8(16);
  R8(24);
  R8(32);
  R8(40);
  R8(48);
  R8(56);
  R8(64);
  R8(72);

  s[0] += a;
  s[1] += b;
  s[2] += c;
  s[3] += d;
  s[4] += e;
  s[5] += f;
  s[6] += g;
  s[7] += h;
}

/* ---- leftover blocks: scalar schedule ----
   A 16-word window updated right before the round that needs each new
   word. */

#define SSIG0(x) (ROTR(x, 1) ^ ROTR(x, 8) ^ ((x) >> 7))
#define SSIG1(x) (ROTR(x, 19) ^ ROTR(x, 61) ^ ((x) >> 6))
/* W[t] = ssig1(W[t-2]) + W[t-7] + ssig0(W[t-15]) + W[t-16], in place */
#define X(w16, w2, w7, w15) (w16 += SSIG1(w2) + w7 + SSIG0(w15))

#define RW16(n) \
  RND(a, b, c, d, e, f, g, h, sha512_K[n + 0] + w0); \
  RND(h, a, b, c, d, e, f, g, sha512_K[n + 1] + w1); \
  RND(g, h, a, b, c, d, e, f, sha512_K[n + 2] + w2); \
  RND(f, g, h, a, b, c, d, e, sha512_K[n + 3] + w3); \
  RND(e, f, g, h, a, b, c, d, sha512_K[n + 4] + w4); \
  RND(d, e, f, g, h, a, b, c, sha512_K[n + 5] + w5); \
  RND(c, d, e, f, g, h, a, b, sha512_K[n + 6] + w6); \
  RND(b, c, d, e, f, g, h, a, sha512_K[n + 7] + w7); \
  RND(a, b, c, d, e, f, g, h, sha512_K[n + 8] + w8); \
  RND(h, a, b, c, d, e, f, g, sha512_K[n + 9] + w9); \
  RND(g, h, a, b, c, d, e, f, sha512_K[n + 10] + w10); \
  RND(f, g, h, a, b, c, d, e, sha512_K[n + 11] + w11); \
  RND(e, f, g, h, a, b, c, d, sha512_K[n + 12] + w12); \
  RND(d, e, f, g, h, a, b, c, sha512_K[n + 13] + w13); \
  RND(c, d, e, f, g, h, a, b, sha512_K[n + 14] + w14); \
  RND(b, c, d, e, f, g, h, a, sha512_K[n + 15] + w15)

#define XRW16(n) \
  X(w0, w14, w9, w1);   RND(a, b, c, d, e, f, g, h, sha512_K[n + 0] + w0); \
  X(w1, w15, w10, w2);  RND(h, a, b, c, d, e, f, g, sha512_K[n + 1] + w1); \
  X(w2, w0, w11, w3);   RND(g, h, a, b, c, d, e, f, sha512_K[n + 2] + w2); \
  X(w3, w1, w12, w4);   RND(f, g, h, a, b, c, d, e, sha512_K[n + 3] + w3); \
  X(w4, w2, w13, w5);   RND(e, f, g, h, a, b, c, d, sha512_K[n + 4] + w4); \
  X(w5, w3, w14, w6);   RND(d, e, f, g, h, a, b, c, sha512_K[n + 5] + w5); \
  X(w6, w4, w15, w7);   RND(c, d, e, f, g, h, a, b, sha512_K[n + 6] + w6); \
  X(w7, w5, w0, w8);    RND(b, c, d, e, f, g, h, a, sha512_K[n + 7] + w7); \
  X(w8, w6, w1, w9);    RND(a, b, c, d, e, f, g, h, sha512_K[n + 8] + w8); \
  X(w9, w7, w2, w10);   RND(h, a, b, c, d, e, f, g, sha512_K[n + 9] + w9); \
  X(w10, w8, w3, w11);  RND(g, h, a, b, c, d, e, f, sha512_K[n + 10] + w10); \
  X(w11, w9, w4, w12);  RND(f, g, h, a, b, c, d, e, sha512_K[n + 11] + w11); \
  X(w12, w10, w5, w13); RND(e, f, g, h, a, b, c, d, sha512_K[n + 12] + w12); \
  X(w13, w11, w6, w14); RND(d, e, f, g, h, a, b, c, sha512_K[n + 13] + w13); \
  X(w14, w12, w7, w15); RND(c, d, e, f, g, h, a, b, sha512_K[n + 14] + w14); \
  X(w15, w13, w8, w0);  RND(b, c, d, e, f, g, h, a, sha512_K[n + 15] + w15)

static __attribute__((noinline)) void lone_block(uint64_t s[8], const unsigned char *x)
{
  uint64_t a = s[0], b = s[1], c = s[2], d = s[3];
  uint64_t e = s[4], f = s[5], g = s[6], h = s[7];
  uint64_t w0 = sha512_load_be64(x + 0), w1 = sha512_load_be64(x + 8);
  uint64_t w2 = sha512_load_be64(x + 16), w3 = sha512_load_be64(x + 24);
  uint64_t w4 = sha512_load_be64(x + 32), w5 = sha512_load_be64(x + 40);
  uint64_t w6 = sha512_load_be64(x + 48), w7 = sha512_load_be64(x + 56);
  uint64_t w8 = sha512_load_be64(x + 64), w9 = sha512_load_be64(x + 72);
  uint64_t w10 = sha512_load_be64(x + 80), w11 = sha512_load_be64(x + 88);
  uint64_t w12 = sha512_load_be64(x + 96), w13 = sha512_load_be64(x + 104);
  uint64_t w14 = sha512_load_be64(x + 112), w15 = sha512_load_be64(x + 120);

  RW16(0);
  XRW16(16);
  XRW16(32);
  XRW16(48);
  XRW16(64);

  s[0] += a;
  s[1] += b;
  s[2] += c;
  s[3] += d;
  s[4] += e;
  s[5] += f;
  s[6] += g;
  s[7] += h;
}

int crypto_hashblocks(unsigned char *statebytes, const unsigned char *x, long long xlen)
{
  uint64_t s[8];
  uint64_t wk[80 * 4] __attribute__((aligned(32)));
  const unsigned char *b[4];
  long long nblocks;
  int i;

  for (i = 0; i < 8; ++i) s[i] = sha512_load_be64(statebytes + 8 * i);

  nblocks = xlen >> 7;
  while (nblocks >= 4) {
    for (i = 0; i < 4; ++i) b[i] = x + 128 * i;
    schedule4(wk, b);
    for (i = 0; i < 4; ++i) rounds(s, wk + i);
    x += 512;
    nblocks -= 4;
  }
  while (nblocks > 0) {
    lone_block(s, x);
    x += 128;
    nblocks -= 1;
  }

  for (i = 0; i < 8; ++i) sha512_store_be64(statebytes + 8 * i, s[i]);
  /* the schedule of secret data (only when it was made: xlen is public),
     the state, and the frames of rounds and lone_block */
  if (xlen >= 512) CRYPTO_CT_WIPE(wk);
  CRYPTO_CT_WIPE(s);
  crypto_ct_wipe_below(512);   /* lone_block, rounds: 320 + 56 bytes at most (-fstack-usage) */
  return (int)(xlen & 127);
}
