/* SPDX-License-Identifier: MIT */
/* Tests of multiscalar_ed25519 (doc/api.md, doc/verification.md): out = enc(sum (n[i] mod L) P[i]),
   out[32] = 1 iff every n[i] < L and every P[i] is a canonical point
   encoding; an invalid P[i] counts as C (y = 26, x even), not -C; len = 0
   gives the neutral element.

   - hand-checked edge cases (len 0, invalid P as C, n = L, P + (-P));
   - a known-answer checksum over every len in 0..40 and a set of larger
     ones crossing the Straus/Pippenger switch and block boundaries, with
     scalars below, at and above L, zero scalars, and points of every
     encoding class (a third of the lengths use only valid inputs, so
     status 1 results are covered too, and another third only valid points,
     so that out-of-range scalars alone must give status 0); expected value from
     scripts/model/;
   - guard bytes, misaligned buffers, inputs unmodified;
   - one long input (len 20000, or 100000 with --long) on which every
     implementation must agree with the first one tested;
   - inputs of 1 to 24 points that put each class of invalid or
     small-order encoding at each position of a decoding batch (the IFMA
     implementation decodes up to sixteen at a time, eight in one chain), with zero scalars and
     scalars >= L among them, and the same lengths with only valid
     inputs (status 1), on which every implementation must agree with
     the first one tested. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lib25519.h>
#include "testlib.h"

typedef void (*ms_fn)(unsigned char *, const unsigned char *, const unsigned char *, long long);

/* seeds, counts, points and expected values, computed by scripts/model/: */
#include "kat/multiscalar_ed25519.h"

static void l_plus(unsigned char x[32], int delta)
{
  memcpy(x, order_L, 32);
  x[0] = (unsigned char)(x[0] + delta);
}

static void y_above_p(unsigned char P[32], int delta, int sign)
{
  memset(P, 0xff, 32);
  P[0] = (unsigned char)(0xed + delta);
  P[31] = (unsigned char)(0x7f | (sign << 7));
}

static void random_point(unsigned char P[32])
{
  unsigned char s[32];
  memcpy(s, P, 32);
  s[31] &= 0x7f;
  lib25519_nG_merged25519(P, s);
}

/* the input of length len of the known-answer stream; mirrored by
   scripts/model/kat.py (ms_input) */
static void ms_input(unsigned char *n, unsigned char *P, long long len)
{
  /* len % 3: 0 = all inputs valid; 1 = valid points, scalars may be >= L;
     2 = anything */
  int allvalid = len % 3 == 0, validpoints = len % 3 != 2;
  long long i;
  test_rng_seed(MS_SEED + (uint64_t)len);
  for (i = 0; i < len; ++i) {
    unsigned char *ni = n + 32 * i, *Pi = P + 32 * i;
    uint64_t v;
    test_rng_bytes(ni, 32);
    test_rng_bytes(Pi, 32);
    v = test_rng_u64();
    switch ((v >> 8) % 8) {
      case 5: if (allvalid) ni[31] &= 0x0f; break;   /* else usually >= L */
      case 6: memset(ni, 0, 32); break;
      case 7: l_plus(ni, allvalid ? -1 - (int)((v >> 16) % 2) : (int)((v >> 16) % 3) - 1); break;
      default: ni[31] &= 0x0f; break;
    }
    switch (validpoints ? v % 4 : v % 16) {
      case 3: test_hex_decode(Pi, torsion_hex[(v >> 24) % 8], 32); break;
      case 8: break;                                 /* random bytes */
      case 9: y_above_p(Pi, (int)((v >> 24) % 19), (int)((v >> 32) & 1)); break;
      case 10:                                       /* x = 0, sign bit set */
        memset(Pi, 0, 32);
        if ((v >> 24) & 1) test_hex_decode(Pi, torsion_hex[4], 32);
        else Pi[0] = 1;
        Pi[31] |= 0x80;
        break;
      case 11:
        memset(Pi, 0, 32);
        Pi[0] = (unsigned char)((v >> 24) % 64);
        Pi[31] = (unsigned char)(((v >> 32) & 1) << 7);
        break;
      case 12: test_hex_decode(Pi, base_hex, 32); Pi[31] ^= (unsigned char)(((v >> 24) & 1) << 7); break;
      case 13: memset(Pi, 0, 32); Pi[0] = 26; Pi[31] = (unsigned char)(((v >> 24) & 1) << 7); break;
      case 14: case 15: random_point(Pi); Pi[31] ^= 0x80; break;
      default: random_point(Pi); break;              /* 0, 1, 2, 4..7 */
    }
  }
}

static void test_edges(ms_fn f)
{
  unsigned char n[64], P[64], out[33], want[33];

  memset(want, 0, 33);
  want[0] = 1;
  want[32] = 1;
  f(out, n, P, 0);
  test_expect_bytes("multiscalar len 0", out, want, 33);

  /* 1 * invalid = C, status 0 */
  memset(n, 0, 32);
  n[0] = 1;
  memset(P, 0, 32);
  P[0] = 2;
  f(out, n, P, 1);
  memset(want, 0, 33);
  want[0] = 26;
  test_expect_bytes("multiscalar invalid P counts as C", out, want, 33);

  /* L G = 0, status 0; (L-1) G = -G, status 1 */
  l_plus(n, 0);
  test_hex_decode(P, base_hex, 32);
  f(out, n, P, 1);
  memset(want, 0, 33);
  want[0] = 1;
  test_expect_bytes("multiscalar n = L", out, want, 33);
  l_plus(n, -1);
  f(out, n, P, 1);
  test_hex_decode(want, base_hex, 32);
  want[31] ^= 0x80;
  want[32] = 1;
  test_expect_bytes("multiscalar n = L-1", out, want, 33);

  /* 5 G + 5 (-G) = 0 */
  memset(n, 0, 64);
  n[0] = 5;
  n[32] = 5;
  test_hex_decode(P, base_hex, 32);
  test_hex_decode(P + 32, base_hex, 32);
  P[63] ^= 0x80;
  f(out, n, P, 2);
  memset(want, 0, 33);
  want[0] = 1;
  want[32] = 1;
  test_expect_bytes("multiscalar P + (-P)", out, want, 33);
}

static unsigned char long_result[33];
static int have_long_result;

#define BATCH_LENS 24
static unsigned char batch_result[BATCH_LENS + 1][3][33];
static int have_batch_result;

/* point i of the batch inputs: valid points, and unless shift < 0 at
   i + shift = 3 mod 7, 5 mod 11 and 0 mod 13 an invalid, small-order or
   x = 0 encoding */
static void batch_point(unsigned char P[32], long long i, int shift)
{
  test_rng_seed(MS_SEED + 7 + (uint64_t)i);
  test_rng_bytes(P, 32);
  random_point(P);
  if (shift < 0) return;
  if ((i + shift) % 7 == 3) y_above_p(P, (int)(i % 19), (int)(i & 1));
  if ((i + shift) % 11 == 5) test_hex_decode(P, torsion_hex[i % 8], 32);
  if ((i + shift) % 13 == 0) { memset(P, 0, 32); P[0] = (unsigned char)(i % 64); P[31] = 0x80; }
}

static void test_batches(ms_fn f)
{
  unsigned char n[32 * BATCH_LENS], P[32 * BATCH_LENS], out[33];
  long long len, i;
  int shift;

  for (shift = 0; shift < 3; ++shift)
    for (len = 1; len <= BATCH_LENS; ++len) {
      for (i = 0; i < len; ++i) {
        batch_point(P + 32 * i, i, shift < 2 ? shift * 4 : -1);
        test_rng_bytes(n + 32 * i, 32);
        if (shift == 2 || i % 5 != 4) n[32 * i + 31] &= 0x0f;   /* else usually >= L */
        if (i % 6 == 2) memset(n + 32 * i, 0, 32);
      }
      f(out, n, P, len);
      if (!have_batch_result) memcpy(batch_result[len][shift], out, 33);
      else test_expect_bytes("multiscalar batch input agrees with the first implementation", out,
                             batch_result[len][shift], 33);
    }
  have_batch_result = 1;
}

static void test_one(ms_fn f)
{
  unsigned char *n, *P, *out, *nc, *Pc;
  long long len, idx, nlens;
  test_checksum c;

  test_edges(f);
  test_batches(f);

  nlens = test_valgrind ? 4 : 41 + (long long)(sizeof ms_lens_extra / sizeof ms_lens_extra[0]);
  test_checksum_init(&c);
  for (idx = 0; idx < nlens; ++idx) {
    len = idx <= 40 ? idx : ms_lens_extra[idx - 41];
    n = test_guarded_alloc(32 * len, idx % 64);
    P = test_guarded_alloc(32 * len, (idx * 3 + 1) % 64);
    out = test_guarded_alloc(33, (idx * 5) % 64);
    nc = malloc((size_t)(32 * len + 1));
    Pc = malloc((size_t)(32 * len + 1));
    if (!nc || !Pc) { test_fail("out of memory"); return; }
    ms_input(n, P, len);
    memcpy(nc, n, (size_t)(32 * len));
    memcpy(Pc, P, (size_t)(32 * len));
    f(out, n, P, len);
    test_checksum_add(&c, out, 33);
    test_expect_bytes("multiscalar n unchanged", n, nc, 32 * len);
    test_expect_bytes("multiscalar P unchanged", P, Pc, 32 * len);
    test_guard_check("multiscalar output", out);
    test_guarded_free(n);
    test_guarded_free(P);
    test_guarded_free(out);
    free(nc);
    free(Pc);
  }
  if (!test_valgrind) test_checksum_expect("multiscalar_ed25519 known answers", &c, ms_checksum);

  /* one long input, all implementations agree */
  if (!test_valgrind) {
    unsigned char res[33];
    long long i;
    len = test_long ? 100000 : 20000;
    n = malloc((size_t)(32 * len));
    P = malloc((size_t)(32 * len));
    if (!n || !P) { test_fail("out of memory"); free(n); free(P); return; }
    test_rng_seed(MS_SEED - 1);
    test_rng_bytes(n, 32 * len);
    /* a few distinct valid points, repeated, keep the setup cheap */
    for (i = 0; i < 64 && i < len; ++i) {
      test_rng_bytes(P + 32 * i, 32);
      random_point(P + 32 * i);
    }
    for (; i < len; ++i) memcpy(P + 32 * i, P + 32 * (i % 64), 32);
    for (i = 0; i < len; ++i) n[32 * i + 31] &= 0x0f;
    f(res, n, P, len);
    if (res[32] != 1) test_fail("multiscalar long input: status %d", res[32]);
    if (!have_long_result) {
      memcpy(long_result, res, 33);
      have_long_result = 1;
    } else
      test_expect_bytes("multiscalar long input agrees with the first implementation", res, long_result, 33);
    free(n);
    free(P);
  }
}

void test_multiscalar_ed25519(void)
{
  long long impl;

  TEST_FOR_EACH_IMPL(multiscalar_ed25519, impl)
    test_one(TEST_IMPL_FN(multiscalar_ed25519, impl));
}
