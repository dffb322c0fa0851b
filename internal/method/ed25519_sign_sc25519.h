/* SPDX-License-Identifier: MIT */
/* The portable backend of method/ed25519_sign.h: SHA-512 through the
   dispatched crypto_hash_sha512, scalars mod L with scalar/sc25519.h
   (constant time).  Defines ED25519_SHA512, ED25519_REDUCE64 and
   ED25519_SIGN_S for it. */
#ifndef METHOD_ED25519_SIGN_SC25519_H
#define METHOD_ED25519_SIGN_SC25519_H

#include "crypto_hash_sha512.h"
#include "ct/crypto_ct.h"
#include "scalar/sc25519.h"

/* rb = x mod L */
static void ed25519_sc25519_reduce64(unsigned char rb[32], const unsigned char x[64])
{
  sc25519 r;

  sc25519_from64bytes(&r, x);
  sc25519_tobytes(rb, &r);
  CRYPTO_CT_WIPE_SMALL(r);
}

/* S = h a + r mod L, h = hram mod L, a = the clamped scalar az[0..31],
   r = rb < L: a frame of its own (noinline), so that the
   crypto_ct_wipe_below of crypto_sign clears whatever the compiler
   spilled of a there */
static __attribute__((noinline)) void ed25519_sc25519_sign_S(unsigned char S[32], const unsigned char hram[64],
                                                             const unsigned char az[32], const unsigned char rb[32])
{
  sc25519 h, a, r, s;

  sc25519_from64bytes(&h, hram);
  sc25519_from32bytes(&a, az);
  sc25519_from32bytes(&r, rb);
  sc25519_muladd(&s, &h, &a, &r);
  sc25519_tobytes(S, &s);
  CRYPTO_CT_WIPE_SMALL(a);
  CRYPTO_CT_WIPE_SMALL(r);
  CRYPTO_CT_WIPE_SMALL(s);
}

#define ED25519_SHA512 crypto_hash_sha512
#define ED25519_REDUCE64 ed25519_sc25519_reduce64
#define ED25519_SIGN_S ed25519_sc25519_sign_S

#endif
