/* SPDX-License-Identifier: MIT */
/* Tests of nPbatch_montgomery25519 (batch independent X25519), for the
   selected and every compiled implementation:
   - every batch size 0..40, then 64 and 70 (across the groups of 4, 8
     and 16 of the vector implementations and the blocks of 32 of
     fe51-ladder), with points of order 8 sprinkled in (output 0 without
     disturbing the other items), item for item equal to the portable
     nP_montgomery25519 (fe51-ladder, or fe26-ladder); from size 21 on
     also non-canonical points (u >= p, bit 255 set) and the scalars 0 and
     2^256 - 1;
   - guarded, misaligned buffers (inputs unchanged, nothing written around
     the output, nothing at all for batch 0), output over the points and
     over the scalars;
   - the outputs of sizes 0..20 folded into a checksum that
     scripts/model/ computes independently;
   - every Wycheproof x25519 case (tests/vectors/x25519-wycheproof.txt), as
     batches of varying sizes.
   Under valgrind scalars and points are poisoned and sizes go up to 3,
   then 4, 5 and 6 (a full group of four lanes, one with a tail, and in
   fe26x4-fe64-ladder-batch groups with one and two integer items). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lib25519.h>
#include "testlib.h"

typedef void (*nPbatch_fn)(unsigned char *, const unsigned char *, const unsigned char *, long long);

/* seeds, counts and expected values, computed by scripts/model/: */
#include "kat/nPbatch_montgomery25519.h"

static void batch_checked(nPbatch_fn f, unsigned char *q, const unsigned char *n, const unsigned char *p,
                          long long b)
{
  test_poison(n, 32 * b);
  test_poison(p, 32 * b);
  f(q, n, p, b);
  test_unpoison(n, 32 * b);
  test_unpoison(p, 32 * b);
  test_unpoison(q, 32 * b);
}

typedef void (*nP_fn)(unsigned char *, const unsigned char *, const unsigned char *);

/* the portable single X25519: fe51-ladder, else fe26-ladder, else (a
   trimmed build without them) the selected one */
static nP_fn portable_nP(void)
{
  static const char *const names[] = {"fe51-ladder", "fe26-ladder"};
  long long i, k = lib25519_numimpl_nP_montgomery25519();
  size_t w;
  for (w = 0; w < sizeof names / sizeof names[0]; ++w)
    for (i = 0; i < k; ++i)
      if (strcmp(lib25519_dispatch_nP_montgomery25519_implementation(i), names[w]) == 0)
        return lib25519_dispatch_nP_montgomery25519(i);
  return lib25519_nP_montgomery25519;
}

/* item j of an extra size (not in the model's checksum): every sixth
   point non-canonical, in [p, 2^255) or with bit 255 set, and a few
   extreme scalars */
static void edge_item(unsigned char *n, unsigned char *p, long long j)
{
  long long i;
  switch (j % 12) {
  case 1:  /* p + small: 0xed + r, 0xff..., 0x7f */
    p[0] = (unsigned char)(0xed + (j % 18));
    for (i = 1; i < 31; ++i) p[i] = 0xff;
    p[31] = 0x7f;
    break;
  case 7:  /* bit 255 set on a random point */
    p[31] |= 0x80;
    break;
  case 3:
    for (i = 0; i < 32; ++i) n[i] = 0;
    break;
  case 9:
    for (i = 0; i < 32; ++i) n[i] = 0xff;
    p[31] |= 0x80;
    break;
  default:
    break;
  }
}

static void one_size(nPbatch_fn f, test_checksum *c, long long b, unsigned long long seed, long long m)
{
  unsigned char *n = malloc(32 * b + 1), *p = malloc(32 * b + 1), *want = malloc(32 * b + 1);
  unsigned char *nb = test_guarded_alloc(32 * b, m);
  unsigned char *pb = test_guarded_alloc(32 * b, (m + 3) & 63);
  unsigned char *qb = test_guarded_alloc(32 * b, (m + 7) & 63);
  long long j;

  if (!n || !p || !want) {
    test_fail("out of memory");
    goto done;
  }
  /* the model's stream */
  test_rng_seed(seed);
  test_rng_bytes(n, 32 * b);
  test_rng_bytes(p, 32 * b);
  for (j = 0; j < b; ++j)
    if (j % 6 == 4) test_hex_decode(p + 32 * j, order8_hex, 32);
  if (!c)
    for (j = 0; j < b; ++j) edge_item(n + 32 * j, p + 32 * j, j);
  for (j = 0; j < b; ++j) portable_nP()(want + 32 * j, n + 32 * j, p + 32 * j);

  memcpy(nb, n, 32 * b);
  memcpy(pb, p, 32 * b);
  batch_checked(f, qb, nb, pb, b);
  if (memcmp(qb, want, 32 * b) != 0) test_fail("nPbatch size %lld: differs from nP", b);
  if (memcmp(nb, n, 32 * b) != 0) test_fail("nPbatch size %lld: scalars modified", b);
  if (memcmp(pb, p, 32 * b) != 0) test_fail("nPbatch size %lld: points modified", b);
  test_guard_check("nPbatch output", qb);
  test_guard_check("nPbatch scalars", nb);
  test_guard_check("nPbatch points", pb);
  if (c) test_checksum_add(c, qb, 32 * b);

  batch_checked(f, pb, nb, pb, b);
  if (memcmp(pb, want, 32 * b) != 0) test_fail("nPbatch size %lld: output over the points differs", b);
  test_guard_check("nPbatch output over the points", pb);

  memcpy(pb, p, 32 * b);
  batch_checked(f, nb, nb, pb, b);
  if (memcmp(nb, want, 32 * b) != 0) test_fail("nPbatch size %lld: output over the scalars differs", b);
  test_guard_check("nPbatch output over the scalars", nb);

done:
  test_guarded_free(qb);
  test_guarded_free(pb);
  test_guarded_free(nb);
  free(n);
  free(p);
  free(want);
}

/* the Wycheproof X25519 cases of tests/vectors/x25519-wycheproof.txt */
#define WYCHEPROOF_CASES 518
static long long wp_count;
static unsigned char *wp_n, *wp_p, *wp_shared;

static void wycheproof_load(void)
{
  wp_count = 0;
  if (test_valgrind) {
    printf("nPbatch_montgomery25519: wycheproof not run under valgrind (shortened run)\n");
    return;
  }
  wp_count = test_vectors_x25519("nPbatch_montgomery25519", WYCHEPROOF_CASES, &wp_n, &wp_p, &wp_shared);
}

static void wycheproof(nPbatch_fn f)
{
  unsigned char *q;
  long long i = 0, b = 1, wrong = 0, j;

  if (!wp_count) return;
  q = malloc(32 * wp_count);
  if (!q) {
    test_fail("out of memory");
    return;
  }
  /* batches of 1, 2, 3, ... items */
  while (i < wp_count) {
    if (b > wp_count - i) b = wp_count - i;
    f(q + 32 * i, wp_n + 32 * i, wp_p + 32 * i, b);
    i += b;
    ++b;
  }
  for (j = 0; j < wp_count; ++j)
    if (memcmp(q + 32 * j, wp_shared + 32 * j, 32) != 0) {
      if (wrong < 5) test_expect_bytes("wycheproof x25519 shared (batch)", q + 32 * j, wp_shared + 32 * j, 32);
      ++wrong;
    }
  if (wrong) test_fail("wycheproof x25519 (batch): %lld of %lld wrong", wrong, wp_count);
  free(q);
}

static void test_one(nPbatch_fn f)
{
  test_checksum c;
  long long b, bmax = test_valgrind ? NPBATCH_MAX_SHORT : NPBATCH_MAX_FULL;

  test_checksum_init(&c);
  for (b = 0; b <= bmax; ++b) one_size(f, &c, b, NPBATCH_SEED + (unsigned long long)b, b & 7);
  test_checksum_expect("nPbatch_montgomery25519 stream", &c, test_valgrind ? CHECKSUM_SHORT : CHECKSUM_FULL);
  if (test_valgrind) {
    for (b = 4; b <= 6; ++b) one_size(f, NULL, b, 0x626967ULL + (unsigned long long)b, b);
  } else {
    for (b = bmax + 1; b <= 40; ++b) one_size(f, NULL, b, 0x626967ULL + (unsigned long long)b, b & 63);
    one_size(f, NULL, 64, 0x626967ULL + 64, 5);
    one_size(f, NULL, 70, 0x626967ULL + 70, 6);
  }
  wycheproof(f);
}

void test_nPbatch_montgomery25519(void)
{
  long long impl;

  wycheproof_load();
  TEST_FOR_EACH_IMPL(nPbatch_montgomery25519, impl)
    test_one(TEST_IMPL_FN(nPbatch_montgomery25519, impl));
  free(wp_n);
  free(wp_p);
  free(wp_shared);
  wp_n = wp_p = wp_shared = NULL;
  wp_count = 0;
}
