/* SPDX-License-Identifier: MIT */
/* The radix-2^64 BMI2/ADX field arithmetic (internal/field/amd64/) for decoding
   P and encoding the result, namespaced for this implementation. */
#include "os/asm.h"
#include "crypto_mGnP.h"
#include "field/amd64/fe64_mulx.S"
