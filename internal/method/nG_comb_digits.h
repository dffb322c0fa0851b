/* SPDX-License-Identifier: MIT */
/* The signed digits of the fixed-base comb of crypto_nG_merged25519
   (fe64-comb-r32, fe64-comb-r64-avx2 and fe51x4-comb-coords): a = sum e[i] 2^(radixbits i) with
   -2^(radixbits-1) <= e[i] <= 2^(radixbits-1) for i < ndigits - 1 and the
   top digit e[ndigits-1] = the remaining bits plus the last carry.
   radixbits 5 with 51 digits covers a < 2^253, radixbits 6 with 43 digits
   a < 2^255 (the top digit is then at most 7 + 1).  Constant time: the
   loop and the bit positions depend only on the public radixbits and
   ndigits; each carry is an arithmetic shift, never a branch. */
#ifndef NG_COMB_DIGITS_H
#define NG_COMB_DIGITS_H

#include <stdint.h>

static inline __attribute__((always_inline)) void nG_comb_digits(signed char *e, const uint64_t a[4],
                                                                 int radixbits, int ndigits)
{
  const int radix = 1 << radixbits;
  uint64_t w[5];
  int carry = 0, i, x;

  for (i = 0; i < 4; ++i) w[i] = a[i];
  w[4] = 0;
  for (i = 0; i < ndigits; ++i) {
    int bit = radixbits * i, limb = bit >> 6, sh = bit & 63;
    uint64_t raw = w[limb] >> sh;
    if (sh > 64 - radixbits) raw |= w[limb + 1] << (64 - sh);   /* public */
    x = (int)(raw & (uint64_t)(radix - 1)) + carry;            /* 0 .. radix */
    if (i == ndigits - 1) {                                    /* public: the top digit */
      e[i] = (signed char)x;
      break;
    }
    carry = (x + radix / 2) >> radixbits;                      /* 1 iff x >= radix/2 */
    e[i] = (signed char)(x - (carry << radixbits));
  }
}

#endif
