/* SPDX-License-Identifier: MIT */
/* batch independent inversions mod p = 2^255 - 19, one full inversion
   (fe25519_invert, radix 2^51) per 32-byte item.  Each item is read
   completely before its output is written, so y == x works. */
#include "crypto_powbatch.h"
#include "field/fe51.h"

void crypto_powbatch(unsigned char *y, const unsigned char *x, long long batch)
{
  fe25519 f;
  long long i;
  for (i = 0; i < batch; ++i) {
    fe25519_frombytes(&f, x + 32 * i);
    fe25519_invert(&f, &f);
    fe25519_tobytes(y + 32 * i, &f);
  }
}
