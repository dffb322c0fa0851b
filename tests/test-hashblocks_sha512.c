/* SPDX-License-Identifier: MIT */
/* Tests of hashblocks_sha512, for the selected and every compiled
   implementation:
   - known answers from the SHA-512 initial state: the padded block of "abc"
     (plus trailing bytes that must be left over) and the two padded blocks
     of the 896-bit message of FIPS 180-4's examples;
   - a reproducible stream (random starting state, input of every length
     0..1024 and a few long ones) folded into a checksum whose expected value
     comes from scripts/model/ (an independent python compression
     function, itself checked against hashlib);
   - the return value is xlen mod 128;
   - splitting the input at block boundaries over several calls gives the
     same state;
   - state and input at misalignments 0..7 in guarded buffers: nothing
     written outside the 64 state bytes, input unmodified.
   Under valgrind state and input are poisoned, the return value is checked
   while they are still poisoned (it must depend on xlen only), and fewer
   lengths are used. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lib25519.h>
#include "testlib.h"

typedef int (*hashblocks_fn)(unsigned char *, const unsigned char *, long long);

/* seeds, counts and expected values, computed by scripts/model/: */
#include "kat/hashblocks_sha512.h"

/* call f with poisoned state and input; check the return value before
   unpoisoning (under valgrind this checks it does not depend on them) */
static void blocks_checked(hashblocks_fn f, unsigned char *h, const unsigned char *x, long long xlen)
{
  int r;
  test_poison(h, 64);
  test_poison(x, xlen);
  r = f(h, x, xlen);
  if (r != (int)(xlen % 128)) test_fail("length %lld: returned %d, want %lld", xlen, r, xlen % 128);
  test_unpoison(x, xlen);
  test_unpoison(h, 64);
}

static void kats(hashblocks_fn f)
{
  unsigned char *h = test_guarded_alloc(64, 3);
  unsigned char *x = test_guarded_alloc(256 + 5, 1);

  memset(x, 0, 256 + 5);
  memcpy(x, "abc", 3);
  x[3] = 0x80;
  x[127] = 24;
  memcpy(x + 128, "extra", 5);
  test_hex_decode(h, iv_hex, 64);
  blocks_checked(f, h, x, 133);
  test_expect_hex("hashblocks_sha512 of padded abc", h, STATE_PADDED_ABC, 64);

  memset(x, 0, 256 + 5);
  memcpy(x, msg896, 112);
  x[112] = 0x80;
  x[254] = 0x03; /* 896 = 0x380 bits */
  x[255] = 0x80;
  test_hex_decode(h, iv_hex, 64);
  blocks_checked(f, h, x, 256);
  test_expect_hex("hashblocks_sha512 of padded 896-bit message", h, STATE_PADDED_896, 64);

  /* less than a block: state unchanged */
  test_hex_decode(h, iv_hex, 64);
  blocks_checked(f, h, x, 127);
  test_expect_hex("hashblocks_sha512 of 127 bytes", h, iv_hex, 64);

  test_guard_check("hashblocks_sha512 state", h);
  test_guard_check("hashblocks_sha512 input", x);
  test_guarded_free(x);
  test_guarded_free(h);
}

static void one_length(hashblocks_fn f, test_checksum *c, long long len)
{
  long long mx = len & 7, mh = (len >> 3) & 7;
  unsigned char *h = test_guarded_alloc(64, mh);
  unsigned char *h2 = test_guarded_alloc(64, 7 - mh);
  unsigned char *x = test_guarded_alloc(len, mx);
  unsigned char *copy = malloc(len ? (size_t)len : 1);
  long long pos, step, piece;

  if (!copy) {
    test_fail("out of memory");
    return;
  }
  test_rng_seed(BLOCKS_SEED + (unsigned long long)len);
  test_rng_bytes(h, 64);
  test_rng_bytes(x, len);
  memcpy(copy, x, (size_t)len);
  memcpy(h2, h, 64);

  blocks_checked(f, h, x, len);
  test_checksum_add(c, h, 64);
  if (memcmp(x, copy, (size_t)len) != 0) test_fail("length %lld: input modified", len);
  test_guard_check("hashblocks_sha512 state", h);
  test_guard_check("hashblocks_sha512 input", x);

  /* same input in pieces of 1..5 blocks (depending on len), the last piece with the
     partial block */
  step = 1 + len % 5;
  for (pos = 0; len - pos >= 128; pos += piece) {
    piece = 128 * step;
    if (len - pos - piece < 128) piece = len - pos; /* the rest, with the partial block */
    blocks_checked(f, h2, x + pos, piece);
  }
  if (memcmp(h, h2, 64) != 0) test_fail("length %lld: split into calls gives another state", len);
  test_guard_check("hashblocks_sha512 state (split)", h2);

  free(copy);
  test_guarded_free(x);
  test_guarded_free(h2);
  test_guarded_free(h);
}

static void test_one(hashblocks_fn f)
{
  test_checksum c;
  const long long *extra = test_valgrind ? long_short : long_full;
  long long nextra = test_valgrind ? (long long)(sizeof long_short / sizeof long_short[0])
                                   : (long long)(sizeof long_full / sizeof long_full[0]);
  long long upto = test_valgrind ? BLOCKS_UPTO_SHORT : BLOCKS_UPTO_FULL;
  long long len, i;

  kats(f);
  test_checksum_init(&c);
  for (len = 0; len < upto; ++len) one_length(f, &c, len);
  for (i = 0; i < nextra; ++i) one_length(f, &c, extra[i]);
  test_checksum_expect("hashblocks_sha512 stream", &c, test_valgrind ? CHECKSUM_SHORT : CHECKSUM_FULL);
}

void test_hashblocks_sha512(void)
{
  long long impl;

  TEST_FOR_EACH_IMPL(hashblocks_sha512, impl)
    test_one(TEST_IMPL_FN(hashblocks_sha512, impl));
}
