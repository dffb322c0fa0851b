/* SPDX-License-Identifier: MIT */
/* X25519 (RFC 7748) for AArch64: the whole Montgomery ladder in assembly
   (internal/method/arm64/x25519_ladder_arm64.S) on field elements in
   radix 2^64 (four limbs, mul/umulh products, adds/adcs carry chains),
   then one division x2/z2; the code around it is
   internal/method/arm64/x25519_nP_fe64arm.h. */
#define X25519_LADDER CRYPTO_NAMESPACE(x25519_ladder_arm64)
#include "method/arm64/x25519_nP_fe64arm.h"
