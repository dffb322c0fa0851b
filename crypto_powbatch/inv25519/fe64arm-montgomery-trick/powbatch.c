/* SPDX-License-Identifier: MIT */
/* batch independent inversions mod p = 2^255 - 19 (x^(p-2), so 0 -> 0)
   for AArch64: Montgomery's simultaneous inversion
   (method/powbatch_montgomery_trick.h) on radix-2^64 elements (mul/umulh
   assembly, internal/field/arm64/fe64arm.S) with one constant-time
   safegcd inversion per block of 64. */
#include "crypto_powbatch.h"   /* names crypto_powbatch, defined by the template */
#include "ct/crypto_ct.h"
#include "field/fe64arm.h"

#define FE_FAMILY fe64arm   /* the family of the method/ template */
#include "method/powbatch_montgomery_trick.h"
#undef FE_FAMILY
