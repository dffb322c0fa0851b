/* SPDX-License-Identifier: MIT */
/* The radix-2^64 BMI2/ADX field arithmetic (internal/field/amd64/fe64_mulx.S),
   namespaced for this implementation. */
#include "os/asm.h"
#include "crypto_nG.h"
#include "field/amd64/fe64_mulx.S"
#include "group/amd64/ge64_mulx.S"

/* the last addition before the doublings: h = h + q or h + (q with 2dxy
   negated) under the mask in rdx, as ge64_mulx_madd_p3_cneg, without T
   (the doublings do not read it)
     void nG_r64_madd_p2_cneg(ge64_p3 *h, const ge64_precomp *q, uint64_t mask) */
FE64_FUNC(CRYPTO_NAMESPACE(nG_r64_madd_p2_cneg))
	GE64_ADDITION 32, 0, 64, -1, 0, 1, 0
FE64_END(CRYPTO_NAMESPACE(nG_r64_madd_p2_cneg))
