/* SPDX-License-Identifier: MIT */
/* The radix-2^64 BMI2/ADX field arithmetic and group operations
   (internal/field/amd64/), namespaced for this implementation. */
#include "os/asm.h"
#include "crypto_mGnP.h"
#include "field/amd64/fe64_mulx.S"
#include "group/amd64/ge64_mulx.S"
