/* SPDX-License-Identifier: MIT */
/* Ed25519 verification exactly as doc/verification.md states it, shared by the sign
   implementations (they differ only in how they reach SHA-512, passed as
   hash). Rejects smlen < 64 and S with any of its top three bits set;
   h = SHA-512(R || A || M) (reduced by mGnP); R' = (S mod L) G - (h mod L) A
   by crypto_mGnP_ed25519, whose status is 0 unless S < L and A is a
   canonical point encoding; accepts iff the status is 1 and enc(R') equals
   R byte for byte (cofactorless; a non-canonical R never matches). The hash
   input R || A || M is laid out in m (smlen bytes), so m == sm works. On
   success m = M followed by 64 zero bytes; on failure *mlen = -1 and
   m[0..smlen-1] is cleared (nothing is written when smlen < 0). Public
   data only: variable time is fine.
   ed25519_open_with takes the verdict as a function, so that the
   half-size verification (method/ed25519_open_halfsize.h) shares the
   length and S checks, the hashing and the output contract.
   The includer provides crypto_mGnP_ed25519, crypto_verify_32 and
   crypto_declassify. */
#ifndef ED25519_OPEN_H
#define ED25519_OPEN_H

#include <string.h>

/* The verdict of the rule on R || S (RS), h = SHA-512(R || A || M) and A,
   S < 2^253 given: 1 accept, 0 reject.  This is the full-size
   computation through crypto_mGnP_ed25519: the reference that the
   half-size verification (method/ed25519_open_halfsize.h) must agree
   with, and its fallback. */
static int ed25519_verdict_mgnp(const unsigned char RS[64], const unsigned char hram[64],
                                const unsigned char A[32])
{
  unsigned char check[33];

  crypto_mGnP_ed25519(check, RS + 32, hram, A);
  crypto_declassify(check, sizeof check);
  if (check[32] != 1) return 0;
  return crypto_verify_32(check, RS) == 0;
}

/* open with the verdict computed by verdict (ed25519_verdict_mgnp or a
   function giving the same verdict on every input) */
static int ed25519_open_with(unsigned char *m, long long *mlen, const unsigned char *sm, long long smlen,
                             const unsigned char *pk,
                             void (*hash)(unsigned char *, const unsigned char *, long long),
                             int (*verdict)(const unsigned char *, const unsigned char *, const unsigned char *))
{
  unsigned char A[32], RS[64], hram[64];

  if (smlen < 64) goto fail;
  if (sm[63] & 0xe0) goto fail;

  memcpy(A, pk, 32);
  memcpy(RS, sm, 64);
  memmove(m, sm, (size_t)smlen);
  memcpy(m + 32, A, 32);            /* m = R || A || M */
  hash(hram, m, smlen);

  if (verdict(RS, hram, A) != 1) goto fail;

  memmove(m, m + 64, (size_t)(smlen - 64));
  memset(m + smlen - 64, 0, 64);
  *mlen = smlen - 64;
  return 0;

fail:
  *mlen = -1;
  if (smlen > 0) memset(m, 0, (size_t)smlen);
  return -1;
}

static __attribute__((unused)) int ed25519_open(unsigned char *m, long long *mlen, const unsigned char *sm,
                                                long long smlen, const unsigned char *pk,
                                                void (*hash)(unsigned char *, const unsigned char *, long long))
{
  return ed25519_open_with(m, mlen, sm, smlen, pk, hash, ed25519_verdict_mgnp);
}

#endif
