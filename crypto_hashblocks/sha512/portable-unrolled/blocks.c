/* SPDX-License-Identifier: MIT */
/* SHA-512 compression (FIPS 180-4), unrolled C.
   - All 80 rounds are written out. Instead of moving a..h between rounds,
     each round is the same macro applied to a rotated list of variable
     names, so a round only updates two variables (d and h).
   - The message schedule lives in a 16-word window w0..w15 that is updated
     in place right before the round that consumes the new word.
   - The working variables a..h and the schedule window are locals of the
     per-block function; the chaining state is converted from/to big-endian
     bytes once per call and kept in a small array between blocks (keeping
     it in registers as well would only force spills inside the rounds). */

#include <stdint.h>
#include "crypto_hashblocks.h"
#include "ct/crypto_ct.h"

#define ROTR(x, n) (((x) >> (n)) | ((x) << (64 - (n))))

/* big sigmas act on the working variables, small sigmas on the schedule */
#define BSIG0(x) (ROTR(x, 28) ^ ROTR(x, 34) ^ ROTR(x, 39))
#define BSIG1(x) (ROTR(x, 14) ^ ROTR(x, 18) ^ ROTR(x, 41))
#define SSIG0(x) (ROTR(x, 1) ^ ROTR(x, 8) ^ ((x) >> 7))
#define SSIG1(x) (ROTR(x, 19) ^ ROTR(x, 61) ^ ((x) >> 6))
/* (e & f) ^ (~e & g), with one operation less */
#define CH(e, f, g) ((((f) ^ (g)) & (e)) ^ (g))
/* majority of a, b, c */
#define MAJ(a, b, c) (((a) & (b)) | (((a) | (b)) & (c)))

/* one round; afterwards the caller's names shift by one position */
#define R(a, b, c, d, e, f, g, h, w, i) \
  do { \
    uint64_t t1_ = h + BSIG1(e) + CH(e, f, g) + sha512_K[i] + w; \
    d += t1_; \
    h = t1_ + BSIG0(a) + MAJ(a, b, c); \
  } while (0)

/* next schedule word into the window slot it replaces:
   W[t] = ssig1(W[t-2]) + W[t-7] + ssig0(W[t-15]) + W[t-16] */
#define X(w16, w2, w7, w15) (w16 += SSIG1(w2) + w7 + SSIG0(w15))

/* rounds 0..15 read the message words directly */
#define ROUNDS_0_15 \
  R(a, b, c, d, e, f, g, h, w0, 0); \
  R(h, a, b, c, d, e, f, g, w1, 1); \
  R(g, h, a, b, c, d, e, f, w2, 2); \
  R(f, g, h, a, b, c, d, e, w3, 3); \
  R(e, f, g, h, a, b, c, d, w4, 4); \
  R(d, e, f, g, h, a, b, c, w5, 5); \
  R(c, d, e, f, g, h, a, b, w6, 6); \
  R(b, c, d, e, f, g, h, a, w7, 7); \
  R(a, b, c, d, e, f, g, h, w8, 8); \
  R(h, a, b, c, d, e, f, g, w9, 9); \
  R(g, h, a, b, c, d, e, f, w10, 10); \
  R(f, g, h, a, b, c, d, e, w11, 11); \
  R(e, f, g, h, a, b, c, d, w12, 12); \
  R(d, e, f, g, h, a, b, c, w13, 13); \
  R(c, d, e, f, g, h, a, b, w14, 14); \
  R(b, c, d, e, f, g, h, a, w15, 15)

/* sixteen more rounds starting at round n (a multiple of 16), each one
   preceded by the schedule update producing the word it uses */
#define ROUNDS_16_MORE(n) \
  X(w0, w14, w9, w1);   R(a, b, c, d, e, f, g, h, w0, n + 0); \
  X(w1, w15, w10, w2);  R(h, a, b, c, d, e, f, g, w1, n + 1); \
  X(w2, w0, w11, w3);   R(g, h, a, b, c, d, e, f, w2, n + 2); \
  X(w3, w1, w12, w4);   R(f, g, h, a, b, c, d, e, w3, n + 3); \
  X(w4, w2, w13, w5);   R(e, f, g, h, a, b, c, d, w4, n + 4); \
  X(w5, w3, w14, w6);   R(d, e, f, g, h, a, b, c, w5, n + 5); \
  X(w6, w4, w15, w7);   R(c, d, e, f, g, h, a, b, w6, n + 6); \
  X(w7, w5, w0, w8);    R(b, c, d, e, f, g, h, a, w7, n + 7); \
  X(w8, w6, w1, w9);    R(a, b, c, d, e, f, g, h, w8, n + 8); \
  X(w9, w7, w2, w10);   R(h, a, b, c, d, e, f, g, w9, n + 9); \
  X(w10, w8, w3, w11);  R(g, h, a, b, c, d, e, f, w10, n + 10); \
  X(w11, w9, w4, w12);  R(f, g, h, a, b, c, d, e, w11, n + 11); \
  X(w12, w10, w5, w13); R(e, f, g, h, a, b, c, d, w12, n + 12); \
  X(w13, w11, w6, w14); R(d, e, f, g, h, a, b, c, w13, n + 13); \
  X(w14, w12, w7, w15); R(c, d, e, f, g, h, a, b, w14, n + 14); \
  X(w15, w13, w8, w0);  R(b, c, d, e, f, g, h, a, w15, n + 15)

#include "hash/sha512_common.h"

/* one block into the chaining state st; kept out of line so that the
   chaining state stays in memory while a..h and the schedule window own
   the registers */
static __attribute__((noinline)) void block(uint64_t st[8], const unsigned char *x)
{
  uint64_t a = st[0], b = st[1], c = st[2], d = st[3];
  uint64_t e = st[4], f = st[5], g = st[6], h = st[7];
  uint64_t w0 = sha512_load_be64(x + 0);
  uint64_t w1 = sha512_load_be64(x + 8);
  uint64_t w2 = sha512_load_be64(x + 16);
  uint64_t w3 = sha512_load_be64(x + 24);
  uint64_t w4 = sha512_load_be64(x + 32);
  uint64_t w5 = sha512_load_be64(x + 40);
  uint64_t w6 = sha512_load_be64(x + 48);
  uint64_t w7 = sha512_load_be64(x + 56);
  uint64_t w8 = sha512_load_be64(x + 64);
  uint64_t w9 = sha512_load_be64(x + 72);
  uint64_t w10 = sha512_load_be64(x + 80);
  uint64_t w11 = sha512_load_be64(x + 88);
  uint64_t w12 = sha512_load_be64(x + 96);
  uint64_t w13 = sha512_load_be64(x + 104);
  uint64_t w14 = sha512_load_be64(x + 112);
  uint64_t w15 = sha512_load_be64(x + 120);

  ROUNDS_0_15;
  ROUNDS_16_MORE(16);
  ROUNDS_16_MORE(32);
  ROUNDS_16_MORE(48);
  ROUNDS_16_MORE(64);

  st[0] += a;
  st[1] += b;
  st[2] += c;
  st[3] += d;
  st[4] += e;
  st[5] += f;
  st[6] += g;
  st[7] += h;
}

int crypto_hashblocks(unsigned char *statebytes, const unsigned char *x, long long xlen)
{
  uint64_t st[8];
  int i;

  for (i = 0; i < 8; ++i) st[i] = sha512_load_be64(statebytes + 8 * i);
  while (xlen >= 128) {
    block(st, x);
    x += 128;
    xlen -= 128;
  }
  for (i = 0; i < 8; ++i) sha512_store_be64(statebytes + 8 * i, st[i]);
  /* the state, and block's frame (its message words spill there) */
  CRYPTO_CT_WIPE(st);
  crypto_ct_wipe_below(512);   /* block's frame: 152 bytes (gcc -fstack-usage), 320 (clang) */
  return (int)xlen;
}
