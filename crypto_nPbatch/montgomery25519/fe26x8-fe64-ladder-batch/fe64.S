/* SPDX-License-Identifier: MIT */
/* The radix-2^64 mulx field functions (internal/field/amd64/fe64_mulx.S),
   namespaced for this implementation: the integer items' inversion and
   final products. */
#include "os/asm.h"
#include "crypto_nPbatch.h"
#include "field/amd64/fe64_mulx.S"
