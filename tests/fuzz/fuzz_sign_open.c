/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: sign_ed25519_open, differential and against the
   verification rule of doc/verification.md.

   Input, first byte even ("raw"): pk (32 bytes) then sm (the rest).
   First byte odd ("made"): seed (32), op, pos (2), val, message (the rest):
   the harness makes a valid RFC 8032 signature of the message under the
   seed's key (tests/fuzz/fuzzlib.h), then op % 7 spoils it: 0 leaves it
   valid (every implementation must accept), 1 flips bits of sm at pos,
   2 adds L to S (S >= L), 3 flips bits of pk at pos, 4 truncates sm to
   pos % (smlen + 1) bytes, 5 replaces pk by the first 32 message bytes (every one of 1..5
   must be rejected, except op 5 when that happens to be the same key);
   6 signs with the small-order points T[pos % 8] added to A and
   T[(pos / 8) % 8] added to R (S = r + h a as usual), which the
   cofactored equation always accepts and the cofactorless rule accepts
   only when T_R = -h T_A: the inputs where a half-size verification
   (doc/verification.md) could differ from the full-size one.

   Every implementation of open (and the selected one) must give the same
   verdict as that rule computed with every implementation of
   mGnP and hash_sha512, honour the output contract (on success m holds the
   message and the 64 bytes after it are zero, *mlen = smlen - 64; on
   failure *mlen = -1 and m[0..smlen-1] is cleared), and give the same
   result in place (m == sm). Buffers have exact sizes, so ASan sees any
   access outside them. */
#include "fuzzlib.h"

typedef int (*open_fn)(unsigned char *, long long *, const unsigned char *, long long, const unsigned char *);
typedef void (*mgnp_fn)(unsigned char *, const unsigned char *, const unsigned char *, const unsigned char *);
typedef void (*hash_fn)(unsigned char *, const unsigned char *, long long);

/* the rule of doc/verification.md: open's verdict, from one mGnP and one
   hash */
static int rule_open(const unsigned char *sm, long long smlen, const unsigned char pk[32], mgnp_fn mgnp, hash_fn hash)
{
  unsigned char h[64], out[33];
  if (smlen < 64) return -1;
  if (sm[63] & 0xe0) return -1;
  unsigned char *buf = malloc((size_t)smlen);
  if (!buf) abort();
  memcpy(buf, sm, 32);
  memcpy(buf + 32, pk, 32);
  memcpy(buf + 64, sm + 64, (size_t)(smlen - 64));
  hash(h, buf, smlen);
  free(buf);
  mgnp(out, sm + 32, h, pk);
  if (out[32] != 1) return -1;
  return memcmp(out, sm, 32) == 0 ? 0 : -1;
}

/* the 8 points of small order (the x = 0 or y = 0 ones and the order-8 ones) */
static const unsigned char torsion[8][32] = {
  {0x01},
  {0xc7,0x17,0x6a,0x70,0x3d,0x4d,0xd8,0x4f,0xba,0x3c,0x0b,0x76,0x0d,0x10,0x67,0x0f,
   0x2a,0x20,0x53,0xfa,0x2c,0x39,0xcc,0xc6,0x4e,0xc7,0xfd,0x77,0x92,0xac,0x03,0x7a},
  {[31] = 0x80},
  {0x26,0xe8,0x95,0x8f,0xc2,0xb2,0x27,0xb0,0x45,0xc3,0xf4,0x89,0xf2,0xef,0x98,0xf0,
   0xd5,0xdf,0xac,0x05,0xd3,0xc6,0x33,0x39,0xb1,0x38,0x02,0x88,0x6d,0x53,0xfc,0x05},
  {0xec,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,
   0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0x7f},
  {0x26,0xe8,0x95,0x8f,0xc2,0xb2,0x27,0xb0,0x45,0xc3,0xf4,0x89,0xf2,0xef,0x98,0xf0,
   0xd5,0xdf,0xac,0x05,0xd3,0xc6,0x33,0x39,0xb1,0x38,0x02,0x88,0x6d,0x53,0xfc,0x85},
  {0},
  {0xc7,0x17,0x6a,0x70,0x3d,0x4d,0xd8,0x4f,0xba,0x3c,0x0b,0x76,0x0d,0x10,0x67,0x0f,
   0x2a,0x20,0x53,0xfa,0x2c,0x39,0xcc,0xc6,0x4e,0xc7,0xfd,0x77,0x92,0xac,0x03,0xfa},
};

/* out = P + Q (valid points) through multiscalar_ed25519 */
static void point_add(unsigned char out[32], const unsigned char P[32], const unsigned char Q[32])
{
  unsigned char n[64] = {1}, pts[64], o[33];
  n[32] = 1;
  memcpy(pts, P, 32);
  memcpy(pts + 32, Q, 32);
  lib25519_multiscalar_ed25519(o, n, pts, 2);
  if (o[32] != 1) FUZZ_FAIL("torsion signature: point addition failed");
  memcpy(out, o, 32);
}

/* op 6: sm = R || S || msg with A = [a]G + T_A, R = [r]G + T_R, S = r + h a */
static void torsion_sign(unsigned char *sm, unsigned char pk[32], const unsigned char seed[32],
                         const unsigned char *msg, long long mlen, long long pos)
{
  unsigned char h[64], a[32], r[32], k[32];
  lib25519_hash_sha512(h, seed, 32);
  memcpy(a, h, 32);
  a[0] &= 248;
  a[31] &= 127;
  a[31] |= 64;
  lib25519_nG_merged25519(pk, a);
  point_add(pk, pk, torsion[pos % 8]);
  sc_reduce(r, h + 32, 32);
  lib25519_nG_merged25519(sm, r);
  point_add(sm, sm, torsion[(pos / 8) % 8]);
  memcpy(sm + 32, pk, 32);
  if (mlen) memcpy(sm + 64, msg, (size_t)mlen);
  lib25519_hash_sha512(h, sm, mlen + 64);
  sc_reduce(k, h, 64);
  sc_muladd(sm + 32, k, a, r);
}

static void check_open(const char *name, open_fn f, const unsigned char *sm, long long smlen, const unsigned char pk[32],
                       int want)
{
  long long mlen = 12345;
  unsigned char *m = malloc(smlen > 0 ? (size_t)smlen : 1);
  unsigned char *inplace = malloc(smlen > 0 ? (size_t)smlen : 1);
  if (!m || !inplace) abort();
  memset(m, 0xa5, smlen > 0 ? (size_t)smlen : 1);
  int r = f(m, &mlen, sm, smlen, pk);
  if (r != want) FUZZ_FAIL("open %s returned %d, the verification rule says %d (smlen %lld)", name, r, want, smlen);
  if (r == 0) {
    if (mlen != smlen - 64) FUZZ_FAIL("open %s: mlen %lld for smlen %lld", name, mlen, smlen);
    if (memcmp(m, sm + 64, (size_t)mlen) != 0) FUZZ_FAIL("open %s: wrong message", name);
    for (long long i = mlen; i < smlen; ++i)
      if (m[i]) FUZZ_FAIL("open %s: byte %lld after the message not zeroed", name, i - mlen);
  } else {
    if (mlen != -1) FUZZ_FAIL("open %s: failure with mlen %lld", name, mlen);
    for (long long i = 0; i < smlen; ++i)
      if (m[i]) FUZZ_FAIL("open %s: failure left m[%lld] = %d", name, i, m[i]);
  }
  long long mlen2 = 12345;
  if (smlen > 0) memcpy(inplace, sm, (size_t)smlen);
  int r2 = f(inplace, &mlen2, inplace, smlen, pk);
  if (r2 != r || mlen2 != mlen || (smlen > 0 && memcmp(inplace, m, (size_t)smlen) != 0))
    FUZZ_FAIL("open %s: in place (m == sm) gives %d/%lld, not %d/%lld", name, r2, mlen2, r, mlen);
  free(m);
  free(inplace);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  unsigned char pk[32], sk[64];
  unsigned char *sm;
  long long smlen;
  int expect = 2; /* 0 accept, -1 reject, 2 unknown */

  if (size < 1) return 0;
  int mode = data[0];
  ++data;
  --size;
  if (size > 1 << 16) return 0;
  if (!(mode & 1)) {
    if (size < 32) return 0;
    memcpy(pk, data, 32);
    smlen = (long long)size - 32;
    sm = malloc(smlen > 0 ? (size_t)smlen : 1);
    if (!sm) abort();
    if (smlen > 0) memcpy(sm, data + 32, (size_t)smlen);
  } else {
    if (size < 36) return 0;
    int op = data[32] % 7;
    long long pos = data[33] | (data[34] << 8);
    unsigned char val = data[35] ? data[35] : 1;
    const unsigned char *msg = data + 36;
    long long mlen = (long long)size - 36;
    ref_keypair(pk, sk, data);
    smlen = mlen + 64;
    sm = malloc((size_t)smlen);
    if (!sm) abort();
    ref_sign(sm, msg, mlen, sk);
    if (mlen) memcpy(sm + 64, msg, (size_t)mlen);
    expect = op == 0 ? 0 : op == 6 ? 2 : -1;
    if (op == 6) torsion_sign(sm, pk, data, msg, mlen, pos);
    if (op == 1) sm[pos % smlen] ^= val;
    if (op == 2) {
      uint64_t carry;
      u256 s = u256_add(u256_load(sm + 32), fuzz_L(), &carry);
      u256_store(sm + 32, s);
    }
    if (op == 3) pk[pos % 32] ^= val;
    if (op == 4) {
      long long cut = pos % (smlen + 1);
      if (cut == smlen) expect = 0; /* nothing cut */
      smlen = cut;
    }
    if (op == 5) {
      if (mlen < 32) {
        free(sm);
        return 0;
      }
      if (memcmp(pk, msg, 32) == 0) expect = 2;
      memcpy(pk, msg, 32);
    }
  }

  /* the rule's verdict with every mGnP and every hash implementation */
  int want = rule_open(sm, smlen, pk, lib25519_mGnP_ed25519, lib25519_hash_sha512);
  for (long long j = 0; j < lib25519_numimpl_mGnP_ed25519(); ++j) {
    int w = rule_open(sm, smlen, pk, lib25519_dispatch_mGnP_ed25519(j), lib25519_hash_sha512);
    if (w != want) FUZZ_FAIL("rule's verdict with mGnP %s is %d, selected gives %d", lib25519_dispatch_mGnP_ed25519_implementation(j), w, want);
  }
  for (long long j = 0; j < lib25519_numimpl_hash_sha512(); ++j) {
    int w = rule_open(sm, smlen, pk, lib25519_mGnP_ed25519, lib25519_dispatch_hash_sha512(j));
    if (w != want) FUZZ_FAIL("rule's verdict with hash %s is %d, selected gives %d", lib25519_dispatch_hash_sha512_implementation(j), w, want);
  }
  if (expect != 2 && want != expect) FUZZ_FAIL("made signature: rule's verdict %d, expected %d", want, expect);

  check_open("selected", lib25519_sign_ed25519_open, sm, smlen, pk, want);
  for (long long i = 0; i < lib25519_numimpl_sign_ed25519(); ++i)
    check_open(lib25519_dispatch_sign_ed25519_implementation(i), lib25519_dispatch_sign_ed25519_open(i), sm, smlen, pk, want);
  free(sm);
  return 0;
}
