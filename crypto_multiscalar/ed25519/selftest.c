/* SPDX-License-Identifier: MIT */
/* Quick known-answer check of a crypto_multiscalar_ed25519 candidate, three
   calls (values from tests/model_ed25519.py):
     len 2, valid:   n0 G + n1 A (A = public key of RFC 8032 7.1 test 1), status 1;
     len 2, invalid: n0 G + (0xee..ee mod L) C for an invalid P (all 0xff), status 0;
     len 0:          the neutral element (y = 1), status 1. */
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

static int selftest(void (*candidate)(unsigned char *, const unsigned char *, const unsigned char *, long long))
{
  unsigned char n[64], P[64], want[33], got[33];

  selftest_unhex(n, "0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f0f"
                    "6465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f80818205", 64);
  selftest_unhex(P, "5866666666666666666666666666666666666666666666666666666666666666"
                    "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", 64);
  selftest_unhex(want, "a17fdec68b7bf47868f0c14486684e9562f1ed4dc8591d09fbc845cccf931e0401", 33);
  candidate(got, n, P, 2);
  if (memcmp(got, want, 33) != 0) return -1;

  memset(n + 32, 0xee, 32);
  memset(P + 32, 0xff, 32);
  selftest_unhex(want, "d67bc45a4e7d09a751e4a09c4862927ac0fd82cf98f397597bf20b2aba69685500", 33);
  candidate(got, n, P, 2);
  if (memcmp(got, want, 33) != 0) return -1;

  memset(want, 0, 33);
  want[0] = 1;
  want[32] = 1;
  candidate(got, n, P, 0);
  if (memcmp(got, want, 33) != 0) return -1;
  return 0;
}
