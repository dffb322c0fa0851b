/* SPDX-License-Identifier: MIT */
/* Tests of hash_sha512, for the selected and every compiled implementation:
   - known answers: SHA-512 of "", "abc", the 896-bit two-block message of
     FIPS 180-4's examples, and one million 'a' bytes;
   - a reproducible stream of messages of every length 0..1024 and a few
     long ones, folded into a checksum whose expected value comes from
     the model in scripts/model/ (python's hashlib on the same stream);
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

/* seeds, counts and expected values, computed by scripts/model/: */
#include "kat/hash_sha512.h"

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
  long long upto = test_valgrind ? HASH_UPTO_SHORT : HASH_UPTO_FULL;
  long long len, i;

  kat(f, "SHA-512 of the empty string", (const unsigned char *)"", 0, SHA512_EMPTY);
  kat(f, "SHA-512 of abc", (const unsigned char *)"abc", 3, SHA512_ABC);
  kat(f, "SHA-512 of the 896-bit message", (const unsigned char *)msg896, 112, SHA512_896);
  million = malloc(1000000);
  if (!million) {
    test_fail("out of memory");
    return;
  }
  memset(million, 'a', 1000000);
  kat(f, "SHA-512 of a million a", million, 1000000, SHA512_MILLION_A);
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
