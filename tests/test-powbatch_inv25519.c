/* SPDX-License-Identifier: MIT */
/* Tests of powbatch_inv25519 (batch independent inversions mod p), for the
   selected and every compiled implementation:
   - every batch size 0..20 (plus 63, 64, 65, 130 across internal block
     boundaries), with zero items and items equal to p sprinkled in, item
     for item equal to the selected pow_inv25519;
   - out of place in guarded, misaligned buffers (input unchanged, nothing
     written around the output, nothing at all for batch 0) and in place;
   - the outputs of sizes 0..20 folded into a checksum that
     scripts/model/ computes independently.
   Under valgrind the inputs are poisoned and sizes go up to 4 only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lib25519.h>
#include "testlib.h"

typedef void (*powbatch_fn)(unsigned char *, const unsigned char *, long long);

/* seeds, counts and expected values, computed by scripts/model/: */
#include "kat/powbatch_inv25519.h"

static void batch_checked(powbatch_fn f, unsigned char *y, const unsigned char *x, long long b)
{
  test_poison(x, 32 * b);
  f(y, x, b);
  test_unpoison(x, 32 * b);
  test_unpoison(y, 32 * b);
}

/* the inputs of size b in the model's stream */
static void make_input(unsigned char *x, long long b, unsigned long long seed)
{
  long long j;
  test_rng_seed(seed);
  test_rng_bytes(x, 32 * b);
  for (j = 0; j < b; ++j) {
    if (j % 5 == 2) memset(x + 32 * j, 0, 32);
    if (j % 7 == 3) test_hex_decode(x + 32 * j, p_hex, 32);
  }
}

static void one_size(powbatch_fn f, test_checksum *c, long long b, unsigned long long seed, long long m)
{
  unsigned char *x = malloc(32 * b + 1), *want = malloc(32 * b + 1);
  unsigned char *xb = test_guarded_alloc(32 * b, m);
  unsigned char *yb = test_guarded_alloc(32 * b, (m + 5) & 63);
  long long j;

  if (!x || !want) {
    test_fail("out of memory");
    free(x);
    free(want);
    return;
  }
  make_input(x, b, seed);
  for (j = 0; j < b; ++j) lib25519_pow_inv25519(want + 32 * j, x + 32 * j);

  memcpy(xb, x, 32 * b);
  batch_checked(f, yb, xb, b);
  if (memcmp(yb, want, 32 * b) != 0) test_fail("powbatch size %lld: differs from pow_inv25519", b);
  if (memcmp(xb, x, 32 * b) != 0) test_fail("powbatch size %lld: input modified", b);
  test_guard_check("powbatch output", yb);
  test_guard_check("powbatch input", xb);
  if (c) test_checksum_add(c, yb, 32 * b);

  batch_checked(f, xb, xb, b);
  if (memcmp(xb, want, 32 * b) != 0) test_fail("powbatch size %lld: in place differs", b);
  test_guard_check("powbatch in-place output", xb);

  test_guarded_free(yb);
  test_guarded_free(xb);
  free(x);
  free(want);
}

static void test_one(powbatch_fn f)
{
  static const long long big[] = {63, 64, 65, 130};
  test_checksum c;
  long long b, bmax = test_valgrind ? POWBATCH_MAX_SHORT : POWBATCH_MAX_FULL;
  size_t k;

  test_checksum_init(&c);
  for (b = 0; b <= bmax; ++b) one_size(f, &c, b, POWBATCH_SEED + (unsigned long long)b, b & 7);
  test_checksum_expect("powbatch_inv25519 stream", &c, test_valgrind ? CHECKSUM_SHORT : CHECKSUM_FULL);
  if (!test_valgrind)
    for (k = 0; k < sizeof big / sizeof big[0]; ++k) one_size(f, NULL, big[k], 0x626967ULL + k, (long long)k);
}

void test_powbatch_inv25519(void)
{
  long long impl;

  TEST_FOR_EACH_IMPL(powbatch_inv25519, impl)
    test_one(TEST_IMPL_FN(powbatch_inv25519, impl));
}
