/* SPDX-License-Identifier: MIT */
/* Constant-time inversion modulo p = 2^255 - 19 for AArch64 (baseline
   integer unit): the Bernstein-Yang "safegcd" method in its half-delta
   variant, the algorithm of field/inv25519_safegcd.h (same batches of
   matrix updates on signed radix-2^62 numbers), with the divsteps on
   packed 64-bit words.  Entry point fe64arm_asm_inv25519 at the end of the
   file (prototype in field/fe64arm.h); it calls the three functions
   before it.  Include this file after the generated "crypto_OP.h" (it is
   included by field/arm64/fe64arm.S); every symbol is namespaced and
   hidden.  ABI: AAPCS64, no stack arguments; each function says which
   registers it uses.

   The divsteps, 57 per batch (the macro INV25519_ARM64_DIVSTEPS57,
   inlined in the batch loop of fe64arm_asm_inv25519):
     x0 = D = -2 delta (the state; -1 at the start), x1 = f (odd), x2 = g:
     the low 64 bits of the current f and g (only the low 57 are read);
     leaves the new D in x0 and t = 32 T = (u, v, q, r) in x4-x7, where
     2^57 (f', g') = T (f, g) over the 57 divsteps, so that
     2^62 (f', g') = t (f, g) and |u| + |v|, |q| + |r| <= 2^62, the
     matrix that INV25519_ARM64_UPDATE_DE and _FG (as the C updates of
     field/inv25519_safegcd.h) apply.

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
   Three runs make a call; between runs the next low bits of f, g come
   from the run's matrix and bits 19-37 of its input (INV25519_ARM64_FAST,
   32-bit multiply-adds), the bits after those from (U f + V g) / 2^19 on
   64-bit words off that path, and the runs' matrices are multiplied (the first product inside the third
   run, where the multiplier has idle slots).  A step is 8 single-cycle
   ALU operations and 2 shifted ones; on the Cortex-A57 model of llvm-mca
   (which stands for the A76) it takes 4 cycles, both its dependency
   chain and its share of the two ALU pipes; a call models at about 270.

   Registers: x0 D, x1 x2 f g (then the first product), x3 t (the last batch), x4 G, x5 B,
   x6-x9 scratch of a step, x10-x17 matrices.  No callee-saved register,
   no stack.

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

/* the packed words of a run from the low bits of f (\f, odd), g (\g) */
.macro INV25519_ARM64_START f, g
	ubfx	x5, \f, #1, #18			/* B = (F - 1)/2 */
	ubfx	x4, \g, #0, #19
	orr	x5, x5, #(1 << 39)		/* U = 2^19 */
	orr	x4, x4, #(1 << 61)		/* R = 2^19 */
.endm

/* the matrix of a run, from its final words, to \u \v \q \r (none of
   x4-x9): B + 2^19 = (f' - 1)/2 + 2^19 + 2^20 U + 2^41 V with the first
   term in [0, 2^20), so U is bits 20-40 and, after adding 2^40
   (U + 2^20 in [0, 2^21)), V is the rest; G + 2^20 likewise */
.macro INV25519_ARM64_END u, v, q, r
	add	x6, x5, #(1 << 19)
	add	x7, x4, #(1 << 20)
	mov	x8, #(1 << 40)
	mov	x9, #(1 << 41)
	sbfx	\u, x6, #20, #21
	sbfx	\q, x7, #21, #21
	add	x8, x6, x8
	add	x9, x7, x9
	asr	\v, x8, #41
	asr	\r, x9, #42
.endm

/* a run of \n (default 19) divsteps; the matrix to \u \v \q \r
   (2^19 (f', g') = (U f + V g, Q f + R g) for any \n <= 19: the words
   start at 2^19 times the identity) */
.macro INV25519_ARM64_RUN u, v, q, r, n=19
	.rept \n
	INV25519_ARM64_STEP
	.endr
	INV25519_ARM64_END \u, \v, \q, \r
.endm

/* the packed words of the next run, from this run's final words and
   matrix (register numbers \u \v \q \r) and bits 19-37 of the run's
   input f, g (register numbers \fh, \gh): the next f is
   (U f + V g)/2^19 = f_low + U (f >> 19) + V (g >> 19), where f_low, the
   low field of F, is 2B + 1 mod 2^21; so its bits 1-18 are those of
   2B + U fh + V gh (an even sum), and the next g is G + Q fh + R gh
   mod 2^19.  32-bit multiply-adds (mod 2^32 is enough), the short
   path between two runs. */
.macro INV25519_ARM64_FAST fh, gh, u, v, q, r
	lsl	w6, w5, #1
	madd	w7, w\q, w\fh, w4
	madd	w6, w\u, w\fh, w6
	madd	w7, w\r, w\gh, w7
	madd	w6, w\v, w\gh, w6
	ubfx	x4, x7, #0, #19
	ubfx	x5, x6, #1, #18
	orr	x4, x4, #(1 << 61)
	orr	x5, x5, #(1 << 39)
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

.macro INV25519_ARM64_DIVSTEPS57
	INV25519_ARM64_START x1, x2
	ubfx	x14, x1, #19, #19
	ubfx	x15, x2, #19, #19
	INV25519_ARM64_RUN x10, x11, x12, x13
	INV25519_ARM64_FAST 14, 15, 10, 11, 12, 13
	/* 32 T1; bits 19-37 of the next f, g (bits 43-61 of
	   32 (u f + v g), 32 (q f + r g) on 64-bit words, exact there) for
	   the second boundary, in the second run's first steps */
	lsl	x10, x10, #5
	lsl	x11, x11, #5
	lsl	x12, x12, #5
	lsl	x13, x13, #5
	INV25519_ARM64_STEP
	mul	x14, x10, x1
	INV25519_ARM64_STEP
	mul	x15, x12, x1
	INV25519_ARM64_STEP
	madd	x14, x11, x2, x14
	INV25519_ARM64_STEP
	madd	x15, x13, x2, x15
	INV25519_ARM64_STEP
	ubfx	x1, x14, #43, #19
	ubfx	x2, x15, #43, #19
	.rept 14
	INV25519_ARM64_STEP
	.endr
	INV25519_ARM64_END x14, x15, x16, x17
	INV25519_ARM64_FAST 1, 2, 14, 15, 16, 17
	/* the third run, with P = T2 (32 T1) computed in its first 8 steps
	   (one multiplication per step, in the multiplier's idle slots):
	   P = (x1, x10, x2, x12), written over the entries of T1 as they
	   die */
	INV25519_ARM64_STEP
	mul	x1, x14, x10
	INV25519_ARM64_STEP
	mul	x2, x16, x10
	INV25519_ARM64_STEP
	madd	x1, x15, x12, x1
	INV25519_ARM64_STEP
	madd	x2, x17, x12, x2
	INV25519_ARM64_STEP
	mul	x10, x14, x11
	INV25519_ARM64_STEP
	mul	x12, x16, x11
	INV25519_ARM64_STEP
	madd	x10, x15, x13, x10
	INV25519_ARM64_STEP
	madd	x12, x17, x13, x12
	.rept 11
	INV25519_ARM64_STEP
	.endr
	INV25519_ARM64_END x14, x15, x16, x17
	INV25519_ARM64_MATMUL x4, x5, x6, x7, x14, x15, x16, x17, x1, x10, x2, x12
.endm

/* the last batch: 20 divsteps (a run of 19 and a run of 1: 570 + 20 =
   590, the bound), the same way
   int64_t fe64arm_asm_inv25519_divsteps20(int64_t D, uint64_t f, uint64_t g,
                                     int64_t t[5])
   t[0..3] = 2^24 T, where 2^38 (f', g') = T (f, g), and t[4] = f' - 1
   in its low 19 bits (bit 1 is the sign of f' = +-1 at the end of the
   inversion) */
FE64ARM_FUNC(CRYPTO_NAMESPACE(fe64arm_asm_inv25519_divsteps20))
	INV25519_ARM64_START x1, x2
	ubfx	x14, x1, #19, #19
	ubfx	x15, x2, #19, #19
	INV25519_ARM64_RUN x10, x11, x12, x13
	INV25519_ARM64_FAST 14, 15, 10, 11, 12, 13
	/* bits 19-37 of the next f, g (bits 38-56 of u f + v g,
	   q f + r g), then 2^24 T1 */
	mul	x14, x10, x1
	mul	x15, x12, x1
	madd	x14, x11, x2, x14
	madd	x15, x13, x2, x15
	ubfx	x1, x14, #38, #19
	ubfx	x2, x15, #38, #19
	lsl	x10, x10, #24
	lsl	x11, x11, #24
	lsl	x12, x12, #24
	lsl	x13, x13, #24
	INV25519_ARM64_RUN x14, x15, x16, x17, 1
	/* f' - 1 mod 2^19 = 2B + U fh + V gh, as in INV25519_ARM64_FAST */
	lsl	w8, w5, #1
	madd	w8, w14, w1, w8
	madd	w8, w15, w2, w8
	INV25519_ARM64_MATMUL x4, x5, x6, x7, x14, x15, x16, x17, x10, x11, x12, x13
	stp	x4, x5, [x3]
	stp	x6, x7, [x3, #16]
	str	x8, [x3, #32]
	ret
FE64ARM_END(CRYPTO_NAMESPACE(fe64arm_asm_inv25519_divsteps20))

/* The matrix updates of a batch, as safegcd_update_de and
   safegcd_update_fg of field/inv25519_safegcd.h (same results, same
   representation: signed radix 2^62, limbs 0-3 in [0, 2^62), limb 4
   signed, five 64-bit words per number).

   INV25519_ARM64_UPDATE_DE, INV25519_ARM64_UPDATE_FG_LOW and _HIGH: macros, inlined
   in the batch loop of fe64arm_asm_inv25519 (no call, no register save, the
   matrix stays in registers, the constants are set once)
     x0 = s = f, g, d, e (five words each), x4-x7 = t = (u, v, q, r) with
     2^62 (f', g') = t (f, g), |u| + |v|, |q| + |r| <= 2^62.
   (f, g) <- t (f, g) / 2^62, exactly;
   (d, e) <- t (d, e) / 2^62 mod p: md = (u if d < 0) + (v if e < 0)
     minus the m in [0, 2^62) with u d + v e + m p = 0 mod 2^62
     (m = (p^-1 mod 2^62) (u d + v e) + md mod 2^62), and md p added;
     p = -19 + 128 2^248 in the limbs, so md p is -19 md at limb 0 and
     128 md at limb 4.  Each limb's sum is a signed 128-bit value in
     two words (mul/smulh, adds/adc); the carry to the next limb is that
     value >> 62, which fits in 64 bits.

   Registers: x4-x7 u v q r, x23 (p^-1 mod 2^62) and x24 (-19), set by
   INV25519_ARM64_UPDATE_CONSTS, x8-x17 sums and carries, x25-x28 limbs
   and md, me (the caller saves x23-x28).

   Constant time: straight-line code, the signs of d and e become masks
   (asr #63, and); no branch. */

/* (\hi:\lo) = \a \x + \b \y, signed 128 bits; \tl, \th scratch */
.macro INV25519_ARM64_PROD lo, hi, tl, th, a, x, b, y
	mul	\lo, \a, \x
	smulh	\hi, \a, \x
	mul	\tl, \b, \y
	smulh	\th, \b, \y
	adds	\lo, \lo, \tl
	adc	\hi, \hi, \th
.endm

/* (\hi:\lo) += \c sign-extended; \t scratch */
.macro INV25519_ARM64_ADDC lo, hi, c, t
	asr	\t, \c, #63
	adds	\lo, \lo, \c
	adc	\hi, \hi, \t
.endm

/* limb \i (1-3) of one pair of outputs: X at [x0, #\ox], Y at [x0, #\oy];
   the new limb \i - 1 of X' = u X + v Y and Y' = q X + r Y is stored,
   the carries x16 (X'), x17 (Y') move on */
.macro INV25519_ARM64_LIMB ox, oy, i
	ldr	x25, [x0, #(\ox + 8 * \i)]
	ldr	x26, [x0, #(\oy + 8 * \i)]
	INV25519_ARM64_PROD x8, x9, x10, x11, x4, x25, x5, x26
	INV25519_ARM64_PROD x12, x13, x14, x15, x6, x25, x7, x26
	INV25519_ARM64_ADDC x8, x9, x16, x10
	INV25519_ARM64_ADDC x12, x13, x17, x14
	and	x10, x8, #0x3fffffffffffffff
	and	x14, x12, #0x3fffffffffffffff
	str	x10, [x0, #(\ox + 8 * \i - 8)]
	str	x14, [x0, #(\oy + 8 * \i - 8)]
	extr	x16, x9, x8, #62
	extr	x17, x13, x12, #62
.endm

/* the constants of the d, e update */
.macro INV25519_ARM64_UPDATE_CONSTS
	movz	x23, #0x35e5
	movk	x23, #0xd794, lsl #16
	movk	x23, #0x5e50, lsl #32
	movk	x23, #0x3943, lsl #48
	mov	x24, #-19
.endm

/* d, e */
.macro INV25519_ARM64_UPDATE_DE
	/* d, e: the corrections md (x27), me (x28) */
	ldr	x25, [x0, #112]
	ldr	x26, [x0, #152]
	asr	x25, x25, #63
	asr	x26, x26, #63
	and	x27, x4, x25
	and	x8, x5, x26
	and	x28, x6, x25
	and	x12, x7, x26
	add	x27, x27, x8
	add	x28, x28, x12
	ldr	x25, [x0, #80]
	ldr	x26, [x0, #120]
	INV25519_ARM64_PROD x8, x9, x10, x11, x4, x25, x5, x26
	INV25519_ARM64_PROD x12, x13, x14, x15, x6, x25, x7, x26
	madd	x10, x23, x8, x27
	madd	x14, x23, x12, x28
	and	x10, x10, #0x3fffffffffffffff
	and	x14, x14, #0x3fffffffffffffff
	sub	x27, x27, x10
	sub	x28, x28, x14
	mul	x10, x24, x27
	smulh	x11, x24, x27
	mul	x14, x24, x28
	smulh	x15, x24, x28
	adds	x8, x8, x10
	adc	x9, x9, x11
	adds	x12, x12, x14
	adc	x13, x13, x15
	extr	x16, x9, x8, #62		/* the low 62 bits are 0 */
	extr	x17, x13, x12, #62
	INV25519_ARM64_LIMB 80, 120, 1
	INV25519_ARM64_LIMB 80, 120, 2
	INV25519_ARM64_LIMB 80, 120, 3
	/* limb 4, with 128 md, 128 me */
	ldr	x25, [x0, #112]
	ldr	x26, [x0, #152]
	INV25519_ARM64_PROD x8, x9, x10, x11, x4, x25, x5, x26
	INV25519_ARM64_PROD x12, x13, x14, x15, x6, x25, x7, x26
	INV25519_ARM64_ADDC x8, x9, x16, x10
	INV25519_ARM64_ADDC x12, x13, x17, x14
	lsl	x10, x27, #7
	asr	x11, x27, #57
	lsl	x14, x28, #7
	asr	x15, x28, #57
	adds	x8, x8, x10
	adc	x9, x9, x11
	adds	x12, x12, x14
	adc	x13, x13, x15
	and	x10, x8, #0x3fffffffffffffff
	and	x14, x12, #0x3fffffffffffffff
	str	x10, [x0, #104]
	str	x14, [x0, #144]
	extr	x16, x9, x8, #62
	extr	x17, x13, x12, #62
	str	x16, [x0, #112]
	str	x17, [x0, #152]
.endm

/* f, g */
.macro INV25519_ARM64_UPDATE_FG_LOW
	/* f, g: limb 0 of the new f, g (all that the last batch reads) */
	ldr	x25, [x0, #0]
	ldr	x26, [x0, #40]
	INV25519_ARM64_PROD x8, x9, x10, x11, x4, x25, x5, x26
	INV25519_ARM64_PROD x12, x13, x14, x15, x6, x25, x7, x26
	extr	x16, x9, x8, #62		/* the low 62 bits are 0 */
	extr	x17, x13, x12, #62
	INV25519_ARM64_LIMB 0, 40, 1
.endm

/* the rest of f, g, carries x16, x17 from INV25519_ARM64_UPDATE_FG_LOW */
.macro INV25519_ARM64_UPDATE_FG_HIGH
	INV25519_ARM64_LIMB 0, 40, 2
	INV25519_ARM64_LIMB 0, 40, 3
	INV25519_ARM64_LIMB 0, 40, 4
	str	x16, [x0, #32]
	str	x17, [x0, #72]
.endm

/* d = (x2 ... x6) carried: limbs 0-3 into [0, 2^62) */
.macro INV25519_ARM64_CARRY
	add	x3, x3, x2, asr #62
	and	x2, x2, #0x3fffffffffffffff
	add	x4, x4, x3, asr #62
	and	x3, x3, #0x3fffffffffffffff
	add	x5, x5, x4, asr #62
	and	x4, x4, #0x3fffffffffffffff
	add	x6, x6, x5, asr #62
	and	x5, x5, #0x3fffffffffffffff
.endm

/* d += p if d < 0 (d carried before and after); x8-x10 scratch */
.macro INV25519_ARM64_ADDP
	asr	x8, x6, #63
	and	x9, x8, #0x3fffffffffffffff
	and	x10, x8, #127
	add	x3, x3, x9
	add	x4, x4, x9
	add	x5, x5, x9
	sub	x9, x9, #18
	and	x9, x9, x8			/* p's limb 0 or 0 */
	add	x2, x2, x9
	add	x6, x6, x10
	INV25519_ARM64_CARRY
.endm

/* The whole inversion around the functions above.

   void fe64arm_asm_inv25519(uint64_t h[4], const uint64_t x[4],
                       const uint64_t z[4])
     x0 = h, x1 = x, x2 = z: x and z fully reduced (< p), four 64-bit
     little-endian limbs; h = x/z mod p (0 for z = 0), fully reduced; h
     may alias x or z.  (1/z is x = 1; the quotient costs no more, so a
     caller wanting x/z saves a multiplication.)

   f = p, g = z, d = 0, e = x in signed radix 2^62 (five words each, on
   the stack; the updates keep d z = f x and e z = g x mod p, so that
   d = +-x/z when f = +-1), D = -1; 10 batches of 57 divsteps and a last one of 20
   (590, the bound of the half-delta variant for inputs below
   2^256), so that g = 0 and f = +-1 at the end (f = p for z = 0, where
   d = 0); after the last batch only d, e are updated and the sign of f
   comes from its low bits.  Then h = d f mod p: d is negated for f = -1,
   carried, p added while it is negative (twice: -2p < d < p) and
   subtracted when d >= p, and the limbs are packed to radix 2^64.  The
   state on the stack is cleared before returning.

   Registers: x19 h, x20 the batch counter, x21 D, x23 x24 the update's
   constants, x0-x17 and x25-x28 the batch's (x19-x30 saved); the callee
   (the last batch's divsteps) clobbers x0-x17.

   Constant time: the batch loop's branch is on the counter x20 (public,
   10 passes); the rest is straight-line, with masks from signs (asr #63)
   for the choices. */
FE64ARM_FUNC(CRYPTO_NAMESPACE(fe64arm_asm_inv25519))
	stp	x29, x30, [sp, #-304]!
	.cfi_def_cfa_offset 304
	.cfi_offset x29, -304
	.cfi_offset x30, -296
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	.cfi_offset x19, -288
	.cfi_offset x20, -280
	.cfi_offset x21, -272
	.cfi_offset x22, -264
	stp	x23, x24, [sp, #256]
	stp	x25, x26, [sp, #272]
	stp	x27, x28, [sp, #288]
	.cfi_offset x23, -48
	.cfi_offset x24, -40
	.cfi_offset x25, -32
	.cfi_offset x26, -24
	.cfi_offset x27, -16
	.cfi_offset x28, -8
	mov	x19, x0
	/* s = f, g, d, e at sp + 48, t at sp + 208; e = x first */
	mov	x14, x2
	ldp	x2, x3, [x1]
	ldp	x4, x5, [x1, #16]
	and	x8, x2, #0x3fffffffffffffff
	extr	x9, x3, x2, #62
	extr	x10, x4, x3, #60
	and	x9, x9, #0x3fffffffffffffff
	and	x10, x10, #0x3fffffffffffffff
	extr	x11, x5, x4, #58
	lsr	x12, x5, #56
	and	x11, x11, #0x3fffffffffffffff
	str	x8, [sp, #168]
	stp	x9, x10, [sp, #176]
	stp	x11, x12, [sp, #192]
	ldp	x2, x3, [x14]
	ldp	x4, x5, [x14, #16]
	mov	x6, #0x3fffffffffffffff
	sub	x7, x6, #18
	stp	x7, x6, [sp, #48]		/* f = p */
	stp	x6, x6, [sp, #64]
	mov	x7, #127
	and	x8, x2, #0x3fffffffffffffff	/* g = z */
	stp	x7, x8, [sp, #80]
	extr	x9, x3, x2, #62
	extr	x10, x4, x3, #60
	and	x9, x9, #0x3fffffffffffffff
	and	x10, x10, #0x3fffffffffffffff
	stp	x9, x10, [sp, #96]
	extr	x11, x5, x4, #58
	lsr	x12, x5, #56
	and	x11, x11, #0x3fffffffffffffff
	stp	x11, x12, [sp, #112]
	stp	xzr, xzr, [sp, #128]		/* d = 0 */
	stp	xzr, xzr, [sp, #144]
	str	xzr, [sp, #160]
	mov	x21, #-1
	mov	x20, #10
	INV25519_ARM64_UPDATE_CONSTS
	/* one batch per pass: straight-line divsteps and updates */
1:
	mov	x0, x21
	ldr	x1, [sp, #48]
	ldr	x2, [sp, #88]
	INV25519_ARM64_DIVSTEPS57
	mov	x21, x0
	add	x0, sp, #48
	INV25519_ARM64_UPDATE_DE
	INV25519_ARM64_UPDATE_FG_LOW
	subs	x20, x20, #1
	b.ne	3f			/* more batches: the rest of f, g, at the end */
	mov	x0, x21
	ldr	x1, [sp, #48]
	ldr	x2, [sp, #88]
	add	x3, sp, #208
	bl	CRYPTO_NAMESPACE(fe64arm_asm_inv25519_divsteps20)
	add	x0, sp, #48
	ldp	x4, x5, [sp, #208]
	ldp	x6, x7, [sp, #224]
	INV25519_ARM64_UPDATE_DE
	/* d (x2-x6) times the sign of f: bit 1 of f's low bits */
	ldr	x7, [sp, #240]
	ldp	x2, x3, [sp, #128]
	ldp	x4, x5, [sp, #144]
	ldr	x6, [sp, #160]
	ubfx	x7, x7, #1, #1
	neg	x7, x7
	eor	x2, x2, x7
	eor	x3, x3, x7
	eor	x4, x4, x7
	eor	x5, x5, x7
	eor	x6, x6, x7
	sub	x2, x2, x7
	sub	x3, x3, x7
	sub	x4, x4, x7
	sub	x5, x5, x7
	sub	x6, x6, x7
	INV25519_ARM64_CARRY
	/* -2p < d < 2p: add p twice while negative */
	INV25519_ARM64_ADDP
	INV25519_ARM64_ADDP
	/* 0 <= d < 2p: t = d - p (x8-x12), kept if not negative */
	mov	x13, #0x3fffffffffffffff
	sub	x14, x13, #18
	sub	x8, x2, x14
	sub	x9, x3, x13
	sub	x10, x4, x13
	sub	x11, x5, x13
	sub	x12, x6, #127
	add	x9, x9, x8, asr #62
	and	x8, x8, #0x3fffffffffffffff
	add	x10, x10, x9, asr #62
	and	x9, x9, #0x3fffffffffffffff
	add	x11, x11, x10, asr #62
	and	x10, x10, #0x3fffffffffffffff
	add	x12, x12, x11, asr #62
	and	x11, x11, #0x3fffffffffffffff
	cmp	x12, #0
	csel	x2, x2, x8, lt
	csel	x3, x3, x9, lt
	csel	x4, x4, x10, lt
	csel	x5, x5, x11, lt
	csel	x6, x6, x12, lt
	/* radix 2^62 -> 2^64 */
	orr	x2, x2, x3, lsl #62
	lsr	x3, x3, #2
	orr	x3, x3, x4, lsl #60
	lsr	x4, x4, #4
	orr	x4, x4, x5, lsl #58
	lsr	x5, x5, #6
	orr	x5, x5, x6, lsl #56
	stp	x2, x3, [x19]
	stp	x4, x5, [x19, #16]
	/* clear the state and the matrix */
	stp	xzr, xzr, [sp, #48]
	stp	xzr, xzr, [sp, #64]
	stp	xzr, xzr, [sp, #80]
	stp	xzr, xzr, [sp, #96]
	stp	xzr, xzr, [sp, #112]
	stp	xzr, xzr, [sp, #128]
	stp	xzr, xzr, [sp, #144]
	stp	xzr, xzr, [sp, #160]
	stp	xzr, xzr, [sp, #176]
	stp	xzr, xzr, [sp, #192]
	stp	xzr, xzr, [sp, #208]
	stp	xzr, xzr, [sp, #224]
	stp	xzr, xzr, [sp, #240]
	.cfi_remember_state
	ldp	x27, x28, [sp, #288]
	ldp	x25, x26, [sp, #272]
	ldp	x23, x24, [sp, #256]
	ldp	x21, x22, [sp, #32]
	ldp	x19, x20, [sp, #16]
	ldp	x29, x30, [sp], #304
	FE64ARM_CFI_RESTORE_ALL
	ret
	/* the rest of the f, g update of batches 1-9 (the 10th only needs
	   limb 0), back into the loop */
	.cfi_restore_state
3:
	INV25519_ARM64_UPDATE_FG_HIGH
	b	1b
FE64ARM_END(CRYPTO_NAMESPACE(fe64arm_asm_inv25519))

	.section .note.GNU-stack,"",@progbits

#endif
