/* SPDX-License-Identifier: MIT */
/* The radix-2^64 BMI2/ADX field arithmetic (internal/field/amd64/),
   namespaced for this implementation: the scalar items' inversion and
   output (the ladder step has the inline forms, field/amd64/fe64_inline.h). */
#include "crypto_nPbatch.h"
#include "field/amd64/fe64_mulx.S"
