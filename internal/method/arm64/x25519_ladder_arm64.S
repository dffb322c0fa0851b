/* SPDX-License-Identifier: MIT */
/* The X25519 Montgomery ladder (RFC 7748 section 5) for AArch64, whole in
   assembly on radix-2^64 field operations (the register-operand macros of
   internal/method/arm64/x25519_ladder_regs.S and, for the sums and
   differences, internal/field/arm64/fe64arm_macros.S), so no call or
   register save per field operation.  The arithmetic of the C template
   internal/method/x25519_ladder.h, rearranged:

   - A = x2 + z2, B = x2 - z2, C = x3 + z3, D = x3 - z3 are formed at the
     end of the step that produces x2, z2, x3, z3 (and kept in the frame),
     not at the start of the next one;
   - the swap then acts on them: swapping (x2, z2) with (x3, z3) swaps
     (A, B) with (C, D), which leaves the pair {DA, CB} as it is (DA + CB
     unchanged, DA - CB negated, and only its square is used), so only the
     doubling's inputs are chosen: AA = (swap ? C : A)^2,
     BB = (swap ? D : B)^2;
   - x2 = AA BB, z2 = E (BB + 121666 E) with E = AA - BB,
     x3 = (DA + CB)^2, z3 = x1 (DA - CB)^2, as in RFC 7748.
   The clamping fixes four bits (bit 254 set; bits 2, 1, 0 clear), public
   facts, so their steps are written out of the loop and cut down: bit
   254's step only doubles (x1 : 1) (its sum is (x1 : 1) itself), and
   bits 2, 1, 0 only double (no sum is used after them), the first of
   them choosing by bit 3's pending swap which pair it doubles; the loop
   runs over bits 253..3 and the result is the last doubling's (x2 : z2).
   z2 is E (BB + 121666 E) by Karatsuba (L64_KMUL), the other products
   by schoolbook (L64_MUL keeps its inputs, which the step uses again).  The order of the operations puts, where the data
   flow allows, an operation next to one it does not depend on, so that
   the multiplications of one overlap the carry chains of the other; on
   the cost model's cores (doc/speed.md, "The arm64 cost model") the
   loads and stores are single ldr/str (one micro-op each: a two-micro-op
   ldp/stp can leave a dispatch slot empty).

   void x25519_ladder_arm64(uint64_t x2[4], uint64_t z2[4],
                            const unsigned char k[32], const uint64_t u[4])
   x0 = x2, x1 = z2, x2 = k, x3 = u.  k must already be clamped (the
   caller does it: the ladder takes bit 254 as set and bits 2, 1, 0 as
   clear without reading them); u is any value in [0, 2^256).  Sets
   (x2 : z2) to the projective u-coordinate of k*u, limbs loose (in
   [0, 2^256)); z2 = 0 mod p exactly for the point at infinity.

   ABI: AAPCS64; x19-x30 saved and restored; x0-x17 and the flags
   clobbered.  Frame: 96 bytes of saved registers plus 544 bytes of
   locals (the two out pointers, 15 field elements, a copy of k wiped
   before return; the callers wipe the rest of the stack they used).

   Registers in the loop: x0 = i (253 down to 3), x1 = the previous bit,
   then (for the two selections) whether to swap, x30 = the bit of this
   step, x28 = 38 (for the reductions); the field macros use x2-x17 and
   x19-x27.

   Constant time: bit i of k only ever reaches csel (the two selections
   of the doubling's inputs in the loop and in the first tail step); the
   loop branch depends on i alone; the one register-indexed load reads
   k[i >> 3], an address that depends on i only. */
#ifndef X25519_LADDER_ARM64_S
#define X25519_LADDER_ARM64_S

#include "field/arm64/fe64arm_macros.S"
#include "method/arm64/x25519_ladder_regs.S"

/* four limbs between registers and [sp + off] */
.macro L64_LD r0, r1, r2, r3, off
	ldr	\r0, [sp, #\off]
	ldr	\r1, [sp, #\off+8]
	ldr	\r2, [sp, #\off+16]
	ldr	\r3, [sp, #\off+24]
.endm
.macro L64_ST r0, r1, r2, r3, off
	str	\r0, [sp, #\off]
	str	\r1, [sp, #\off+8]
	str	\r2, [sp, #\off+16]
	str	\r3, [sp, #\off+24]
.endm

/* frame offsets (from sp after the locals are allocated) */
#define L_OUT 0
#define L_X1 32
#define L_X2 64
#define L_Z2 96
#define L_X3 128
#define L_Z3 160
#define L_A 192
#define L_B 224
#define L_C 256
#define L_D 288
#define L_AA 320
#define L_BB 352
#define L_E 384
#define L_DA 416
#define L_CB 448
#define L_T 480
#define L_K 512
#define L_SIZE 544

/* One doubling alone, as the steps whose bit the clamping fixes need it:
   from (A, B) at frame offsets fa, fb (with choose = 1: from (C, D)
   instead when x1 is set), AA = A^2, BB = B^2, x2 = AA BB to the frame,
   z2 = E (BB + 121666 E) with E = AA - BB left in x11-x14. */
.macro L64_DOUBLE fa, fb, choose=0
	L64_LD	x3, x4, x5, x6, \fa
	.if \choose
	L64_LD	x7, x8, x9, x10, L_C
	cmp	x1, #0
	csel	x3, x7, x3, ne
	csel	x4, x8, x4, ne
	csel	x5, x9, x5, ne
	csel	x6, x10, x6, ne
	.endif
	L64_SQ	x3, x4, x5, x6                       /* AA */
	L64_ST	x11, x12, x13, x14, L_AA
	L64_LD	x7, x8, x9, x10, \fb
	.if \choose
	L64_LD	x3, x4, x5, x6, L_D
	cmp	x1, #0
	csel	x7, x3, x7, ne
	csel	x8, x4, x8, ne
	csel	x9, x5, x9, ne
	csel	x10, x6, x10, ne
	.endif
	L64_SQ	x7, x8, x9, x10                      /* BB */
	L64_LD	x3, x4, x5, x6, L_AA
	mov	x7, x11
	mov	x8, x12
	mov	x9, x13
	mov	x10, x14
	L64_MUL                                       /* x2 = AA BB */
	L64_ST	x11, x12, x13, x14, L_X2
	/* E = AA - BB in place of AA */
	FE64ARM_SUB_REGS x3, x4, x5, x6, x3, x4, x5, x6, x7, x8, x9, x10, x28, x15
	L64_A24_ADD                                   /* x7-x10 = BB + 121666 E */
	L64_KMUL                                      /* z2 = E (BB + 121666 E) */
.endm

/* A = x2 + z2, B = x2 - z2 from x2 in the frame and z2 in x11-x14 */
.macro L64_AB
	L64_LD	x3, x4, x5, x6, L_X2
	FE64ARM_SUB_REGS x7, x8, x9, x10, x3, x4, x5, x6, x11, x12, x13, x14, x28, x15
	FE64ARM_ADD_REGS x3, x4, x5, x6, x11, x12, x13, x14, x28, x15
	L64_ST	x7, x8, x9, x10, L_B
	L64_ST	x3, x4, x5, x6, L_A
.endm

FE64ARM_FUNC(CRYPTO_NAMESPACE(x25519_ladder_arm64))
	FE64ARM_SAVE_ALL
	sub	sp, sp, #L_SIZE
	.cfi_def_cfa_offset 96+L_SIZE
	stp	x0, x1, [sp, #L_OUT]
	ldp	x4, x5, [x2]
	ldp	x6, x7, [x2, #16]
	add	x8, sp, #L_K          /* beyond the reach of stp from sp */
	stp	x4, x5, [x8]
	stp	x6, x7, [x8, #16]
	ldp	x4, x5, [x3]
	ldp	x6, x7, [x3, #16]
	stp	x4, x5, [sp, #L_X1]
	stp	x6, x7, [sp, #L_X1+16]
	/* bit 254 is set: the first step swaps, doubles (x1 : 1) into
	   (x2 : z2) and adds (1 : 0) to it, giving (x3 : z3) = (x1 : 1) (the
	   general formulas give (4 x1^2 : 4 x1), the same point but for
	   x1 = 0 mod p, where every later step keeps the result at
	   infinity all the same).  So C = x1 + 1 and D = x1 - 1 serve both
	   as the doubling's inputs and as the next step's C, D. */
	mov	x4, #1
	stp	x4, xzr, [sp, #L_Z3]
	stp	xzr, xzr, [sp, #L_Z3+16]
	FE64ARM_ADD sp, L_C, sp, L_X1, sp, L_Z3
	FE64ARM_SUB sp, L_D, sp, L_X1, sp, L_Z3
	mov	x28, #38             /* for the whole ladder (L64_REDUCE) */
	L64_DOUBLE L_C, L_D
	L64_AB
	mov	x0, #253
	mov	x1, #1               /* the pending swap of bit 254 */
1:
	/* x30 = bit i of k; x1 = 1 when it differs from the previous bit */
	lsr	x30, x0, #3
	add	x3, sp, #L_K
	ldrb	w30, [x3, x30]
	and	x3, x0, #7
	lsr	w30, w30, w3
	and	x30, x30, #1
	eor	x1, x1, x30

	L64_LD	x3, x4, x5, x6, L_D
	L64_LD	x7, x8, x9, x10, L_A
	L64_MUL                                       /* DA (D, A kept) */
	L64_ST	x11, x12, x13, x14, L_DA
	/* the doubling takes (C, D) instead of (A, B) on a swap */
	L64_LD	x11, x12, x13, x14, L_C
	cmp	x1, #0
	csel	x7, x11, x7, ne
	csel	x8, x12, x8, ne
	csel	x9, x13, x9, ne
	csel	x10, x14, x10, ne
	L64_SQ	x7, x8, x9, x10                      /* AA */
	L64_ST	x11, x12, x13, x14, L_AA
	L64_LD	x7, x8, x9, x10, L_B
	cmp	x1, #0
	csel	x3, x3, x7, ne
	csel	x4, x4, x8, ne
	csel	x5, x5, x9, ne
	csel	x6, x6, x10, ne
	mov	x1, x30
	L64_SQ	x3, x4, x5, x6                       /* BB */
	L64_ST	x11, x12, x13, x14, L_BB
	L64_LD	x3, x4, x5, x6, L_C
	L64_MUL                                       /* CB (B still in x7-x10) */
	L64_LD	x3, x4, x5, x6, L_DA
	/* DA - CB to x7-x10, DA + CB in place of DA (x3-x6) */
	FE64ARM_SUB_REGS x7, x8, x9, x10, x3, x4, x5, x6, x11, x12, x13, x14, x28, x15
	FE64ARM_ADD_REGS x3, x4, x5, x6, x11, x12, x13, x14, x28, x15
	L64_ST	x7, x8, x9, x10, L_D
	L64_ST	x3, x4, x5, x6, L_T

	L64_LD	x3, x4, x5, x6, L_AA
	L64_LD	x7, x8, x9, x10, L_BB
	L64_MUL                                       /* x2 = AA BB */
	L64_ST	x11, x12, x13, x14, L_X2
	/* AA and BB are still in x3-x10: E = AA - BB in place of AA */
	FE64ARM_SUB_REGS x3, x4, x5, x6, x3, x4, x5, x6, x7, x8, x9, x10, x28, x15
	L64_A24_ADD                                   /* x7-x10 = BB + 121666 E */
	L64_ST	x3, x4, x5, x6, L_E
	L64_ST	x7, x8, x9, x10, L_CB
	L64_LD	x3, x4, x5, x6, L_D
	L64_SQ	x3, x4, x5, x6                       /* (DA - CB)^2 */
	L64_ST	x11, x12, x13, x14, L_DA
	L64_LD	x3, x4, x5, x6, L_E
	L64_LD	x7, x8, x9, x10, L_CB
	L64_KMUL                                      /* z2 = E (BB + 121666 E) */
	L64_ST	x11, x12, x13, x14, L_Z2
	L64_LD	x3, x4, x5, x6, L_T
	L64_SQ	x3, x4, x5, x6                       /* x3 = (DA + CB)^2 */
	L64_ST	x11, x12, x13, x14, L_X3
	/* the next step's A = x2 + z2, B = x2 - z2 */
	L64_LD	x3, x4, x5, x6, L_X2
	L64_LD	x11, x12, x13, x14, L_Z2
	FE64ARM_SUB_REGS x7, x8, x9, x10, x3, x4, x5, x6, x11, x12, x13, x14, x28, x15
	FE64ARM_ADD_REGS x3, x4, x5, x6, x11, x12, x13, x14, x28, x15
	L64_ST	x7, x8, x9, x10, L_B
	L64_ST	x3, x4, x5, x6, L_A
	L64_LD	x3, x4, x5, x6, L_DA
	L64_LD	x7, x8, x9, x10, L_X1
	L64_MUL                                       /* z3 = x1 (DA - CB)^2 */
	/* the next step's C = x3 + z3, D = x3 - z3 */
	L64_LD	x3, x4, x5, x6, L_X3
	FE64ARM_SUB_REGS x7, x8, x9, x10, x3, x4, x5, x6, x11, x12, x13, x14, x28, x15
	FE64ARM_ADD_REGS x3, x4, x5, x6, x11, x12, x13, x14, x28, x15
	L64_ST	x7, x8, x9, x10, L_D
	L64_ST	x3, x4, x5, x6, L_C

	sub	x0, x0, #1
	cmp	x0, #3
	b.ge	1b

	/* bits 2, 1, 0 are clear: the steps double alone (the sum is not
	   used after them), the first one choosing by the pending swap of
	   bit 3 which pair it doubles */
	L64_DOUBLE L_A, L_B, 1
	L64_AB
	L64_DOUBLE L_A, L_B
	L64_AB
	L64_DOUBLE L_A, L_B
	L64_ST	x11, x12, x13, x14, L_Z2
	ldp	x0, x1, [sp, #L_OUT]
	ldp	x4, x5, [sp, #L_X2]
	ldp	x6, x7, [sp, #L_X2+16]
	stp	x4, x5, [x0]
	stp	x6, x7, [x0, #16]
	ldp	x4, x5, [sp, #L_Z2]
	ldp	x6, x7, [sp, #L_Z2+16]
	stp	x4, x5, [x1]
	stp	x6, x7, [x1, #16]
	/* wipe the copy of the scalar */
	add	x8, sp, #L_K
	stp	xzr, xzr, [x8]
	stp	xzr, xzr, [x8, #16]
	add	sp, sp, #L_SIZE
	.cfi_def_cfa_offset 96
	FE64ARM_RESTORE_ALL
	ret
FE64ARM_END(CRYPTO_NAMESPACE(x25519_ladder_arm64))

#endif
