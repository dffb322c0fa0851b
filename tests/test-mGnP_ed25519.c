/* SPDX-License-Identifier: MIT */
/* Tests of mGnP_ed25519 (doc/api.md, doc/verification.md): out = enc((m mod L) G - (n mod L) P),
   out[32] = 1 iff m < L and P is a canonical point encoding; an invalid P
   counts as -C (C: y = 26, x even).

   - the verification equation of RFC 8032 7.1 tests 1, 2, 3: S G - h A = R;
   - hand-checked edge cases (m = L, m = L-1, invalid P as -C, n = 0);
   - a known-answer checksum over MGNP_CASES inputs covering every
     encoding class of P (valid random points and their negatives, the 8
     small-order points, y >= p, x = 0 with the sign bit set, small y with
     and without square roots, G, C, random bytes) and m below, at and
     above L, n = 0, n = 2^512 - 1, n = L; expected value from
     scripts/model/;
   - guard bytes, misaligned buffers, inputs unmodified;
   - every implementation against the last (portable) one on scalars whose
     NAF digits sit at the ends (bit 0, bit 252/255, 2^k, 2^k - 1, long
     runs of ones, L - 1, L + 1) times G, a random point, the small-order
     points and an invalid P, plus random scalars. */
#include <stdio.h>
#include <string.h>
#include <lib25519.h>
#include "testlib.h"

typedef void (*mGnP_fn)(unsigned char *, const unsigned char *, const unsigned char *, const unsigned char *);

/* seeds, counts, points and expected values, computed by scripts/model/: */
#include "kat/mGnP_ed25519.h"

/* x = L + delta, -3 <= delta <= 3 */
static void l_plus(unsigned char x[32], int delta)
{
  memcpy(x, order_L, 32);
  x[0] = (unsigned char)(x[0] + delta);   /* 0xed + delta: no carry */
}

/* P = y with y = p + delta (0 <= delta <= 18: not canonical) and sign bit */
static void y_above_p(unsigned char P[32], int delta, int sign)
{
  memset(P, 0xff, 32);
  P[0] = (unsigned char)(0xed + delta);
  P[31] = (unsigned char)(0x7f | (sign << 7));
}

/* P = enc(s G) for s = the low 255 bits of P (a valid random point) */
static void random_point(unsigned char P[32])
{
  unsigned char s[32];
  memcpy(s, P, 32);
  s[31] &= 0x7f;
  lib25519_nG_merged25519(P, s);
}

/* the k-th input of the known-answer stream; mirrored by
   scripts/model/kat.py (mgnp_input) */
static void mgnp_input(unsigned char m[32], unsigned char n[64], unsigned char P[32], long long k)
{
  uint64_t v;
  test_rng_seed(MGNP_SEED + (uint64_t)k);
  test_rng_bytes(m, 32);
  test_rng_bytes(n, 64);
  test_rng_bytes(P, 32);
  v = test_rng_u64();
  switch ((k / 16) % 4) {
    case 0: m[31] &= 0x0f; break;                    /* below L */
    case 1: break;                                   /* almost always >= L */
    case 2: l_plus(m, (int)(v % 3) - 1); break;      /* L-1, L, L+1 */
    default: m[31] &= 0x1f; break;                   /* either */
  }
  switch (k % 16) {
    case 6: break;                                   /* random bytes */
    case 7: y_above_p(P, (int)(v % 19), (int)((v >> 8) & 1)); break;
    case 8:                                          /* x = 0, sign bit set */
      memset(P, 0, 32);
      if (v & 1) test_hex_decode(P, torsion_hex[4], 32);
      else P[0] = 1;
      P[31] |= 0x80;
      break;
    case 9: test_hex_decode(P, torsion_hex[v % 8], 32); break;
    case 10: y_above_p(P, (int)(v % 2), (int)((v >> 8) & 1)); break;  /* y = p, p+1 */
    case 11:                                         /* small y, square or not */
      memset(P, 0, 32);
      P[0] = (unsigned char)(v % 64);
      P[31] = (unsigned char)(((v >> 8) & 1) << 7);
      break;
    case 12: test_hex_decode(P, base_hex, 32); P[31] ^= (unsigned char)((v & 1) << 7); break;
    case 13: memset(P, 0, 32); P[0] = 26; P[31] = (unsigned char)((v & 1) << 7); break;
    case 14: random_point(P); P[31] ^= 0x80; break;  /* the negative */
    case 15:
      random_point(P);
      if (v % 3 == 0) memset(n, 0, 64);
      else if (v % 3 == 1) memset(n, 0xff, 64);
      else { memset(n, 0, 64); memcpy(n, order_L, 32); }
      break;
    default: random_point(P); break;                 /* cases 0..5 */
  }
}

static void test_edges(mGnP_fn f)
{
  unsigned char m[32], n[64], P[32], out[33], want[33];

  /* (L-1) G = -G, status 1 */
  l_plus(m, -1);
  memset(n, 0, 64);
  test_hex_decode(P, base_hex, 32);
  f(out, m, n, P);
  test_hex_decode(want, base_hex, 32);
  want[31] ^= 0x80;
  want[32] = 1;
  test_expect_bytes("mGnP (L-1) G", out, want, 33);

  /* m = L: 0 G, status 0 */
  l_plus(m, 0);
  f(out, m, n, P);
  memset(want, 0, 33);
  want[0] = 1;
  test_expect_bytes("mGnP m = L", out, want, 33);

  /* 0 G - 1 P with P invalid (y = 2 has no x): P counts as -C, out = C */
  memset(m, 0, 32);
  n[0] = 1;
  memset(P, 0, 32);
  P[0] = 2;
  f(out, m, n, P);
  memset(want, 0, 33);
  want[0] = 26;
  test_expect_bytes("mGnP invalid P counts as -C", out, want, 33);

  /* 0 G - 1 G = -G, status 1 */
  test_hex_decode(P, base_hex, 32);
  f(out, m, n, P);
  test_hex_decode(want, base_hex, 32);
  want[31] ^= 0x80;
  want[32] = 1;
  test_expect_bytes("mGnP -G", out, want, 33);

  /* 1 G - 0 P with P = (x = 0, sign set): G, status 0 */
  m[0] = 1;
  n[0] = 0;
  memset(P, 0, 32);
  P[0] = 1;
  P[31] = 0x80;
  f(out, m, n, P);
  test_hex_decode(want, base_hex, 32);
  want[32] = 0;
  test_expect_bytes("mGnP x = 0 with sign bit", out, want, 33);
}

/* m (32 bytes) or n (64 bytes) pattern number i, 0 <= i < 16 */
static void cross_scalar(unsigned char *x, long long len, int i)
{
  memset(x, 0, (size_t)len);
  switch (i) {
    case 0: break;                                   /* 0 */
    case 1: x[0] = 1; break;                         /* digit at bit 0 only */
    case 2: x[31] = 0x10; break;                     /* 2^252 */
    case 3: x[0] = 1; x[31] = 0x10; break;
    case 4: memset(x, 0xff, 31); x[31] = 0x0f; break;  /* 2^252 - 1: one long run */
    case 5: memset(x, 0xff, (size_t)len); break;     /* 2^(8 len) - 1 */
    case 6: x[len - 1] = 0x80; break;                /* top bit only */
    case 7: memset(x, 0xff, 8); break;               /* 2^64 - 1 */
    case 8: x[16] = 1; break;                        /* 2^128 */
    case 9: memset(x, 0x55, 32); x[31] &= 0x0f; break;
    case 10: memset(x, 0xaa, 32); x[31] &= 0x0f; break;
    case 11: l_plus(x, -1); break;                   /* L - 1 */
    case 12: l_plus(x, 1); break;                    /* L + 1 */
    case 13: x[0] = 0x7f; x[1] = 0x80; break;        /* digits 127, then carry */
    default: test_rng_bytes(x, len); break;          /* random */
  }
}

/* f against ref on cross_scalar patterns of m and n and several P */
static void test_cross(mGnP_fn f, mGnP_fn ref)
{
  unsigned char m[32], n[64], P[32], out[33], want[33];
  int i, j, k;

  test_rng_seed(MGNP_SEED ^ 0x63726f7373ULL);
  for (k = 0; k < 12; ++k) {
    if (k < 8) test_hex_decode(P, torsion_hex[k], 32);
    else if (k == 8) test_hex_decode(P, base_hex, 32);
    else if (k == 9) { memset(P, 0, 32); P[0] = 2; }  /* invalid: y = 2 */
    else { test_rng_bytes(P, 32); random_point(P); }
    for (i = 0; i < 16; ++i)
      for (j = 0; j < 16; ++j) {
        if (k < 8 && (i + j) % 4) continue;        /* fewer for small order */
        cross_scalar(m, 32, i);
        cross_scalar(n, 64, j);
        f(out, m, n, P);
        ref(want, m, n, P);
        test_expect_bytes("mGnP against the portable implementation", out, want, 33);
      }
  }
}

static void test_one(mGnP_fn f)
{
  unsigned char *m, *n, *P, *out;
  unsigned char mc[32], nc[64], Pc[32], want[33], msg[2], sig[64], buf[98];
  long long i, k, cases = test_valgrind ? 16 : MGNP_CASES;
  test_checksum c;

  /* RFC 8032 verification equation */
  for (i = 0; i < 3; ++i) {
    long long mlen = (long long)strlen(rfc[i][1]) / 2;
    test_hex_decode(buf + 32, rfc[i][0], 32);
    test_hex_decode(msg, rfc[i][1], mlen);
    test_hex_decode(sig, rfc[i][2], 64);
    memcpy(buf, sig, 32);
    memcpy(buf + 64, msg, (size_t)mlen);
    m = test_guarded_alloc(32, i);
    n = test_guarded_alloc(64, 2 * i + 1);
    P = test_guarded_alloc(32, 5 * i + 3);
    out = test_guarded_alloc(33, 7 * i + 1);
    lib25519_hash_sha512(n, buf, 64 + mlen);
    memcpy(m, sig + 32, 32);
    memcpy(P, buf + 32, 32);
    f(out, m, n, P);
    memcpy(want, sig, 32);
    want[32] = 1;
    test_expect_bytes("mGnP RFC 8032 S G - h A = R", out, want, 33);
    test_guard_check("mGnP output", out);
    test_guarded_free(m);
    test_guarded_free(n);
    test_guarded_free(P);
    test_guarded_free(out);
  }

  test_edges(f);

  test_checksum_init(&c);
  for (k = 0; k < cases; ++k) {
    m = test_guarded_alloc(32, k % 64);
    n = test_guarded_alloc(64, (k * 3) % 64);
    P = test_guarded_alloc(32, (k * 5) % 64);
    out = test_guarded_alloc(33, (k * 7) % 64);
    mgnp_input(m, n, P, k);
    memcpy(mc, m, 32);
    memcpy(nc, n, 64);
    memcpy(Pc, P, 32);
    f(out, m, n, P);
    test_checksum_add(&c, out, 33);
    test_expect_bytes("mGnP m unchanged", m, mc, 32);
    test_expect_bytes("mGnP n unchanged", n, nc, 64);
    test_expect_bytes("mGnP P unchanged", P, Pc, 32);
    test_guard_check("mGnP output", out);
    test_guarded_free(m);
    test_guarded_free(n);
    test_guarded_free(P);
    test_guarded_free(out);
  }
  if (!test_valgrind) test_checksum_expect("mGnP_ed25519 known answers", &c, mgnp_checksum);
}

void test_mGnP_ed25519(void)
{
  long long impl;

  TEST_FOR_EACH_IMPL(mGnP_ed25519, impl) {
    mGnP_fn f = TEST_IMPL_FN(mGnP_ed25519, impl);
    test_one(f);
    if (!test_valgrind)
      test_cross(f, lib25519_dispatch_mGnP_ed25519(lib25519_numimpl_mGnP_ed25519() - 1));
  }
}
