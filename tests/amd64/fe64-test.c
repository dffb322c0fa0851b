/* SPDX-License-Identifier: MIT */
/* Focused test of the x86-64 BMI2/ADX radix-2^64 field arithmetic
   (internal/field/amd64/fe64_mulx.S), assembly ladder
   (internal/method/amd64/x25519_ladder_mulx.S) and group operations
   (internal/group/amd64/ge64_mulx.S) against the portable radix-2^51
   code (internal/field/fe51.h, internal/group/ge51.h and the X25519 ladder of
   internal/method/x25519_ladder.h).

   Inputs: boundary values (0, 1, p - 1, p, p + 18, 2^255 - 1, 2^255,
   2p, 2^256 - 38, 2^256 - 1, all-ones limbs, carries rippling across
   limbs, ...), random limbs drawn from a set of edge patterns, and
   uniformly random values.  Loose outputs (any value < 2^256) are compared
   modulo p; fe64_mulx_freeze output is compared exactly with the canonical
   encoding.  An ABI trampoline (fe64-test-asm.S) checks that every entry
   point preserves rbx, rbp and r12-r15.

   The operations for verification only (internal/field/amd64/fe64_mulx_pair.S,
   internal/group/amd64/ge64_mulx_vartime.S) must give the same limbs as the
   ones above they stand for: each half of a pair as fe64_mulx_mul and
   fe64_mulx_nsquare, each flag combination of ge64_mulx_add_vartime as the
   matching ge64_mulx_*_p3 / _p2, ge64_mulx_dbl_run_vartime as
   ge64_mulx_dbl_run_p3 / _p2 (test_vartime).

   Also checks the C safegcd inversion (internal/field/inv25519_safegcd.h) that
   field/fe64.h uses.

   Built and run by tests/check-amd64-fe.sh; prints
   "fe64-test: N passed, M failed" and exits 0 only if M = 0.  With --ct
   (built with -DFE64_TEST_VALGRIND, run under valgrind) it instead runs
   each constant-time routine on inputs marked undefined. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#ifdef FE64_TEST_VALGRIND
#include <valgrind/memcheck.h>
#define POISON(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define UNPOISON(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#else
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif
#include "field/fe51.h"
#define FE_FAMILY fe51   /* the field of the ladder template */
#include "method/x25519_ladder.h"
#undef FE_FAMILY
#include "group/ge51.h"
#include "field/inv25519_safegcd.h"

typedef uint64_t u64;

#define F(x) fe64test_##x
extern void F(fe64_mulx_mul)(u64 h[4], const u64 f[4], const u64 g[4]);
extern void F(fe64_mulx_sq)(u64 h[4], const u64 f[4]);
extern void F(fe64_mulx_nsquare)(u64 h[4], const u64 f[4], long long n);
extern void F(fe64_mulx_mul121666)(u64 h[4], const u64 f[4]);
extern void F(fe64_mulx_add)(u64 h[4], const u64 f[4], const u64 g[4]);
extern void F(fe64_mulx_sub)(u64 h[4], const u64 f[4], const u64 g[4]);
extern void F(fe64_mulx_freeze)(u64 h[4], const u64 f[4]);
extern void F(x25519_ladder_mulx)(u64 x2[4], u64 z2[4], const unsigned char k[32], const u64 u[4]);
extern void F(ge64_mulx_madd_p3)(u64 h[16], const u64 q[12]);
extern void F(ge64_mulx_msub_p3)(u64 h[16], const u64 q[12]);
extern void F(ge64_mulx_madd_p3_cneg)(u64 h[16], const u64 q[12], u64 mask);
extern void F(ge64_mulx_add_p3)(u64 h[16], const u64 q[16]);
extern void F(ge64_mulx_sub_p3)(u64 h[16], const u64 q[16]);
extern void F(ge64_mulx_dbl_p3)(u64 r[16], const u64 p[16]);
extern void F(ge64_mulx_dbl_p2)(u64 r[16], const u64 p[16]);
extern void F(ge64_mulx_madd_p2)(u64 h[16], const u64 q[12]);
extern void F(ge64_mulx_msub_p2)(u64 h[16], const u64 q[12]);
extern void F(ge64_mulx_add_p2)(u64 h[16], const u64 q[16]);
extern void F(ge64_mulx_sub_p2)(u64 h[16], const u64 q[16]);
extern void F(ge64_mulx_dbl_run_p3)(u64 r[16], const u64 p[16], long long n);
extern void F(ge64_mulx_dbl_run_p2)(u64 r[16], const u64 p[16], long long n);
extern void F(fe64_mulx_mul_pair)(u64 h[8], const u64 f[8], const u64 g[8]);
extern void F(fe64_mulx_nsquare_pair)(u64 h[8], const u64 f[8], long long n);
extern void F(ge64_mulx_add_vartime)(u64 h[16], const u64 *q, long long flags);
extern void F(ge64_mulx_dbl_run_vartime)(u64 r[16], const u64 p[16], long long n, long long t);
extern long abi_check(void *fn, u64 a, u64 b, u64 c, u64 d);

static long passed, failed;

static void check(int ok, const char *what, long iter)
{
  if (ok) {
    ++passed;
  } else {
    ++failed;
    if (failed <= 20) printf("FAIL: %s (case %ld)\n", what, iter);
  }
}

static u64 rngstate = 0x0123456789abcdefULL;

static u64 rnd(void)
{
  /* splitmix64 */
  u64 z = (rngstate += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static void to_bytes64(unsigned char s[32], const u64 f[4])
{
  int i, j;
  for (i = 0; i < 4; ++i)
    for (j = 0; j < 8; ++j) s[8 * i + j] = (unsigned char)(f[i] >> (8 * j));
}

/* the portable element congruent to the 256-bit integer f */
static void to_ref(fe51 *h, const u64 f[4])
{
  unsigned char s[32];
  fe51 t;
  to_bytes64(s, f);
  fe51_frombytes(h, s);              /* low 255 bits */
  fe51_0(&t);
  t.v[0] = 19 * (f[3] >> 63);           /* 2^255 = 19 */
  fe51_add(h, h, &t);
  fe51_carry(h);
}

/* 1 iff the 256-bit f is congruent to the portable r */
static int same(const u64 f[4], const fe51 *r)
{
  unsigned char a[32], b[32];
  fe51 t;
  to_ref(&t, f);
  fe51_tobytes(a, &t);
  fe51_tobytes(b, r);
  return memcmp(a, b, 32) == 0;
}

static const u64 P[4] = {0xffffffffffffffedULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL,
                         0x7fffffffffffffffULL};

/* x = a + b (256-bit, wrapping) */
static void add256(u64 x[4], const u64 a[4], const u64 b[4])
{
  unsigned __int128 c = 0;
  int i;
  for (i = 0; i < 4; ++i) {
    c += (unsigned __int128)a[i] + b[i];
    x[i] = (u64)c;
    c >>= 64;
  }
}

static void small256(u64 x[4], u64 v)
{
  x[0] = v; x[1] = 0; x[2] = 0; x[3] = 0;
}

#define NSPECIAL 40
static u64 special[NSPECIAL][4];
static int nspecial;

static void add_special(const u64 x[4])
{
  memcpy(special[nspecial++], x, 32);
}

static void make_specials(void)
{
  u64 x[4], t[4];
  static const u64 smalls[] = {0, 1, 2, 19, 37, 38, 39, 121666};
  static const long long offs[] = {-1, 0, 1, 18, 19, 37, 38};
  unsigned i;
  for (i = 0; i < sizeof smalls / sizeof smalls[0]; ++i) {
    small256(x, smalls[i]);
    add_special(x);
  }
  for (i = 0; i < sizeof offs / sizeof offs[0]; ++i) {
    /* p + off and 2p + off */
    small256(t, (u64)offs[i]);
    if (offs[i] < 0) { t[1] = t[2] = t[3] = ~(u64)0; }
    add256(x, P, t);
    add_special(x);
    add256(x, x, P);
    add_special(x);
  }
  /* 2^256 - 1 (all-ones limbs), 2^256 - 38, 2^256 - 39, 2^255 - 1 */
  x[0] = x[1] = x[2] = x[3] = ~(u64)0; add_special(x);
  x[0] = (u64)0 - 38; add_special(x);
  x[0] = (u64)0 - 39; add_special(x);
  x[0] = ~(u64)0; x[3] = 0x7fffffffffffffffULL; add_special(x);
  /* single high limbs and carry chains */
  x[0] = 0; x[1] = 0; x[2] = 0; x[3] = 0x8000000000000000ULL; add_special(x);
  x[0] = ~(u64)0; x[1] = ~(u64)0; x[2] = ~(u64)0; x[3] = 0; add_special(x);
  x[0] = 0; x[1] = 0; x[2] = 0; x[3] = ~(u64)0; add_special(x);
  x[0] = ~(u64)0; x[1] = 0; x[2] = ~(u64)0; x[3] = 0; add_special(x);
  x[0] = 0; x[1] = ~(u64)0; x[2] = 0; x[3] = ~(u64)0; add_special(x);
  x[0] = ~(u64)0; x[1] = 0; x[2] = 0; x[3] = 0; add_special(x);
  x[0] = 0; x[1] = 1; x[2] = 0; x[3] = 0; add_special(x);
  x[0] = 0x8000000000000000ULL; x[1] = 0x8000000000000000ULL; x[2] = 0x8000000000000000ULL;
  x[3] = 0x8000000000000000ULL; add_special(x);
}

static const u64 edge_limbs[] = {
  0, 1, 19, 38, 0x7fffffffffffffffULL, 0x8000000000000000ULL, 0xffffffffffffffedULL,
  0xffffffffffffffdaULL, 0xfffffffffffffffeULL, 0xffffffffffffffffULL
};

static void random_element(u64 x[4], long iter)
{
  int i;
  if (iter < nspecial) {
    memcpy(x, special[iter], 32);
    return;
  }
  if (iter % 3 == 0) {
    for (i = 0; i < 4; ++i) x[i] = rnd();
  } else if (iter % 3 == 1) {
    for (i = 0; i < 4; ++i) x[i] = edge_limbs[rnd() % (sizeof edge_limbs / sizeof edge_limbs[0])];
  } else {
    for (i = 0; i < 4; ++i)
      x[i] = (rnd() & 1) ? rnd() : edge_limbs[rnd() % (sizeof edge_limbs / sizeof edge_limbs[0])];
  }
}

static void test_field(long n)
{
  long it, jt;
  u64 f[4], g[4], h[4], a[4];
  fe51 rf, rg, rh;
  unsigned char s[32], hs[32];
  int k;

  for (it = 0; it < n; ++it) {
    random_element(f, it);
    for (jt = 0; jt < (it < nspecial ? nspecial : 1); ++jt) {
      if (it < nspecial) memcpy(g, special[jt], 32); else random_element(g, it + 7 * jt + 1);
      to_ref(&rf, f);
      to_ref(&rg, g);

      F(fe64_mulx_mul)(h, f, g);
      fe51_mul(&rh, &rf, &rg);
      check(same(h, &rh), "fe64_mulx_mul", it);

      F(fe64_mulx_add)(h, f, g);
      fe51_add(&rh, &rf, &rg);
      fe51_carry(&rh);
      check(same(h, &rh), "fe64_mulx_add", it);

      F(fe64_mulx_sub)(h, f, g);
      fe51_sub(&rh, &rf, &rg);
      check(same(h, &rh), "fe64_mulx_sub", it);

      /* aliased outputs */
      memcpy(a, f, 32);
      F(fe64_mulx_mul)(a, a, g);
      fe51_mul(&rh, &rf, &rg);
      check(same(a, &rh), "fe64_mulx_mul h=f", it);
      memcpy(a, g, 32);
      F(fe64_mulx_sub)(a, f, a);
      fe51_sub(&rh, &rf, &rg);
      check(same(a, &rh), "fe64_mulx_sub h=g", it);
    }

    to_ref(&rf, f);
    F(fe64_mulx_sq)(h, f);
    fe51_sq(&rh, &rf);
    check(same(h, &rh), "fe64_mulx_sq", it);

    F(fe64_mulx_mul)(h, f, f);
    check(same(h, &rh), "fe64_mulx_mul f=g", it);

    for (k = 1; k <= 5; k += 2) {
      F(fe64_mulx_nsquare)(h, f, k);
      fe51_sqn(&rh, &rf, k);
      check(same(h, &rh), "fe64_mulx_nsquare", it);
    }

    F(fe64_mulx_mul121666)(h, f);
    fe51_mul121666(&rh, &rf);
    check(same(h, &rh), "fe64_mulx_mul121666", it);

    memcpy(a, f, 32);
    F(fe64_mulx_sq)(a, a);
    fe51_sq(&rh, &rf);
    check(same(a, &rh), "fe64_mulx_sq h=f", it);

    /* freeze: exactly the canonical encoding, and < p */
    F(fe64_mulx_freeze)(h, f);
    to_bytes64(hs, h);
    fe51_tobytes(s, &rf);
    check(memcmp(hs, s, 32) == 0, "fe64_mulx_freeze", it);
    check(h[3] < P[3] || (h[3] == P[3] && (h[2] < P[2] || h[1] < P[1] || h[0] < P[0])),
          "fe64_mulx_freeze < p", it);
  }
}

/* inv25519_safegcd (used by field/fe64.h's and field/fe51.h's invert)
   against the exponentiation chain; inputs reduced first, as
   fe51_invert does */
static void test_safegcd(long n)
{
  long it;
  u64 f[4], h[4];
  fe51 rf, rh;
  unsigned char a[32], b[32];

  for (it = 0; it < n; ++it) {
    random_element(f, it);
    to_ref(&rf, f);
    F(fe64_mulx_freeze)(f, f);
    inv25519_safegcd(h, f);
    fe51_invert_chain(&rh, &rf);
    fe51_tobytes(a, &rh);
    to_bytes64(b, h);
    check(memcmp(a, b, 32) == 0, "inv25519_safegcd", it);
  }
}

/* inv25519_safegcd_vartime (public inputs: verification results)
   against the constant-time one; also h f = 1 for f != 0.  Besides the
   usual inputs: 2^k and p - 2^k (long runs of equal bits), and small
   values, whose divstep counts differ most from random ones. */
static void test_safegcd_vartime(long n)
{
  static const u64 P4[4] = {0xffffffffffffffedULL, 0xffffffffffffffffULL,
                            0xffffffffffffffffULL, 0x7fffffffffffffffULL};
  long it;
  int i;
  u64 f[4], a[4], b[4], one[4];

  for (it = 0; it < n + 3 * 255; ++it) {
    if (it < n) {
      random_element(f, it);
      F(fe64_mulx_freeze)(f, f);
    } else {
      int k = (int)((it - n) % 255), kind = (int)((it - n) / 255);
      memset(f, 0, sizeof f);
      if (kind == 0) {
        f[k / 64] = (u64)1 << (k % 64);                        /* 2^k */
      } else if (kind == 1) {
        f[0] = (u64)k + 1;                                     /* 1..255 */
      } else {
        u64 borrow = 0;                                        /* p - 2^k */
        for (i = 0; i < 4; ++i) {
          u64 t = i == k / 64 ? (u64)1 << (k % 64) : 0;
          unsigned __int128 d = (unsigned __int128)P4[i] - t - borrow;
          f[i] = (u64)d;
          borrow = (u64)(d >> 127);
        }
      }
    }
    inv25519_safegcd(a, f);
    inv25519_safegcd_vartime(b, f);
    check(memcmp(a, b, 32) == 0, "inv25519_safegcd_vartime", it);
    if (f[0] | f[1] | f[2] | f[3]) {
      F(fe64_mulx_mul)(one, b, f);
      F(fe64_mulx_freeze)(one, one);
      check(one[0] == 1 && !(one[1] | one[2] | one[3]), "inv25519_safegcd_vartime: h f = 1", it);
    }
  }
}

static void test_ladder(long n)
{
  long it;
  int i;
  unsigned char k[32], us[32], a[32], b[32];
  u64 u[4], x2[4], z2[4];
  fe51 ru, rx, rz;

  for (it = 0; it < n; ++it) {
    for (i = 0; i < 32; ++i) k[i] = (unsigned char)rnd();
    random_element(u, it);
    u[3] &= 0x7fffffffffffffffULL;      /* as the callers pass it */
    to_bytes64(us, u);
    fe51_frombytes(&ru, us);
    fe51_x25519_ladder(&rx, &rz, k, &ru);
    fe51_invert_chain(&rz, &rz);
    fe51_mul(&rx, &rx, &rz);
    fe51_tobytes(a, &rx);

    k[0] &= 248; k[31] &= 127; k[31] |= 64;
    F(x25519_ladder_mulx)(x2, z2, k, u);
    to_ref(&rx, x2);
    to_ref(&rz, z2);
    fe51_invert(&rz, &rz);
    fe51_mul(&rx, &rx, &rz);
    fe51_tobytes(b, &rx);
    check(memcmp(a, b, 32) == 0, "x25519_ladder_mulx", it);
  }
}

/* 1 iff (a[0..3] : a[4..7] : a[8..11] [: a[12..15]]) and the portable r
   are the same projective point: a_X r_Z = r_X a_Z etc. */
static int same_projective(const u64 a[16], const fe51 *rx, const fe51 *ry,
                           const fe51 *rz, const fe51 *rt)
{
  fe51 ac, az, l, r;
  const fe51 *rc[3];
  unsigned char x[32], y[32];
  int ok = 1, i;

  rc[0] = rx; rc[1] = ry; rc[2] = rt;
  to_ref(&az, a + 8);
  for (i = 0; i < 3; ++i) {
    if (!rc[i]) continue;
    to_ref(&ac, a + (i == 2 ? 12 : 4 * i));
    fe51_mul(&l, &ac, rz);
    fe51_mul(&r, rc[i], &az);
    fe51_tobytes(x, &l);
    fe51_tobytes(y, &r);
    ok &= memcmp(x, y, 32) == 0;
  }
  return ok;
}

/* the assembly group operations against group/ge51.h on the portable field:
   additions use the same polynomial formulas, so the coordinates agree mod
   p for any field values (on the curve or not); doublings produce the
   negated coordinates, so they are compared projectively */
static void test_group(long n)
{
  long it;
  int i, op;
  u64 h[16], q[16], r[16];
  ge51_p3 rp, rp2;
  ge51_precomp rq;
  ge51_cached rc;
  ge51_p1p1 rr;
  ge51_p2 r2;
  fe51 *hc[4], *qc[3], *cc[4];
  static const char *names[8] = {"ge64_mulx_madd_p3", "ge64_mulx_msub_p3", "ge64_mulx_add_p3", "ge64_mulx_sub_p3",
                                 "ge64_mulx_dbl_p3", "ge64_mulx_dbl_p2", "ge64_mulx_madd_p3_cneg 0",
                                 "ge64_mulx_madd_p3_cneg -1"};

  hc[0] = &rp.X; hc[1] = &rp.Y; hc[2] = &rp.Z; hc[3] = &rp.T;
  qc[0] = &rq.ypx; qc[1] = &rq.ymx; qc[2] = &rq.xy2d;
  cc[0] = &rc.ypx; cc[1] = &rc.ymx; cc[2] = &rc.Z; cc[3] = &rc.T2d;
  for (it = 0; it < n; ++it) {
    for (op = 0; op < 8; ++op) {
      for (i = 0; i < 4; ++i) { random_element(h + 4 * i, it * 7 + i); to_ref(hc[i], h + 4 * i); }
      for (i = 0; i < 4; ++i) random_element(q + 4 * i, it * 5 + i + 3);
      for (i = 0; i < 3; ++i) to_ref(qc[i], q + 4 * i);
      for (i = 0; i < 4; ++i) to_ref(cc[i], q + 4 * i);
      memcpy(r, h, sizeof r);
      switch (op) {
        case 0: F(ge64_mulx_madd_p3)(h, q); ge51_madd(&rr, &rp, &rq); break;
        case 1: F(ge64_mulx_msub_p3)(h, q); ge51_msub(&rr, &rp, &rq); break;
        case 2: F(ge64_mulx_add_p3)(h, q); ge51_add(&rr, &rp, &rc); break;
        case 3: F(ge64_mulx_sub_p3)(h, q); ge51_sub(&rr, &rp, &rc); break;
        case 4: F(ge64_mulx_dbl_p3)(h, h); ge51_p3_dbl(&rr, &rp); break;
        case 6: F(ge64_mulx_madd_p3_cneg)(h, q, 0); ge51_madd(&rr, &rp, &rq); break;
        case 7:
          F(ge64_mulx_madd_p3_cneg)(h, q, ~(u64)0);
          fe51_neg(&rq.xy2d, &rq.xy2d);
          ge51_madd(&rr, &rp, &rq);
          break;
        default: F(ge64_mulx_dbl_p2)(r, h); ge51_p3_dbl(&rr, &rp); break;
      }
      if (op < 4 || op > 5) {
        ge51_p1p1_to_p3(&rp2, &rr);
        for (i = 0; i < 4; ++i) check(same(h + 4 * i, i == 0 ? &rp2.X : i == 1 ? &rp2.Y : i == 2 ? &rp2.Z : &rp2.T), names[op], it);
      } else if (op == 4) {
        ge51_p1p1_to_p3(&rp2, &rr);
        check(same_projective(h, &rp2.X, &rp2.Y, &rp2.Z, &rp2.T), names[op], it);
      } else {
        ge51_p1p1_to_p2(&r2, &rr);
        check(same_projective(r, &r2.X, &r2.Y, &r2.Z, 0), names[op], it);
        check(memcmp(r + 12, h + 12, 32) == 0, "ge64_mulx_dbl_p2 keeps T", it);
      }
    }
    /* the variants without T: X, Y, Z as the full operation, T kept;
       the doubling runs: the same limbs as that many single doublings */
    for (op = 0; op < 6; ++op) {
      u64 h2[16], r1[16], r3[16];
      long long k, nd = 1 + (it % 7);
      for (i = 0; i < 4; ++i) random_element(h + 4 * i, it * 11 + i);
      for (i = 0; i < 4; ++i) random_element(q + 4 * i, it * 13 + i + 5);
      memcpy(h2, h, sizeof h2);
      memcpy(r1, h, sizeof r1);
      switch (op) {
        case 0: F(ge64_mulx_madd_p3)(h, q); F(ge64_mulx_madd_p2)(h2, q); break;
        case 1: F(ge64_mulx_msub_p3)(h, q); F(ge64_mulx_msub_p2)(h2, q); break;
        case 2: F(ge64_mulx_add_p3)(h, q); F(ge64_mulx_add_p2)(h2, q); break;
        case 3: F(ge64_mulx_sub_p3)(h, q); F(ge64_mulx_sub_p2)(h2, q); break;
        case 4:
          memcpy(r3, h, sizeof r3);
          for (k = 0; k + 1 < nd; ++k) F(ge64_mulx_dbl_p2)(r3, k ? r3 : h);
          F(ge64_mulx_dbl_p3)(r3, nd > 1 ? r3 : h);
          F(ge64_mulx_dbl_run_p3)(h2, h, nd);
          memcpy(h, r3, sizeof r3);
          break;
        default:
          memcpy(r3, h, sizeof r3);
          for (k = 0; k < nd; ++k) F(ge64_mulx_dbl_p2)(r3, k ? r3 : h);
          F(ge64_mulx_dbl_run_p2)(h2, h, nd);
          memcpy(h, r3, sizeof r3);
          break;
      }
      if (op < 4) {
        check(memcmp(h, h2, 96) == 0, "ge64_*_p2 X, Y, Z", it);
        check(memcmp(h2 + 12, r1 + 12, 32) == 0, "ge64_*_p2 keeps T", it);
      } else if (op == 4) {
        check(memcmp(h, h2, 128) == 0, "ge64_mulx_dbl_run_p3", it);
      } else {
        check(memcmp(h, h2, 96) == 0, "ge64_mulx_dbl_run_p2", it);
        check(memcmp(h2 + 12, r1 + 12, 32) == 0, "ge64_mulx_dbl_run_p2 keeps T", it);
      }
    }
  }
}

/* the verification-only operations against those they stand for, limb
   for limb (see the top) */
static void test_vartime(long n)
{
  long it;
  int i, fl;
  for (it = 0; it < n; ++it) {
    u64 f[8], g[8], h[8], r[4], p[16], q[16], a[16], b[16];
    long long k = 1 + it % 9;
    for (i = 0; i < 2; ++i) { random_element(f + 4 * i, it * 3 + i); random_element(g + 4 * i, it * 5 + i + 1); }
    F(fe64_mulx_mul_pair)(h, f, g);
    for (i = 0; i < 2; ++i) { F(fe64_mulx_mul)(r, f + 4 * i, g + 4 * i); check(memcmp(r, h + 4 * i, 32) == 0, "fe64_mulx_mul_pair", it); }
    F(fe64_mulx_nsquare_pair)(h, f, k);
    for (i = 0; i < 2; ++i) { F(fe64_mulx_nsquare)(r, f + 4 * i, k); check(memcmp(r, h + 4 * i, 32) == 0, "fe64_mulx_nsquare_pair", it); }
    memcpy(h, f, sizeof h);
    F(fe64_mulx_nsquare_pair)(h, h, k);   /* in place */
    for (i = 0; i < 2; ++i) { F(fe64_mulx_nsquare)(r, f + 4 * i, k); check(memcmp(r, h + 4 * i, 32) == 0, "fe64_mulx_nsquare_pair in place", it); }

    for (i = 0; i < 4; ++i) { random_element(p + 4 * i, it * 7 + i); random_element(q + 4 * i, it * 11 + i + 2); }
    /* flags: 1 subtract, 2 affine, 4 with T */
    for (fl = 0; fl < 8; ++fl) {
      memcpy(a, p, sizeof a);
      memcpy(b, p, sizeof b);
      F(ge64_mulx_add_vartime)(a, q, fl);
      switch (fl & 3) {
        case 0: if (fl & 4) F(ge64_mulx_add_p3)(b, q); else F(ge64_mulx_add_p2)(b, q); break;
        case 1: if (fl & 4) F(ge64_mulx_sub_p3)(b, q); else F(ge64_mulx_sub_p2)(b, q); break;
        case 2: if (fl & 4) F(ge64_mulx_madd_p3)(b, q); else F(ge64_mulx_madd_p2)(b, q); break;
        default: if (fl & 4) F(ge64_mulx_msub_p3)(b, q); else F(ge64_mulx_msub_p2)(b, q); break;
      }
      check(memcmp(a, b, sizeof a) == 0, "ge64_mulx_add_vartime", it * 8 + fl);
    }
    for (fl = 0; fl < 2; ++fl) {
      memcpy(a, p, sizeof a);
      memcpy(b, p, sizeof b);
      F(ge64_mulx_dbl_run_vartime)(a, p, k, fl);
      if (fl) F(ge64_mulx_dbl_run_p3)(b, p, k); else F(ge64_mulx_dbl_run_p2)(b, p, k);
      check(memcmp(a, b, sizeof a) == 0, "ge64_mulx_dbl_run_vartime", it * 2 + fl);
      F(ge64_mulx_dbl_run_vartime)(a, a, k, fl);   /* in place */
      if (fl) F(ge64_mulx_dbl_run_p3)(b, b, k); else F(ge64_mulx_dbl_run_p2)(b, b, k);
      check(memcmp(a, b, sizeof a) == 0, "ge64_mulx_dbl_run_vartime in place", it * 2 + fl);
    }
  }
}

static void test_abi(void)
{
  u64 f[4] = {1, 2, 3, 4}, g[4] = {5, 6, 7, 8}, h[4], z[4];
  unsigned char k[32];
  int fl;
  memset(k, 0x5a, sizeof k);
  check(abi_check((void *)F(fe64_mulx_mul), (u64)h, (u64)f, (u64)g, 0) == 0, "abi fe64_mulx_mul", 0);
  check(abi_check((void *)F(fe64_mulx_sq), (u64)h, (u64)f, 0, 0) == 0, "abi fe64_mulx_sq", 0);
  check(abi_check((void *)F(fe64_mulx_nsquare), (u64)h, (u64)f, 3, 0) == 0, "abi fe64_mulx_nsquare", 0);
  check(abi_check((void *)F(fe64_mulx_mul121666), (u64)h, (u64)f, 0, 0) == 0, "abi fe64_mulx_mul121666", 0);
  check(abi_check((void *)F(fe64_mulx_add), (u64)h, (u64)f, (u64)g, 0) == 0, "abi fe64_mulx_add", 0);
  check(abi_check((void *)F(fe64_mulx_sub), (u64)h, (u64)f, (u64)g, 0) == 0, "abi fe64_mulx_sub", 0);
  check(abi_check((void *)F(fe64_mulx_freeze), (u64)h, (u64)f, 0, 0) == 0, "abi fe64_mulx_freeze", 0);
  check(abi_check((void *)F(x25519_ladder_mulx), (u64)h, (u64)z, (u64)k, (u64)f) == 0,
        "abi x25519_ladder_mulx", 0);
  {
    u64 hp[16] = {0}, qp[16] = {0};
    check(abi_check((void *)F(ge64_mulx_madd_p3), (u64)hp, (u64)qp, 0, 0) == 0, "abi ge64_mulx_madd_p3", 0);
    check(abi_check((void *)F(ge64_mulx_msub_p3), (u64)hp, (u64)qp, 0, 0) == 0, "abi ge64_mulx_msub_p3", 0);
    check(abi_check((void *)F(ge64_mulx_madd_p3_cneg), (u64)hp, (u64)qp, ~(u64)0, 0) == 0,
          "abi ge64_mulx_madd_p3_cneg", 0);
    check(abi_check((void *)F(ge64_mulx_add_p3), (u64)hp, (u64)qp, 0, 0) == 0, "abi ge64_mulx_add_p3", 0);
    check(abi_check((void *)F(ge64_mulx_sub_p3), (u64)hp, (u64)qp, 0, 0) == 0, "abi ge64_mulx_sub_p3", 0);
    check(abi_check((void *)F(ge64_mulx_dbl_p3), (u64)hp, (u64)hp, 0, 0) == 0, "abi ge64_mulx_dbl_p3", 0);
    check(abi_check((void *)F(ge64_mulx_dbl_p2), (u64)hp, (u64)hp, 0, 0) == 0, "abi ge64_mulx_dbl_p2", 0);
    check(abi_check((void *)F(ge64_mulx_madd_p2), (u64)hp, (u64)qp, 0, 0) == 0, "abi ge64_mulx_madd_p2", 0);
    check(abi_check((void *)F(ge64_mulx_msub_p2), (u64)hp, (u64)qp, 0, 0) == 0, "abi ge64_mulx_msub_p2", 0);
    check(abi_check((void *)F(ge64_mulx_add_p2), (u64)hp, (u64)qp, 0, 0) == 0, "abi ge64_mulx_add_p2", 0);
    check(abi_check((void *)F(ge64_mulx_sub_p2), (u64)hp, (u64)qp, 0, 0) == 0, "abi ge64_mulx_sub_p2", 0);
    check(abi_check((void *)F(ge64_mulx_dbl_run_p3), (u64)hp, (u64)hp, 5, 0) == 0, "abi ge64_mulx_dbl_run_p3", 0);
    check(abi_check((void *)F(ge64_mulx_dbl_run_p2), (u64)hp, (u64)hp, 5, 0) == 0, "abi ge64_mulx_dbl_run_p2", 0);
    for (fl = 0; fl < 8; ++fl)
      check(abi_check((void *)F(ge64_mulx_add_vartime), (u64)hp, (u64)qp, (u64)fl, 0) == 0, "abi ge64_mulx_add_vartime", fl);
    check(abi_check((void *)F(ge64_mulx_dbl_run_vartime), (u64)hp, (u64)hp, 5, 1) == 0, "abi ge64_mulx_dbl_run_vartime", 0);
    check(abi_check((void *)F(ge64_mulx_dbl_run_vartime), (u64)hp, (u64)hp, 1, 0) == 0, "abi ge64_mulx_dbl_run_vartime", 1);
  }
  {
    u64 hp[8] = {0}, fp[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    check(abi_check((void *)F(fe64_mulx_mul_pair), (u64)hp, (u64)fp, (u64)fp, 0) == 0, "abi fe64_mulx_mul_pair", 0);
    check(abi_check((void *)F(fe64_mulx_nsquare_pair), (u64)hp, (u64)fp, 3, 0) == 0, "abi fe64_mulx_nsquare_pair", 0);
  }
}

/* --ct: every constant-time routine once on inputs marked undefined, for
   valgrind (built with -DFE64_TEST_VALGRIND): a branch or memory index
   depending on them is reported */
static int ct_run(void)
{
  u64 f[4] = {1, 2, 3, 0x7fffffffffffffffULL}, g[4] = {5, 6, 7, 8}, h[4], z[4];
  u64 hp[16] = {0}, qp[16] = {0};
  unsigned char k[32];
  memset(k, 0x5a, sizeof k);
  POISON(f, sizeof f); POISON(g, sizeof g); POISON(k, sizeof k);
  POISON(hp, sizeof hp); POISON(qp, sizeof qp);
  F(fe64_mulx_mul)(h, f, g);
  F(fe64_mulx_sq)(h, h);
  F(fe64_mulx_nsquare)(h, h, 3);
  F(fe64_mulx_mul121666)(h, h);
  F(fe64_mulx_add)(h, h, g);
  F(fe64_mulx_sub)(h, f, h);
  F(fe64_mulx_freeze)(h, h);
  inv25519_safegcd(z, h);
  F(x25519_ladder_mulx)(h, z, k, f);
  F(ge64_mulx_madd_p3)(hp, qp);
  F(ge64_mulx_msub_p3)(hp, qp);
  F(ge64_mulx_madd_p3_cneg)(hp, qp, (u64)0 - (f[0] & 1));
  F(ge64_mulx_add_p3)(hp, qp);
  F(ge64_mulx_sub_p3)(hp, qp);
  F(ge64_mulx_dbl_p3)(hp, hp);
  F(ge64_mulx_dbl_p2)(hp, hp);
  UNPOISON(h, sizeof h); UNPOISON(z, sizeof z); UNPOISON(hp, sizeof hp);
  printf("fe64-test --ct: constant-time run done\n");
  return 0;
}

int main(int argc, char **argv)
{
  if (argc > 1 && strcmp(argv[1], "--ct") == 0) return ct_run();
  make_specials();
  test_abi();
  test_field(20000);
  test_safegcd(20000);
  test_safegcd_vartime(100000);
  test_ladder(300);
  test_group(3000);
  test_vartime(3000);
  printf("fe64-test: %ld passed, %ld failed\n", passed, failed);
  return failed != 0;
}
