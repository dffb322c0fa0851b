/* SPDX-License-Identifier: MIT */
/* SHA-512 (FIPS 180-4) on top of the dispatched compression function
   crypto_hashblocks_sha512: the full blocks of the message are compressed
   straight from the caller's buffer, then the tail, the 0x80 byte, zeros and
   the 128-bit big-endian bit length are compressed from a local buffer
   (one block if the tail has at most 111 bytes, else two).
   The output is written only after the input has been read completely, so
   out may overlap x. */

#include <string.h>
#include "crypto_hash.h"
#include "crypto_hashblocks_sha512.h"
#include "ct/crypto_ct.h"

/* initial hash value, as big-endian bytes: first 64 bits of the fractional
   parts of the square roots of the first 8 primes */
static const unsigned char sha512_iv[64] = {
  0x6a,0x09,0xe6,0x67,0xf3,0xbc,0xc9,0x08,0xbb,0x67,0xae,0x85,0x84,0xca,0xa7,0x3b,
  0x3c,0x6e,0xf3,0x72,0xfe,0x94,0xf8,0x2b,0xa5,0x4f,0xf5,0x3a,0x5f,0x1d,0x36,0xf1,
  0x51,0x0e,0x52,0x7f,0xad,0xe6,0x82,0xd1,0x9b,0x05,0x68,0x8c,0x2b,0x3e,0x6c,0x1f,
  0x1f,0x83,0xd9,0xab,0xfb,0x41,0xbd,0x6b,0x5b,0xe0,0xcd,0x19,0x13,0x7e,0x21,0x79,
};

void crypto_hash(unsigned char *out, const unsigned char *x, long long xlen)
{
  unsigned char h[crypto_hashblocks_sha512_STATEBYTES];
  unsigned char tail[2 * crypto_hashblocks_sha512_BLOCKBYTES];
  unsigned long long bitlen_hi = (unsigned long long)xlen >> 61;
  unsigned long long bitlen_lo = (unsigned long long)xlen << 3;
  long long rem, padded, i;

  memcpy(h, sha512_iv, sizeof h);
  rem = crypto_hashblocks_sha512(h, x, xlen);
  x += xlen - rem;

  memset(tail, 0, sizeof tail);
  memcpy(tail, x, (size_t)rem);
  tail[rem] = 0x80;
  padded = (rem < 112) ? 128 : 256;
  for (i = 0; i < 8; ++i) {
    tail[padded - 1 - i] = (unsigned char)(bitlen_lo >> (8 * i));
    tail[padded - 9 - i] = (unsigned char)(bitlen_hi >> (8 * i));
  }
  crypto_hashblocks_sha512(h, tail, padded);

  memcpy(out, h, sizeof h);
  CRYPTO_CT_WIPE(h);
  crypto_ct_wipe(tail, (size_t)padded);
}
