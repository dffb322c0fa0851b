/* SPDX-License-Identifier: MIT */
/* batch independent inversions mod p = 2^255 - 19, one full inversion
   (fe51_invert, radix 2^51) per 32-byte item.  Each item is read
   completely before its output is written, so y == x works. */
#include "crypto_powbatch.h"
#include "ct/crypto_ct.h"
#include "field/fe51.h"

void crypto_powbatch(unsigned char *y, const unsigned char *x, long long batch)
{
  fe51 f;
  long long i;
  for (i = 0; i < batch; ++i) {
    fe51_frombytes(&f, x + 32 * i);
    fe51_invert(&f, &f);
    fe51_tobytes(y + 32 * i, &f);
  }
  CRYPTO_CT_WIPE(f);
}
