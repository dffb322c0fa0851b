/* SPDX-License-Identifier: MIT */
/* The comb's scan-and-add loop in assembly (internal/group/arm64/ge64arm_comb.S),
   namespaced for this implementation. */
#include "crypto_nG.h"
#include "group/arm64/ge64arm_comb.S"
