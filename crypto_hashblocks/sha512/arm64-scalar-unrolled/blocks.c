/* SPDX-License-Identifier: MIT */
/* SHA-512 compression (FIPS 180-4) on the AArch64 base integer unit:
   the rounds are the assembly of sha512_arm64.S (rotations folded into
   eor/orr operands, 16-round groups); this file converts the chaining
   state from and to its big-endian bytes, counts whole blocks and wipes
   its copy of the state.  Constant time (no data-dependent branch or
   index here or in the assembly). */
#include <stdint.h>
#include "crypto_hashblocks.h"
#include "ct/crypto_ct.h"
#include "hash/sha512_common.h"

#define sha512_arm64_blocks CRYPTO_NAMESPACE(sha512_arm64_blocks)
extern void sha512_arm64_blocks(uint64_t st[8], const unsigned char *x, long long nblocks,
                                const uint64_t K[80]) __attribute__((visibility("hidden")));

int crypto_hashblocks(unsigned char *statebytes, const unsigned char *x, long long xlen)
{
  uint64_t st[8];
  long long nblocks;
  int i;

  if (xlen < 128) return (int)xlen;   /* xlen is public */
  nblocks = xlen >> 7;
  for (i = 0; i < 8; ++i) st[i] = sha512_load_be64(statebytes + 8 * i);
  sha512_arm64_blocks(st, x, nblocks, sha512_K);
  for (i = 0; i < 8; ++i) sha512_store_be64(statebytes + 8 * i, st[i]);
  CRYPTO_CT_WIPE(st);
  return (int)(xlen & 127);
}
