/* SPDX-License-Identifier: MIT */
/* Differential test against OpenSSL and, when built with HAVE_SODIUM,
   libsodium (test oracles only, never linked into the library): SHA-512 on
   lengths 0..20000, X25519 on random and edge inputs, Ed25519 signatures in
   both directions plus mutations. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/evp.h>
#include <openssl/sha.h>
#include <lib25519.h>
#ifdef HAVE_SODIUM
#include <sodium.h>
#endif

static long long failures = 0, checks = 0;

static void fail(const char *what, long long i)
{
  if (++failures < 20) printf("FAIL %s (case %lld)\n", what, i);
}

static unsigned long long rng = 0x243f6a8885a308d3ULL;
static void fill(unsigned char *x, long long n)
{
  for (long long i = 0; i < n; ++i) {
    rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
    x[i] = (unsigned char)(rng >> 56);
  }
}

static void sha512_diff(void)
{
  long long maxlen = 20000;
  unsigned char *x = malloc(maxlen), h1[64], h2[64];
  fill(x, maxlen);
  for (long long len = 0; len <= maxlen; ++len) {
    lib25519_hash_sha512(h1, x, len);
    SHA512(x, len, h2);
    ++checks;
    if (memcmp(h1, h2, 64)) fail("sha512", len);
  }
  free(x);
  printf("sha512: lengths 0..%lld agree\n", maxlen);
}

#ifdef lib25519_dh_x25519_BYTES
static int openssl_x25519(unsigned char *k, const unsigned char *pk, const unsigned char *sk)
{
  EVP_PKEY *priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, sk, 32);
  EVP_PKEY *pub = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, pk, 32);
  EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(priv, NULL);
  size_t klen = 32;
  int ok = ctx && EVP_PKEY_derive_init(ctx) > 0 && EVP_PKEY_derive_set_peer(ctx, pub) > 0 &&
           EVP_PKEY_derive(ctx, k, &klen) > 0 && klen == 32;
  EVP_PKEY_CTX_free(ctx);
  EVP_PKEY_free(priv);
  EVP_PKEY_free(pub);
  return ok;
}

static void x25519_diff(void)
{
  unsigned char sk[32], pk[32], k1[32], k2[32], pub1[32], pub2[32];
  long long agreed = 0, zero = 0;
  for (long long i = 0; i < 3000; ++i) {
    fill(sk, 32);
    fill(pk, 32);
    if (i % 10 == 1) memset(pk + 1, i % 20 == 1 ? 0xff : 0, 31); /* edge: small u, u >= p */
    if (i % 10 == 2) pk[31] |= 0x80;                             /* top bit set */
    lib25519_dh_x25519(k1, pk, sk);
    ++checks;
    if (openssl_x25519(k2, pk, sk)) {
      if (memcmp(k1, k2, 32)) fail("x25519 dh", i);
      ++agreed;
    } else {
      /* OpenSSL refuses an all-zero result; ours returns it (doc/api.md) */
      static const unsigned char z[32];
      if (memcmp(k1, z, 32)) fail("x25519 dh where OpenSSL saw a zero result", i);
      ++zero;
    }
    /* public key from secret key */
    lib25519_nG_montgomery25519(pub1, sk);
    EVP_PKEY *priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, sk, 32);
    size_t len = 32;
    if (!priv || EVP_PKEY_get_raw_public_key(priv, pub2, &len) <= 0 || memcmp(pub1, pub2, 32)) fail("x25519 public key", i);
#ifdef HAVE_SODIUM
    if (crypto_scalarmult(k2, sk, pk) == 0) {
      if (memcmp(k1, k2, 32)) fail("x25519 dh against libsodium", i);
    } else {
      static const unsigned char z[32];
      if (memcmp(k1, z, 32)) fail("x25519 dh where libsodium saw a zero result", i);
    }
#endif
    EVP_PKEY_free(priv);
  }
  printf("x25519: %lld shared secrets agree, %lld zero results, 3000 public keys agree\n", agreed, zero);
}
#endif

#ifdef lib25519_sign_ed25519_BYTES
static int openssl_verify(const unsigned char *sig, const unsigned char *m, size_t mlen, const unsigned char *pk)
{
  EVP_PKEY *pub = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, pk, 32);
  EVP_MD_CTX *ctx = EVP_MD_CTX_new();
  int ok = pub && ctx && EVP_DigestVerifyInit(ctx, NULL, NULL, NULL, pub) > 0 &&
           EVP_DigestVerify(ctx, sig, 64, m, mlen) == 1;
  EVP_MD_CTX_free(ctx);
  EVP_PKEY_free(pub);
  return ok;
}

static void ed25519_diff(void)
{
  unsigned char pk[32], sk[64], m[400], sm[464], m2[464], sig[64];
  long long smlen, mlen2;
  for (long long i = 0; i < 1000; ++i) {
    long long mlen = i % 400;
    fill(m, mlen);
    lib25519_sign_keypair(pk, sk);
    lib25519_sign(sm, &smlen, m, mlen, sk);
    ++checks;
    if (smlen != mlen + 64 || !openssl_verify(sm, m, mlen, pk)) fail("our signature under OpenSSL", i);
    /* OpenSSL signs with the same seed; we open it */
    EVP_PKEY *priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, sk, 32);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    size_t siglen = 64;
    unsigned char pub2[32];
    size_t publen = 32;
    if (!priv || !ctx || EVP_DigestSignInit(ctx, NULL, NULL, NULL, priv) <= 0 ||
        EVP_DigestSign(ctx, sig, &siglen, m, mlen) <= 0 || EVP_PKEY_get_raw_public_key(priv, pub2, &publen) <= 0) {
      fail("OpenSSL signing", i);
    } else {
      if (memcmp(pub2, pk, 32)) fail("public key differs from OpenSSL's", i);
      memcpy(sm, sig, 64);
      memcpy(sm + 64, m, mlen);
      if (lib25519_sign_open(m2, &mlen2, sm, mlen + 64, pk) != 0 || mlen2 != mlen || memcmp(m2, m, mlen))
        fail("OpenSSL's signature under ours", i);
      /* a flipped bit must be rejected by both */
      long long bit = (i * 7919) % (8 * (64 + mlen));
      sm[bit / 8] ^= (unsigned char)(1 << (bit % 8));
      int ours = lib25519_sign_open(m2, &mlen2, sm, mlen + 64, pk) == 0;
      int theirs = openssl_verify(sm, sm + 64, mlen, pk);
      if (ours || theirs) fail("mutated signature accepted", i);
#ifdef HAVE_SODIUM
      sm[bit / 8] ^= (unsigned char)(1 << (bit % 8));
      if (crypto_sign_verify_detached(sm, m, (unsigned long long)mlen, pk) != 0) fail("OpenSSL's signature under libsodium", i);
      unsigned char spk[32], ssk[64];
      crypto_sign_seed_keypair(spk, ssk, sk);
      if (memcmp(spk, pk, 32)) fail("public key differs from libsodium's", i);
      crypto_sign_detached(sm, NULL, m, (unsigned long long)mlen, ssk);
      if (lib25519_sign_open(m2, &mlen2, sm, mlen + 64, pk) != 0 || mlen2 != mlen) fail("libsodium's signature under ours", i);
      lib25519_sign(sm, &smlen, m, mlen, sk);
      if (crypto_sign_verify_detached(sm, m, (unsigned long long)mlen, pk) != 0) fail("our signature under libsodium", i);
      sm[bit / 8] ^= (unsigned char)(1 << (bit % 8));
      if (crypto_sign_verify_detached(sm, sm + 64, (unsigned long long)mlen, pk) == 0 ||
          lib25519_sign_open(m2, &mlen2, sm, mlen + 64, pk) == 0)
        fail("mutated signature accepted (libsodium)", i);
#endif
    }
    EVP_MD_CTX_free(ctx);
    EVP_PKEY_free(priv);
  }
#ifdef HAVE_SODIUM
  printf("ed25519: 1000 signatures verified in both directions against OpenSSL and libsodium, mutations rejected by all\n");
#else
  printf("ed25519: 1000 signatures verified in both directions, mutations rejected by both (libsodium not built in)\n");
#endif
}
#endif

int main(void)
{
#ifdef HAVE_SODIUM
  if (sodium_init() < 0) return 111;
#endif
  sha512_diff();
#ifdef lib25519_dh_x25519_BYTES
  x25519_diff();
#else
  printf("x25519: not built\n");
  ++failures;
#endif
#ifdef lib25519_sign_ed25519_BYTES
  ed25519_diff();
#else
  printf("ed25519: not built\n");
  ++failures;
#endif
  printf("openssl-diff: %lld checks, %lld failures\n", checks, failures);
  return failures != 0;
}
