/* SPDX-License-Identifier: MIT */
/* Planted, test builds only: claims to hash but leaves the state alone, so
   its self-test fails and dispatch must skip it. */
#include "crypto_hashblocks.h"

int crypto_hashblocks(unsigned char *h, const unsigned char *x, long long xlen)
{
  (void)h;
  (void)x;
  return (int)(xlen & 127);
}
