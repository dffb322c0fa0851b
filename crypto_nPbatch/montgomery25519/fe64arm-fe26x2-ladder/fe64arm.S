/* SPDX-License-Identifier: MIT */
/* The radix-2^64 AArch64 field arithmetic (the batch inversion) and the
   hybrid ladder (internal/method/arm64/x25519_ladder_fe26x2_arm64.S: the
   x2/z2 half on the integer unit in radix 2^64, the x3/z3 half in two
   Advanced SIMD lanes of radix 2^25.5), namespaced for this
   implementation (see internal/field/arm64/). */
#include "crypto_nPbatch.h"
#include "field/arm64/fe64arm.S"
#include "method/arm64/x25519_ladder_fe26x2_arm64.S"
