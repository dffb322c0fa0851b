/* SPDX-License-Identifier: MIT */
/* SHA-512 compression (FIPS 180-4) on the AArch64 base integer unit:
   everything, the big-endian state included, is the assembly of
   sha512_arm64.S (rotations folded into eor/orr operands, 16-round
   groups); this file counts the whole blocks.  Constant time: no
   data-dependent branch or index here or in the assembly. */
#include <stdint.h>
#include "crypto_hashblocks.h"
#include "hash/sha512_common.h"

#define sha512_arm64_blocks CRYPTO_NAMESPACE(sha512_arm64_blocks)
extern void sha512_arm64_blocks(unsigned char *statebytes, const unsigned char *x, long long nblocks,
                                const uint64_t K[80]) __attribute__((visibility("hidden")));

int crypto_hashblocks(unsigned char *statebytes, const unsigned char *x, long long xlen)
{
  if (xlen < 128) return (int)xlen;   /* xlen is public */
  sha512_arm64_blocks(statebytes, x, xlen >> 7, sha512_K);
  return (int)(xlen & 127);
}
