/* SPDX-License-Identifier: MIT */
/* Tests of nG_montgomery25519 (X25519 public key: clamp(n) * 9), for the
   selected and every compiled implementation:
   - RFC 7748 section 6.1 public keys of Alice and Bob; scalars 0 and
     2^256-1 (clamped to 2^254 and 2^255-8);
   - a reproducible stream of scalars folded into a checksum that
     scripts/model/ computes, each output also compared with the
     selected nP_montgomery25519 at u = 9;
   - guarded, misaligned buffers, input unchanged, output over the input.
   Under valgrind the scalar is poisoned and the stream is shortened. */
#include <stdio.h>
#include <string.h>
#include <lib25519.h>
#include "testlib.h"

typedef void (*nG_fn)(unsigned char *, const unsigned char *);

/* seeds, counts and expected values, computed by scripts/model/: */
#include "kat/nG_montgomery25519.h"

static const unsigned char nine[32] = {9};

static void nG_checked(nG_fn f, unsigned char *q, const unsigned char *n)
{
  test_poison(n, 32);
  f(q, n);
  test_unpoison(n, 32);
  test_unpoison(q, 32);
}

static void test_one(nG_fn f)
{
  unsigned char n[32], q[32], want[32];
  test_checksum c;
  long long i, m, count = test_valgrind ? NG_COUNT_SHORT : NG_COUNT_FULL;
  size_t k;

  for (k = 0; k < sizeof kats / sizeof kats[0]; ++k) {
    test_hex_decode(n, kats[k][1], 32);
    nG_checked(f, q, n);
    test_expect_hex(kats[k][0], q, kats[k][2], 32);
  }

  test_checksum_init(&c);
  test_rng_seed(NG_SEED);
  for (i = 0; i < count; ++i) {
    test_rng_bytes(n, 32);
    nG_checked(f, q, n);
    test_checksum_add(&c, q, 32);
    lib25519_nP_montgomery25519(want, n, nine);
    test_expect_bytes("nG_montgomery25519 equals nP_montgomery25519 at u = 9", q, want, 32);
  }
  test_checksum_expect("nG_montgomery25519 stream", &c, test_valgrind ? CHECKSUM_SHORT : CHECKSUM_FULL);

  test_hex_decode(n, kats[0][1], 32);
  test_hex_decode(want, kats[0][2], 32);
  for (m = 0; m < (test_valgrind ? 2 : 8); ++m) {
    unsigned char *qb = test_guarded_alloc(32, m);
    unsigned char *nb = test_guarded_alloc(32, (m + 3) & 7);
    memcpy(nb, n, 32);
    nG_checked(f, qb, nb);
    test_expect_bytes("nG_montgomery25519 misaligned output", qb, want, 32);
    test_expect_bytes("nG_montgomery25519 scalar unchanged", nb, n, 32);
    test_guard_check("nG_montgomery25519 output", qb);
    test_guard_check("nG_montgomery25519 scalar", nb);
    nG_checked(f, nb, nb);
    test_expect_bytes("nG_montgomery25519 output over the scalar", nb, want, 32);
    test_guard_check("nG_montgomery25519 output over the scalar", nb);
    test_guarded_free(qb);
    test_guarded_free(nb);
  }
}

void test_nG_montgomery25519(void)
{
  long long impl;

  TEST_FOR_EACH_IMPL(nG_montgomery25519, impl)
    test_one(TEST_IMPL_FN(nG_montgomery25519, impl));
}
