/* SPDX-License-Identifier: MIT */
/* The radix-2^64 AArch64 field arithmetic (internal/field/arm64/fe64arm.S),
   namespaced for this implementation. */
#include "crypto_sign.h"
#include "field/arm64/fe64arm.S"
