/* SPDX-License-Identifier: MIT */
/* The radix-2^64 BMI2/ADX field arithmetic and group operations
   (internal/field/amd64/, internal/group/amd64/) of the half-size
   verification, namespaced for this implementation. */
#include "crypto_sign.h"
#include "field/amd64/fe64_mulx.S"
#include "group/amd64/ge64_mulx.S"
