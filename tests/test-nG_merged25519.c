/* SPDX-License-Identifier: MIT */
/* Tests of nG_merged25519 (doc/api.md): top bit of n clear -> Edwards encoding
   of n G; top bit set -> Montgomery u of (n - 2^255) G (0 for the neutral
   element).

   - RFC 8032 section 7.1 (tests 1, 2, 3, 1024, SHA(abc)): the clamped
     secret scalar gives the public key;
   - with bit 255 set, the clamped scalar gives nG_montgomery25519's output
     (the X25519 public key of the same scalar);
   - a known-answer checksum over NG_CASES scalars of eight kinds (random,
     either mode, clamped, small, L + small, 2^255 + L + small, near 2^256),
     expected value from scripts/model/;
   - output guard bytes and misaligned buffers, input unmodified.
   Under valgrind the scalar is poisoned and only a few cases run. */
#include <stdio.h>
#include <string.h>
#include <lib25519.h>
#include "testlib.h"

typedef void (*nG_fn)(unsigned char *, const unsigned char *);

/* seeds, counts, points and expected values, computed by scripts/model/: */
#include "kat/nG_merged25519.h"

/* x = L + delta (delta small, may be negative), 32 bytes */
static void l_plus(unsigned char x[32], int delta)
{
  int i, c = delta;
  for (i = 0; i < 32; ++i) {
    c += order_L[i];
    x[i] = (unsigned char)c;
    c >>= 8;   /* arithmetic: a borrow propagates as -1 */
  }
}

static void clamp(unsigned char a[32])
{
  a[0] &= 248;
  a[31] &= 127;
  a[31] |= 64;
}

/* the k-th scalar of the known-answer stream; mirrored by
   scripts/model/kat.py (ng_input) */
static void ng_input(unsigned char n[32], long long k)
{
  long long j = k / 8;
  test_rng_seed(NG_SEED + (uint64_t)k);
  test_rng_bytes(n, 32);
  switch (k % 8) {
    case 0: break;                                   /* random, either mode */
    case 1: n[31] &= 0x7f; break;                    /* Edwards */
    case 2: n[31] |= 0x80; break;                    /* Montgomery */
    case 3: clamp(n); if (j & 1) n[31] |= 0x80; break;
    case 4:                                          /* small, either mode */
      memset(n, 0, 32);
      n[0] = (unsigned char)(j % 20);
      if (j & 1) n[31] = 0x80;
      break;
    case 5: l_plus(n, (int)(j % 7) - 3); break;      /* L - 3 .. L + 3 */
    case 6: l_plus(n, (int)(j % 7) - 3); n[31] |= 0x80; break;
    default:                                         /* near 2^255, 2^256 */
      memset(n, 0xff, 32);
      n[0] = (unsigned char)(0xff - (j % 40));
      if (j & 1) n[31] = 0x7f;
      break;
  }
}

/* f(out, n) with n poisoned; out unpoisoned */
static void run(nG_fn f, unsigned char *out, const unsigned char *n)
{
  test_poison(n, 32);
  f(out, n);
  test_unpoison(n, 32);
  test_unpoison(out, 32);
}

static void test_one(nG_fn f)
{
  unsigned char seed[32], h[64], want[32], ncopy[32], u[32];
  unsigned char *n, *out;
  long long i, k, mis, cases = test_valgrind ? 4 : NG_CASES;
  test_checksum c;

  /* RFC 8032 public keys, and the Montgomery form against X25519 */
  for (i = 0; i < (long long)(sizeof rfc_keys / sizeof rfc_keys[0]); ++i) {
    n = test_guarded_alloc(32, i);
    out = test_guarded_alloc(32, (3 * i + 1) & 63);
    test_hex_decode(seed, rfc_keys[i][0], 32);
    test_hex_decode(want, rfc_keys[i][1], 32);
    lib25519_hash_sha512(h, seed, 32);
    memcpy(n, h, 32);
    clamp(n);
    memcpy(ncopy, n, 32);
    run(f, out, n);
    test_expect_bytes("nG_merged25519 RFC 8032 public key", out, want, 32);
    test_expect_bytes("nG_merged25519 input unchanged", n, ncopy, 32);

    lib25519_nG_montgomery25519(u, n);
    n[31] |= 0x80;
    run(f, out, n);
    test_expect_bytes("nG_merged25519 top bit set = nG_montgomery25519", out, u, 32);
    test_guard_check("nG_merged25519 output", out);
    test_guard_check("nG_merged25519 input", n);
    test_guarded_free(n);
    test_guarded_free(out);
  }

  /* known-answer stream with varying alignment */
  test_checksum_init(&c);
  for (k = 0; k < cases; ++k) {
    mis = k % 64;
    n = test_guarded_alloc(32, (mis * 7) & 63);
    out = test_guarded_alloc(32, mis);
    ng_input(n, k);
    memcpy(ncopy, n, 32);
    run(f, out, n);
    test_checksum_add(&c, out, 32);
    test_expect_bytes("nG_merged25519 input unchanged", n, ncopy, 32);
    test_guard_check("nG_merged25519 output", out);
    test_guard_check("nG_merged25519 input", n);
    test_guarded_free(n);
    test_guarded_free(out);
  }
  if (!test_valgrind) test_checksum_expect("nG_merged25519 known answers", &c, ng_checksum);
}

void test_nG_merged25519(void)
{
  long long impl;

  TEST_FOR_EACH_IMPL(nG_merged25519, impl)
    test_one(TEST_IMPL_FN(nG_merged25519, impl));
}
