/* SPDX-License-Identifier: MIT */
/* Register-to-register GF(2^255 - 19) operations in radix 2^64 for the
   AArch64 ladder step (internal/method/arm64/x25519_ladder_arm64.S): the
   same arithmetic as the memory-operand macros of
   internal/field/arm64/fe64arm_macros.S (the ladder takes its
   FE64ARM_ADD_REGS and FE64ARM_SUB_REGS as they are), but with operands
   and results in
   registers, so that the step chooses what it keeps in registers and
   what it passes through its frame (and when), and with the constant 38
   kept in x28 for the whole ladder instead of being rebuilt in every
   reduction.

   Elements are four little-endian 64-bit limbs with any value in
   [0, 2^256) (loose), as in fe64arm_macros.S; every result is loose.

   Fixed registers (the caller sets x28 = 38 and leaves it):
     L64_REDUCE   in  (x19 x17 x16 x15 x14 x13 x12 x11), 512 bits
                  out (x14 x13 x12 x11); clobbers x20-x27
     L64_MUL      in  f = (x6 x5 x4 x3), g = (x10 x9 x8 x7)
                  out (x14 x13 x12 x11); clobbers x15-x17, x19-x27
                  (the inputs are left as they were)
     L64_KMUL     as L64_MUL, but clobbers the inputs x3-x10 as well
     L64_SQ       in  f = (a3 a2 a1 a0), any four of x3-x10 (left as
                  they were)
                  out (x14 x13 x12 x11); clobbers x2, x15-x17, x19-x27
     L64_A24_ADD  in  e = (x6 x5 x4 x3), b = (x10 x9 x8 x7)
                  out (x10 x9 x8 x7) = b + 121666 e; e is kept;
                  clobbers x11-x17, x19, x20

   Timing: straight-line code, no branch, no memory access; carries are
   taken with adc/adcs or chosen with csel on the flags, and mul/umulh
   (and umull, the 32 x 32-bit form used where both factors are known to
   be small: the folds of the top word, for its shorter latency) take the
   same time for every operand on the cores we target
   (tests/check-arm64-ct.sh checks the disassembly). */
#ifndef X25519_LADDER_REGS_S
#define X25519_LADDER_REGS_S

#include "field/arm64/fe64arm_macros.S"

/* (x14 x13 x12 x11) = the 512-bit (x19 x17 x16 x15 x14 x13 x12 x11) mod p,
   38 in x28: FE64ARM_REDUCE_X28 of fe64arm_macros.S (the name kept so the
   step reads in one vocabulary) */
.macro L64_REDUCE
	FE64ARM_REDUCE_X28
.endm

/* one row of the schoolbook product, as FE64ARM_ROW of fe64arm_macros.S
   ((a4 a3 a2 a1 a0) = (a3 a2 a1 a0) + fi (x10 x9 x8 x7), a4 new) but
   with each low half and high half asked for in turn, so that the high
   halves reach the end of the carry chain sooner and the reduction that
   follows the last row can start earlier */
.macro L64_ROW fi, a0, a1, a2, a3, a4
	mul	x20, \fi, x7
	umulh	x24, \fi, x7
	mul	x21, \fi, x8
	umulh	x25, \fi, x8
	mul	x22, \fi, x9
	umulh	x26, \fi, x9
	mul	x23, \fi, x10
	umulh	x27, \fi, x10
	adds	\a0, \a0, x20
	adcs	\a1, \a1, x21
	adcs	\a2, \a2, x22
	adcs	\a3, \a3, x23
	adc	\a4, xzr, xzr
	adds	\a1, \a1, x24
	adcs	\a2, \a2, x25
	adcs	\a3, \a3, x26
	adc	\a4, \a4, x27
.endm

/* schoolbook 4 x 4 limbs, row by row (16 mul + 16 umulh), then reduce */
.macro L64_MUL
	FE64ARM_ROW0
	L64_ROW x4, x12, x13, x14, x15, x16
	L64_ROW x5, x13, x14, x15, x16, x17
	L64_ROW x6, x14, x15, x16, x17, x19
	L64_REDUCE
.endm

/* one 2 x 2-limb product (4 mul + 4 umulh):
   (r3 r2 r1 r0) = (a1 a0) (b1 b0); t0-t3 are scratch */
.macro L64_MUL2 r0, r1, r2, r3, a0, a1, b0, b1, t0, t1, t2, t3
	mul	\r0, \a0, \b0
	umulh	\t0, \a0, \b0
	mul	\t1, \a0, \b1
	umulh	\t2, \a0, \b1
	mul	\t3, \a1, \b0
	umulh	\r3, \a1, \b0
	mul	\r2, \a1, \b1
	adds	\r1, \t0, \t1
	umulh	\t0, \a1, \b1
	adcs	\r2, \r2, \t2
	adc	\t0, \t0, xzr
	adds	\r1, \r1, \t3
	adcs	\r2, \r2, \r3
	adc	\r3, \t0, xzr
.endm

/* Karatsuba on 128-bit halves (3 x 8 = 24 mul/umulh instead of 32):
   with X = 2^128, f = f_l + X f_h and g = g_l + X g_h,
     f g = L + X (M - L - H) + X^2 H,  L = f_l g_l, H = f_h g_h,
     M = (f_l + f_h)(g_l + g_h).
   The half sums have 129 bits, s = s' + 2^128 c: their product is
   s'_f s'_g + X (c_f s'_g + c_g s'_f) + X^2 c_f c_g, the middle terms
   taken with masks (no branch).  M - L - H = f_l g_h + f_h g_l is below
   2^257, so five limbs hold it; then reduce. */
.macro L64_KMUL
	L64_MUL2 x11, x12, x13, x14, x3, x4, x7, x8, x20, x21, x22, x23
	L64_MUL2 x15, x16, x17, x19, x5, x6, x9, x10, x24, x25, x26, x27
	adds	x3, x3, x5
	adcs	x4, x4, x6
	adc	x5, xzr, xzr           /* c_f */
	adds	x7, x7, x9
	adcs	x8, x8, x10
	adc	x9, xzr, xzr           /* c_g */
	L64_MUL2 x6, x20, x21, x22, x3, x4, x7, x8, x23, x24, x25, x26
	neg	x10, x5
	neg	x27, x9
	and	x23, x7, x10
	and	x24, x8, x10
	and	x25, x3, x27
	and	x26, x4, x27
	and	x10, x5, x9
	adds	x21, x21, x23
	adcs	x22, x22, x24
	adc	x10, x10, xzr
	adds	x21, x21, x25
	adcs	x22, x22, x26
	adc	x10, x10, xzr
	/* (x10 x22 x21 x20 x6) = M; subtract L and H */
	subs	x6, x6, x11
	sbcs	x20, x20, x12
	sbcs	x21, x21, x13
	sbcs	x22, x22, x14
	sbc	x10, x10, xzr
	subs	x6, x6, x15
	sbcs	x20, x20, x16
	sbcs	x21, x21, x17
	sbcs	x22, x22, x19
	sbc	x10, x10, xzr
	/* add it at limb 2 of L + X^2 H */
	adds	x13, x13, x6
	adcs	x14, x14, x20
	adcs	x15, x15, x21
	adcs	x16, x16, x22
	adcs	x17, x17, x10
	adc	x19, x19, xzr
	L64_REDUCE
.endm

/* the 6 cross products once, doubled, plus the 4 squares
   (10 mul + 10 umulh), then reduce */
.macro L64_SQ a0, a1, a2, a3
	mul	x12, \a0, \a1
	umulh	x20, \a0, \a1
	mul	x21, \a0, \a2
	umulh	x22, \a0, \a2
	mul	x23, \a0, \a3
	umulh	x15, \a0, \a3
	mul	x24, \a1, \a2
	umulh	x25, \a1, \a2
	mul	x26, \a1, \a3
	umulh	x27, \a1, \a3
	mul	x2, \a2, \a3
	umulh	x17, \a2, \a3
	/* a0 (a1 a2 a3) at limbs 1..4 */
	adds	x13, x20, x21
	adcs	x14, x22, x23
	adc	x15, x15, xzr
	/* a1 (a2 a3) = (x27 x25 x24) at limb 3, a2 a3 = (x17 x2) at limb 5 */
	adds	x25, x25, x26
	adc	x27, x27, xzr
	adds	x14, x14, x24
	adcs	x15, x15, x25
	adcs	x16, x27, x2
	adc	x17, x17, xzr
	/* twice the cross products: limbs 1..7 */
	adds	x12, x12, x12
	adcs	x13, x13, x13
	adcs	x14, x14, x14
	adcs	x15, x15, x15
	adcs	x16, x16, x16
	adcs	x17, x17, x17
	adc	x19, xzr, xzr
	/* the squares a_i^2 at limbs 2i, 2i + 1 */
	mul	x11, \a0, \a0
	umulh	x20, \a0, \a0
	mul	x21, \a1, \a1
	umulh	x22, \a1, \a1
	mul	x23, \a2, \a2
	umulh	x24, \a2, \a2
	mul	x25, \a3, \a3
	umulh	x26, \a3, \a3
	adds	x12, x12, x20
	adcs	x13, x13, x21
	adcs	x14, x14, x22
	adcs	x15, x15, x23
	adcs	x16, x16, x24
	adcs	x17, x17, x25
	adc	x19, x19, x26
	L64_REDUCE
.endm

/* b + 121666 e (121666 = (A + 2)/4, A = 486662): 121666 e has five limbs,
   the top one below 2^17; b is added in the same carry pass, the top word
   (below 2^18) folded as 38 top and a last carry as 38 (the low limb is
   then below 2^24, so no further carry) */
.macro L64_A24_ADD
	mov	x20, #0xdb42
	movk	x20, #0x1, lsl #16
	mul	x11, x3, x20
	umulh	x12, x3, x20
	mul	x13, x4, x20
	umulh	x14, x4, x20
	mul	x15, x5, x20
	umulh	x16, x5, x20
	mul	x17, x6, x20
	umulh	x19, x6, x20
	adds	x7, x7, x11
	adcs	x8, x8, x13
	adcs	x9, x9, x15
	adcs	x10, x10, x17
	adc	x19, x19, xzr
	adds	x8, x8, x12
	adcs	x9, x9, x14
	adcs	x10, x10, x16
	adc	x19, x19, xzr
	umull	x19, w19, w28
	adds	x7, x7, x19
	adcs	x8, x8, xzr
	adcs	x9, x9, xzr
	adcs	x10, x10, xzr
	csel	x19, x28, xzr, cs
	add	x7, x7, x19
.endm

#endif
