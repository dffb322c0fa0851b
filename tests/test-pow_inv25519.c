/* SPDX-License-Identifier: MIT */
/* Tests of pow_inv25519 (y = x^(p-2) mod p), for the selected and every
   compiled implementation:
   - known answers for 0, 1, 2, 9, p-1, p, p+1, 2^255-1, 2^255, 2^256-1
     (top bit ignored, non-canonical inputs reduced, 0 -> 0);
   - a reproducible stream folded into a checksum;
   - for the first outputs y of the stream (canonical by contract),
     inverting twice gives y back: 1/(1/y) = y;
   - guarded buffers at misalignments 0..7, input unchanged, in place.
   Expected values come from scripts/model/.  Under valgrind x is
   poisoned during each call and the stream is shortened. */
#include <stdio.h>
#include <string.h>
#include <lib25519.h>
#include "testlib.h"

typedef void (*pow_fn)(unsigned char *, const unsigned char *);

/* seeds, counts and expected values, computed by scripts/model/: */
#include "kat/pow_inv25519.h"

static void pow_checked(pow_fn f, unsigned char *y, const unsigned char *x)
{
  test_poison(x, 32);
  f(y, x);
  test_unpoison(x, 32);
  test_unpoison(y, 32);
}

static void test_one(pow_fn f)
{
  unsigned char x[32], y[32], z[32];
  test_checksum c;
  long long i, m, count = test_valgrind ? POW_COUNT_SHORT : POW_COUNT_FULL;
  size_t k;

  for (k = 0; k < sizeof kats / sizeof kats[0]; ++k) {
    test_hex_decode(x, kats[k][1], 32);
    pow_checked(f, y, x);
    test_expect_hex(kats[k][0], y, kats[k][2], 32);
  }

  /* the stream of scripts/model/kat.py (stream_pow) */
  test_checksum_init(&c);
  test_rng_seed(POW_SEED);
  for (i = 0; i < count; ++i) {
    test_rng_bytes(x, 32);
    if (i % 8 == 7) memset(x + 1, 0xff, 31);
    if (i % 16 == 5) {
      memset(x, 0, 31);
      x[31] &= 0x80;
    }
    pow_checked(f, y, x);
    test_checksum_add(&c, y, 32);
    /* outputs are canonical, so inverting twice gives them back */
    if (i < (test_valgrind ? 2 : 64)) {
      pow_checked(f, z, y);
      pow_checked(f, z, z);
      test_expect_bytes("pow_inv25519 output is its own double inverse", z, y, 32);
    }
  }
  test_checksum_expect("pow_inv25519 stream", &c, test_valgrind ? CHECKSUM_SHORT : CHECKSUM_FULL);

  /* buffers */
  test_hex_decode(z, kats[3][2], 32);
  for (m = 0; m < (test_valgrind ? 2 : 8); ++m) {
    unsigned char *yb = test_guarded_alloc(32, m);
    unsigned char *xb = test_guarded_alloc(32, (m + 1) & 7);
    test_hex_decode(x, kats[3][1], 32);
    memcpy(xb, x, 32);
    pow_checked(f, yb, xb);
    test_expect_bytes("pow_inv25519 misaligned output", yb, z, 32);
    test_expect_bytes("pow_inv25519 input unchanged", xb, x, 32);
    test_guard_check("pow_inv25519 output", yb);
    test_guard_check("pow_inv25519 input", xb);
    pow_checked(f, xb, xb);
    test_expect_bytes("pow_inv25519 in place", xb, z, 32);
    test_guard_check("pow_inv25519 in-place output", xb);
    test_guarded_free(yb);
    test_guarded_free(xb);
  }
}

void test_pow_inv25519(void)
{
  long long impl;

  TEST_FOR_EACH_IMPL(pow_inv25519, impl)
    test_one(TEST_IMPL_FN(pow_inv25519, impl));
}
