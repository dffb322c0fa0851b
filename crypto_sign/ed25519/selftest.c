/* SPDX-License-Identifier: MIT */
/* Quick check of a crypto_sign_ed25519 candidate using only its own three
   functions: keypair -> sign (a 3-byte message) -> open round trip, the
   same signature with one bit of S flipped rejected, and open accepting
   RFC 8032 section 7.1 test 2. */
#include <string.h>

static void selftest_unhex(unsigned char *out, const char *hex, int len)
{
  int i, hi, lo;
  for (i = 0; i < len; ++i) {
    hi = hex[2 * i];
    lo = hex[2 * i + 1];
    hi = hi <= '9' ? hi - '0' : hi - 'a' + 10;
    lo = lo <= '9' ? lo - '0' : lo - 'a' + 10;
    out[i] = (unsigned char)(16 * hi + lo);
  }
}

static int selftest(void (*keypair)(unsigned char *, unsigned char *),
                    void (*sign)(unsigned char *, long long *, const unsigned char *, long long, const unsigned char *),
                    int (*open)(unsigned char *, long long *, const unsigned char *, long long, const unsigned char *))
{
  unsigned char pk[32], sk[64], sm[67], m[67], pk2[32];
  long long smlen, mlen;

  keypair(pk, sk);
  if (memcmp(pk, sk + 32, 32) != 0) return -1;
  sign(sm, &smlen, (const unsigned char *)"abc", 3, sk);
  if (smlen != 67 || memcmp(sm + 64, "abc", 3) != 0) return -1;
  if (open(m, &mlen, sm, smlen, pk) != 0 || mlen != 3 || memcmp(m, "abc", 3) != 0) return -1;
  sm[40] ^= 4;
  if (open(m, &mlen, sm, smlen, pk) != -1 || mlen != -1) return -1;

  selftest_unhex(pk2, "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", 32);
  selftest_unhex(sm, "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
                     "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00" "72", 65);
  if (open(m, &mlen, sm, 65, pk2) != 0 || mlen != 1 || m[0] != 0x72) return -1;
  return 0;
}
