/* SPDX-License-Identifier: MIT */
/* GF(2^255 - 19) in radix 2^64 for x86-64 with BMI2 and ADX: callable
   functions around the macros of fe64_macros.S.

   Include this file from an implementation's own .S file after the
   generated "crypto_OP.h" (for CRYPTO_NAMESPACE); every symbol is
   namespaced and hidden.  C declarations: internal/field/fe64.h.

   Common to every function below:
     element  four 64-bit limbs, little-endian, any value in [0, 2^256)
              accepted; outputs are in [0, 2^256) (fe64_mulx_freeze: [0, p))
     ABI      System V AMD64; rbx rbp r12-r15 are saved and restored,
              rax rcx rdx rsi rdi r8-r11 and the flags are clobbered;
              no stack arguments, no red zone use
     aliasing outputs may alias inputs
     timing   constant: n of fe64_mulx_nsquare is the only value that changes
              the instruction sequence, and it is public */
#ifndef FE64_MULX_S
#define FE64_MULX_S

#include "field/amd64/fe64_macros.S"

/* fe64_mulx_mul: h = f g mod p
   void fe64_mulx_mul(uint64_t h[4], const uint64_t f[4], const uint64_t g[4])
   rdi = h, rsi = f, rdx = g (moved to rcx) */
FE64_FUNC(CRYPTO_NAMESPACE(fe64_mulx_mul))
	FE64_SAVE_ALL
	movq	%rdx, %rcx
	FE64_MUL 0, %rdi, 0, %rsi, 0, %rcx
	FE64_RESTORE_ALL
	ret
FE64_END(CRYPTO_NAMESPACE(fe64_mulx_mul))

/* fe64_mulx_sq: h = f^2 mod p
   void fe64_mulx_sq(uint64_t h[4], const uint64_t f[4])
   rdi = h, rsi = f */
FE64_FUNC(CRYPTO_NAMESPACE(fe64_mulx_sq))
	FE64_SAVE_ALL
	FE64_SQ 0, %rdi, 0, %rsi
	FE64_RESTORE_ALL
	ret
FE64_END(CRYPTO_NAMESPACE(fe64_mulx_sq))

/* fe64_mulx_nsquare: h = f^(2^n) mod p, n >= 1 (n is public)
   void fe64_mulx_nsquare(uint64_t h[4], const uint64_t f[4], long long n)
   rdi = h, rsi = f, rdx = n (moved to rcx, counts down) */
FE64_FUNC(CRYPTO_NAMESPACE(fe64_mulx_nsquare))
	FE64_SAVE_ALL
	movq	%rdx, %rcx
	FE64_SQ 0, %rdi, 0, %rsi
	decq	%rcx
	jle	2f
1:
	FE64_SQ 0, %rdi, 0, %rdi
	decq	%rcx
	jnz	1b
2:
	FE64_RESTORE_ALL
	ret
FE64_END(CRYPTO_NAMESPACE(fe64_mulx_nsquare))

/* fe64_mulx_mul121666: h = 121666 f mod p
   void fe64_mulx_mul121666(uint64_t h[4], const uint64_t f[4])
   rdi = h, rsi = f */
FE64_FUNC(CRYPTO_NAMESPACE(fe64_mulx_mul121666))
	FE64_PUSH %r12
	FE64_MUL121666 0, %rdi, 0, %rsi
	FE64_POP %r12
	ret
FE64_END(CRYPTO_NAMESPACE(fe64_mulx_mul121666))

/* fe64_mulx_add: h = f + g mod p
   void fe64_mulx_add(uint64_t h[4], const uint64_t f[4], const uint64_t g[4])
   rdi = h, rsi = f, rdx = g (moved to rcx); uses rax r8-r11 only */
FE64_FUNC(CRYPTO_NAMESPACE(fe64_mulx_add))
	movq	%rdx, %rcx
	FE64_ADD 0, %rdi, 0, %rsi, 0, %rcx
	ret
FE64_END(CRYPTO_NAMESPACE(fe64_mulx_add))

/* fe64_mulx_sub: h = f - g mod p
   void fe64_mulx_sub(uint64_t h[4], const uint64_t f[4], const uint64_t g[4])
   rdi = h, rsi = f, rdx = g (moved to rcx); uses rax r8-r11 only */
FE64_FUNC(CRYPTO_NAMESPACE(fe64_mulx_sub))
	movq	%rdx, %rcx
	FE64_SUB 0, %rdi, 0, %rsi, 0, %rcx
	ret
FE64_END(CRYPTO_NAMESPACE(fe64_mulx_sub))

/* fe64_mulx_freeze: h = f mod p, canonical (h < p)
   void fe64_mulx_freeze(uint64_t h[4], const uint64_t f[4])
   rdi = h, rsi = f */
FE64_FUNC(CRYPTO_NAMESPACE(fe64_mulx_freeze))
	FE64_PUSH %rbx
	FE64_PUSH %r12
	FE64_PUSH %r13
	FE64_FREEZE 0, %rdi, 0, %rsi
	FE64_POP %r13
	FE64_POP %r12
	FE64_POP %rbx
	ret
FE64_END(CRYPTO_NAMESPACE(fe64_mulx_freeze))

#endif
