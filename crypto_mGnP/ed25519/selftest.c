/* SPDX-License-Identifier: MIT */
/* Quick known-answer check of a crypto_mGnP_ed25519 candidate, two calls:
   verification of RFC 8032 section 7.1 test 1 (S G - h A = R, status 1),
   and an invalid P (all bytes 0xff: y >= p) with a fixed m and n, which
   must give m G + n C with status 0 (value from tests/model_ed25519.py). */
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

static int selftest(void (*candidate)(unsigned char *, const unsigned char *, const unsigned char *, const unsigned char *))
{
  unsigned char m[32], n[64], P[32], want[33], got[33];
  int i;

  selftest_unhex(m, "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b", 32);
  selftest_unhex(n, "2771062b6b536fe7ffbdda0320c3827b035df10d284df3f08222f04dbca7a4c2"
                    "0ef15bdc988a22c7207411377c33f2ac09b1e86a046234283768ee7ba03c0e9f", 64);
  selftest_unhex(P, "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", 32);
  selftest_unhex(want, "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e0652249015501", 33);
  candidate(got, m, n, P);
  if (memcmp(got, want, 33) != 0) return -1;

  for (i = 0; i < 32; ++i) m[i] = (unsigned char)i;
  for (i = 0; i < 64; ++i) n[i] = (unsigned char)(64 + i);
  memset(P, 0xff, 32);
  selftest_unhex(want, "2cb9cf9dd97ba873b39eba823fc1261877a4fd5f150a184da06be2296adae97d00", 33);
  candidate(got, m, n, P);
  if (memcmp(got, want, 33) != 0) return -1;
  return 0;
}
