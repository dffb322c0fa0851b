/* SPDX-License-Identifier: MIT */
/* Ed25519 keypair, hedged signing and verification (RFC 8032 with the
   nonce rule and the verification rule of doc/verification.md), written
   once for every crypto_sign_ed25519 implementation: they differ only in
   how they hash, in their scalar arithmetic mod L (the backends
   method/ed25519_sign_sc25519.h, portable, and method/ed25519_sign_sc64.h,
   x86-64 mulx) and in open's verdict.
   keypair: seed = 32 random bytes, (a, prefix) = SHA-512(seed) with a
   clamped, pk = enc(a G), sk = seed || pk.
   sign: r = SHA-512(prefix || z || M) mod L with z = 32 fresh random
   bytes (hedged: a broken RNG still leaves the RFC's deterministic
   security, a good one protects against fault attacks on the nonce),
   R = enc(r G), h = SHA-512(R || A || M) mod L, S = r + h a mod L,
   sm = R || S || M.  Both hashes run over sm itself, which has exactly
   64 + mlen bytes: the message is moved to sm + 64 first (memmove, so m
   may overlap sm in any way, e.g. m == sm or m == sm + 64), then the first
   64 bytes hold prefix || z, later R || A, finally R || S.  sk may overlap
   sm too: it is read completely before sm is written.
   open: method/ed25519_open.h (doc/verification.md exactly), with the
   verdict the includer names.
   keypair_from_seed and with_z are keypair and sign with their random
   bytes given; only the self-test (crypto_sign/ed25519/selftest.c) calls
   them, so that it needs no randomness.
   Constant time: keypair and sign never branch on or index by secret data
   (nG is constant time, so is the backend's scalar arithmetic, and the
   hash padding depends on the public length only).  The public key and
   the signature are public by design and are declassified on output.
   open handles public data only.

   The includer includes its "crypto_sign.h" and a backend, which defines
     ED25519_SHA512(out, x, xlen)   out = SHA-512(x), out not overlapping x
     ED25519_REDUCE64(rb, x)        rb = x mod L (32 bytes from 64)
     ED25519_SIGN_S(S, hram, az, rb)  S = (hram mod L) a + rb mod L, a the
                                    clamped az[0..31], rb < L; clears its
                                    own temporaries
   and defines ED25519_OPEN_VERDICT (ed25519_verdict_mgnp of
   method/ed25519_open.h, or a half-size verdict of
   method/ed25519_open_halfsize.h).  One inclusion per file: it defines
   the implementation's crypto_sign functions. */
#if !defined(ED25519_SHA512) || !defined(ED25519_REDUCE64) || !defined(ED25519_SIGN_S) || \
    !defined(ED25519_OPEN_VERDICT)
#error "include a backend (method/ed25519_sign_sc25519.h or ed25519_sign_sc64.h) and define ED25519_OPEN_VERDICT before including method/ed25519_sign.h"
#endif

#include <string.h>
#include "crypto_nG_merged25519.h"
#include "crypto_mGnP_ed25519.h"
#include "crypto_verify_32.h"
#include "ct/crypto_ct.h"
#include "ct/crypto_declassify.h"
#include "os/randombytes.h"
#include "method/ed25519_open.h"

/* (a, prefix) = SHA-512(seed) with a clamped */
static void expand_seed(unsigned char az[64], const unsigned char seed[32])
{
  ED25519_SHA512(az, seed, 32);
  az[0] &= 248;
  az[31] &= 127;
  az[31] |= 64;
}

/* keypair with the seed given: what keypair does after randombytes (and
   what the self-test checks); seed may overlap sk */
void crypto_sign_keypair_from_seed(unsigned char *pk, unsigned char *sk, const unsigned char *seed)
{
  unsigned char az[64], A[32];

  expand_seed(az, seed);
  crypto_nG_merged25519(A, az);     /* top bit of a is clear: Edwards form */
  crypto_declassify(A, 32);
  memmove(sk, seed, 32);
  memcpy(sk + 32, A, 32);
  memcpy(pk, A, 32);
  crypto_ct_wipe(az, sizeof az);
  crypto_ct_wipe_below(512);        /* the callees' frames: at most 360 bytes (gcc, clang -fstack-usage) */
}

void crypto_sign_keypair(unsigned char *pk, unsigned char *sk)
{
  unsigned char seed[32];

  randombytes(seed, 32);
  crypto_sign_keypair_from_seed(pk, sk, seed);
  crypto_ct_wipe(seed, sizeof seed);
}

/* sign with the 32 random bytes z given: what sign does after randombytes
   (and what the self-test checks); z must not overlap sm */
void crypto_sign_with_z(unsigned char *sm, long long *smlen, const unsigned char *m, long long mlen,
                        const unsigned char *sk, const unsigned char *z)
{
  unsigned char az[64], A[32], nonce[64], hram[64], rb[32];

  /* everything needed from sk, before sm is touched */
  expand_seed(az, sk);
  memcpy(A, sk + 32, 32);

  memmove(sm + 64, m, (size_t)mlen);
  memcpy(sm, az + 32, 32);
  memcpy(sm + 32, z, 32);
  ED25519_SHA512(nonce, sm, mlen + 64);
  ED25519_REDUCE64(rb, nonce);

  crypto_nG_merged25519(sm, rb);    /* R; r < L, so the top bit is clear */
  memcpy(sm + 32, A, 32);
  ED25519_SHA512(hram, sm, mlen + 64);
  ED25519_SIGN_S(sm + 32, hram, az, rb);
  crypto_declassify(sm, 64);
  *smlen = mlen + 64;

  crypto_ct_wipe(az, sizeof az);
  crypto_ct_wipe(nonce, sizeof nonce);
  crypto_ct_wipe(rb, sizeof rb);
  crypto_ct_wipe_below(512);        /* the backend's frames, the callees' spills: at most 360 bytes */
}

void crypto_sign(unsigned char *sm, long long *smlen, const unsigned char *m, long long mlen, const unsigned char *sk)
{
  unsigned char z[32];

  randombytes(z, 32);
  crypto_sign_with_z(sm, smlen, m, mlen, sk, z);
  crypto_ct_wipe(z, sizeof z);
}

int crypto_sign_open(unsigned char *m, long long *mlen, const unsigned char *sm, long long smlen, const unsigned char *pk)
{
  return ed25519_open_with(m, mlen, sm, smlen, pk, ED25519_SHA512, ED25519_OPEN_VERDICT);
}
