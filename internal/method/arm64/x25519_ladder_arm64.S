/* SPDX-License-Identifier: MIT */
/* The X25519 Montgomery ladder (RFC 7748 section 5) for AArch64, whole in
   assembly on the radix-2^64 macros of internal/field/arm64/fe64arm_macros.S
   (so no call or register save per field operation).  The same steps, in
   the same order, as the C template internal/method/x25519_ladder.h.

   void x25519_ladder_arm64(uint64_t x2[4], uint64_t z2[4],
                            const unsigned char k[32], const uint64_t u[4])
   x0 = x2, x1 = z2, x2 = k, x3 = u.  k must already be clamped (the
   caller does it); u is any value in [0, 2^256).  Sets (x2 : z2) to the
   projective u-coordinate of k*u, limbs loose (in [0, 2^256)); z2 = 0 mod p
   exactly for the point at infinity.

   ABI: AAPCS64; x19-x30 saved and restored; x0-x17 and the flags
   clobbered.  Frame: 96 bytes of saved registers plus 544 bytes of
   locals (the two out pointers, 15 field elements, a copy of k, wiped
   before return).

   Loop state lives in the three registers the macros leave alone:
   x0 = i (254 down to 0), x1 = the previous bit (the pending swap),
   x2 = the bit of this step.

   Constant time: bit i of k only ever reaches csel (FE64ARM_LADDER_HEAD,
   FE64ARM_CSWAP); the
   loop branch depends on i alone; the one register-indexed load reads
   k[i >> 3], an address that depends on i only. */
#ifndef X25519_LADDER_ARM64_S
#define X25519_LADDER_ARM64_S

#include "field/arm64/fe64arm_macros.S"

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
	stp	x4, x5, [sp, #L_X3]
	stp	x6, x7, [sp, #L_X3+16]
	mov	x4, #1
	stp	x4, xzr, [sp, #L_X2]
	stp	xzr, xzr, [sp, #L_X2+16]
	stp	xzr, xzr, [sp, #L_Z2]
	stp	xzr, xzr, [sp, #L_Z2+16]
	stp	x4, xzr, [sp, #L_Z3]
	stp	xzr, xzr, [sp, #L_Z3+16]
	mov	x0, #254
	mov	x1, #0
1:
	/* x2 = bit i of k; swap if it differs from the previous bit */
	lsr	x2, x0, #3
	add	x3, sp, #L_K
	ldrb	w2, [x3, x2]
	and	x3, x0, #7
	lsr	w2, w2, w3
	and	x2, x2, #1
	eor	x1, x1, x2
	/* swap, A = x2 + z2, B = x2 - z2, C = x3 + z3, D = x3 - z3 */
	FE64ARM_LADDER_HEAD x1, L_X2, L_Z2, L_X3, L_Z3, L_A, L_B, L_C, L_D
	mov	x1, x2

	FE64ARM_SQ sp, L_AA, sp, L_A                   /* AA = A^2 */
	FE64ARM_SQ sp, L_BB, sp, L_B                   /* BB = B^2 */
	FE64ARM_MUL sp, L_DA, sp, L_D, sp, L_A         /* DA = D A */
	FE64ARM_MUL sp, L_CB, sp, L_C, sp, L_B         /* CB = C B */
	FE64ARM_ADDSUB sp, L_T, sp, L_D, sp, L_DA, sp, L_CB   /* T = DA + CB, D = DA - CB */
	FE64ARM_SQ sp, L_X3, sp, L_T                   /* x3 = (DA + CB)^2 */
	FE64ARM_SQ sp, L_T, sp, L_D
	FE64ARM_MUL sp, L_Z3, sp, L_T, sp, L_X1        /* z3 = x1 (DA - CB)^2 */
	FE64ARM_MUL sp, L_X2, sp, L_AA, sp, L_BB       /* x2 = AA BB */
	FE64ARM_SUB_MUL121666_ADD sp, L_E, sp, L_T, sp, L_AA, sp, L_BB  /* E = AA - BB, T = BB + 121666 E */
	FE64ARM_MUL sp, L_Z2, sp, L_E, sp, L_T         /* z2 = E (BB + 121666 E) */

	subs	x0, x0, #1
	b.ge	1b

	FE64ARM_CSWAP x1, sp, L_X2, sp, L_X3
	FE64ARM_CSWAP x1, sp, L_Z2, sp, L_Z3
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
