/* SPDX-License-Identifier: MIT */
/* Tests of hash_sha512, for the selected and every compiled implementation:
   - known answers: SHA-512 of "", "abc", the 896-bit two-block message of
     FIPS 180-4's examples, and one million 'a' bytes;
   - a reproducible stream of messages of every length 0..1024 and a few
     long ones, folded into a checksum whose expected value comes from
     tests/checksum_model.py (python's hashlib on the same stream);
   - input and output at every misalignment 0..7 inside guarded buffers:
     nothing written outside the 64 output bytes, input unmodified;
   - in place: the output over the first bytes of the input.
   Under valgrind the inputs are poisoned (hash inputs are secret when
   signing) and fewer lengths are used. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lib25519.h>
#include "testlib.h"

typedef void (*hash_fn)(unsigned char *, const unsigned char *, long long);

/* keep in sync with tests/checksum_model.py */
#define HASH_SEED 0x68617368ULL
#define CHECKSUM_FULL "afb875939f650e816f16e51e3980e69ca648b7a379f92a7445e9e57e94ae6c23"
#define CHECKSUM_SHORT "d57d009ac5e7fed6f4e4310a9a0461240be3a078c0ff92f16ad62772e124f57f"

static const long long long_full[] = {2047, 4096, 16383, 16384, 65537};
static const long long long_short[] = {1000, 4096};

static const char msg896[] =
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
    "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";

static void hash_checked(hash_fn f, unsigned char *out, const unsigned char *x, long long xlen)
{
  test_poison(x, xlen);
  f(out, x, xlen);
  test_unpoison(x, xlen);
  test_unpoison(out, 64);
}

static void kat(hash_fn f, const char *what, const unsigned char *m, long long mlen, const char *want)
{
  unsigned char *x = test_guarded_alloc(mlen, 0);
  unsigned char *out = test_guarded_alloc(64, 0);
  memcpy(x, m, (size_t)mlen);
  hash_checked(f, out, x, mlen);
  test_expect_hex(what, out, want, 64);
  test_expect_bytes("hash_sha512 input unchanged", x, m, mlen);
  test_guard_check("hash_sha512 known-answer output", out);
  test_guarded_free(x);
  test_guarded_free(out);
}

/* one message of length len: misaligned buffers, guards, in-place, checksum */
static void one_length(hash_fn f, test_checksum *c, long long len)
{
  long long mx = len & 7, mo = (len >> 3) & 7;
  unsigned char *x = test_guarded_alloc(len, mx);
  unsigned char *out = test_guarded_alloc(64, mo);
  unsigned char *inplace = test_guarded_alloc(len > 64 ? len : 64, mo ^ mx);
  unsigned char *copy = malloc(len ? (size_t)len : 1);

  if (!copy) {
    test_fail("out of memory");
    return;
  }
  test_rng_seed(HASH_SEED + (unsigned long long)len);
  test_rng_bytes(x, len);
  memcpy(copy, x, (size_t)len);

  hash_checked(f, out, x, len);
  test_checksum_add(c, out, 64);
  if (memcmp(x, copy, (size_t)len) != 0) test_fail("length %lld: input modified", len);
  test_guard_check("hash_sha512 output", out);
  test_guard_check("hash_sha512 input", x);

  memcpy(inplace, x, (size_t)len);
  hash_checked(f, inplace, inplace, len);
  if (memcmp(inplace, out, 64) != 0) test_fail("length %lld: in-place result differs", len);
  test_guard_check("hash_sha512 in-place output", inplace);

  free(copy);
  test_guarded_free(inplace);
  test_guarded_free(out);
  test_guarded_free(x);
}

static void test_one(hash_fn f)
{
  test_checksum c;
  unsigned char *million;
  const long long *extra = test_valgrind ? long_short : long_full;
  long long nextra = test_valgrind ? (long long)(sizeof long_short / sizeof long_short[0])
                                   : (long long)(sizeof long_full / sizeof long_full[0]);
  long long upto = test_valgrind ? 258 : 1025;
  long long len, i;

  kat(f, "SHA-512 of the empty string", (const unsigned char *)"", 0,
      "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
      "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e");
  kat(f, "SHA-512 of abc", (const unsigned char *)"abc", 3,
      "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
      "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
  kat(f, "SHA-512 of the 896-bit message", (const unsigned char *)msg896, 112,
      "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
      "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909");
  million = malloc(1000000);
  if (!million) {
    test_fail("out of memory");
    return;
  }
  memset(million, 'a', 1000000);
  kat(f, "SHA-512 of a million a", million, 1000000,
      "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
      "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b");
  free(million);

  test_checksum_init(&c);
  for (len = 0; len < upto; ++len) one_length(f, &c, len);
  for (i = 0; i < nextra; ++i) one_length(f, &c, extra[i]);
  test_checksum_expect("hash_sha512 stream", &c, test_valgrind ? CHECKSUM_SHORT : CHECKSUM_FULL);
}

void test_hash_sha512(void)
{
  long long impl;

  TEST_FOR_EACH_IMPL(hash_sha512, impl)
    test_one(TEST_IMPL_FN(hash_sha512, impl));
}
