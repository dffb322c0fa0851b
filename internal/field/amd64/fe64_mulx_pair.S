/* SPDX-License-Identifier: MIT */
/* GF(2^255 - 19) in radix 2^64 with BMI2/ADX: the same operation on two
   independent elements per call (a "pair": element a at offset 0,
   element b at offset 32), for chains that run two exponentiations side
   by side (the two decodings of Ed25519 verification).  The two
   computations are written one after the other; they share no register
   value or flag, so out-of-order execution overlaps them, which hides
   most of the latency of one long squaring chain.

   Include from an implementation's .S file after "crypto_OP.h", like
   fe64_mulx.S (the macros of fe64_macros.S); C declarations in
   internal/field/fe64_pair.h.  ABI, aliasing and timing as in
   fe64_mulx.S: constant time (n of the squaring runs is public). */
#ifndef FE64_MULX_PAIR_S
#define FE64_MULX_PAIR_S

#include "field/amd64/fe64_macros.S"

/* fe64_mulx_mul_pair: h.a = f.a g.a, h.b = f.b g.b
   void fe64_mulx_mul_pair(uint64_t h[8], const uint64_t f[8], const uint64_t g[8])
   rdi = h, rsi = f, rdx = g (moved to rcx) */
FE64_FUNC(CRYPTO_NAMESPACE(fe64_mulx_mul_pair))
	FE64_SAVE_ALL
	movq	%rdx, %rcx
	FE64_MUL 0, %rdi, 0, %rsi, 0, %rcx
	FE64_MUL 32, %rdi, 32, %rsi, 32, %rcx
	FE64_RESTORE_ALL
	ret
FE64_END(CRYPTO_NAMESPACE(fe64_mulx_mul_pair))

/* fe64_mulx_nsquare_pair: h.a = f.a^(2^n), h.b = f.b^(2^n), n >= 1 public
   void fe64_mulx_nsquare_pair(uint64_t h[8], const uint64_t f[8], long long n)
   rdi = h, rsi = f, rdx = n (moved to rcx, counts down) */
FE64_FUNC(CRYPTO_NAMESPACE(fe64_mulx_nsquare_pair))
	FE64_SAVE_ALL
	movq	%rdx, %rcx
	FE64_SQ 0, %rdi, 0, %rsi
	FE64_SQ 32, %rdi, 32, %rsi
	decq	%rcx
	jle	2f
	.p2align 4
1:
	FE64_SQ 0, %rdi, 0, %rdi
	FE64_SQ 32, %rdi, 32, %rdi
	decq	%rcx
	jnz	1b
2:
	FE64_RESTORE_ALL
	ret
FE64_END(CRYPTO_NAMESPACE(fe64_mulx_nsquare_pair))

#endif
