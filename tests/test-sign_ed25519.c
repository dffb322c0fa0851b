/* SPDX-License-Identifier: MIT */
/* Tests of sign_ed25519 (doc/api.md, doc/verification.md): keypair, hedged sign, open.

   - RFC 8032 section 7.1 tests 1, 2, 3, 1024 (1023-byte message) and
     SHA(abc): open accepts and returns the message; the public key is
     nG_merged25519 of the clamped SHA-512 of the seed; signing with the
     RFC secret key gives a (hedged, so different) signature that opens;
   - keypair: sk = seed || pk and pk = nG_merged25519(clamped SHA-512(seed));
   - round trips for message lengths 0..300 and 1 MiB, signed by each
     implementation and opened by it and by the selected one; two
     signatures of one message differ (hedged nonces);
   - every single-bit change of R, S, A and of short messages is rejected;
     S + L (same residue, not canonical) is rejected;
   - open's failure behaviour: *mlen = -1, m[0..smlen-1] cleared, nothing
     written for smlen < 0, smlen 0..63 rejected; m == sm works for open
     and sign (and m == sm + 64 for sign);
   - guard bytes and misaligned buffers on every output, inputs unmodified;
   - the Wycheproof Ed25519 cases (88 valid accepted, 63 invalid rejected)
     and the speccheck cases (VVVVXXXXXXXX) of tests/vectors;
   - the differential test (test_differential): every open against the
     rule written with the exported primitives, on crafted inputs of
     every class that matters for the half-size verification
     (doc/verification.md), 4000 per class (250000 with --long, or
     LIB25519_TEST_SIGN_DIFF=N in the environment).
   Under valgrind the secret key is poisoned before sign and the outputs
   are unpoisoned before they are examined; loops are shortened. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lib25519.h>
#include "testlib.h"

typedef void (*keypair_fn)(unsigned char *, unsigned char *);
typedef void (*sign_fn)(unsigned char *, long long *, const unsigned char *, long long, const unsigned char *);
typedef int (*open_fn)(unsigned char *, long long *, const unsigned char *, long long, const unsigned char *);

struct impl {
  keypair_fn keypair;
  sign_fn sign;
  open_fn open;
};

/* RFC 8032 known answers and L, computed by scripts/model/: */
#include "kat/sign_ed25519.h"

static int all_zero(const unsigned char *x, long long len)
{
  unsigned char acc = 0;
  long long i;
  for (i = 0; i < len; ++i) acc |= x[i];
  return acc == 0;
}

/* sign with the secret key poisoned; sm unpoisoned afterwards */
static void do_sign(const struct impl *I, unsigned char *sm, long long *smlen, const unsigned char *m,
                    long long mlen, const unsigned char *sk)
{
  test_poison(sk, 64);
  I->sign(sm, smlen, m, mlen, sk);
  test_unpoison(sk, 64);
  test_unpoison(sm, mlen + 64);
  test_unpoison(smlen, sizeof *smlen);
}

static void do_keypair(const struct impl *I, unsigned char *pk, unsigned char *sk)
{
  I->keypair(pk, sk);
  test_unpoison(pk, 32);
  test_unpoison(sk, 64);
}

/* open sm (smlen bytes) into a fresh guarded buffer; returns the result and
   checks the conventions of doc/api.md (on failure -1, *mlen = -1 and m
   cleared; on success 0 and the message); expect: 1 accept, 0 reject */
static void check_open(const char *what, open_fn open, const unsigned char *sm, long long smlen,
                       const unsigned char *pk, const unsigned char *msg, int expect)
{
  unsigned char *m = test_guarded_alloc(smlen > 0 ? smlen : 0, (smlen * 7) & 63);
  long long mlen = 12345;
  int r = open(m, &mlen, sm, smlen, pk);
  if (expect) {
    if (r != 0 || mlen != smlen - 64) test_fail("%s: rejected (open %d, mlen %lld)", what, r, mlen);
    else {
      test_expect_bytes(what, m, msg, mlen);
      if (!all_zero(m + mlen, 64)) test_fail("%s: the 64 bytes after the message are not zero", what);
    }
  } else {
    if (r != -1 || mlen != -1) test_fail("%s: accepted (open %d, mlen %lld)", what, r, mlen);
    else if (smlen > 0 && !all_zero(m, smlen)) test_fail("%s: m not cleared after failure", what);
  }
  test_guard_check(what, m);
  test_guarded_free(m);
}

static void test_rfc(const struct impl *I)
{
  long long i;
  for (i = 0; i < (long long)(sizeof rfc / sizeof rfc[0]); ++i) {
    long long mlen = (long long)strlen(rfc[i][2]) / 2, smlen;
    unsigned char *sm = test_guarded_alloc(mlen + 64, i);
    unsigned char *sm2 = test_guarded_alloc(mlen + 64, 2 * i + 1);
    unsigned char *msg = malloc((size_t)mlen + 1);
    unsigned char sk[64], pk[32], skcopy[64], h[64], A[32];
    if (!msg) { test_fail("out of memory"); return; }
    test_hex_decode(sk, rfc[i][0], 32);
    test_hex_decode(pk, rfc[i][1], 32);
    memcpy(sk + 32, pk, 32);
    test_hex_decode(msg, rfc[i][2], mlen);
    test_hex_decode(sm, rfc[i][3], 64);
    memcpy(sm + 64, msg, (size_t)mlen);
    check_open("open RFC 8032 signature", I->open, sm, mlen + 64, pk, msg, 1);

    /* the public key is nG of the clamped first half of SHA-512(seed) */
    lib25519_hash_sha512(h, sk, 32);
    h[0] &= 248;
    h[31] &= 127;
    h[31] |= 64;
    test_poison(h, 32);
    lib25519_nG_merged25519(A, h);
    test_unpoison(A, 32);
    test_expect_bytes("RFC 8032 public key from the seed", A, pk, 32);

    /* our own signature with the RFC key opens; hedged, so it differs */
    memcpy(skcopy, sk, 64);
    do_sign(I, sm2, &smlen, msg, mlen, sk);
    test_expect_bytes("sign leaves sk unchanged", sk, skcopy, 64);
    if (smlen != mlen + 64) test_fail("sign RFC key: smlen %lld", smlen);
    if (memcmp(sm2, sm, 64) == 0) test_fail("sign RFC key: signature equals the deterministic one");
    check_open("open own signature with RFC key", I->open, sm2, mlen + 64, pk, msg, 1);
    test_guard_check("sign output", sm2);
    test_guarded_free(sm);
    test_guarded_free(sm2);
    free(msg);
  }
}

static void test_keypair(const struct impl *I)
{
  long long i, iters = test_valgrind ? 2 : 16;
  for (i = 0; i < iters; ++i) {
    unsigned char *pk = test_guarded_alloc(32, i);
    unsigned char *sk = test_guarded_alloc(64, (i * 5 + 3) & 63);
    unsigned char h[64], want[32], pk2[32], sk2[64];
    do_keypair(I, pk, sk);
    test_expect_bytes("keypair: second half of sk is pk", sk + 32, pk, 32);
    lib25519_hash_sha512(h, sk, 32);
    h[0] &= 248;
    h[31] &= 127;
    h[31] |= 64;
    test_poison(h, 32);
    lib25519_nG_merged25519(want, h);
    test_unpoison(want, 32);
    test_expect_bytes("keypair: pk = nG(clamped SHA-512(seed))", pk, want, 32);
    do_keypair(I, pk2, sk2);
    if (memcmp(sk, sk2, 32) == 0) test_fail("keypair: two calls gave the same seed");
    test_guard_check("keypair pk", pk);
    test_guard_check("keypair sk", sk);
    test_guarded_free(pk);
    test_guarded_free(sk);
  }
}

/* sign with I, open with I and with the selected implementation */
static void round_trip(const struct impl *I, const struct impl *sel, const unsigned char *pk,
                       const unsigned char *sk, long long mlen, long long mis)
{
  unsigned char *msg = test_guarded_alloc(mlen, mis);
  unsigned char *sm = test_guarded_alloc(mlen + 64, (mis * 3 + 1) & 63);
  unsigned char *mcopy = malloc((size_t)mlen + 1);
  long long smlen = -7;
  if (!mcopy) { test_fail("out of memory"); return; }
  memcpy(mcopy, msg, (size_t)mlen);
  do_sign(I, sm, &smlen, msg, mlen, sk);
  if (smlen != mlen + 64) test_fail("sign: smlen %lld for mlen %lld", smlen, mlen);
  test_expect_bytes("sign leaves m unchanged", msg, mcopy, mlen);
  test_expect_bytes("sign: message after the signature", sm + 64, mcopy, mlen);
  test_guard_check("sign output", sm);
  check_open("round trip", I->open, sm, mlen + 64, pk, mcopy, 1);
  if (I != sel) check_open("round trip, opened by the selected implementation", sel->open, sm, mlen + 64, pk, mcopy, 1);
  test_guarded_free(msg);
  test_guarded_free(sm);
  free(mcopy);
}

static void test_round_trips(const struct impl *I, const struct impl *sel)
{
  unsigned char pk[32], sk[64];
  long long mlen, maxlen = test_valgrind ? 3 : 300;
  do_keypair(I, pk, sk);
  for (mlen = 0; mlen <= maxlen; ++mlen) round_trip(I, sel, pk, sk, mlen, mlen & 63);
  if (!test_valgrind) round_trip(I, sel, pk, sk, 1 << 20, 5);
  if (sel != I) {
    /* and the other way: signed by the selected one, opened by I */
    unsigned char sm[64 + 84], msg[84];
    long long smlen, i;
    for (i = 0; i < 84; ++i) msg[i] = (unsigned char)(i * i + 7);
    sel->sign(sm, &smlen, msg, 84, sk);
    check_open("selected sign, opened by this implementation", I->open, sm, smlen, pk, msg, 1);
  }
}

/* hedging, overlap, tampering, S + L, failure conventions */
static void test_edges(const struct impl *I)
{
  unsigned char pk[32], sk[64], pkc[32];
  unsigned char sm[64 + 40], sm2[64 + 40], t[64 + 40], buf[64 + 40], msg[40];
  long long smlen, mlen, i, bit, r;
  long long mlens[] = {0, 1, 16};
  int j;

  do_keypair(I, pk, sk);
  memcpy(pkc, pk, 32);

  /* two signatures of one message differ, both open */
  for (i = 0; i < 40; ++i) msg[i] = (unsigned char)(3 * i + 1);
  do_sign(I, sm, &smlen, msg, 40, sk);
  do_sign(I, sm2, &smlen, msg, 40, sk);
  if (memcmp(sm, sm2, 64) == 0) test_fail("sign: two signatures of one message are equal (not hedged)");
  check_open("second signature", I->open, sm2, 104, pk, msg, 1);

  /* sign in place: m == sm + 64 and m == sm */
  memcpy(buf + 64, msg, 40);
  do_sign(I, buf, &smlen, buf + 64, 40, sk);
  check_open("sign with m == sm + 64", I->open, buf, 104, pk, msg, 1);
  memcpy(buf, msg, 40);
  do_sign(I, buf, &smlen, buf, 40, sk);
  check_open("sign with m == sm", I->open, buf, 104, pk, msg, 1);

  /* open in place, success and failure */
  memcpy(buf, sm, 104);
  r = I->open(buf, &mlen, buf, 104, pk);
  if (r != 0 || mlen != 40 || memcmp(buf, msg, 40) != 0 || !all_zero(buf + 40, 64))
    test_fail("open with m == sm failed");
  memcpy(buf, sm, 104);
  buf[70] ^= 1;
  r = I->open(buf, &mlen, buf, 104, pk);
  if (r != -1 || mlen != -1 || !all_zero(buf, 104)) test_fail("open with m == sm: forgery not handled");

  /* short and negative smlen */
  for (i = 0; i < 64; ++i) check_open("open of a short sm", I->open, sm, i, pk, msg, 0);
  memset(buf, 0x5a, sizeof buf);
  mlen = 0;
  r = I->open(buf, &mlen, sm, -1, pk);
  if (r != -1 || mlen != -1) test_fail("open with smlen = -1 accepted");
  for (i = 0; i < (long long)sizeof buf; ++i)
    if (buf[i] != 0x5a) { test_fail("open with smlen = -1 wrote to m"); break; }

  /* every bit of R, S, A and of short messages */
  for (j = 0; j < 3; ++j) {
    long long ml = mlens[j], nbits = test_valgrind ? 8 : 8 * (64 + ml);
    do_sign(I, sm, &smlen, msg, ml, sk);
    for (bit = 0; bit < nbits; ++bit) {
      memcpy(t, sm, (size_t)(64 + ml));
      t[bit / 8] ^= (unsigned char)(1 << (bit % 8));
      check_open("tampered signature or message", I->open, t, 64 + ml, pk, msg, 0);
    }
    for (bit = 0; bit < (test_valgrind ? 8 : 256); ++bit) {
      unsigned char pk2[32];
      memcpy(pk2, pk, 32);
      pk2[bit / 8] ^= (unsigned char)(1 << (bit % 8));
      check_open("tampered public key", I->open, sm, 64 + ml, pk2, msg, 0);
    }
    test_expect_bytes("open leaves pk unchanged", pk, pkc, 32);
  }

  /* S + L, S + 2L, ... (same residue, not canonical): rejected */
  do_sign(I, sm, &smlen, msg, 40, sk);
  check_open("untampered", I->open, sm, 104, pk, msg, 1);
  memcpy(t, sm, 104);
  for (j = 1; j <= 15; ++j) {
    int c = 0;
    for (i = 0; i < 32; ++i) {
      c += t[32 + i] + order_L[i];
      t[32 + i] = (unsigned char)c;
      c >>= 8;
    }
    if (c) break;
    check_open("S + k L", I->open, t, 104, pk, msg, 0);
  }

  /* inputs of open unchanged */
  memcpy(t, sm, 104);
  check_open("open (inputs)", I->open, sm, 104, pk, msg, 1);
  test_expect_bytes("open leaves sm unchanged", sm, t, 104);
}

/* ---------- public vectors (tests/vectors) ---------- */

/* open of sig||msg under pk; 1 if accepted */
static int vector_accepts(open_fn open, const unsigned char *pk, long long pklen, const unsigned char *sig,
                          long long siglen, const unsigned char *msg, long long msglen)
{
  long long smlen = siglen + msglen, mlen;
  unsigned char *sm, *m;
  int r;
  if (pklen != 32) return 0;       /* not a 32-byte key: cannot be accepted */
  sm = malloc((size_t)smlen + 1);
  m = malloc((size_t)smlen + 1);
  if (!sm || !m) { test_fail("out of memory"); free(sm); free(m); return -1; }
  memcpy(sm, sig, (size_t)siglen);
  memcpy(sm + siglen, msg, (size_t)msglen);
  r = open(m, &mlen, sm, smlen, pk) == 0;
  if (r && (mlen != msglen || memcmp(m, sm + siglen, (size_t)mlen) != 0)) {
    test_fail("vector: accepted but wrong message returned");
  }
  free(sm);
  free(m);
  return r;
}

/* the verdict of open on the current case, whose fields first, first+1,
   first+2 are public key, signature and message; -1 if they do not parse */
static int vector_case(open_fn open, test_vectors *v, int first)
{
  long long pklen, siglen, msglen;
  unsigned char *pk = test_vectors_alloc(v, first, &pklen);
  unsigned char *sig = test_vectors_alloc(v, first + 1, &siglen);
  unsigned char *msg = test_vectors_alloc(v, first + 2, &msglen);
  int r = -1;
  if (pk && sig && msg) r = vector_accepts(open, pk, pklen, sig, siglen, msg, msglen);
  free(pk);
  free(sig);
  free(msg);
  return r;
}

static void test_wycheproof(open_fn open, test_vectors *v)
{
  long long valid_ok = 0, invalid_ok = 0, total = 0;

  test_vectors_rewind(v);
  /* tcId result publickey signature message flags */
  while (test_vectors_next(v) > 0) {
    long long tcid = atoll(v->field[0]);
    int want, got;
    if (v->nfields != 6) { test_fail("%s line %lld: want 6 fields", v->name, v->lineno); break; }
    want = strcmp(v->field[1], "valid") == 0;
    got = vector_case(open, v, 2);
    if (got < 0) break;
    if (got != want) test_fail("wycheproof tcId %lld: %s, want %s", tcid, got ? "accepted" : "rejected", want ? "accepted" : "rejected");
    else if (want) ++valid_ok;
    else ++invalid_ok;
    ++total;
  }
  if (total != 151 || valid_ok != 88 || invalid_ok != 63)
    test_fail("wycheproof: %lld cases, %lld valid accepted, %lld invalid rejected (want 151, 88, 63)",
              total, valid_ok, invalid_ok);
}

static void test_speccheck(open_fn open, test_vectors *v)
{
  char got[64], want[64];
  long long count = 0;

  test_vectors_rewind(v);
  /* case expected publickey signature message */
  while (test_vectors_next(v) > 0) {
    int r;
    if (v->nfields != 5) { test_fail("%s line %lld: want 5 fields", v->name, v->lineno); break; }
    r = vector_case(open, v, 2);
    if (r < 0) break;
    if (count < 63) {
      got[count] = r ? 'V' : 'X';
      want[count] = strcmp(v->field[1], "accept") == 0 ? 'V' : 'X';
    }
    ++count;
  }
  got[count < 63 ? count : 63] = 0;
  want[count < 63 ? count : 63] = 0;
  if (strcmp(got, "VVVVXXXXXXXX") != 0) test_fail("speccheck cases 0..11: %s, want VVVVXXXXXXXX", got);
  if (strcmp(want, "VVVVXXXXXXXX") != 0) test_fail("%s: expected verdicts %s, want VVVVXXXXXXXX", v->name, want);
}


/* ---------- differential test: every implementation against the rule ----------

   diff_ref_open is the rule of doc/verification.md written out with the
   exported primitives (SHA-512, the full-size mGnP_ed25519, verify_32),
   the way the full-size implementations compute it.  Every compiled open
   (the half-size ones included) must give the same result, the same
   mlen and the same smlen bytes of m on every input of diff_make: honest
   signatures; R and A with each of the 8 torsion components added, small-
   order A and R (so that many satisfy only the cofactored equation);
   non-canonical and off-curve encodings of R and A; special S values;
   bit flips, truncations and garbage.  About a third of the hashes give
   a reduced vector with even c1 (doc/verification.md), so the other
   candidate vectors are exercised too. */

static const char *const diff_torsion_hex[8] = {
  "0100000000000000000000000000000000000000000000000000000000000000",
  "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
  "0000000000000000000000000000000000000000000000000000000000000080",
  "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
  "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
  "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
  "0000000000000000000000000000000000000000000000000000000000000000",
  "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
};

static const unsigned char diff_L[32] = {
  0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
};

static int diff_open_ref(unsigned char *m, long long *mlen, const unsigned char *sm, long long smlen,
                         const unsigned char *pk)
{
  unsigned char *buf, hram[64], check[33];
  int ok = 0;

  if (smlen >= 64 && !(sm[63] & 0xe0)) {
    buf = malloc((size_t)smlen);
    if (!buf) { test_fail("out of memory"); return -2; }
    memcpy(buf, sm, (size_t)smlen);
    memcpy(buf + 32, pk, 32);
    lib25519_hash_sha512(hram, buf, smlen);
    free(buf);
    lib25519_mGnP_ed25519(check, sm + 32, hram, pk);
    ok = check[32] == 1 && lib25519_verify_32(check, sm) == 0;
  }
  if (ok) {
    memmove(m, sm + 64, (size_t)(smlen - 64));
    memset(m + smlen - 64, 0, 64);
    *mlen = smlen - 64;
    return 0;
  }
  *mlen = -1;
  if (smlen > 0) memset(m, 0, (size_t)smlen);
  return -1;
}

/* r = x mod L for a 64-byte little-endian x (bit by bit: test speed is ample) */
static void diff_mod_L(unsigned char r[32], const unsigned char x[64])
{
  uint64_t a[5] = {0, 0, 0, 0, 0}, l[5] = {0, 0, 0, 0, 0}, d[5];
  int i, j, ge;
  for (i = 0; i < 32; ++i) l[i / 8] |= (uint64_t)diff_L[i] << (8 * (i % 8));
  for (i = 511; i >= 0; --i) {
    for (j = 4; j > 0; --j) a[j] = (a[j] << 1) | (a[j - 1] >> 63);
    a[0] = (a[0] << 1) | ((x[i / 8] >> (i % 8)) & 1);
    ge = 1;
    for (j = 4; j >= 0; --j)
      if (a[j] != l[j]) { ge = a[j] > l[j]; break; }
    if (ge) {
      uint64_t borrow = 0;
      for (j = 0; j < 5; ++j) {
        uint64_t t = a[j] - l[j];
        uint64_t b2 = (a[j] < l[j]) | (t < borrow);
        d[j] = t - borrow;
        borrow = b2;
      }
      memcpy(a, d, sizeof a);
    }
  }
  for (i = 0; i < 32; ++i) r[i] = (unsigned char)(a[i / 8] >> (8 * (i % 8)));
}

/* r = a b + c mod L (32-byte little-endian inputs below 2^256) */
static void diff_muladd(unsigned char r[32], const unsigned char a[32], const unsigned char b[32],
                        const unsigned char c[32])
{
  unsigned int t[64];
  unsigned char x[64];
  int i, j;
  memset(t, 0, sizeof t);
  for (i = 0; i < 32; ++i)
    for (j = 0; j < 32; ++j) t[i + j] += (unsigned int)a[i] * b[j];
  for (i = 0; i < 32; ++i) t[i] += c[i];
  for (i = 0; i < 63; ++i) { t[i + 1] += t[i] >> 8; t[i] &= 255; }
  for (i = 0; i < 64; ++i) x[i] = (unsigned char)t[i];
  diff_mod_L(r, x);
}

/* a random scalar below L */
static void diff_scalar(unsigned char r[32])
{
  unsigned char x[64];
  test_rng_bytes(x, 64);
  diff_mod_L(r, x);
}

/* out = enc(P + Q) through multiscalar_ed25519; both valid */
static void diff_point_add(unsigned char out[32], const unsigned char P[32], const unsigned char Q[32])
{
  unsigned char n[64], pts[64], o[33];
  memset(n, 0, 64);
  n[0] = 1;
  n[32] = 1;
  memcpy(pts, P, 32);
  memcpy(pts + 32, Q, 32);
  lib25519_multiscalar_ed25519(o, n, pts, 2);
  if (o[32] != 1) test_fail("differential test: point addition of invalid points");
  memcpy(out, o, 32);
}

/* 1 iff P is a canonical encoding of a curve point */
static int diff_valid_point(const unsigned char P[32])
{
  unsigned char zero[32], n[64], o[33];
  memset(zero, 0, 32);
  memset(n, 0, 64);
  lib25519_mGnP_ed25519(o, zero, n, P);
  return o[32] == 1;
}

/* an encoding that is not canonical or not a point, by kind */
static void diff_bad_encoding(unsigned char P[32], unsigned int kind)
{
  switch (kind % 4) {
  case 0:   /* y >= p: p + t, t < 19, either sign */
    memset(P, 0xff, 32);
    P[0] = (unsigned char)(0xed + (kind / 4) % 19);
    P[31] = (kind / 76) & 1 ? 0xff : 0x7f;
    break;
  case 1:   /* x = 0 with the sign bit: y = 1 or y = p - 1 */
    if ((kind / 4) & 1) { memset(P, 0, 32); P[0] = 1; }
    else { memset(P, 0xff, 32); P[0] = 0xec; }
    P[31] |= 0x80;
    break;
  default:  /* y with no x (about half of all y) */
    do test_rng_bytes(P, 32); while (diff_valid_point(P));
    break;
  }
}

struct diff_stats {
  long long inputs, accepted, compared;
};

/* compare every open on one input */
static void diff_check(const char *what, open_fn *opens, long long nopen, const unsigned char *sm,
                       long long smlen, const unsigned char *pk, struct diff_stats *st)
{
  long long n = smlen > 0 ? smlen : 0, mlen0 = 7, mlen1, i;
  unsigned char *m0 = malloc((size_t)n + 1), *m1 = malloc((size_t)n + 1);
  int r0, r1;
  if (!m0 || !m1) { test_fail("out of memory"); free(m0); free(m1); return; }
  memset(m0, 0xa5, (size_t)n + 1);
  r0 = diff_open_ref(m0, &mlen0, sm, smlen, pk);
  ++st->inputs;
  if (r0 == 0) ++st->accepted;
  for (i = 0; i < nopen; ++i) {
    memset(m1, 0xa5, (size_t)n + 1);
    mlen1 = 7;
    r1 = opens[i](m1, &mlen1, sm, smlen, pk);
    ++st->compared;
    if (r1 != r0 || mlen1 != mlen0 || memcmp(m0, m1, (size_t)n + 1) != 0) {
      test_fail("differential %s: %s %s: open %d mlen %lld, rule %d mlen %lld%s", what,
                i ? lib25519_dispatch_sign_ed25519_implementation(i - 1) : "selected",
                i ? lib25519_dispatch_sign_ed25519_compiler(i - 1) : "", r1, mlen1, r0, mlen0,
                memcmp(m0, m1, (size_t)n + 1) ? ", m differs" : "");
      break;
    }
  }
  free(m0);
  free(m1);
}

/* one crafted input of class cls into sm (room for 64 + 64 + 40 bytes), pk;
   returns smlen */
static long long diff_make(unsigned char *sm, unsigned char pk[32], unsigned int cls)
{
  unsigned char a[32], r[32], R[32], A[32], T[32], S[32], hram[64], k[32], *buf;
  unsigned char rnd[8];
  long long mlen, smlen, i;
  unsigned int v;

  test_rng_bytes(rnd, 8);
  v = (unsigned int)rnd[0] | (unsigned int)rnd[1] << 8 | (unsigned int)rnd[2] << 16 | (unsigned int)rnd[3] << 24;
  mlen = rnd[4] % 41;

  /* key and nonce: random, or 0 (small-order A or R) */
  if (cls == 2 && (v & 1)) memset(a, 0, 32); else diff_scalar(a);
  if (cls == 2 && (v & 2)) memset(r, 0, 32); else diff_scalar(r);
  lib25519_nG_merged25519(A, a);
  lib25519_nG_merged25519(R, r);
  if (cls == 1 || cls == 2) {
    /* torsion components: i and j of the 8 */
    test_hex_decode(T, diff_torsion_hex[(v >> 8) & 7], 32);
    diff_point_add(A, A, T);
    test_hex_decode(T, diff_torsion_hex[(v >> 11) & 7], 32);
    diff_point_add(R, R, T);
  }
  if (cls == 3) diff_bad_encoding(R, v >> 8);
  if (cls == 4) diff_bad_encoding(A, v >> 8);
  memcpy(pk, A, 32);

  memcpy(sm, R, 32);
  memcpy(sm + 32, A, 32);
  test_rng_bytes(sm + 64, mlen);
  smlen = mlen + 64;
  buf = sm;
  lib25519_hash_sha512(hram, buf, smlen);
  diff_mod_L(k, hram);
  diff_muladd(S, k, a, r);                  /* S = r + k a mod L */
  memcpy(sm + 32, S, 32);

  if (cls == 5) {
    /* special S: L - 1, L, L + 1, 2^253 - 1, 2^253 - L, S + L, 0, random top bits */
    static const unsigned char one[32] = {1};
    unsigned char t[32];
    switch ((v >> 8) % 8) {
    case 0: memcpy(t, diff_L, 32); t[0] -= 1; break;
    case 1: memcpy(t, diff_L, 32); break;
    case 2: memcpy(t, diff_L, 32); t[0] += 1; break;
    case 3: memset(t, 0xff, 32); t[31] = 0x1f; break;
    case 4: memset(t, 0, 32); t[31] = 0x20; break;
    case 5: {   /* S + L (same residue, not canonical) */
      unsigned int c = 0;
      for (i = 0; i < 32; ++i) { c += (unsigned int)S[i] + diff_L[i]; t[i] = (unsigned char)c; c >>= 8; }
      break;
    }
    case 6: memset(t, 0, 32); (void)one; break;
    default: memcpy(t, S, 32); t[31] |= (unsigned char)(0x20 << ((v >> 11) % 3)); break;
    }
    memcpy(sm + 32, t, 32);
  }
  if (cls == 6) {
    /* flip one bit of R, S, the message or the key */
    unsigned int bit = (v >> 8) % (unsigned int)(8 * (smlen + 32));
    if (bit < 8 * smlen) sm[bit / 8] ^= (unsigned char)(1 << (bit % 8));
    else pk[(bit - 8 * smlen) / 8] ^= (unsigned char)(1 << (bit % 8));
  }
  if (cls == 7) {
    /* truncated (possibly below 64) or with garbage appended */
    if (v & 256) smlen -= (long long)((v >> 9) % 70);
    else { long long g = (long long)((v >> 9) % 40); test_rng_bytes(sm + smlen, g); smlen += g; }
  }
  return smlen;
}

static const char *const diff_class_name[8] = {
  "honest", "torsion in A and R", "small-order A or R", "bad R encoding", "bad A encoding",
  "special S", "bit flip", "length",
};

static void test_differential(test_vectors *wp, test_vectors *sc)
{
  long long nopen = lib25519_numimpl_sign_ed25519() + 1, i, n, count;
  open_fn *opens = malloc(sizeof(open_fn) * (size_t)nopen);
  struct diff_stats st[9];
  unsigned char *sm = malloc(64 + 64 + 48), pk[32];
  unsigned int cls;

  if (!opens || !sm) { test_fail("out of memory"); free(opens); free(sm); return; }
  opens[0] = lib25519_sign_ed25519_open;
  for (i = 1; i < nopen; ++i) opens[i] = lib25519_dispatch_sign_ed25519_open(i - 1);
  memset(st, 0, sizeof st);
  test_rng_seed(0x15d1ff);

  count = test_valgrind ? 16 : test_long ? 250000 : 4000;
  if (getenv("LIB25519_TEST_SIGN_DIFF")) count = atoll(getenv("LIB25519_TEST_SIGN_DIFF"));
  for (n = 0; n < count; ++n)
    for (cls = 0; cls < 8; ++cls) {
      long long smlen = diff_make(sm, pk, cls);
      diff_check(diff_class_name[cls], opens, nopen, sm, smlen, pk, &st[cls]);
    }

  /* the public vectors, each also with random single-bit flips of R and S */
  if (!test_valgrind) {
    test_vectors *vs[2] = {wp, sc};
    int w, first[2] = {2, 2};
    for (w = 0; w < 2; ++w) {
      if (!vs[w]) continue;
      test_vectors_rewind(vs[w]);
      while (test_vectors_next(vs[w]) > 0) {
        long long pklen, siglen, msglen, f, flips = test_long ? 512 : 16;
        unsigned char *vpk = test_vectors_alloc(vs[w], first[w], &pklen);
        unsigned char *sig = test_vectors_alloc(vs[w], first[w] + 1, &siglen);
        unsigned char *msg = test_vectors_alloc(vs[w], first[w] + 2, &msglen);
        unsigned char *vsm = vpk && sig && msg ? malloc((size_t)(siglen + msglen) + 1) : 0;
        if (vsm && pklen == 32) {
          memcpy(vsm, sig, (size_t)siglen);
          memcpy(vsm + siglen, msg, (size_t)msglen);
          diff_check("vector", opens, nopen, vsm, siglen + msglen, vpk, &st[8]);
          for (f = 0; f < flips && siglen >= 64; ++f) {
            unsigned char b[2];
            unsigned int bit;
            test_rng_bytes(b, 2);
            bit = test_long ? (unsigned int)f : (unsigned int)(b[0] | b[1] << 8) % 512;
            vsm[bit / 8] ^= (unsigned char)(1 << (bit % 8));
            diff_check("vector with a flipped bit", opens, nopen, vsm, siglen + msglen, vpk, &st[8]);
            vsm[bit / 8] ^= (unsigned char)(1 << (bit % 8));
          }
        }
        free(vsm);
        free(vpk);
        free(sig);
        free(msg);
      }
    }
  }

  for (cls = 0; cls < 9; ++cls)
    printf("sign_ed25519: differential %s: %lld inputs, %lld accepted, %lld opens compared\n",
           cls < 8 ? diff_class_name[cls] : "public vectors", st[cls].inputs, st[cls].accepted, st[cls].compared);
  /* the classes must reach both verdicts where the rule allows both */
  if (!test_valgrind && (st[0].accepted != st[0].inputs || st[1].accepted == 0 || st[1].accepted == st[1].inputs ||
                         st[2].accepted == 0 || st[3].accepted != 0 || st[4].accepted != 0))
    test_fail("differential test: unexpected verdict counts");
  free(opens);
  free(sm);
}

void test_sign_ed25519(void)
{
  long long impl;
  test_vectors wp, sc;
  int have_wp, have_sc;
  struct impl sel = {lib25519_sign_ed25519_keypair, lib25519_sign_ed25519, lib25519_sign_ed25519_open};

  have_wp = test_vectors_open(&wp, "sign_ed25519", "ed25519-wycheproof.txt");
  have_sc = test_vectors_open(&sc, "sign_ed25519", "ed25519-speccheck.txt");
  if (have_wp) printf("sign_ed25519: %lld Wycheproof Ed25519 cases from %s\n", test_vectors_count(&wp), wp.path);
  if (have_sc) printf("sign_ed25519: %lld speccheck cases from %s\n", test_vectors_count(&sc), sc.path);
  TEST_FOR_EACH_IMPL(sign_ed25519, impl) {
    struct impl I = {TEST_IMPL_FN(sign_ed25519_keypair, impl), TEST_IMPL_FN(sign_ed25519, impl),
                     TEST_IMPL_FN(sign_ed25519_open, impl)};
    test_rfc(&I);
    test_keypair(&I);
    test_round_trips(&I, impl < 0 ? &I : &sel);
    test_edges(&I);
    if (!test_valgrind || impl < 0) {
      if (have_wp) test_wycheproof(I.open, &wp);
      if (have_sc) test_speccheck(I.open, &sc);
    }
  }
  test_begin("sign_ed25519 differential", -1, "all", "all");
  test_differential(have_wp ? &wp : 0, have_sc ? &sc : 0);
  if (have_wp) test_vectors_close(&wp);
  if (have_sc) test_vectors_close(&sc);
}
