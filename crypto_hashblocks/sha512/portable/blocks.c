/* SPDX-License-Identifier: MIT */
/* SHA-512 compression function (FIPS 180-4, section 6.4.2), written as the
   standard describes it: expand each 128-byte block into 80 schedule words,
   run 80 rounds over the working variables a..h, add into the state.
   The state h is kept between calls as 8 big-endian 64-bit words. */

#include <stdint.h>
#include "crypto_hashblocks.h"
#include "ct/crypto_ct.h"

static uint64_t rotr(uint64_t x, int n)
{
  return (x >> n) | (x << (64 - n));
}

#include "hash/sha512_common.h"

int crypto_hashblocks(unsigned char *h, const unsigned char *x, long long xlen)
{
  uint64_t state[8], v[8], w[80];
  int i, t;

  for (i = 0; i < 8; ++i) state[i] = sha512_load_be64(h + 8 * i);

  while (xlen >= 128) {
    for (t = 0; t < 16; ++t) w[t] = sha512_load_be64(x + 8 * t);
    for (t = 16; t < 80; ++t) {
      uint64_t s0 = rotr(w[t - 15], 1) ^ rotr(w[t - 15], 8) ^ (w[t - 15] >> 7);
      uint64_t s1 = rotr(w[t - 2], 19) ^ rotr(w[t - 2], 61) ^ (w[t - 2] >> 6);
      w[t] = s1 + w[t - 7] + s0 + w[t - 16];
    }

    for (i = 0; i < 8; ++i) v[i] = state[i];

    for (t = 0; t < 80; ++t) {
      /* v[0..7] are a,b,c,d,e,f,g,h */
      uint64_t S1 = rotr(v[4], 14) ^ rotr(v[4], 18) ^ rotr(v[4], 41);
      uint64_t ch = (v[4] & v[5]) ^ (~v[4] & v[6]);
      uint64_t T1 = v[7] + S1 + ch + sha512_K[t] + w[t];
      uint64_t S0 = rotr(v[0], 28) ^ rotr(v[0], 34) ^ rotr(v[0], 39);
      uint64_t maj = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]);
      uint64_t T2 = S0 + maj;
      v[7] = v[6];
      v[6] = v[5];
      v[5] = v[4];
      v[4] = v[3] + T1;
      v[3] = v[2];
      v[2] = v[1];
      v[1] = v[0];
      v[0] = T1 + T2;
    }

    for (i = 0; i < 8; ++i) state[i] += v[i];

    x += 128;
    xlen -= 128;
  }

  for (i = 0; i < 8; ++i) sha512_store_be64(h + 8 * i, state[i]);
  /* the state and the schedule of secret data */
  CRYPTO_CT_WIPE(state);
  CRYPTO_CT_WIPE(v);
  CRYPTO_CT_WIPE(w);
  return (int)xlen;
}
