/* SPDX-License-Identifier: MIT */
/* GF(2^255 - 19) in radix 2^64 for AArch64 (baseline: mul/umulh and
   adds/adcs carry chains): callable functions around the macros of
   fe64arm_macros.S.

   Include this file from an implementation's own .S file after the
   generated "crypto_OP.h" (for CRYPTO_NAMESPACE); every symbol is
   namespaced and hidden.  C declarations: internal/field/fe64arm.h.

   Common to every function below:
     element  four 64-bit limbs, little-endian, any value in [0, 2^256)
              accepted; outputs are in [0, 2^256) (fe64arm_asm_freeze: [0, p))
     ABI      AAPCS64; x19-x28 (and x29, x30) are saved and restored where
              used, x0-x17 and the flags are clobbered, x18 is untouched;
              no stack arguments
     aliasing outputs may alias inputs
     timing   constant: n of fe64arm_asm_nsquare is the only value that
              changes the instruction sequence, and it is public */
#ifndef FE64ARM_S
#define FE64ARM_S

#include "field/arm64/fe64arm_macros.S"

/* fe64arm_asm_mul: h = f g mod p
   void fe64arm_asm_mul(uint64_t h[4], const uint64_t f[4], const uint64_t g[4])
   x0 = h, x1 = f, x2 = g */
FE64ARM_FUNC(CRYPTO_NAMESPACE(fe64arm_asm_mul))
	FE64ARM_SAVE_ALL
	FE64ARM_MUL x0, 0, x1, 0, x2, 0
	FE64ARM_RESTORE_ALL
	ret
FE64ARM_END(CRYPTO_NAMESPACE(fe64arm_asm_mul))

/* fe64arm_asm_sq: h = f^2 mod p
   void fe64arm_asm_sq(uint64_t h[4], const uint64_t f[4])
   x0 = h, x1 = f */
FE64ARM_FUNC(CRYPTO_NAMESPACE(fe64arm_asm_sq))
	FE64ARM_SAVE_ALL
	FE64ARM_SQ x0, 0, x1, 0
	FE64ARM_RESTORE_ALL
	ret
FE64ARM_END(CRYPTO_NAMESPACE(fe64arm_asm_sq))

/* fe64arm_asm_nsquare: h = f^(2^n) mod p, n >= 1 (n is public)
   void fe64arm_asm_nsquare(uint64_t h[4], const uint64_t f[4], long long n)
   x0 = h, x1 = f, x2 = n (counts down; the loop branch is on it only) */
FE64ARM_FUNC(CRYPTO_NAMESPACE(fe64arm_asm_nsquare))
	FE64ARM_SAVE_ALL
	FE64ARM_SQ x0, 0, x1, 0
	subs	x2, x2, #1
	b.le	2f
1:
	FE64ARM_SQ x0, 0, x0, 0
	subs	x2, x2, #1
	b.ne	1b
2:
	FE64ARM_RESTORE_ALL
	ret
FE64ARM_END(CRYPTO_NAMESPACE(fe64arm_asm_nsquare))

/* fe64arm_asm_mul121666: h = 121666 f mod p
   void fe64arm_asm_mul121666(uint64_t h[4], const uint64_t f[4])
   x0 = h, x1 = f; uses x3-x14 x16 only */
FE64ARM_FUNC(CRYPTO_NAMESPACE(fe64arm_asm_mul121666))
	FE64ARM_MUL121666 x0, 0, x1, 0
	ret
FE64ARM_END(CRYPTO_NAMESPACE(fe64arm_asm_mul121666))

/* fe64arm_asm_add: h = f + g mod p
   void fe64arm_asm_add(uint64_t h[4], const uint64_t f[4], const uint64_t g[4])
   x0 = h, x1 = f, x2 = g; uses x3-x11 x16 only */
FE64ARM_FUNC(CRYPTO_NAMESPACE(fe64arm_asm_add))
	FE64ARM_ADD x0, 0, x1, 0, x2, 0
	ret
FE64ARM_END(CRYPTO_NAMESPACE(fe64arm_asm_add))

/* fe64arm_asm_sub: h = f - g mod p
   void fe64arm_asm_sub(uint64_t h[4], const uint64_t f[4], const uint64_t g[4])
   x0 = h, x1 = f, x2 = g; uses x3-x11 x16 only */
FE64ARM_FUNC(CRYPTO_NAMESPACE(fe64arm_asm_sub))
	FE64ARM_SUB x0, 0, x1, 0, x2, 0
	ret
FE64ARM_END(CRYPTO_NAMESPACE(fe64arm_asm_sub))

/* fe64arm_asm_freeze: h = f mod p, canonical (h < p)
   void fe64arm_asm_freeze(uint64_t h[4], const uint64_t f[4])
   x0 = h, x1 = f; uses x3-x11 x16 only */
FE64ARM_FUNC(CRYPTO_NAMESPACE(fe64arm_asm_freeze))
	FE64ARM_FREEZE x0, 0, x1, 0
	ret
FE64ARM_END(CRYPTO_NAMESPACE(fe64arm_asm_freeze))

/* the divsteps of fe64arm_invert (field/fe64arm.h) */
#include "field/arm64/inv25519_safegcd_arm64.S"

	.section .note.GNU-stack,"",@progbits

#endif
