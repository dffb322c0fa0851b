/* SPDX-License-Identifier: MIT */
/* crypto_verify_32 on 64-bit words: the 32 bytes are read as four words
   (memcpy, so any alignment is fine and no strict-aliasing issue), the word
   differences are ORed together, and the nonzero test is done with
   arithmetic on the top bit of (d | -d). */

#include <string.h>
#include "crypto_verify.h"
#include "ct/crypto_ct.h"

int crypto_verify(const unsigned char *x, const unsigned char *y)
{
  uint64_t a, b, diff = 0;
  int i;

  for (i = 0; i < 32; i += 8) {
    memcpy(&a, x + i, 8);
    memcpy(&b, y + i, 8);
    diff |= a ^ b;
  }

  diff = crypto_ct_barrier_u64(diff);
  /* top bit of diff | -diff is set exactly when diff != 0 */
  return -(int)((diff | ((uint64_t)0 - diff)) >> 63);
}
