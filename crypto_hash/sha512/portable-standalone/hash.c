/* SPDX-License-Identifier: MIT */
/* SHA-512 (FIPS 180-4) with its own compression function, so that this
   implementation does not depend on the crypto_hashblocks dispatcher.
   Compression is the plain rolled form with a 16-word circular message
   schedule; padding as in the standard. The digest is written only after
   the whole input has been read, so out may overlap x. */

#include <stdint.h>
#include <string.h>
#include "crypto_hash.h"
#include "ct/crypto_ct.h"

static uint64_t ror64(uint64_t x, int n)
{
  return (x >> n) | (x << (64 - n));
}

#include "hash/sha512_common.h"

/* first 64 bits of the fractional parts of the square roots of the first 8
   primes */
static const uint64_t sha512_h0[8] = {
  0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
  0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
};

/* compress nblocks consecutive 128-byte blocks into st */
static __attribute__((noinline)) void compress(uint64_t st[8], const unsigned char *x, long long nblocks)
{
  uint64_t w[16];
  uint64_t a, b, c, d, e, f, g, h, t1, t2;
  int t;

  while (nblocks-- > 0) {
    a = st[0]; b = st[1]; c = st[2]; d = st[3];
    e = st[4]; f = st[5]; g = st[6]; h = st[7];

    for (t = 0; t < 80; ++t) {
      uint64_t wt;
      if (t < 16) {
        wt = sha512_load_be64(x + 8 * t);
      } else {
        uint64_t x15 = w[(t + 1) & 15]; /* W[t-15] */
        uint64_t x2 = w[(t + 14) & 15]; /* W[t-2] */
        wt = w[t & 15]                  /* W[t-16] */
           + (ror64(x15, 1) ^ ror64(x15, 8) ^ (x15 >> 7))
           + w[(t + 9) & 15]            /* W[t-7] */
           + (ror64(x2, 19) ^ ror64(x2, 61) ^ (x2 >> 6));
      }
      w[t & 15] = wt;

      t1 = h + (ror64(e, 14) ^ ror64(e, 18) ^ ror64(e, 41))
             + ((e & f) ^ (~e & g)) + sha512_K[t] + wt;
      t2 = (ror64(a, 28) ^ ror64(a, 34) ^ ror64(a, 39))
         + ((a & b) ^ (a & c) ^ (b & c));
      h = g; g = f; f = e; e = d + t1;
      d = c; c = b; b = a; a = t1 + t2;
    }

    st[0] += a; st[1] += b; st[2] += c; st[3] += d;
    st[4] += e; st[5] += f; st[6] += g; st[7] += h;
    x += 128;
  }
}

void crypto_hash(unsigned char *out, const unsigned char *x, long long xlen)
{
  uint64_t st[8];
  unsigned char tail[256];
  long long full = xlen >> 7;
  long long rem = xlen & 127;
  long long tailblocks = (rem < 112) ? 1 : 2;
  int i;

  for (i = 0; i < 8; ++i) st[i] = sha512_h0[i];
  compress(st, x, full);

  memset(tail, 0, sizeof tail);
  memcpy(tail, x + (xlen - rem), (size_t)rem);
  tail[rem] = 0x80;
  sha512_store_be64(tail + 128 * tailblocks - 16, (uint64_t)xlen >> 61);
  sha512_store_be64(tail + 128 * tailblocks - 8, (uint64_t)xlen << 3);
  compress(st, tail, tailblocks);

  for (i = 0; i < 8; ++i) sha512_store_be64(out + 8 * i, st[i]);
  /* the state, the last block, and compress's frame (its schedule) */
  CRYPTO_CT_WIPE(st);
  CRYPTO_CT_WIPE(tail);
  crypto_ct_wipe_below(512);   /* compress's frame: 168 bytes (gcc and clang -fstack-usage) */
}
