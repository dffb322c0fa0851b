/* SPDX-License-Identifier: MIT */
/* Batch X25519 for AArch64: the hybrid ladder of
   internal/method/arm64/x25519_ladder_fe26x2_arm64.S (the x2/z2 half on
   the integer unit in radix 2^64, the x3/z3 half in two Advanced SIMD
   lanes of radix 2^25.5) per item, one inversion per block
   (internal/method/arm64/x25519_nPbatch_fe64arm.h). */
#define X25519_LADDER CRYPTO_NAMESPACE(x25519_ladder_fe26x2_arm64)
#include "method/arm64/x25519_nPbatch_fe64arm.h"
