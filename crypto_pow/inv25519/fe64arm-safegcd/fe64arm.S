/* SPDX-License-Identifier: MIT */
/* The radix-2^64 AArch64 field arithmetic (internal/field/arm64/fe64arm.S)
   and the safegcd divsteps it includes
   (internal/field/arm64/inv25519_safegcd_arm64.S), namespaced for this
   implementation. */
#include "crypto_pow.h"
#include "field/arm64/fe64arm.S"
