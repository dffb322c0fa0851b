/* SPDX-License-Identifier: MIT */
/* Ed25519 keypair, hedged signing and verification (RFC 8032 with the
   nonce rule and the verification rule of doc/verification.md).

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

   open: doc/verification.md exactly.  Rejects smlen < 64 and S with any of its top
   three bits set; h = SHA-512(R || A || M) (reduced by mGnP),
   R' = (S mod L) G - (h mod L) A by crypto_mGnP_ed25519, whose status
   is 0 unless S < L and A is a canonical point encoding; accepts iff the
   status is 1 and enc(R') equals R byte for byte (so a non-canonical R
   never matches; the equation is the cofactorless one).  The hash input
   R || A || M is laid out in m (which has smlen bytes), so m == sm works.
   On success m = M followed by 64 zero bytes; on failure *mlen = -1 and
   m[0..smlen-1] is cleared (nothing is written when smlen < 0).

   keypair_from_seed and with_z are keypair and sign with their random
   bytes given; only the self-test (../selftest.c) calls them, so that it
   needs no randomness.

   Constant time: keypair and sign never branch on or index by secret data
   (nG is constant time, scalar arithmetic is sc25519.h's constant-time
   code).  The public key and the signature are public by design and are
   declassified on output.  open handles public data only. */
#include <string.h>
#include "crypto_sign.h"
#include "crypto_hash_sha512.h"
#include "crypto_nG_merged25519.h"
#include "crypto_mGnP_ed25519.h"
#include "crypto_verify_32.h"
#include "ct/crypto_ct.h"
#include "ct/crypto_declassify.h"
#include "os/randombytes.h"
#include "scalar/sc25519.h"
#include "method/ed25519_open.h"

/* (a, prefix) = SHA-512(seed) with a clamped */
static void expand_seed(unsigned char az[64], const unsigned char seed[32])
{
  crypto_hash_sha512(az, seed, 32);
  az[0] &= 248;
  az[31] &= 127;
  az[31] |= 64;
}

/* S = h a + r mod L, h = hram mod L, a = the clamped scalar az[0..31]:
   a frame of its own (noinline), so that the crypto_ct_wipe_below of
   crypto_sign clears whatever the compiler spilled of a there */
static __attribute__((noinline)) void sign_S(unsigned char S[32], const unsigned char hram[64],
                                             const unsigned char az[32], const sc25519 *r)
{
  sc25519 h, a, s;
  sc25519_from64bytes(&h, hram);
  sc25519_from32bytes(&a, az);
  sc25519_muladd(&s, &h, &a, r);
  sc25519_tobytes(S, &s);
  CRYPTO_CT_WIPE(a);
  CRYPTO_CT_WIPE(s);
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
  crypto_ct_wipe_below(512);           /* the callees' frames: at most 360 bytes (gcc, clang -fstack-usage) */
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
void crypto_sign_with_z(unsigned char *sm, long long *smlen, const unsigned char *m, long long mlen, const unsigned char *sk, const unsigned char *z)
{
  unsigned char az[64], A[32], nonce[64], hram[64], rb[32];
  sc25519 r;

  /* everything needed from sk, before sm is touched */
  expand_seed(az, sk);
  memcpy(A, sk + 32, 32);

  memmove(sm + 64, m, (size_t)mlen);
  memcpy(sm, az + 32, 32);
  memcpy(sm + 32, z, 32);
  crypto_hash_sha512(nonce, sm, mlen + 64);
  sc25519_from64bytes(&r, nonce);
  sc25519_tobytes(rb, &r);

  crypto_nG_merged25519(sm, rb);    /* R; r < L, so the top bit is clear */
  memcpy(sm + 32, A, 32);
  crypto_hash_sha512(hram, sm, mlen + 64);
  sign_S(sm + 32, hram, az, &r);
  crypto_declassify(sm, 64);
  *smlen = mlen + 64;

  crypto_ct_wipe(az, sizeof az);
  crypto_ct_wipe(nonce, sizeof nonce);
  crypto_ct_wipe(rb, sizeof rb);
  crypto_ct_wipe(&r, sizeof r);
  crypto_ct_wipe_below(512);           /* sign_S's frame, the callees' spills */
}

void crypto_sign(unsigned char *sm, long long *smlen, const unsigned char *m, long long mlen, const unsigned char *sk)
{
  unsigned char z[32];

  randombytes(z, 32);
  crypto_sign_with_z(sm, smlen, m, mlen, sk, z);
  crypto_ct_wipe(z, sizeof z);
}

/* the verdict of open: the full-size one through crypto_mGnP_ed25519 here;
   an implementation that includes this file may name another one that
   gives the same verdict on every input (../fe51-halfsize/sign.c) */
#ifndef ED25519_OPEN_VERDICT
#define ED25519_OPEN_VERDICT ed25519_verdict_mgnp
#endif

int crypto_sign_open(unsigned char *m, long long *mlen, const unsigned char *sm, long long smlen, const unsigned char *pk)
{
  return ed25519_open_with(m, mlen, sm, smlen, pk, crypto_hash_sha512, ED25519_OPEN_VERDICT);
}
