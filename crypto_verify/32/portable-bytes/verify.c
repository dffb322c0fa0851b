/* SPDX-License-Identifier: MIT */
/* crypto_verify_32, byte at a time: OR together the XOR of every byte pair,
   then turn "accumulator is zero" into 0 and anything else into -1 with
   arithmetic only (no branch, no early exit). */

#include "crypto_verify.h"
#include "ct/crypto_ct.h"

int crypto_verify(const unsigned char *x, const unsigned char *y)
{
  uint32_t diff = 0;
  int i;

  for (i = 0; i < 32; ++i)
    diff |= (uint32_t)(x[i] ^ y[i]);

  /* diff is in 0..255; keep the compiler from reasoning about it */
  diff = crypto_ct_barrier_u32(diff);
  /* diff == 0: (diff-1) wraps to 0xffffffff, bit 8 set, result 1-1 = 0;
     diff in 1..255: (diff-1) < 256, bit 8 clear, result 0-1 = -1 */
  return (int)(((diff - 1) >> 8) & 1) - 1;
}
