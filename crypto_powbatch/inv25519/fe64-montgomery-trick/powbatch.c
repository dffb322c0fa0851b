/* SPDX-License-Identifier: MIT */
/* batch independent inversions mod p = 2^255 - 19 (x^(p-2), so 0 -> 0)
   for x86-64 with BMI2 and ADX: Montgomery's simultaneous inversion
   (method/powbatch_montgomery_trick.h) on radix-2^64 elements
   (mulx/adcx/adox assembly, internal/field/amd64/) with one constant-time
   safegcd inversion per block of 64. */
#include "crypto_powbatch.h"   /* names crypto_powbatch, defined by the template */
#include "ct/crypto_ct.h"
#include "field/fe64.h"

#define FE_FAMILY fe64   /* the family of the method/ template */
#include "method/powbatch_montgomery_trick.h"
#undef FE_FAMILY
