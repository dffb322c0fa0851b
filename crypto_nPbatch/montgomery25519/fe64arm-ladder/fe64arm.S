/* SPDX-License-Identifier: MIT */
/* The radix-2^64 AArch64 field arithmetic and the assembly ladder,
   namespaced for this implementation (see internal/field/arm64/). */
#include "crypto_nPbatch.h"
#include "field/arm64/fe64arm.S"
#include "method/arm64/x25519_ladder_arm64.S"
