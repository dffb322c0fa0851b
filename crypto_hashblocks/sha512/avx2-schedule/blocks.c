/* SPDX-License-Identifier: MIT */
/* SHA-512 compression (FIPS 180-4) with each block's message schedule
   computed on the AVX2 unit while the integer units run the rounds.

   The schedule, four words at a time: W[t..t+3] from the four vectors
   holding the last sixteen words (W[t-16..t-13], ..., W[t-4..t-1]);
   W[t-15..t-12] and W[t-7..t-4] by a lane rotation across two vectors,
   sigma0 on four lanes, sigma1 in two halves (W[t+2] and W[t+3] need W[t]
   and W[t+1]).  W[t] + K[t] goes to a stack table that the rounds read.
   The step for words i + 16.. is written before the four rounds of words
   i.., which it does not feed, so the vector unit makes the schedule while
   the integer units run the rounds.

   Measured on a Zen 3 (TSC ticks, interleaved with the old code and with
   lib25519 20260614's avx2 code in one process, warm): one block 833 ->
   637 (lib25519 564 in the same run), eight blocks 4,704 -> 3,700
   (lib25519 4,067); with the caches flushed before each call, one block
   1,838 -> 1,127 (lib25519 980).  The code this replaces computed the
   schedule of four blocks at once across the lanes (a 4 x 4 transpose of
   the message words) and ran a scalar schedule for the last one to three
   blocks, which took the same integer units as the rounds.

   The sixteen-round group is a loop body (about 1,000 instructions in
   all) rather than all 80 rounds unrolled (about 2,700, with the table
   kept in registers by the compilers): the unrolled form was 4% slower
   warm (662 for one block, 4,042 for eight) and 40% slower cold (1,592),
   and it made Ed25519 key generation, which hashes one block before the
   comb, 2.5% slower than with the old code in the comparison harness.
   Also tried: the rounds in inline assembly (24 or 26 instructions a
   round, the e chain four or five operations long): no faster than the
   compiled C below with clang, so not kept.

   The work depends only on the number of blocks. */

#include <stdint.h>
#include <immintrin.h>
#include "crypto_hashblocks.h"
#include "ct/crypto_ct.h"

#include "hash/sha512_common.h"

/* ---- the message schedule ---- */

#define VROTR(x, n) _mm256_or_si256(_mm256_srli_epi64(x, n), _mm256_slli_epi64(x, 64 - (n)))
#define VSSIG0(x) _mm256_xor_si256(_mm256_xor_si256(VROTR(x, 1), VROTR(x, 8)), _mm256_srli_epi64(x, 7))
#define VSSIG1(x) _mm256_xor_si256(_mm256_xor_si256(VROTR(x, 19), VROTR(x, 61)), _mm256_srli_epi64(x, 6))

/* (x[1], x[2], x[3], y[0]) of x = (x[0..3]), y = (y[0..3]) */
static inline __m256i vnext1(__m256i x, __m256i y)
{
  return _mm256_alignr_epi8(_mm256_permute2x128_si256(x, y, 0x21), x, 8);
}

/* W[t..t+3] from x0 = W[t-16..t-13], x1 = W[t-12..t-9], x2 = W[t-8..t-5],
   x3 = W[t-4..t-1] */
static inline __m256i vschedule_step(__m256i x0, __m256i x1, __m256i x2, __m256i x3)
{
  __m256i base = _mm256_add_epi64(_mm256_add_epi64(x0, vnext1(x2, x3)), VSSIG0(vnext1(x0, x1)));
  /* lanes 0, 1: sigma1 of W[t-2], W[t-1] */
  __m256i lo = _mm256_add_epi64(base, VSSIG1(_mm256_permute4x64_epi64(x3, 0xee)));
  /* lanes 2, 3: sigma1 of W[t], W[t+1], just made in lanes 0, 1 of lo */
  __m256i hi = _mm256_add_epi64(base, VSSIG1(_mm256_permute4x64_epi64(lo, 0x40)));
  return _mm256_blend_epi32(lo, hi, 0xf0);
}

/* the schedule for words i + 16..i + 19 (into x0) and their table entries */
#define VSTEP(i, x0, x1, x2, x3) \
  do { \
    x0 = vschedule_step(x0, x1, x2, x3); \
    _mm256_store_si256((__m256i *)(wk + (i) + 16), \
                       _mm256_add_epi64(x0, _mm256_loadu_si256((const __m256i *)(sha512_K + (i) + 16)))); \
  } while (0)

/* ---- the rounds ---- */

#define ROTR(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
#define BSIG0(x) (ROTR(x, 28) ^ ROTR(x, 34) ^ ROTR(x, 39))
#define BSIG1(x) (ROTR(x, 14) ^ ROTR(x, 18) ^ ROTR(x, 41))
#define CH(e, f, g) ((((f) ^ (g)) & (e)) ^ (g))

/* One round with W[i] + K[i] given as addend; afterwards the caller's
   names shift by one position.  Maj(a, b, c) = ((a ^ b) & (b ^ c)) ^ b, and
   b ^ c is the previous round's a ^ b (its a and b are this round's b and
   c): ab receives this round's a ^ b, bc holds the previous one's, so Maj
   costs two operations and one xor shared with the next round (the caller
   alternates two variables and sets bc = b ^ c before the first round;
   Zen 3, eight blocks: 4,704 -> 4,606 ticks with the old schedule). */
#define RND(a, b, c, d, e, f, g, h, addend, ab, bc) \
  do { \
    uint64_t t1_ = (h + (addend)) + CH(e, f, g) + BSIG1(e); \
    d += t1_; \
    ab = a ^ b; \
    h = t1_ + BSIG0(a) + ((ab & bc) ^ b); \
  } while (0)

/* four rounds from the table, names a..h as given; the callers rotate the
   names by four every other time */
#define R4(i, a, b, c, d, e, f, g, h) \
  RND(a, b, c, d, e, f, g, h, wk[(i) + 0], x_, y_); \
  RND(h, a, b, c, d, e, f, g, wk[(i) + 1], y_, x_); \
  RND(g, h, a, b, c, d, e, f, wk[(i) + 2], x_, y_); \
  RND(f, g, h, a, b, c, d, e, wk[(i) + 3], y_, x_)

/* sixteen rounds with the schedule of the sixteen words after them */
#define VR16(i) \
  VSTEP(i + 0, w0, w1, w2, w3); \
  R4(i + 0, a, b, c, d, e, f, g, h); \
  VSTEP(i + 4, w1, w2, w3, w0); \
  R4(i + 4, e, f, g, h, a, b, c, d); \
  VSTEP(i + 8, w2, w3, w0, w1); \
  R4(i + 8, a, b, c, d, e, f, g, h); \
  VSTEP(i + 12, w3, w0, w1, w2); \
  R4(i + 12, e, f, g, h, a, b, c, d)

/* nblocks >= 1 blocks at x into the state s.  Out of line, so that the
   caller's wipe below its own frame covers this frame (the table of secret
   schedule words, spilled state). */
static __attribute__((noinline)) void sha512_blocks(uint64_t s[8], const unsigned char *x,
                                                    long long nblocks)
{
  const __m256i bswap = _mm256_setr_epi8(
      7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
      7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
  uint64_t wk[80] __attribute__((aligned(32)));
  uint64_t a = s[0], b = s[1], c = s[2], d = s[3];
  uint64_t e = s[4], f = s[5], g = s[6], h = s[7];
  int i;

  do {
    uint64_t x_, y_ = b ^ c;
    __m256i w0 = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(x + 0)), bswap);
    __m256i w1 = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(x + 32)), bswap);
    __m256i w2 = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(x + 64)), bswap);
    __m256i w3 = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(x + 96)), bswap);

    _mm256_store_si256((__m256i *)(wk + 0),
                       _mm256_add_epi64(w0, _mm256_loadu_si256((const __m256i *)(sha512_K + 0))));
    _mm256_store_si256((__m256i *)(wk + 4),
                       _mm256_add_epi64(w1, _mm256_loadu_si256((const __m256i *)(sha512_K + 4))));
    _mm256_store_si256((__m256i *)(wk + 8),
                       _mm256_add_epi64(w2, _mm256_loadu_si256((const __m256i *)(sha512_K + 8))));
    _mm256_store_si256((__m256i *)(wk + 12),
                       _mm256_add_epi64(w3, _mm256_loadu_si256((const __m256i *)(sha512_K + 12))));

    for (i = 0; i < 64; i += 16) {
      VR16(i);
    }
    R4(64, a, b, c, d, e, f, g, h);
    R4(68, e, f, g, h, a, b, c, d);
    R4(72, a, b, c, d, e, f, g, h);
    R4(76, e, f, g, h, a, b, c, d);

    a += s[0]; s[0] = a;
    b += s[1]; s[1] = b;
    c += s[2]; s[2] = c;
    d += s[3]; s[3] = d;
    e += s[4]; s[4] = e;
    f += s[5]; s[5] = f;
    g += s[6]; s[6] = g;
    h += s[7]; s[7] = h;
    x += 128;
  } while (--nblocks > 0);
}

int crypto_hashblocks(unsigned char *statebytes, const unsigned char *x, long long xlen)
{
  uint64_t s[8];
  int i;

  if (xlen < 128) return (int)(xlen & 127);
  for (i = 0; i < 8; ++i) s[i] = sha512_load_be64(statebytes + 8 * i);
  sha512_blocks(s, x, xlen >> 7);
  for (i = 0; i < 8; ++i) sha512_store_be64(statebytes + 8 * i, s[i]);
  /* the state, and sha512_blocks's frame below this one (its table of
     schedule words and spills: 712 (gcc) or 760 (clang) bytes by
     -fstack-usage, plus the saved registers) */
  CRYPTO_CT_WIPE(s);
  crypto_ct_wipe_below(1024);
  return (int)(xlen & 127);
}
