/* SPDX-License-Identifier: MIT */
/* The radix-2^64 BMI2/ADX field arithmetic (internal/field/amd64/fe64_mulx.S),
   namespaced for this implementation. */
#include "os/asm.h"
#include "crypto_pow.h"
#include "field/amd64/fe64_mulx.S"
