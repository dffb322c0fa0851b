/* SPDX-License-Identifier: MIT */
/* Tests of dh_x25519 (keypair and dh), for the selected and every compiled
   implementation:
   - RFC 7748 section 6.1: both shared secrets from the published keys;
   - key pairs: pk = nG_montgomery25519(sk), two key pairs differ, and
     A.dh(B.pk) = B.dh(A.pk);
   - a reproducible stream of (pk, sk) folded into a checksum that
     scripts/model/ computes;
   - guarded, misaligned buffers for keypair and dh, inputs unchanged,
     the shared secret written over pk and over sk.
   Under valgrind sk is poisoned during dh and the stream is shortened. */
#include <stdio.h>
#include <string.h>
#include <lib25519.h>
#include "testlib.h"

typedef void (*keypair_fn)(unsigned char *, unsigned char *);
typedef void (*dh_fn)(unsigned char *, const unsigned char *, const unsigned char *);

/* seeds, counts and expected values, computed by scripts/model/: */
#include "kat/dh_x25519.h"

static void dh_checked(dh_fn f, unsigned char *k, const unsigned char *pk, const unsigned char *sk)
{
  test_poison(sk, 32);
  f(k, pk, sk);
  test_unpoison(sk, 32);
  test_unpoison(k, 32);
}

static void keypair_checked(keypair_fn f, unsigned char *pk, unsigned char *sk)
{
  f(pk, sk);
  test_unpoison(pk, 32);
  test_unpoison(sk, 32);
}

static void kat(dh_fn f, const char *what, const char *pkhex, const char *skhex)
{
  unsigned char pk[32], sk[32], k[32];
  test_hex_decode(pk, pkhex, 32);
  test_hex_decode(sk, skhex, 32);
  dh_checked(f, k, pk, sk);
  test_expect_hex(what, k, SHARED, 32);
}

static void keypairs(keypair_fn kp, dh_fn f)
{
  unsigned char pk1[32], sk1[32], pk2[32], sk2[32], k1[32], k2[32], want[32];
  long long m;

  for (m = 0; m < (test_valgrind ? 1 : 8); ++m) {
    unsigned char *pk = test_guarded_alloc(32, m);
    unsigned char *sk = test_guarded_alloc(32, (m + 1) & 7);
    keypair_checked(kp, pk, sk);
    test_guard_check("dh_x25519_keypair pk", pk);
    test_guard_check("dh_x25519_keypair sk", sk);
    lib25519_nG_montgomery25519(want, sk);
    test_expect_bytes("dh_x25519_keypair pk = nG_montgomery25519(sk)", pk, want, 32);
    test_guarded_free(pk);
    test_guarded_free(sk);
  }

  keypair_checked(kp, pk1, sk1);
  keypair_checked(kp, pk2, sk2);
  if (memcmp(sk1, sk2, 32) == 0) test_fail("dh_x25519_keypair: two key pairs have the same secret key");
  dh_checked(f, k1, pk2, sk1);
  dh_checked(f, k2, pk1, sk2);
  test_expect_bytes("dh_x25519: A.dh(B.pk) = B.dh(A.pk)", k1, k2, 32);
}

static void test_one(keypair_fn kp, dh_fn f)
{
  unsigned char pk[32], sk[32], k[32], want[32];
  test_checksum c;
  long long i, m, count = test_valgrind ? DH_COUNT_SHORT : DH_COUNT_FULL;

  kat(f, "RFC 7748 6.1 shared from Bob's pk and Alice's sk", BOB_PK, ALICE_SK);
  kat(f, "RFC 7748 6.1 shared from Alice's pk and Bob's sk", ALICE_PK, BOB_SK);
  keypairs(kp, f);

  test_checksum_init(&c);
  test_rng_seed(DH_SEED);
  for (i = 0; i < count; ++i) {
    test_rng_bytes(sk, 32);
    test_rng_bytes(pk, 32);
    dh_checked(f, k, pk, sk);
    test_checksum_add(&c, k, 32);
  }
  test_checksum_expect("dh_x25519 stream", &c, test_valgrind ? CHECKSUM_SHORT : CHECKSUM_FULL);

  test_hex_decode(pk, BOB_PK, 32);
  test_hex_decode(sk, ALICE_SK, 32);
  test_hex_decode(want, SHARED, 32);
  for (m = 0; m < (test_valgrind ? 2 : 8); ++m) {
    unsigned char *kb = test_guarded_alloc(32, m);
    unsigned char *pkb = test_guarded_alloc(32, (m + 3) & 7);
    unsigned char *skb = test_guarded_alloc(32, (m + 6) & 7);
    memcpy(pkb, pk, 32);
    memcpy(skb, sk, 32);
    dh_checked(f, kb, pkb, skb);
    test_expect_bytes("dh_x25519 misaligned output", kb, want, 32);
    test_expect_bytes("dh_x25519 pk unchanged", pkb, pk, 32);
    test_expect_bytes("dh_x25519 sk unchanged", skb, sk, 32);
    test_guard_check("dh_x25519 output", kb);
    test_guard_check("dh_x25519 pk", pkb);
    test_guard_check("dh_x25519 sk", skb);
    dh_checked(f, pkb, pkb, skb);
    test_expect_bytes("dh_x25519 output over pk", pkb, want, 32);
    test_guard_check("dh_x25519 output over pk", pkb);
    memcpy(pkb, pk, 32);
    dh_checked(f, skb, pkb, skb);
    test_expect_bytes("dh_x25519 output over sk", skb, want, 32);
    test_guard_check("dh_x25519 output over sk", skb);
    test_guarded_free(kb);
    test_guarded_free(pkb);
    test_guarded_free(skb);
  }
}

void test_dh_x25519(void)
{
  long long impl;

  TEST_FOR_EACH_IMPL(dh_x25519, impl)
    test_one(TEST_IMPL_FN(dh_x25519_keypair, impl), TEST_IMPL_FN(dh_x25519, impl));
}
