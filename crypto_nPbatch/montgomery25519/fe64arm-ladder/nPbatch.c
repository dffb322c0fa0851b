/* SPDX-License-Identifier: MIT */
/* Batch X25519 for AArch64: the assembly ladder of
   internal/method/arm64/x25519_ladder_arm64.S per item, one inversion per
   block (internal/method/arm64/x25519_nPbatch_fe64arm.h). */
#define X25519_LADDER CRYPTO_NAMESPACE(x25519_ladder_arm64)
#include "method/arm64/x25519_nPbatch_fe64arm.h"
