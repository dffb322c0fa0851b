/* SPDX-License-Identifier: MIT */
/* The radix-2^64 BMI2/ADX field and group code (internal/field/amd64/
   fe64_mulx.S, internal/group/amd64/ge64_mulx.S), namespaced for this
   implementation: the final addition, the inversion and the encoding. */
#include "os/asm.h"
#include "crypto_nG.h"
#include "field/amd64/fe64_mulx.S"
#include "group/amd64/ge64_mulx.S"
