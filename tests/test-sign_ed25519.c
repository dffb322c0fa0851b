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
     and the speccheck cases (VVVVXXXXXXXX) of tests/vectors.
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

/* RFC 8032 7.1: seed, public key, message, signature */
static const char msg1023[] =
  "08b8b2b733424243760fe426a4b54908632110a66c2f6591eabd3345e3e4eb98"
  "fa6e264bf09efe12ee50f8f54e9f77b1e355f6c50544e23fb1433ddf73be84d8"
  "79de7c0046dc4996d9e773f4bc9efe5738829adb26c81b37c93a1b270b20329d"
  "658675fc6ea534e0810a4432826bf58c941efb65d57a338bbd2e26640f89ffbc"
  "1a858efcb8550ee3a5e1998bd177e93a7363c344fe6b199ee5d02e82d522c4fe"
  "ba15452f80288a821a579116ec6dad2b3b310da903401aa62100ab5d1a36553e"
  "06203b33890cc9b832f79ef80560ccb9a39ce767967ed628c6ad573cb116dbef"
  "efd75499da96bd68a8a97b928a8bbc103b6621fcde2beca1231d206be6cd9ec7"
  "aff6f6c94fcd7204ed3455c68c83f4a41da4af2b74ef5c53f1d8ac70bdcb7ed1"
  "85ce81bd84359d44254d95629e9855a94a7c1958d1f8ada5d0532ed8a5aa3fb2"
  "d17ba70eb6248e594e1a2297acbbb39d502f1a8c6eb6f1ce22b3de1a1f40cc24"
  "554119a831a9aad6079cad88425de6bde1a9187ebb6092cf67bf2b13fd65f270"
  "88d78b7e883c8759d2c4f5c65adb7553878ad575f9fad878e80a0c9ba63bcbcc"
  "2732e69485bbc9c90bfbd62481d9089beccf80cfe2df16a2cf65bd92dd597b07"
  "07e0917af48bbb75fed413d238f5555a7a569d80c3414a8d0859dc65a46128ba"
  "b27af87a71314f318c782b23ebfe808b82b0ce26401d2e22f04d83d1255dc51a"
  "ddd3b75a2b1ae0784504df543af8969be3ea7082ff7fc9888c144da2af58429e"
  "c96031dbcad3dad9af0dcbaaaf268cb8fcffead94f3c7ca495e056a9b47acdb7"
  "51fb73e666c6c655ade8297297d07ad1ba5e43f1bca32301651339e22904cc8c"
  "42f58c30c04aafdb038dda0847dd988dcda6f3bfd15c4b4c4525004aa06eeff8"
  "ca61783aacec57fb3d1f92b0fe2fd1a85f6724517b65e614ad6808d6f6ee34df"
  "f7310fdc82aebfd904b01e1dc54b2927094b2db68d6f903b68401adebf5a7e08"
  "d78ff4ef5d63653a65040cf9bfd4aca7984a74d37145986780fc0b16ac451649"
  "de6188a7dbdf191f64b5fc5e2ab47b57f7f7276cd419c17a3ca8e1b939ae49e4"
  "88acba6b965610b5480109c8b17b80e1b7b750dfc7598d5d5011fd2dcc5600a3"
  "2ef5b52a1ecc820e308aa342721aac0943bf6686b64b2579376504ccc493d97e"
  "6aed3fb0f9cd71a43dd497f01f17c0e2cb3797aa2a2f256656168e6c496afc5f"
  "b93246f6b1116398a346f1a641f3b041e989f7914f90cc2c7fff357876e506b5"
  "0d334ba77c225bc307ba537152f3f1610e4eafe595f6d9d90d11faa933a15ef1"
  "369546868a7f3a45a96768d40fd9d03412c091c6315cf4fde7cb68606937380d"
  "b2eaaa707b4c4185c32eddcdd306705e4dc1ffc872eeee475a64dfac86aba41c"
  "0618983f8741c5ef68d3a101e8a3b8cac60c905c15fc910840b94c00a0b9d0";

static const char *const rfc[][4] = {
  {"9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
   "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
   "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
   "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"},
  {"4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
   "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
   "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
   "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"},
  {"c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
   "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
   "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac"
   "18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"},
  {"f5e5767cf153319517630f226876b86c8160cc583bc013744c6bf255f5cc0ee5",
   "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e", msg1023,
   "0aab4c900501b3e24d7cdf4663326a3a87df5e4843b2cbdb67cbf6e460fec350"
   "aa5371b1508f9f4528ecea23c436d94b5e8fcd4f681e30a6ac00a9704a188a03"},
  {"833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
   "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
   "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
   "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
   "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b589"
   "09351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704"},
};

static const unsigned char order_L[32] = {
  0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2,
  0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10
};

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
  if (have_wp) test_vectors_close(&wp);
  if (have_sc) test_vectors_close(&sc);
}
