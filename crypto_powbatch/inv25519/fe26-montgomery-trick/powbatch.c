/* SPDX-License-Identifier: MIT */
/* batch independent inversions mod p = 2^255 - 19 (x^(p-2), so 0 -> 0)
   on the radix-2^25.5 field (field/fe26.h: 32-bit limbs, for targets
   without a 128-bit integer type): Montgomery's simultaneous inversion
   (method/powbatch_montgomery_trick.h) with one constant-time inversion
   (the exponentiation chain) per block of 64. */
#include "crypto_powbatch.h"   /* names crypto_powbatch, defined by the template */
#include "ct/crypto_ct.h"
#include "field/fe26.h"

#define FE_FAMILY fe26   /* the family of the method/ template */
#include "method/powbatch_montgomery_trick.h"
#undef FE_FAMILY
