/* SPDX-License-Identifier: MIT */
/* Quick check of a crypto_sign_ed25519 candidate using only its own
   functions, with fixed inputs and known answers, so that it is
   deterministic and makes no system call (a verify-only program never
   touches the OS's randomness):
   - keypair_from_seed (keypair after its randombytes) on the seed of
     RFC 8032 section 7.1 test 2 gives that test's public key;
   - with_z (sign after its randombytes) of "abc" under that key with a
     fixed z gives the model's hedged signature;
   - open accepts it, rejects it with one bit of S flipped, and accepts
     RFC 8032 test 2.
   The answers are generated: selftest_kat.h (scripts/gen/gen-kat --selftest). */
#include <string.h>
#include "selftest_kat.h"

static int selftest(void (*keypair)(unsigned char *, unsigned char *),
                    void (*sign)(unsigned char *, long long *, const unsigned char *, long long, const unsigned char *),
                    int (*open)(unsigned char *, long long *, const unsigned char *, long long, const unsigned char *),
                    void (*keypair_from_seed)(unsigned char *, unsigned char *, const unsigned char *),
                    void (*with_z)(unsigned char *, long long *, const unsigned char *, long long, const unsigned char *, const unsigned char *))
{
  unsigned char pk[32], sk[64], sm[67], m[67];
  long long smlen, mlen;

  (void)keypair; /* randombytes + keypair_from_seed */
  (void)sign;    /* randombytes + with_z */
  keypair_from_seed(pk, sk, selftest_sign_seed);
  if (memcmp(pk, selftest_sign_pk, 32) != 0) return -1;
  if (memcmp(sk, selftest_sign_seed, 32) != 0 || memcmp(sk + 32, selftest_sign_pk, 32) != 0) return -1;
  with_z(sm, &smlen, (const unsigned char *)"abc", 3, sk, selftest_sign_z);
  if (smlen != 67 || memcmp(sm, selftest_sign_sm, 67) != 0) return -1;
  if (open(m, &mlen, sm, smlen, pk) != 0 || mlen != 3 || memcmp(m, "abc", 3) != 0) return -1;
  sm[40] ^= 4;
  if (open(m, &mlen, sm, smlen, pk) != -1 || mlen != -1) return -1;
  if (open(m, &mlen, selftest_sign_rfc_sm, 65, pk) != 0 || mlen != 1 || m[0] != 0x72) return -1;
  return 0;
}
