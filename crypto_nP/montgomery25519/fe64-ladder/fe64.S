/* SPDX-License-Identifier: MIT */
/* The radix-2^64 BMI2/ADX field arithmetic and the assembly ladder,
   namespaced for this implementation (see internal/field/amd64/). */
#include "os/asm.h"
#include "crypto_nP.h"
#include "field/amd64/fe64_mulx.S"
#include "method/amd64/x25519_ladder_mulx.S"
