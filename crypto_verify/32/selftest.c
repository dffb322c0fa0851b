/* SPDX-License-Identifier: MIT */
/* Quick known-answer check of a crypto_verify_32 candidate: one equal pair
   and two unequal pairs (difference in the first byte and in the top bit of
   the last byte). */

static int selftest(int (*candidate)(const unsigned char *, const unsigned char *))
{
  unsigned char a[32], b[32];
  int i;

  for (i = 0; i < 32; ++i) {
    a[i] = (unsigned char)(7 * i + 1);
    b[i] = a[i];
  }
  if (candidate(a, b) != 0) return -1;
  b[0] ^= 1;
  if (candidate(a, b) != -1) return -1;
  b[0] ^= 1;
  b[31] ^= 0x80;
  if (candidate(a, b) != -1) return -1;
  return 0;
}
