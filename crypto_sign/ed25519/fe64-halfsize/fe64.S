/* SPDX-License-Identifier: MIT */
/* The radix-2^64 BMI2/ADX field arithmetic (internal/field/amd64/: one
   element, and pairs for the two decodings) and the variable-time group
   operations (internal/group/amd64/ge64_mulx_vartime.S) of the
   half-size verification, namespaced for this implementation. */
#include "crypto_sign.h"
#include "field/amd64/fe64_mulx.S"
#include "field/amd64/fe64_mulx_pair.S"
#include "group/amd64/ge64_mulx_vartime.S"
