/* SPDX-License-Identifier: MIT */
/* Tests of verify_32: equal inputs give 0, inputs differing in any single
   bit (every byte, every bit position) or in many bytes give -1; inputs are
   not modified; any alignment works; x == y works. Under valgrind the inputs
   are poisoned, so any branch or index on their contents is reported; the
   result is unpoisoned before it is examined. */
#include <stdio.h>
#include <string.h>
#include <lib25519.h>
#include "testlib.h"

typedef int (*verify_fn)(const unsigned char *, const unsigned char *);

/* run f with poisoned inputs; return its result, unpoisoned */
static int run(verify_fn f, const unsigned char *x, const unsigned char *y)
{
  int r;
  test_poison(x, 32);
  test_poison(y, 32);
  r = f(x, y);
  test_unpoison(x, 32);
  test_unpoison(y, 32);
  test_unpoison(&r, sizeof r);
  return r;
}

static void test_one(verify_fn f)
{
  unsigned char *x, *y;
  unsigned char xcopy[32], ycopy[32];
  long long mis, i, bit, iter;
  long long iters = test_valgrind ? 4 : 200;
  int r;

  for (mis = 0; mis < 8; ++mis) {
    x = test_guarded_alloc(32, mis);
    y = test_guarded_alloc(32, (mis * 5 + 3) & 7);

    /* equal */
    memcpy(y, x, 32);
    memcpy(xcopy, x, 32);
    r = run(f, x, y);
    if (r != 0) test_fail("equal inputs (misalign %lld) gave %d", mis, r);
    test_expect_bytes("verify_32 first input unchanged", x, xcopy, 32);
    test_expect_bytes("verify_32 second input unchanged", y, xcopy, 32);

    /* same pointer */
    r = run(f, x, x);
    if (r != 0) test_fail("x == y gave %d", r);

    /* one bit different, every position; both argument orders */
    for (i = 0; i < 32; ++i)
      for (bit = 0; bit < 8; ++bit) {
        y[i] ^= (unsigned char)(1 << bit);
        r = run(f, x, y);
        if (r != -1) test_fail("byte %lld bit %lld differs, got %d", i, bit, r);
        r = run(f, y, x);
        if (r != -1) test_fail("byte %lld bit %lld differs (swapped), got %d", i, bit, r);
        y[i] ^= (unsigned char)(1 << bit);
      }

    /* whole byte flipped, every position */
    for (i = 0; i < 32; ++i) {
      y[i] ^= 0xff;
      r = run(f, x, y);
      if (r != -1) test_fail("byte %lld complemented, got %d", i, r);
      y[i] ^= 0xff;
    }

    /* random pairs: mostly different, sometimes equal */
    for (iter = 0; iter < iters; ++iter) {
      int want;
      test_rng_bytes(x, 32);
      if (iter & 1) {
        memcpy(y, x, 32);
        y[test_rng_u64() % 32] ^= (unsigned char)(1 + test_rng_u64() % 255);
        want = -1;
      } else if (iter & 2) {
        test_rng_bytes(y, 32);
        want = memcmp(x, y, 32) ? -1 : 0;
      } else {
        memcpy(y, x, 32);
        want = 0;
      }
      memcpy(xcopy, x, 32);
      memcpy(ycopy, y, 32);
      r = run(f, x, y);
      if (r != want) test_fail("random pair %lld: got %d want %d", iter, r, want);
      test_expect_bytes("verify_32 inputs unchanged", x, xcopy, 32);
      test_expect_bytes("verify_32 inputs unchanged", y, ycopy, 32);
    }

    test_guard_check("verify_32 x", x);
    test_guard_check("verify_32 y", y);
    test_guarded_free(x);
    test_guarded_free(y);
  }
}

void test_verify_32(void)
{
  long long impl;

  test_rng_seed(0x7665726966793332ULL);
  TEST_FOR_EACH_IMPL(verify_32, impl)
    test_one(TEST_IMPL_FN(verify_32, impl));
}
