/* SPDX-License-Identifier: MIT */
/* The divsteps of the Bernstein-Yang "safegcd" inversion modulo
   p = 2^255 - 19 (half-delta variant, as in field/inv25519_safegcd.h) for
   AArch64, 57 steps per call, branch-free.

   int64_t inv25519_arm64_divsteps57(int64_t D, uint64_t f, uint64_t g,
                                     int64_t t[4])
     x0 = D = -2 delta (the state; -1 at the start), x1 = f (odd), x2 = g:
     the low 64 bits of the current f and g (only the low 57 are read);
     returns the new D in x0 and writes t = 32 T = (u, v, q, r), where
     2^57 (f', g') = T (f, g) over the 57 divsteps, so that
     2^62 (f', g') = t (f, g) and |u| + |v|, |q| + |r| <= 2^62, the
     matrix the C updates of field/inv25519_safegcd.h apply.

   The divstep (delta > 0 is D < 0):
     if D < 0 and g odd:  (D, f, g) <- (-D - 2, g, (g - f)/2)
     elif g odd:          (D, f, g) <- (D - 2, f, (g + f)/2)
     else:                (D, f, g) <- (D - 2, f, g/2)

   Packed words.  A run of j = 19 steps looks at the low 19 bits of f and
   g only.  It works on two 64-bit words
     F = f + 2^21 U + 2^42 V,   G = g + 2^21 Q + 2^42 R
   starting at F = (f mod 2^19) + 2^21 2^19, G = (g mod 2^19) + 2^42 2^19:
   the coefficients start at 2^19 times the identity.  Every divstep acts
   linearly on the whole words (F <- G, G <- (G -+ F)/2 or G/2), so after
   i steps U, V, Q, R are the matrix entries times 2^(19 - i) (integers:
   the halvings are exact because G -+ F and, for even g, G are even in
   every field), and after 19 steps they are the run's matrix itself:
   2^19 (f', g') = (U f + V g, Q f + R g).  Bounds: |U| + |V| <= 2^19 and
   |f|, |g| < 2^19 in the low field throughout, so the fields never
   overlap (|low + 2^21 U| < 2^41, |2^42 V| <= 2^61) and are read back by
   rounding.  One divstep is then 10 instructions on the words, with
   B = (F - 1)/2 = F >> 1 kept instead of F (F is always odd):
     a = G >> 1
     g odd, no swap: G' = (G + F)/2 = a + B + 1
     swap:           G' = (G - F)/2 = a - B,   B' = a (F' = G)
     g even:         G' = a
   Three runs make a call; between runs the next low bits of f, g are
   (U f + V g) / 2^19 on 64-bit words (exact in the bits a run reads), and
   the runs' matrices are multiplied.

   Registers: x0 D, x1 x2 f g, x3 t, x4 G, x5 B, x6-x9 scratch of a step,
   x10-x17 matrices.  No callee-saved register, no stack.

   Constant time: straight-line code (the runs are unrolled by .rept, no
   branch at all); the choices are csel/csinc/csneg/cneg on flags from
   tst/ccmp; mul and madd on 64-bit operands take the same time for
   every value on the cores we target.  tests/check-arm64-ct.sh checks
   the disassembly. */
#ifndef INV25519_SAFEGCD_ARM64_S
#define INV25519_SAFEGCD_ARM64_S

#include "field/arm64/fe64arm_macros.S"

/* one divstep on G (x4), B (x5), D (x0) */
.macro INV25519_ARM64_STEP
	asr	x6, x4, #1			/* a */
	add	x7, x5, x4, asr #1		/* a + B */
	sub	x8, x5, x4, asr #1		/* B - a */
	tst	x4, #1
	csinc	x9, x6, x7, eq			/* g odd ? a + B + 1 : a */
	ccmp	x0, #0, #0, ne			/* lt: g odd and D < 0 (swap) */
	csneg	x4, x9, x8, ge			/* swap ? a - B */
	csel	x5, x6, x5, lt			/* swap: F' = G */
	cneg	x0, x0, lt
	sub	x0, x0, #2
.endm

/* 19 divsteps from the low bits of f (\f), g (\g); their matrix to
   \u \v \q \r (none of x4-x9) */
.macro INV25519_ARM64_RUN f, g, u, v, q, r
	ubfx	x5, \f, #1, #18			/* B = (F - 1)/2 */
	orr	x5, x5, #(1 << 39)		/* U = 2^19 */
	ubfx	x4, \g, #0, #19
	orr	x4, x4, #(1 << 61)		/* R = 2^19 */
	.rept 19
	INV25519_ARM64_STEP
	.endr
	/* B + 2^19 = (f' - 1)/2 + 2^19 + 2^20 U + 2^41 V, the first term in
	   [0, 2^20); G + 2^20 = (g' + 2^20) + 2^21 Q + 2^42 R likewise */
	add	x6, x5, #(1 << 19)
	add	x7, x4, #(1 << 20)
	sbfx	\u, x6, #20, #21
	sbfx	\q, x7, #21, #21
	sub	x6, x6, \u, lsl #20
	sub	x7, x7, \q, lsl #21
	asr	\v, x6, #41
	asr	\r, x7, #42
.endm

/* (\f, \g) <- (u \f + v \g, q \f + r \g) / 2^19 on 64-bit words */
.macro INV25519_ARM64_NEXT f, g, u, v, q, r
	mul	x6, \u, \f
	mul	x7, \q, \f
	madd	x6, \v, \g, x6
	madd	x7, \r, \g, x7
	asr	\f, x6, #19
	asr	\g, x7, #19
.endm

/* (\d0 \d1 \d2 \d3) = (a0 a1 a2 a3) (b0 b1 b2 b3) as 2x2 matrices
   (u v q r order); none of the outputs may be an input */
.macro INV25519_ARM64_MATMUL d0, d1, d2, d3, a0, a1, a2, a3, b0, b1, b2, b3
	mul	\d0, \a0, \b0
	mul	\d1, \a0, \b1
	mul	\d2, \a2, \b0
	mul	\d3, \a2, \b1
	madd	\d0, \a1, \b2, \d0
	madd	\d1, \a1, \b3, \d1
	madd	\d2, \a3, \b2, \d2
	madd	\d3, \a3, \b3, \d3
.endm

FE64ARM_FUNC(CRYPTO_NAMESPACE(inv25519_arm64_divsteps57))
	INV25519_ARM64_RUN x1, x2, x10, x11, x12, x13
	INV25519_ARM64_NEXT x1, x2, x10, x11, x12, x13
	INV25519_ARM64_RUN x1, x2, x14, x15, x16, x17
	INV25519_ARM64_NEXT x1, x2, x14, x15, x16, x17
	/* the product of the first two runs, to x10-x13 */
	INV25519_ARM64_MATMUL x4, x5, x6, x7, x14, x15, x16, x17, x10, x11, x12, x13
	mov	x10, x4
	mov	x11, x5
	mov	x12, x6
	mov	x13, x7
	INV25519_ARM64_RUN x1, x2, x14, x15, x16, x17
	INV25519_ARM64_MATMUL x4, x5, x6, x7, x14, x15, x16, x17, x10, x11, x12, x13
	lsl	x4, x4, #5
	lsl	x5, x5, #5
	lsl	x6, x6, #5
	lsl	x7, x7, #5
	stp	x4, x5, [x3]
	stp	x6, x7, [x3, #16]
	ret
FE64ARM_END(CRYPTO_NAMESPACE(inv25519_arm64_divsteps57))

	.section .note.GNU-stack,"",@progbits

#endif
