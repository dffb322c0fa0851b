/* SPDX-License-Identifier: MIT */
/* The additions and doublings of the fixed-base comb
   (crypto_nG/merged25519/fe64arm-comb-r32) in AArch64 assembly: for each
   digit, a constant-time scan of a row of 16 precomputed points (Advanced
   SIMD) and a mixed addition in extended coordinates; and a run of
   doublings (radix-2^64 field macros of field/arm64/fe64arm_macros.S,
   point layouts of group/ge64arm.h: each coordinate four 64-bit limbs,
   any value in [0, 2^256)):
     ge64arm_p3       X at 0, Y at 32, Z at 64, T at 96
     ge64arm_precomp  y+x at 0, y-x at 32, 2dxy at 64

   ge64arm_asm_comb_madd(h, rows, e, n, init):
     void ge64arm_asm_comb_madd(uint64_t h[16], const ge64arm_precomp *rows,
                               const signed char *e, long long n, long long init)
   for i = 0 .. n-1 (n >= 1, public):
     h = h + e[2i] rows[16 i + |e[2i]| - 1], -16 <= e[2i] <= 16
   with rows[16 i + j] = (j+1) P_i and the digit 0 adding the neutral
   element; with init = 1 (public) h starts from the neutral element (its
   input is not read), and the first point is converted instead of added.
   The T coordinate of the final sum is not computed when n > 1 (the
   caller doubles or encodes it next, neither of which reads T); X, Y, Z
   are.  x0 = h (extended, in/out), x1 = rows, x2 = e (digits at stride
   2), x3 = n, x4 = init.

   Software pipelining: the scan of row i+1 (loads, and/orr under byte
   masks: the SIMD pipes) is interleaved with the addition of point i
   (mul/umulh and the integer pipes), which only reads the scan's
   previous result from the frame; the last scan result is stored after
   the addition has read the one before it.

   The scan: every entry of the row is loaded and ANDed with a mask that
   is all ones only for entry |e| - 1 (the 16 masks are one byte compare
   of |e| against the bytes 1..16), then ORed into the result; the
   neutral element (1, 1, 0) is ORed in under the mask |e| = 0.  A
   negative digit swaps y+x and y-x (a mask and eor-swap in SIMD
   registers) and negates 2dxy, which is done in the addition by
   swapping G = D + C and F = D - C under the same mask (csel).  No
   branch or memory index depends on e.

   The addition (7M, Hisil-Wong-Carter-Dawson with a = -1, z2 = 1):
     A = (Y-X)(y-x), B = (Y+X)(y+x), C = T 2dxy, D = 2Z,
     E = B-A, H = B+A, F = D-C, G = D+C,
     X = E F, Y = G H, Z = F G, T = E H.

   ABI: AAPCS64; x19-x28, x29, x30 saved and restored; x0-x17, the flags
   and v0-v7, v16-v31 clobbered (v8-v15 untouched); 384 bytes of stack.
   Timing: constant; the only branches are on the public n and init.
   Include from an implementation's .S file after "crypto_OP.h"; C
   declaration in group/ge64arm.h. */
#ifndef GE64ARM_COMB_S
#define GE64ARM_COMB_S

#include "field/arm64/fe64arm_macros.S"

/* frame: saved registers at 0..95, then */
#define GC_Q 96        /* the scanned point: y+x, y-x, 2dxy */
#define GC_NEG 192     /* its sign mask (0 or -1) */
#define GC_N 200       /* additions left */
#define GC_S 208       /* Y+X, then H (Y-X, B and C stay in registers) */
#define GC_E 240
#define GC_A 272
#define GC_F 304
#define GC_G 336
#define GC_H GC_S
#define GC_INIT 368    /* init (public) */
#define GC_FRAME 384   /* within the 512 bytes the caller's crypto_ct_wipe_below clears */
#define GC_ROW 1536    /* bytes per row of 16 points */

/* start the scan of the row at x1 for the digit at x2: v30 = the 16 byte
   masks (byte j all ones iff |e| = j + 1), v26 = the neutral element's
   low limb pair under |e| = 0, v28 = the sign mask.  v31 holds the bytes
   1..16 and v25 the pair (1, 0).  Uses x3-x5. */
.macro GC_SCAN_BEGIN
	ldrsb	x3, [x2]
	asr	x4, x3, #63
	eor	x5, x3, x4
	sub	x5, x5, x4
	dup	v28.2d, x4
	dup	v29.16b, w5
	cmeq	v30.16b, v29.16b, v31.16b
	cmeq	v27.16b, v29.16b, #0
	and	v26.16b, v27.16b, v25.16b
.endm

/* entry j of the row: v0..v5 |= entry & mask j (entry 0 initialises) */
.macro GC_SCAN_ENTRY j
	dup	v24.16b, v30.b[\j]
	ldr	q16, [x1, #96*\j]
	ldr	q17, [x1, #96*\j+16]
	ldr	q18, [x1, #96*\j+32]
	ldr	q19, [x1, #96*\j+48]
	ldr	q20, [x1, #96*\j+64]
	ldr	q21, [x1, #96*\j+80]
	.if \j == 0
	and	v0.16b, v16.16b, v24.16b
	and	v1.16b, v17.16b, v24.16b
	and	v2.16b, v18.16b, v24.16b
	and	v3.16b, v19.16b, v24.16b
	and	v4.16b, v20.16b, v24.16b
	and	v5.16b, v21.16b, v24.16b
	orr	v0.16b, v0.16b, v26.16b
	orr	v2.16b, v2.16b, v26.16b
	.else
	and	v16.16b, v16.16b, v24.16b
	and	v17.16b, v17.16b, v24.16b
	and	v18.16b, v18.16b, v24.16b
	and	v19.16b, v19.16b, v24.16b
	and	v20.16b, v20.16b, v24.16b
	and	v21.16b, v21.16b, v24.16b
	orr	v0.16b, v0.16b, v16.16b
	orr	v1.16b, v1.16b, v17.16b
	orr	v2.16b, v2.16b, v18.16b
	orr	v3.16b, v3.16b, v19.16b
	orr	v4.16b, v4.16b, v20.16b
	orr	v5.16b, v5.16b, v21.16b
	.endif
.endm

/* finish the scan: swap y+x and y-x under the sign mask, store the point
   and its mask in the frame.  Uses x3. */
.macro GC_SCAN_END
	eor	v16.16b, v0.16b, v2.16b
	eor	v17.16b, v1.16b, v3.16b
	and	v16.16b, v16.16b, v28.16b
	and	v17.16b, v17.16b, v28.16b
	eor	v0.16b, v0.16b, v16.16b
	eor	v2.16b, v2.16b, v16.16b
	eor	v1.16b, v1.16b, v17.16b
	eor	v3.16b, v3.16b, v17.16b
	add	x3, sp, #GC_Q
	st1	{v0.2d, v1.2d, v2.2d, v3.2d}, [x3]
	str	q4, [sp, #GC_Q+64]
	str	q5, [sp, #GC_Q+80]
	str	d28, [sp, #GC_NEG]
.endm

.macro GC_SCAN_ALL
	GC_SCAN_BEGIN
	.irp j, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	GC_SCAN_ENTRY \j
	.endr
	GC_SCAN_END
.endm

/* The field multiplication of FE64ARM_MUL with its operands and result
   passed in registers where the addition allows: f is loaded from
   [fb + fo] unless fload = 0 (then it is in x3-x6), g from [gb + go]; the
   product (loose) is left in x11-x14 and stored to [hb + ho] unless
   store = 0.  x28 holds 38 throughout the function (set at entry).
   Uses x3-x17, x19-x27. */
.macro GC_MUL hb, ho, fb, fo, gb, go, fload=1, store=1
	.if \fload
	ldp	x3, x4, [\fb, #\fo]
	.endif
	ldp	x7, x8, [\gb, #\go]
	.if \fload
	ldp	x5, x6, [\fb, #\fo+16]
	.endif
	ldp	x9, x10, [\gb, #\go+16]
	FE64ARM_MUL_REGS
	FE64ARM_REDUCE_X28
	.if \store
	stp	x11, x12, [\hb, #\ho]
	stp	x13, x14, [\hb, #\ho+16]
	.endif
.endm

/* Y - X into x3-x6 (the first factor of A), Y + X stored at GC_S */
.macro GC_SD
	ldp	x7, x8, [x0]
	ldp	x11, x12, [x0, #32]
	ldp	x9, x10, [x0, #16]
	ldp	x13, x14, [x0, #48]
	FE64ARM_SUB_REGS x3, x4, x5, x6, x11, x12, x13, x14, x7, x8, x9, x10, x28, x15
	FE64ARM_ADD_REGS x11, x12, x13, x14, x7, x8, x9, x10, x28, x15
	stp	x11, x12, [sp, #GC_S]
	stp	x13, x14, [sp, #GC_S+16]
.endm

/* B in x11-x14 (just computed), A at GC_A: E = B - A, H = B + A stored */
.macro GC_EH
	ldp	x7, x8, [sp, #GC_A]
	ldp	x9, x10, [sp, #GC_A+16]
	FE64ARM_SUB_REGS x3, x4, x5, x6, x11, x12, x13, x14, x7, x8, x9, x10, x28, x15
	FE64ARM_ADD_REGS x11, x12, x13, x14, x7, x8, x9, x10, x28, x15
	stp	x3, x4, [sp, #GC_E]
	stp	x5, x6, [sp, #GC_E+16]
	stp	x11, x12, [sp, #GC_H]
	stp	x13, x14, [sp, #GC_H+16]
.endm

/* C in x11-x14 (just computed): D = 2Z (h's Z), F = D - C, G = D + C,
   swapped when the mask at GC_NEG is set; F, G stored in the frame */
.macro GC_DFG
	ldp	x3, x4, [x0, #64]
	ldp	x5, x6, [x0, #80]
	FE64ARM_ADD_REGS x3, x4, x5, x6, x3, x4, x5, x6, x28, x15
	FE64ARM_SUB_REGS x7, x8, x9, x10, x3, x4, x5, x6, x11, x12, x13, x14, x28, x15
	FE64ARM_ADD_REGS x3, x4, x5, x6, x11, x12, x13, x14, x28, x15
	/* (x7..x10) = D - C, (x3..x6) = D + C */
	ldr	x15, [sp, #GC_NEG]
	cmp	x15, #0
	csel	x20, x3, x7, ne
	csel	x21, x4, x8, ne
	csel	x22, x5, x9, ne
	csel	x23, x6, x10, ne
	csel	x24, x7, x3, ne
	csel	x25, x8, x4, ne
	csel	x26, x9, x5, ne
	csel	x27, x10, x6, ne
	stp	x20, x21, [sp, #GC_F]
	stp	x22, x23, [sp, #GC_F+16]
	stp	x24, x25, [sp, #GC_G]
	stp	x26, x27, [sp, #GC_G+16]
.endm

/* h = the point in the frame as an extended point: with E = (y+x) - (y-x)
   = 2x and H = (y+x) + (y-x) = 2y, (X, Y, Z, T) = (2E, 2H, 4, E H)
   (T = X Y / Z); a negative digit's swap gives -x, and the digit 0's
   (1, 1, 0) the neutral element (0, 4, 4, 0) */
.macro GC_INIT_POINT
	ldp	x7, x8, [sp, #GC_Q]
	ldp	x11, x12, [sp, #GC_Q+32]
	ldp	x9, x10, [sp, #GC_Q+16]
	ldp	x13, x14, [sp, #GC_Q+48]
	FE64ARM_SUB_REGS x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x28, x15
	FE64ARM_ADD_REGS x7, x8, x9, x10, x11, x12, x13, x14, x28, x15
	stp	x3, x4, [sp, #GC_E]
	stp	x5, x6, [sp, #GC_E+16]
	stp	x7, x8, [sp, #GC_H]
	stp	x9, x10, [sp, #GC_H+16]
	FE64ARM_ADD_REGS x3, x4, x5, x6, x3, x4, x5, x6, x28, x15
	FE64ARM_ADD_REGS x7, x8, x9, x10, x7, x8, x9, x10, x28, x15
	stp	x3, x4, [x0]
	stp	x5, x6, [x0, #16]
	stp	x7, x8, [x0, #32]
	stp	x9, x10, [x0, #48]
	mov	x3, #4
	stp	x3, xzr, [x0, #64]
	stp	xzr, xzr, [x0, #80]
	GC_MUL x0, 96, sp, GC_E, sp, GC_H
.endm

/* h = h + the point in the frame; with scan = 1 the scan of the row at
   x1 (digit at x2) runs in between; with t = 0 T is not computed */
.macro GC_MADD scan, t
	.if \scan
	GC_SCAN_BEGIN
	.endif
	GC_SD
	GC_MUL sp, GC_A, x3, 0, sp, GC_Q+32, 0, 1        /* A = (Y-X)(y-x) */
	.if \scan
	GC_SCAN_ENTRY 0
	GC_SCAN_ENTRY 1
	GC_SCAN_ENTRY 2
	.endif
	GC_MUL sp, 0, sp, GC_S, sp, GC_Q, 1, 0           /* B = (Y+X)(y+x) */
	GC_EH
	.if \scan
	GC_SCAN_ENTRY 3
	GC_SCAN_ENTRY 4
	GC_SCAN_ENTRY 5
	.endif
	GC_MUL sp, 0, x0, 96, sp, GC_Q+64, 1, 0          /* C = T 2dxy */
	GC_DFG
	.if \scan
	GC_SCAN_ENTRY 6
	GC_SCAN_ENTRY 7
	GC_SCAN_ENTRY 8
	.endif
	GC_MUL x0, 0, sp, GC_E, sp, GC_F                 /* X = E F */
	.if \scan
	GC_SCAN_ENTRY 9
	GC_SCAN_ENTRY 10
	GC_SCAN_ENTRY 11
	.endif
	GC_MUL x0, 32, sp, GC_G, sp, GC_H                /* Y = G H */
	.if \scan
	GC_SCAN_ENTRY 12
	GC_SCAN_ENTRY 13
	.endif
	GC_MUL x0, 64, sp, GC_F, sp, GC_G                /* Z = F G */
	.if \scan
	GC_SCAN_ENTRY 14
	GC_SCAN_ENTRY 15
	GC_SCAN_END
	.endif
	.if \t
	GC_MUL x0, 96, sp, GC_E, sp, GC_H                /* T = E H */
	.endif
.endm

FE64ARM_FUNC(CRYPTO_NAMESPACE(ge64arm_asm_comb_madd))
	stp	x29, x30, [sp, #-GC_FRAME]!
	.cfi_def_cfa_offset GC_FRAME
	.cfi_offset x29, -GC_FRAME
	.cfi_offset x30, -GC_FRAME+8
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	stp	x27, x28, [sp, #80]
	.cfi_offset x19, -GC_FRAME+16
	.cfi_offset x20, -GC_FRAME+24
	.cfi_offset x21, -GC_FRAME+32
	.cfi_offset x22, -GC_FRAME+40
	.cfi_offset x23, -GC_FRAME+48
	.cfi_offset x24, -GC_FRAME+56
	.cfi_offset x25, -GC_FRAME+64
	.cfi_offset x26, -GC_FRAME+72
	.cfi_offset x27, -GC_FRAME+80
	.cfi_offset x28, -GC_FRAME+88
	sub	x3, x3, #1
	str	x3, [sp, #GC_N]
	str	x4, [sp, #GC_INIT]
	mov	x28, #38
	/* v31 = the bytes 1..16 (entry j of a row is selected by byte j),
	   v25 = (1, 0) */
	mov	x4, #0x0201
	movk	x4, #0x0403, lsl #16
	movk	x4, #0x0605, lsl #32
	movk	x4, #0x0807, lsl #48
	mov	x5, #0x0a09
	movk	x5, #0x0c0b, lsl #16
	movk	x5, #0x0e0d, lsl #32
	movk	x5, #0x100f, lsl #48
	fmov	d31, x4
	mov	v31.d[1], x5
	mov	x4, #1
	fmov	d25, x4
	GC_SCAN_ALL
	add	x1, x1, #GC_ROW
	add	x2, x2, #2
	ldr	x3, [sp, #GC_INIT]
	cbz	x3, 5f
	/* init: h = the first point, then scan the second row */
	GC_INIT_POINT
	ldr	x3, [sp, #GC_N]
	cbz	x3, 6f
	sub	x3, x3, #1
	str	x3, [sp, #GC_N]
	GC_SCAN_ALL
	add	x1, x1, #GC_ROW
	add	x2, x2, #2
5:
	ldr	x3, [sp, #GC_N]
	cbz	x3, 2f
1:
	GC_MADD 1, 1
	add	x1, x1, #GC_ROW
	add	x2, x2, #2
	ldr	x3, [sp, #GC_N]
	subs	x3, x3, #1
	str	x3, [sp, #GC_N]
	b.ne	1b
2:
	GC_MADD 0, 0
6:
	ldp	x19, x20, [sp, #16]
	ldp	x21, x22, [sp, #32]
	ldp	x23, x24, [sp, #48]
	ldp	x25, x26, [sp, #64]
	ldp	x27, x28, [sp, #80]
	ldp	x29, x30, [sp], #GC_FRAME
	FE64ARM_CFI_RESTORE_ALL
	ret
FE64ARM_END(CRYPTO_NAMESPACE(ge64arm_asm_comb_madd))

/* ge64arm_asm_dbl_p3(h, n): h = 2^n h (n >= 1, public); h's X, Y, Z are
   read (T is not), and X, Y, Z, T are written.
     void ge64arm_asm_dbl_p3(uint64_t h[16], long long n)
   x0 = h, x1 = n.  Each doubling (4S + 3M, the last 4S + 4M):
     A = X^2, B = Y^2, C = 2 Z^2, H' = A + B, G = B - A,
     E = (X + Y)^2 - H', F' = C - G,
     X = E F', Y = G H', Z = F' G, T = E H'
   which is the doubling of Hisil-Wong-Carter-Dawson with H = -H' and
   F = -F': every coordinate negated, the same projective point, and no
   negation to compute.  Frame: 336 bytes. */
#define GD_A 96
#define GD_B 128
#define GD_Z2 160
#define GD_E 192
#define GD_H 224
#define GD_G 256
#define GD_F 288
#define GD_N 320
#define GD_FRAME 336

FE64ARM_FUNC(CRYPTO_NAMESPACE(ge64arm_asm_dbl_p3))
	stp	x29, x30, [sp, #-GD_FRAME]!
	.cfi_def_cfa_offset GD_FRAME
	.cfi_offset x29, -GD_FRAME
	.cfi_offset x30, -GD_FRAME+8
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	stp	x27, x28, [sp, #80]
	.cfi_offset x19, -GD_FRAME+16
	.cfi_offset x20, -GD_FRAME+24
	.cfi_offset x21, -GD_FRAME+32
	.cfi_offset x22, -GD_FRAME+40
	.cfi_offset x23, -GD_FRAME+48
	.cfi_offset x24, -GD_FRAME+56
	.cfi_offset x25, -GD_FRAME+64
	.cfi_offset x26, -GD_FRAME+72
	.cfi_offset x27, -GD_FRAME+80
	.cfi_offset x28, -GD_FRAME+88
	str	x1, [sp, #GD_N]
1:
	FE64ARM_ADD sp, GD_E, x0, 0, x0, 32
	FE64ARM_SQ sp, GD_A, x0, 0
	FE64ARM_SQ sp, GD_B, x0, 32
	FE64ARM_SQ sp, GD_Z2, x0, 64
	FE64ARM_SQ sp, GD_E, sp, GD_E
	FE64ARM_ADDSUB sp, GD_H, sp, GD_G, sp, GD_B, sp, GD_A
	FE64ARM_SUB sp, GD_E, sp, GD_E, sp, GD_H
	/* F' = 2 Z^2 - G */
	ldp	x3, x4, [sp, #GD_Z2]
	ldp	x7, x8, [sp, #GD_G]
	ldp	x5, x6, [sp, #GD_Z2+16]
	ldp	x9, x10, [sp, #GD_G+16]
	mov	x16, #38
	FE64ARM_ADD_REGS x3, x4, x5, x6, x3, x4, x5, x6, x16, x15
	FE64ARM_SUB_REGS x11, x12, x13, x14, x3, x4, x5, x6, x7, x8, x9, x10, x16, x15
	stp	x11, x12, [sp, #GD_F]
	stp	x13, x14, [sp, #GD_F+16]
	FE64ARM_MUL x0, 0, sp, GD_E, sp, GD_F
	FE64ARM_MUL x0, 32, sp, GD_G, sp, GD_H
	FE64ARM_MUL x0, 64, sp, GD_F, sp, GD_G
	ldr	x1, [sp, #GD_N]
	subs	x1, x1, #1
	str	x1, [sp, #GD_N]
	b.ne	1b
	FE64ARM_MUL x0, 96, sp, GD_E, sp, GD_H
	ldp	x19, x20, [sp, #16]
	ldp	x21, x22, [sp, #32]
	ldp	x23, x24, [sp, #48]
	ldp	x25, x26, [sp, #64]
	ldp	x27, x28, [sp, #80]
	ldp	x29, x30, [sp], #GD_FRAME
	FE64ARM_CFI_RESTORE_ALL
	ret
FE64ARM_END(CRYPTO_NAMESPACE(ge64arm_asm_dbl_p3))

	.section .note.GNU-stack,"",@progbits

#endif
