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
     expected value from tests/model_ed25519.py --checksums;
   - output guard bytes and misaligned buffers, input unmodified.
   Under valgrind the scalar is poisoned and only a few cases run. */
#include <stdio.h>
#include <string.h>
#include <lib25519.h>
#include "testlib.h"

typedef void (*nG_fn)(unsigned char *, const unsigned char *);

#define NG_SEED 0x6e475f6d65726765ULL  /* "nG_merge" */
#define NG_CASES 512
static const char ng_checksum[] = "5d23162d5f65dab7cbd6c9378801e39764befb817862174c0ea6724f97d94b79";

/* RFC 8032 7.1: secret seed, public key */
static const char *const rfc_keys[][2] = {
  {"9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
   "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"},
  {"4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
   "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c"},
  {"c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
   "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025"},
  {"f5e5767cf153319517630f226876b86c8160cc583bc013744c6bf255f5cc0ee5",
   "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e"},
  {"833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
   "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf"},
};

/* L, little-endian */
static const unsigned char order_L[32] = {
  0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2,
  0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10
};

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
   tests/model_ed25519.py (ng_input) */
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
