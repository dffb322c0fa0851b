/* SPDX-License-Identifier: MIT */
/* Tests of nP_montgomery25519 (X25519), for the selected and every compiled
   implementation:
   - RFC 7748 section 5.2 vectors, the iterated test (1 and 1000 iterations;
     1000000 with --long), the section 6.1 key exchange;
   - edge inputs: u = 0, 1, 2, 9, p-1, p, p+1, p+9, 2^255-1, 2^255, 2^256-1,
     every point of order dividing 8 (with a few scalars: output 0), and the
     scalars 0 and 2^256-1;
   - a reproducible stream of (n, P) folded into a checksum;
   - guarded buffers at misalignments 0..7, inputs unchanged, output over n
     and over P (in place);
   - every Wycheproof x25519 case (tests/vectors/x25519-wycheproof.txt).
   Expected values come from scripts/model/.  Under valgrind n and P
   are poisoned during each call and the loops are shortened. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lib25519.h>
#include "testlib.h"

typedef void (*nP_fn)(unsigned char *, const unsigned char *, const unsigned char *);

/* seeds, counts and expected values, computed by scripts/model/: */
#include "kat/nP_montgomery25519.h"

/* q = nP(n, p) with n and p secret for the valgrind run; q may alias */
static void nP_checked(nP_fn f, unsigned char *q, const unsigned char *n, const unsigned char *p)
{
  test_poison(n, 32);
  test_poison(p, 32);
  f(q, n, p);
  test_unpoison(n, 32);
  test_unpoison(p, 32);
  test_unpoison(q, 32);
}

static void kat(nP_fn f, const char *what, const char *nhex, const char *phex, const char *qhex)
{
  unsigned char n[32], p[32], q[32];
  test_hex_decode(n, nhex, 32);
  test_hex_decode(p, phex, 32);
  nP_checked(f, q, n, p);
  test_expect_hex(what, q, qhex, 32);
}

static void iterated(nP_fn f)
{
  unsigned char k[32], u[32], t[32];
  long long i, count = test_valgrind ? 3 : (test_long ? 1000000 : 1000);

  memset(k, 0, 32);
  k[0] = 9;
  memcpy(u, k, 32);
  for (i = 1; i <= count; ++i) {
    nP_checked(f, t, k, u);
    memcpy(u, k, 32);
    memcpy(k, t, 32);
    if (i == 1) test_expect_hex("RFC 7748 iterated once", k, ITER_1, 32);
    if (i == 3) test_expect_hex("iterated 3 times", k, ITER_3, 32);
    if (i == 1000) test_expect_hex("RFC 7748 iterated 1000 times", k, ITER_1000, 32);
    if (i == 1000000) test_expect_hex("RFC 7748 iterated 1000000 times", k, ITER_1000000, 32);
  }
}

static void small_order(nP_fn f)
{
  unsigned char n[32], p[32], q[32];
  char what[80];
  size_t i;
  int j;

  test_rng_seed(0x736d616c6cULL);
  for (i = 0; i < sizeof order8 / sizeof order8[0]; ++i)
    for (j = 0; j < (test_valgrind ? 1 : 4); ++j) {
      test_rng_bytes(n, 32);
      test_hex_decode(p, order8[i], 32);
      nP_checked(f, q, n, p);
      snprintf(what, sizeof what, "point of order 8 #%d, scalar #%d", (int)i, j);
      test_expect_hex(what, q, ZERO32, 32);
    }
}

/* the reproducible stream of scripts/model/kat.py (stream_nP) */
static void stream(nP_fn f)
{
  unsigned char n[32], p[32], q[32];
  test_checksum c;
  long long i, count = test_valgrind ? NP_COUNT_SHORT : NP_COUNT_FULL;

  test_checksum_init(&c);
  test_rng_seed(NP_SEED);
  for (i = 0; i < count; ++i) {
    test_rng_bytes(n, 32);
    test_rng_bytes(p, 32);
    if (i % 8 == 7) memset(p + 1, 0xff, 31);
    nP_checked(f, q, n, p);
    test_checksum_add(&c, q, 32);
  }
  test_checksum_expect("nP_montgomery25519 stream", &c, test_valgrind ? CHECKSUM_SHORT : CHECKSUM_FULL);
}

/* misaligned guarded buffers, unchanged inputs, output over each input */
static void buffers(nP_fn f)
{
  unsigned char n0[32], p0[32], want[32];
  long long m, mmax = test_valgrind ? 2 : 8;

  test_hex_decode(n0, rfc_5_2[1][0], 32);
  test_hex_decode(p0, rfc_5_2[1][1], 32);
  test_hex_decode(want, rfc_5_2[1][2], 32);
  for (m = 0; m < mmax; ++m) {
    unsigned char *q = test_guarded_alloc(32, m);
    unsigned char *n = test_guarded_alloc(32, (m + 3) & 7);
    unsigned char *p = test_guarded_alloc(32, (m + 5) & 7);

    memcpy(n, n0, 32);
    memcpy(p, p0, 32);
    nP_checked(f, q, n, p);
    test_expect_bytes("nP misaligned output", q, want, 32);
    test_expect_bytes("nP scalar unchanged", n, n0, 32);
    test_expect_bytes("nP point unchanged", p, p0, 32);
    test_guard_check("nP output", q);
    test_guard_check("nP scalar", n);
    test_guard_check("nP point", p);

    nP_checked(f, n, n, p);
    test_expect_bytes("nP output over the scalar", n, want, 32);
    test_guard_check("nP output over the scalar", n);

    memcpy(n, n0, 32);
    nP_checked(f, p, n, p);
    test_expect_bytes("nP output over the point", p, want, 32);
    test_guard_check("nP output over the point", p);

    test_guarded_free(q);
    test_guarded_free(n);
    test_guarded_free(p);
  }
}

/* the Wycheproof X25519 cases of tests/vectors/x25519-wycheproof.txt */
#define WYCHEPROOF_CASES 518
static long long wp_count;
static unsigned char *wp_n, *wp_p, *wp_shared;

static void wycheproof_load(void)
{
  wp_count = 0;
  if (test_valgrind) {
    printf("nP_montgomery25519: wycheproof not run under valgrind (shortened run)\n");
    return;
  }
  wp_count = test_vectors_x25519("nP_montgomery25519", WYCHEPROOF_CASES, &wp_n, &wp_p, &wp_shared);
}

static void wycheproof(nP_fn f)
{
  long long i, wrong = 0;

  for (i = 0; i < wp_count; ++i) {
    unsigned char q[32];
    nP_checked(f, q, wp_n + 32 * i, wp_p + 32 * i);
    if (memcmp(q, wp_shared + 32 * i, 32) != 0) {
      if (wrong < 5) test_expect_bytes("wycheproof x25519 shared", q, wp_shared + 32 * i, 32);
      ++wrong;
    }
  }
  if (wrong) test_fail("wycheproof x25519: %lld of %lld wrong", wrong, wp_count);
}

static void test_one(nP_fn f)
{
  size_t i;

  for (i = 0; i < sizeof rfc_5_2 / sizeof rfc_5_2[0]; ++i)
    kat(f, "RFC 7748 section 5.2", rfc_5_2[i][0], rfc_5_2[i][1], rfc_5_2[i][2]);
  iterated(f);
  kat(f, "RFC 7748 6.1 Alice public key", ALICE_SK,
      "0900000000000000000000000000000000000000000000000000000000000000", ALICE_PK);
  kat(f, "RFC 7748 6.1 Bob public key", BOB_SK,
      "0900000000000000000000000000000000000000000000000000000000000000", BOB_PK);
  kat(f, "RFC 7748 6.1 Alice shared", ALICE_SK, BOB_PK, SHARED);
  kat(f, "RFC 7748 6.1 Bob shared", BOB_SK, ALICE_PK, SHARED);
  for (i = 0; i < sizeof edge / sizeof edge[0]; ++i)
    kat(f, edge[i][0], EDGE_SCALAR, edge[i][1], edge[i][2]);
  for (i = 0; i < sizeof scalar_edge / sizeof scalar_edge[0]; ++i)
    kat(f, scalar_edge[i][0], scalar_edge[i][1],
        "0900000000000000000000000000000000000000000000000000000000000000", scalar_edge[i][2]);
  small_order(f);
  stream(f);
  buffers(f);
  if (!test_valgrind) wycheproof(f);
}

void test_nP_montgomery25519(void)
{
  long long impl;

  wycheproof_load();
  TEST_FOR_EACH_IMPL(nP_montgomery25519, impl)
    test_one(TEST_IMPL_FN(nP_montgomery25519, impl));
  free(wp_n);
  free(wp_p);
  free(wp_shared);
  wp_n = wp_p = wp_shared = NULL;
  wp_count = 0;
}
