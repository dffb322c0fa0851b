/* SPDX-License-Identifier: MIT */
/* Ed25519 keypair, hedged signing and verification: the construction,
   the overlap rules, the results and the self-test entries
   (keypair_from_seed, with_z) of ../ref/sign.c exactly (see there),
   with the per-signature overhead cut down for x86-64 with BMI2/ADX:

   - scalar arithmetic mod L is scalar/sc64.h (straight-line, mulx), and
     S = h a + r mod L multiplies by the clamped a as it is (a < 2^255:
     a b + c stays below 2^512), which saves reducing a first;
   - SHA-512 is padded here and fed to the dispatched compression
     function crypto_hashblocks_sha512 directly: the 32-byte seed as one
     prepared block, and R || A || M / prefix || z || M as their full
     blocks straight from sm plus one or two padded tail blocks, built
     only as long as needed;
   - temporaries are cleared with crypto_ct_wipe (ct/crypto_ct.h), as
     everywhere.

   Constant time: keypair and sign never branch on or index by secret data
   (nG is constant time, scalar/sc64.h is constant time, the hash padding
   depends on the public length only).  The public key and the signature
   are public by design and are declassified on output. */
#include <string.h>
#include "crypto_sign.h"
#include "crypto_hashblocks_sha512.h"
#include "crypto_nG_merged25519.h"
#include "crypto_mGnP_ed25519.h"
#include "crypto_verify_32.h"
#include "ct/crypto_ct.h"
#include "ct/crypto_declassify.h"
#include "os/randombytes.h"
#include "scalar/sc64.h"
#include "method/ed25519_open.h"

/* SHA-512 initial hash value, big-endian bytes (FIPS 180-4 5.3.5) */
static const unsigned char sha512_iv[64] = {
  0x6a,0x09,0xe6,0x67,0xf3,0xbc,0xc9,0x08,0xbb,0x67,0xae,0x85,0x84,0xca,0xa7,0x3b,
  0x3c,0x6e,0xf3,0x72,0xfe,0x94,0xf8,0x2b,0xa5,0x4f,0xf5,0x3a,0x5f,0x1d,0x36,0xf1,
  0x51,0x0e,0x52,0x7f,0xad,0xe6,0x82,0xd1,0x9b,0x05,0x68,0x8c,0x2b,0x3e,0x6c,0x1f,
  0x1f,0x83,0xd9,0xab,0xfb,0x41,0xbd,0x6b,0x5b,0xe0,0xcd,0x19,0x13,0x7e,0x21,0x79,
};

/* out = SHA-512(x[0..xlen-1]); out must not overlap x */
static void sha512(unsigned char out[64], const unsigned char *x, long long xlen)
{
  unsigned char tail[256];
  unsigned long long bitlen_hi = (unsigned long long)xlen >> 61;
  unsigned long long bitlen_lo = (unsigned long long)xlen << 3;
  long long rem, padded, i;

  memcpy(out, sha512_iv, 64);
  rem = crypto_hashblocks_sha512(out, x, xlen);
  padded = (rem < 112) ? 128 : 256;
  memcpy(tail, x + (xlen - rem), (size_t)rem);
  tail[rem] = 0x80;
  memset(tail + rem + 1, 0, (size_t)(padded - 16 - rem - 1));
  for (i = 0; i < 8; ++i) {
    tail[padded - 1 - i] = (unsigned char)(bitlen_lo >> (8 * i));
    tail[padded - 9 - i] = (unsigned char)(bitlen_hi >> (8 * i));
  }
  crypto_hashblocks_sha512(out, tail, padded);
  crypto_ct_wipe(tail, (size_t)padded);
}

/* (a, prefix) = SHA-512(seed) with a clamped: a single padded block */
static void expand_seed(unsigned char az[64], const unsigned char seed[32])
{
  unsigned char block[128];

  memcpy(block, seed, 32);
  block[32] = 0x80;
  memset(block + 33, 0, 128 - 33);
  block[126] = 1;                   /* bit length 256, big-endian */
  memcpy(az, sha512_iv, 64);
  crypto_hashblocks_sha512(az, block, 128);
  crypto_ct_wipe(block, 32);
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
  crypto_ct_wipe_below(512);           /* the callees' frames: at most 336 bytes (gcc, clang -fstack-usage) */
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
  uint64_t a[4], r[4], h[4], S[4];

  /* everything needed from sk, before sm is touched */
  expand_seed(az, sk);
  memcpy(A, sk + 32, 32);

  memmove(sm + 64, m, (size_t)mlen);
  memcpy(sm, az + 32, 32);
  memcpy(sm + 32, z, 32);
  sha512(nonce, sm, mlen + 64);
  sc64_from64bytes(r, nonce);
  sc64_tobytes(rb, r);

  crypto_nG_merged25519(sm, rb);    /* R; r < L, so the top bit is clear */
  memcpy(sm + 32, A, 32);
  sha512(hram, sm, mlen + 64);
  sc64_from64bytes(h, hram);
  sc64_load32(a, az);               /* clamped, below 2^255: not reduced */
  sc64_muladd(S, a, h, r);
  sc64_tobytes(sm + 32, S);
  crypto_declassify(sm, 64);
  *smlen = mlen + 64;

  crypto_ct_wipe(az, sizeof az);
  crypto_ct_wipe(nonce, sizeof nonce);
  crypto_ct_wipe(rb, sizeof rb);
  crypto_ct_wipe(a, sizeof a);
  crypto_ct_wipe(r, sizeof r);
  crypto_ct_wipe(S, sizeof S);
  crypto_ct_wipe_below(512);           /* the callees' frames: at most 336 bytes (gcc, clang -fstack-usage) */
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
   gives the same verdict on every input (../fe64-halfsize/sign.c) */
#ifndef ED25519_OPEN_VERDICT
#define ED25519_OPEN_VERDICT ed25519_verdict_mgnp
#endif

int crypto_sign_open(unsigned char *m, long long *mlen, const unsigned char *sm, long long smlen, const unsigned char *pk)
{
  return ed25519_open_with(m, mlen, sm, smlen, pk, sha512, ED25519_OPEN_VERDICT);
}
