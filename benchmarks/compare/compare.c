/* SPDX-License-Identifier: MIT */
/* Side-by-side speed of lib25519 (this tree), OpenSSL and libsodium on the
   seven headline operations of lib25519's speed table, on one core.

   Libraries are interleaved round by round (the order rotates each round),
   so slow drifts of a shared machine hit all of them alike. Each figure is
   the interquartile mean of ROUNDS single-operation timings.

   Definitions follow lib25519's table: OpenSSL's figures time only
   EVP_PKEY_Q_keygen, EVP_PKEY_derive, EVP_DigestSign and EVP_DigestVerify;
   key decoding, context creation and *Init calls are done outside the
   timed region. "X batch" and "Ed MSM" are per item of a batch of 16.

   Build: benchmarks/compare/run.sh (needs libssl-dev; libsodium-dev optional). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lib25519.h>
#include <openssl/evp.h>
#ifdef HAVE_SODIUM
#include <sodium.h>
#endif
#include "cpucycles.h"

#define ROUNDS 301
enum { XKEY, XDH, XBATCH, EDKEY, EDSIGN, EDVERIFY, EDMSM, NOPS };
static const char *opnames[NOPS] = {"X key", "X dh", "X batch", "Ed key", "Ed sign", "Ed verif", "Ed MSM"};
enum { OURS, OPENSSL, SODIUM, NLIBS };
static const char *libnames[NLIBS] = {"ours", "OpenSSL", "libsodium"};

static long long t[NLIBS][NOPS][ROUNDS];
static int have[NLIBS][NOPS];

static int cmp(const void *a, const void *b)
{
  long long x = *(const long long *)a, y = *(const long long *)b;
  return (x > y) - (x < y);
}

static double iqm(long long *v, int n)
{
  qsort(v, n, sizeof v[0], cmp);
  double s = 0;
  int lo = n / 4, hi = n - n / 4;
  for (int i = lo; i < hi; ++i) s += v[i];
  return s / (hi - lo);
}

static unsigned char m59[59];
static unsigned char xsk[32], xpk[32], xk[32];
static unsigned char bsk[16 * 32], bpk[16 * 32], bk[16 * 32];
static unsigned char esk[64], epk[32], esm[59 + 64], em[59 + 64];
static unsigned char msm_n[16 * 32], msm_p[16 * 32], msm_out[33];

static void ours(int op, int r)
{
  long long a, b, smlen, mlen;
  switch (op) {
    case XKEY: a = cpucycles(); lib25519_dh_keypair(xpk, xsk); b = cpucycles(); break;
    case XDH: a = cpucycles(); lib25519_dh(xk, xpk, xsk); b = cpucycles(); break;
    case XBATCH: a = cpucycles(); lib25519_nPbatch_montgomery25519(bk, bsk, bpk, 16); b = cpucycles(); b = a + (b - a) / 16; break;
    case EDKEY: a = cpucycles(); lib25519_sign_keypair(epk, esk); b = cpucycles(); break;
    case EDSIGN: a = cpucycles(); lib25519_sign(esm, &smlen, m59, 59, esk); b = cpucycles(); break;
    case EDVERIFY:
      a = cpucycles();
      if (lib25519_sign_open(em, &mlen, esm, 59 + 64, epk) != 0) { fprintf(stderr, "compare: our verify failed\n"); exit(1); }
      b = cpucycles();
      break;
    default: a = cpucycles(); lib25519_multiscalar_ed25519(msm_out, msm_n, msm_p, 16); b = cpucycles(); b = a + (b - a) / 16; break;
  }
  t[OURS][op][r] = b - a;
}

/* OpenSSL state prepared outside the timed regions */
static EVP_PKEY *o_xpriv, *o_xpub, *o_edpriv, *o_edpub;
static unsigned char o_sig[64];

static void openssl(int op, int r)
{
  long long a = 0, b = 0;
  EVP_PKEY *k = NULL;
  EVP_PKEY_CTX *ctx = NULL;
  EVP_MD_CTX *md = NULL;
  size_t len;
  switch (op) {
    case XKEY: a = cpucycles(); k = EVP_PKEY_Q_keygen(NULL, NULL, "X25519"); b = cpucycles(); break;
    case XDH:
      ctx = EVP_PKEY_CTX_new(o_xpriv, NULL);
      if (!ctx || EVP_PKEY_derive_init(ctx) <= 0 || EVP_PKEY_derive_set_peer(ctx, o_xpub) <= 0) exit(1);
      len = 32;
      a = cpucycles(); EVP_PKEY_derive(ctx, xk, &len); b = cpucycles();
      break;
    case EDKEY: a = cpucycles(); k = EVP_PKEY_Q_keygen(NULL, NULL, "ED25519"); b = cpucycles(); break;
    case EDSIGN:
      md = EVP_MD_CTX_new();
      if (!md || EVP_DigestSignInit(md, NULL, NULL, NULL, o_edpriv) <= 0) exit(1);
      len = 64;
      a = cpucycles(); EVP_DigestSign(md, o_sig, &len, m59, 59); b = cpucycles();
      break;
    case EDVERIFY:
      md = EVP_MD_CTX_new();
      if (!md || EVP_DigestVerifyInit(md, NULL, NULL, NULL, o_edpub) <= 0) exit(1);
      a = cpucycles();
      if (EVP_DigestVerify(md, o_sig, 64, m59, 59) != 1) { fprintf(stderr, "compare: OpenSSL verify failed\n"); exit(1); }
      b = cpucycles();
      break;
  }
  EVP_PKEY_free(k);
  EVP_PKEY_CTX_free(ctx);
  EVP_MD_CTX_free(md);
  t[OPENSSL][op][r] = b - a;
}

#ifdef HAVE_SODIUM
static unsigned char s_pk[32], s_sk[64], s_sig[64];
static void sodium(int op, int r)
{
  long long a = 0, b = 0;
  switch (op) {
    case XKEY: a = cpucycles(); randombytes_buf(xsk, 32); crypto_scalarmult_base(xpk, xsk); b = cpucycles(); break;
    case XDH: a = cpucycles(); if (crypto_scalarmult(xk, xsk, xpk)) {} b = cpucycles(); break;
    case EDKEY: a = cpucycles(); crypto_sign_keypair(s_pk, s_sk); b = cpucycles(); break;
    case EDSIGN: a = cpucycles(); crypto_sign_detached(s_sig, NULL, m59, 59, s_sk); b = cpucycles(); break;
    case EDVERIFY:
      a = cpucycles();
      if (crypto_sign_verify_detached(s_sig, m59, 59, s_pk) != 0) { fprintf(stderr, "compare: libsodium verify failed\n"); exit(1); }
      b = cpucycles();
      break;
  }
  t[SODIUM][op][r] = b - a;
}
#endif

int main(void)
{
  memset(m59, 0x5a, sizeof m59);
  lib25519_dh_keypair(xpk, xsk);
  for (int i = 0; i < 16; ++i) lib25519_dh_keypair(bpk + 32 * i, bsk + 32 * i);
  lib25519_sign_keypair(epk, esk);
  long long smlen;
  lib25519_sign(esm, &smlen, m59, 59, esk);
  for (int i = 0; i < 16; ++i) {
    unsigned char seed[64];
    lib25519_sign_keypair(msm_p + 32 * i, seed);
    lib25519_hash_sha512(seed, msm_p + 32 * i, 32);
    memcpy(msm_n + 32 * i, seed, 32);
    msm_n[32 * i + 31] &= 15; /* below L */
  }
  o_xpriv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, xsk, 32);
  o_xpub = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, xpk, 32);
  o_edpriv = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, esk, 32);
  o_edpub = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, epk, 32);
  if (!o_xpriv || !o_xpub || !o_edpriv || !o_edpub) return 1;
  { size_t len = 64; EVP_MD_CTX *md = EVP_MD_CTX_new(); EVP_DigestSignInit(md, NULL, NULL, NULL, o_edpriv); EVP_DigestSign(md, o_sig, &len, m59, 59); EVP_MD_CTX_free(md); }
#ifdef HAVE_SODIUM
  if (sodium_init() < 0) return 1;
  crypto_sign_keypair(s_pk, s_sk);
  crypto_sign_detached(s_sig, NULL, m59, 59, s_sk);
#endif
  for (int op = 0; op < NOPS; ++op) {
    have[OURS][op] = 1;
    have[OPENSSL][op] = op != XBATCH && op != EDMSM;
#ifdef HAVE_SODIUM
    have[SODIUM][op] = op != XBATCH && op != EDMSM;
#endif
  }
  for (int r = -10; r < ROUNDS; ++r) { /* 10 warm-up rounds */
    for (int k = 0; k < NLIBS; ++k) {
      int lib = (k + (r < 0 ? 0 : r)) % NLIBS;
      for (int op = 0; op < NOPS; ++op) {
        if (!have[lib][op]) continue;
        int rr = r < 0 ? 0 : r;
        if (lib == OURS) ours(op, rr);
        if (lib == OPENSSL) openssl(op, rr);
#ifdef HAVE_SODIUM
        if (lib == SODIUM) sodium(op, rr);
#endif
      }
    }
  }
  printf("# compare: %d interleaved rounds, interquartile mean per operation\n", ROUNDS);
  printf("# counter: %s%s\n", cpucycles_implementation(),
         strstr(cpucycles_implementation(), "tsc") ? " (TSC ticks, not core cycles)" : "");
  printf("# ours: lib25519 %s, %s / %s / %s\n", lib25519_version, lib25519_nP_montgomery25519_implementation(),
         lib25519_nG_merged25519_implementation(), lib25519_mGnP_ed25519_implementation());
  printf("# OpenSSL: %s\n", OpenSSL_version(OPENSSL_VERSION));
#ifdef HAVE_SODIUM
  printf("# libsodium: %s\n", sodium_version_string());
#endif
  printf("op");
  for (int lib = 0; lib < NLIBS; ++lib) printf("\t%s", libnames[lib]);
  printf("\tOpenSSL/ours\tlibsodium/ours\n");
  for (int op = 0; op < NOPS; ++op) {
    double v[NLIBS] = {0};
    printf("%s", opnames[op]);
    for (int lib = 0; lib < NLIBS; ++lib) {
      if (have[lib][op]) {
        v[lib] = iqm(t[lib][op], ROUNDS);
        printf("\t%.0f", v[lib]);
      } else
        printf("\t-");
    }
    for (int lib = 1; lib < NLIBS; ++lib) {
      if (have[lib][op]) printf("\t%.2f", v[lib] / v[OURS]);
      else printf("\t-");
    }
    printf("\n");
  }
  return 0;
}
