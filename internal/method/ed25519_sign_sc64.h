/* SPDX-License-Identifier: MIT */
/* The x86-64 BMI2/ADX backend of method/ed25519_sign.h, with the
   per-signature overhead cut down:
   - scalar arithmetic mod L is scalar/sc64.h (straight-line, mulx), and
     S = h a + r mod L multiplies by the clamped a as it is (a < 2^255:
     a b + c stays below 2^512), which saves reducing a first;
   - SHA-512 is padded here and fed to the dispatched compression
     function crypto_hashblocks_sha512 directly: the full blocks straight
     from the input plus one or two padded tail blocks, built only as long
     as needed.
   Defines ED25519_SHA512, ED25519_REDUCE64 and ED25519_SIGN_S for it. */
#ifndef METHOD_ED25519_SIGN_SC64_H
#define METHOD_ED25519_SIGN_SC64_H

#include <stdint.h>
#include <string.h>
#include "crypto_hashblocks_sha512.h"
#include "ct/crypto_ct.h"
#include "scalar/sc64.h"

/* SHA-512 initial hash value, big-endian bytes (FIPS 180-4 5.3.5) */
static const unsigned char ed25519_sc64_iv[64] = {
  0x6a,0x09,0xe6,0x67,0xf3,0xbc,0xc9,0x08,0xbb,0x67,0xae,0x85,0x84,0xca,0xa7,0x3b,
  0x3c,0x6e,0xf3,0x72,0xfe,0x94,0xf8,0x2b,0xa5,0x4f,0xf5,0x3a,0x5f,0x1d,0x36,0xf1,
  0x51,0x0e,0x52,0x7f,0xad,0xe6,0x82,0xd1,0x9b,0x05,0x68,0x8c,0x2b,0x3e,0x6c,0x1f,
  0x1f,0x83,0xd9,0xab,0xfb,0x41,0xbd,0x6b,0x5b,0xe0,0xcd,0x19,0x13,0x7e,0x21,0x79,
};

/* out = SHA-512(x[0..xlen-1]); out must not overlap x */
static void ed25519_sc64_sha512(unsigned char out[64], const unsigned char *x, long long xlen)
{
  unsigned char tail[256];
  unsigned long long bitlen_hi = (unsigned long long)xlen >> 61;
  unsigned long long bitlen_lo = (unsigned long long)xlen << 3;
  long long rem, padded, i;

  memcpy(out, ed25519_sc64_iv, 64);
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

/* rb = x mod L */
static void ed25519_sc64_reduce64(unsigned char rb[32], const unsigned char x[64])
{
  uint64_t r[4];

  sc64_from64bytes(r, x);
  sc64_tobytes(rb, r);
  crypto_ct_wipe(r, sizeof r);
}

/* S = h a + r mod L with the clamped a (below 2^255) not reduced; a frame
   of its own (noinline), cleared by crypto_sign's crypto_ct_wipe_below */
static __attribute__((noinline)) void ed25519_sc64_sign_S(unsigned char S[32], const unsigned char hram[64],
                                                          const unsigned char az[32], const unsigned char rb[32])
{
  uint64_t a[4], r[4], h[4], s[4];

  sc64_from64bytes(h, hram);
  sc64_load32(a, az);
  sc64_load32(r, rb);
  sc64_muladd(s, a, h, r);
  sc64_tobytes(S, s);
  crypto_ct_wipe(a, sizeof a);
  crypto_ct_wipe(r, sizeof r);
  crypto_ct_wipe(s, sizeof s);
}

#define ED25519_SHA512 ed25519_sc64_sha512
#define ED25519_REDUCE64 ed25519_sc64_reduce64
#define ED25519_SIGN_S ed25519_sc64_sign_S

#endif
