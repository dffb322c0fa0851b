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
   Expected values come from tests/model25519.py.  Under valgrind n and P
   are poisoned during each call and the loops are shortened. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lib25519.h>
#include "testlib.h"

typedef void (*nP_fn)(unsigned char *, const unsigned char *, const unsigned char *);

/* keep in sync with tests/model25519.py */
#define NP_SEED 0x6e50ULL
#define NP_COUNT_FULL 256
#define NP_COUNT_SHORT 16
#define CHECKSUM_FULL "573a6618bb304e0e10ba9feb4574a2f538e61f8cc56886600b87ae585f292c93"
#define CHECKSUM_SHORT "f8e4655f4113f1bd62e018db106805479d08811c952ee7ab6fdbf06ce6b4256a"

static const char *const rfc_5_2[][3] = {
  {"a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
   "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
   "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"},
  {"4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
   "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
   "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"},
};

#define ITER_1 "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079"
#define ITER_3 "e23a733b38e6854d15786063159a98765511ec440f477fece4aead30609c6b1b"
#define ITER_1000 "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51"
#define ITER_1000000 "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424"

#define ALICE_SK "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"
#define ALICE_PK "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"
#define BOB_SK "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb"
#define BOB_PK "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"
#define SHARED "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"

#define ZERO32 "0000000000000000000000000000000000000000000000000000000000000000"
#define EDGE_SCALAR "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4"

/* u (little-endian hex) and X25519(EDGE_SCALAR, u) */
static const char *const edge[][3] = {
  {"u=0", ZERO32, ZERO32},
  {"u=1", "0100000000000000000000000000000000000000000000000000000000000000", ZERO32},
  {"u=2", "0200000000000000000000000000000000000000000000000000000000000000",
   "71cacba0b65daf53ddf9c21fb434bc58ee5cfa3954d1b642fc5155048f03466f"},
  {"u=9", "0900000000000000000000000000000000000000000000000000000000000000",
   "1c9fd88f45606d932a80c71824ae151d15d73e77de38e8e000852e614fae7019"},
  {"u=p-1", "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", ZERO32},
  {"u=p", "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", ZERO32},
  {"u=p+1", "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", ZERO32},
  {"u=p+9", "f6ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
   "1c9fd88f45606d932a80c71824ae151d15d73e77de38e8e000852e614fae7019"},
  {"u=2^255-1", "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
   "76b00406ce7e87774c0038dd8d89b188047977f8828ca1dcb8f98bb5d5d0cf48"},
  {"u=2^255", "0000000000000000000000000000000000000000000000000000000000000080", ZERO32},
  {"u=2^256-1", "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
   "76b00406ce7e87774c0038dd8d89b188047977f8828ca1dcb8f98bb5d5d0cf48"},
};

/* points of order 8 (the other small-order u are in edge[] above) */
static const char *const order8[] = {
  "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
  "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
  /* the same with bit 255 set, which must be ignored */
  "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b880",
  "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f11d7",
};

/* scalar edge cases with u = 9 */
static const char *const scalar_edge[][3] = {
  {"n=0", ZERO32, "2fe57da347cd62431528daac5fbb290730fff684afc4cfc2ed90995f58cb3b74"},
  {"n=2^256-1", "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
   "847c0d2c375234f365e660955187a3735a0f7613d1609d3a6a4d8c53aeaa5a22"},
};

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

/* the reproducible stream of tests/model25519.py (stream_nP) */
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
