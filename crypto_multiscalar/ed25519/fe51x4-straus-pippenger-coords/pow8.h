/* SPDX-License-Identifier: MIT */
/* z = z^((p-5)/8) lane by lane for 8 or 16 elements: z[k][j] is limb k
   (radix 2^51) of element j, limbs < 2^52 on input and < 2^51 + 2^18 on
   output; z aligned to 64 bytes (pow8.c) */
#ifndef POW8_H
#define POW8_H
#include <stdint.h>
#include "crypto_multiscalar.h"   /* CRYPTO_NAMESPACE */
#define pow22523_8 CRYPTO_NAMESPACE(pow22523_8)
#define pow22523_16 CRYPTO_NAMESPACE(pow22523_16)
void pow22523_8(uint64_t z[5][16]);    /* elements 0..7 only, one chain */
void pow22523_16(uint64_t z[5][16]);   /* two chains interleaved */
#endif
