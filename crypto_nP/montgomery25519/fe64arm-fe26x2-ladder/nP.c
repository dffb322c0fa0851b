/* SPDX-License-Identifier: MIT */
/* X25519 (RFC 7748) for AArch64: the hybrid Montgomery ladder in assembly
   (internal/method/arm64/x25519_ladder_fe26x2_arm64.S), each step split
   between the integer unit (the x2/z2 half in radix 2^64: four limbs,
   mul/umulh products, adds/adcs carry chains) and Advanced SIMD (the
   x3/z3 half in two 32-bit lanes of radix 2^25.5, umull/umlal products),
   then one division x2/z2; the code around it is
   internal/method/arm64/x25519_nP_fe64arm.h.  The class arm64-apple runs
   it (doc/speed.md). */
#define X25519_LADDER CRYPTO_NAMESPACE(x25519_ladder_fe26x2_arm64)
#include "method/arm64/x25519_nP_fe64arm.h"
