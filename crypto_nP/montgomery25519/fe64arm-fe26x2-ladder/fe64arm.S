/* SPDX-License-Identifier: MIT */
/* The radix-2^64 AArch64 field arithmetic (for the division and the
   conversions around the ladder) and the hybrid ladder (radix 2^64 on the
   integer unit, radix 2^25.5 in two Advanced SIMD lanes), namespaced for
   this implementation (see internal/field/arm64/ and
   internal/method/arm64/x25519_ladder_fe26x2_arm64.S). */
#include "crypto_nP.h"
#include "field/arm64/fe64arm.S"
#include "method/arm64/x25519_ladder_fe26x2_arm64.S"
