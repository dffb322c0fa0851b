/* SPDX-License-Identifier: MIT */
/* Quick known-answer check of a crypto_nG_merged25519 candidate, two calls:
   the clamped secret scalar of RFC 8032 section 7.1 test 1 gives that
   test's public key (Edwards form), and the same scalar with bit 255 set
   gives the Montgomery u of the same point (values from
   tests/model_ed25519.py). */
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

static int selftest(void (*candidate)(unsigned char *, const unsigned char *))
{
  unsigned char n[32], want[32], got[32];

  selftest_unhex(n, "307c83864f2833cb427a2ef1c00a013cfdff2768d980c0a3a520f006904de94f", 32);
  selftest_unhex(want, "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", 32);
  candidate(got, n);
  if (memcmp(got, want, 32) != 0) return -1;

  n[31] |= 0x80;
  selftest_unhex(want, "d85e07ec22b0ad881537c2f44d662d1a143cf830c57aca4305d85c7a90f6b62e", 32);
  candidate(got, n);
  if (memcmp(got, want, 32) != 0) return -1;
  return 0;
}
