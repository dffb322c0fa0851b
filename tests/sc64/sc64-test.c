/* SPDX-License-Identifier: MIT */
/* internal/scalar/sc64.h against internal/scalar/sc25519.h: sc64_from64bytes and
   sc64_muladd (with an unreduced multiplier) must give exactly the
   results of sc25519_from64bytes and sc25519_muladd on random inputs, on
   inputs next to multiples of L, and on the extremes 0, L - 1, 2^512 - 1,
   2^256 - 1.  Prints "sc64-test: N passed, M failed".
   With --ct (built with -DSC64_TEST_VALGRIND, run under valgrind) it
   instead runs both functions on inputs marked undefined, so valgrind
   reports any branch or memory index that depends on them. */
#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include "scalar/sc25519.h"
#include "scalar/sc64.h"
#ifdef SC64_TEST_VALGRIND
#include <valgrind/memcheck.h>
#endif

static uint64_t rng_state = 0x0123456789abcdefULL;

static uint64_t rng(void)
{
  /* xorshift64* */
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 0x2545f4914f6cdd1dULL;
}

static long passed, failed;

static void check(int ok, const char *what, long i)
{
  if (ok) { ++passed; return; }
  if (failed < 10) printf("FAIL: %s case %ld\n", what, i);
  ++failed;
}

static void limbs_to_bytes(unsigned char *s, const uint64_t *x, int n)
{
  int i, j;
  for (i = 0; i < n; ++i)
    for (j = 0; j < 8; ++j) s[8 * i + j] = (unsigned char)(x[i] >> (8 * j));
}

/* random limbs with occasional all-zero / all-one limbs */
static uint64_t rnd_limb(void)
{
  uint64_t k = rng() & 15;
  if (k == 0) return 0;
  if (k == 1) return ~(uint64_t)0;
  return rng();
}

static void test_reduce(const uint64_t x[8], long i)
{
  unsigned char b[64], r1[32], r2[32];
  sc25519 ref;
  uint64_t got[4];
  limbs_to_bytes(b, x, 8);
  sc25519_from64bytes(&ref, b);
  sc64_from64bytes(got, b);
  sc25519_tobytes(r1, &ref);
  sc64_tobytes(r2, got);
  check(memcmp(r1, r2, 32) == 0, "from64bytes", i);
}

/* x -= y (8 limbs), returns the borrow */
static uint64_t sub8(uint64_t x[8], const uint64_t y[8])
{
  uint64_t borrow = 0;
  int i;
  for (i = 0; i < 8; ++i) {
    sc64_u128 d = (sc64_u128)x[i] - y[i] - borrow;
    x[i] = (uint64_t)d;
    borrow = (uint64_t)(d >> 64) & 1;
  }
  return borrow;
}

static uint64_t add8(uint64_t x[8], const uint64_t y[8])
{
  uint64_t carry = 0;
  int i;
  for (i = 0; i < 8; ++i) {
    sc64_u128 s = (sc64_u128)x[i] + y[i] + carry;
    x[i] = (uint64_t)s;
    carry = (uint64_t)(s >> 64);
  }
  return carry;
}

#ifdef SC64_TEST_VALGRIND
static int ct_run(void)
{
  unsigned char b[64], out[32];
  uint64_t a[4], h[4], r[4], s[4];
  int i, k;
  for (i = 0; i < 8; ++i) {
    for (k = 0; k < 64; ++k) b[k] = (unsigned char)rng();
    for (k = 0; k < 4; ++k) a[k] = rng();
    VALGRIND_MAKE_MEM_UNDEFINED(b, sizeof b);
    VALGRIND_MAKE_MEM_UNDEFINED(a, sizeof a);
    sc64_from64bytes(h, b);
    sc64_from64bytes(r, b);
    sc64_muladd(s, a, h, r);
    sc64_tobytes(out, s);
    VALGRIND_MAKE_MEM_DEFINED(out, sizeof out);
  }
  printf("sc64-test: constant-time run done\n");
  return 0;
}
#endif

int main(int argc, char **argv)
{
  uint64_t x[8], y[8], one[8] = {1}, Lx[8] = {0};
  long i;
  int k;

#ifdef SC64_TEST_VALGRIND
  if (argc > 1 && strcmp(argv[1], "--ct") == 0) return ct_run();
#endif
  (void)argc;
  (void)argv;

  for (k = 0; k < 4; ++k) Lx[k] = sc25519_L[k];

  /* extremes */
  memset(x, 0, sizeof x); test_reduce(x, -1);
  memset(x, 0xff, sizeof x); test_reduce(x, -2);
  memcpy(x, Lx, sizeof x); test_reduce(x, -3);
  sub8(x, one); test_reduce(x, -4);

  for (i = 0; i < 200000; ++i) {
    sc25519 ref, sa, sb, sc;
    uint64_t a[4], b[4], c[4], got[4];
    unsigned char ab[32], bb[64], cb[64], r1[32], r2[32];
    int top = (int)(rng() & 7);

    for (k = 0; k < 8; ++k) x[k] = rnd_limb();
    for (k = 8 - top; k < 8 && top < 8; ++k) if (rng() & 1) x[k] = 0;
    test_reduce(x, i);

    /* a multiple of L near x, and its neighbours */
    {
      unsigned char b64[64], rb[32];
      uint64_t r8[8] = {0};
      limbs_to_bytes(b64, x, 8);
      sc25519_from64bytes(&ref, b64);
      for (k = 0; k < 4; ++k) r8[k] = ref.v[k];
      memcpy(y, x, sizeof y);
      sub8(y, r8);                  /* y = x - (x mod L), a multiple of L */
      (void)rb;
      test_reduce(y, i);
      memcpy(x, y, sizeof x);
      if (!sub8(x, one)) test_reduce(x, i);
      memcpy(x, y, sizeof x);
      if (!add8(x, one)) test_reduce(x, i);
      memcpy(x, y, sizeof x);
      if (!sub8(x, Lx)) { test_reduce(x, i); if (!add8(x, one)) { } }
      memcpy(x, y, sizeof x);
      if (!add8(x, Lx)) { sub8(x, one); test_reduce(x, i); }
    }

    /* muladd: b, c reduced, a any 256-bit value */
    for (k = 0; k < 4; ++k) a[k] = rnd_limb();
    if ((i & 7) == 0) for (k = 0; k < 4; ++k) a[k] = ~(uint64_t)0;
    for (k = 0; k < 8; ++k) y[k] = rnd_limb();
    limbs_to_bytes(bb, y, 8);
    sc25519_from64bytes(&sb, bb);
    for (k = 0; k < 8; ++k) y[k] = rnd_limb();
    limbs_to_bytes(cb, y, 8);
    sc25519_from64bytes(&sc, cb);
    if ((i & 15) == 1) { for (k = 0; k < 4; ++k) sb.v[k] = sc25519_L[k]; sb.v[0] -= 1; }
    if ((i & 15) == 2) { for (k = 0; k < 4; ++k) sc.v[k] = sc25519_L[k]; sc.v[0] -= 1; }
    if ((i & 15) == 3) { for (k = 0; k < 4; ++k) sb.v[k] = sc25519_L[k]; sb.v[0] -= 1; sc.v[0] = sc.v[0]; for (k = 0; k < 4; ++k) sc.v[k] = sb.v[k]; }
    limbs_to_bytes(ab, a, 4);
    sc25519_from32bytes(&sa, ab);
    sc25519_muladd(&ref, &sb, &sa, &sc);
    for (k = 0; k < 4; ++k) { b[k] = sb.v[k]; c[k] = sc.v[k]; }
    sc64_muladd(got, a, b, c);
    sc25519_tobytes(r1, &ref);
    sc64_tobytes(r2, got);
    check(memcmp(r1, r2, 32) == 0, "muladd", i);
  }

  printf("sc64-test: %ld passed, %ld failed\n", passed, failed);
  return failed != 0;
}
