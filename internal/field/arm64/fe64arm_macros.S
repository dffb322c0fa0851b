/* SPDX-License-Identifier: MIT */
/* GF(p), p = 2^255 - 19, in radix 2^64: assembler macros (GNU as syntax,
   also accepted by clang's integrated assembler) for AArch64, using only
   the baseline integer unit: mul/umulh for the 64x64 -> 128-bit products
   and adds/adcs (subs/sbcs) carry chains.

   Representation: an element is four little-endian 64-bit limbs
   f = f0 + f1 2^64 + f2 2^128 + f3 2^192 holding any integer in
   [0, 2^256); it stands for f mod p.  Every macro below accepts any such
   input and produces an output in [0, 2^256) ("loosely reduced"); only
   FE64ARM_FREEZE produces the canonical value in [0, p).  Reduction uses
   2^256 = 38 (mod p): the high half of a 512-bit product is multiplied
   by 38 and added to the low half, the few bits left over are folded the
   same way, and a last carry (possible only when the low limbs are tiny)
   adds 38 once more.

   Operands are memory locations given as a base register and an offset,
   e.g. "FE64ARM_MUL x0, 0, sp, 32, x2, 0" for *x0 = sp[4..7] * x2[0..3]
   (limb k at offset + 8k; offsets must suit ldp/stp: multiples of 8,
   at most 488).  Outputs are written only after every input limb has been
   read, so an output may alias an input.

   Register use: the macros clobber x3-x17, x19-x28 (a subset for the
   small ones) and the flags; they never touch x0, x1, x2, x18 (the
   platform register), x29, x30 or sp, so x0-x2 and sp may hold the base
   pointers and x0-x2 loop state.  x19-x28 are callee-saved in AAPCS64:
   a function using MUL, SQ or REDUCE saves them (FE64ARM_SAVE_ALL).
     FE64ARM_MUL, FE64ARM_SQ   x3-x17 x19-x28
     FE64ARM_MUL121666         x3-x14 x16
     FE64ARM_ADD, FE64ARM_SUB  x3-x11 x16
     FE64ARM_FREEZE            x3-x11 x16
     FE64ARM_CSWAP             x3-x11 (the bit in a register, 0 or 1)
     FE64ARM_ADDSUB            x3-x16
     FE64ARM_SUB_MUL121666_ADD x3-x17
     FE64ARM_LADDER_HEAD       x3-x17 x19-x25 x28

   Timing: straight-line code; no branch and no memory index depends on
   the data.  Carries become values with adc or choices with csel, which
   are data-independent-timing instructions (they are in the ARMv8.4 DIT
   list), and mul/umulh take the same time for every operand on the cores
   we target (no early termination in the 64-bit multipliers of the
   Cortex-A7x/Neoverse families).  tests/check-arm64-ct.sh checks the
   disassembly.

   The file may be included more than once (guarded). */
#ifndef FE64ARM_MACROS_S
#define FE64ARM_MACROS_S

/* function frame: x29/x30 and x19-x28 saved in 96 bytes */
.macro FE64ARM_SAVE_ALL
	stp	x29, x30, [sp, #-96]!
	.cfi_def_cfa_offset 96
	.cfi_offset x29, -96
	.cfi_offset x30, -88
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	stp	x27, x28, [sp, #80]
	.cfi_offset x19, -80
	.cfi_offset x20, -72
	.cfi_offset x21, -64
	.cfi_offset x22, -56
	.cfi_offset x23, -48
	.cfi_offset x24, -40
	.cfi_offset x25, -32
	.cfi_offset x26, -24
	.cfi_offset x27, -16
	.cfi_offset x28, -8
.endm

/* the unwind notes of a frame whose x19-x30 have just been reloaded and
   whose stack pointer is back at the entry value (any frame layout) */
.macro FE64ARM_CFI_RESTORE_ALL
	.cfi_restore x19
	.cfi_restore x20
	.cfi_restore x21
	.cfi_restore x22
	.cfi_restore x23
	.cfi_restore x24
	.cfi_restore x25
	.cfi_restore x26
	.cfi_restore x27
	.cfi_restore x28
	.cfi_restore x29
	.cfi_restore x30
	.cfi_def_cfa_offset 0
.endm

.macro FE64ARM_RESTORE_ALL
	ldp	x19, x20, [sp, #16]
	ldp	x21, x22, [sp, #32]
	ldp	x23, x24, [sp, #48]
	ldp	x25, x26, [sp, #64]
	ldp	x27, x28, [sp, #80]
	ldp	x29, x30, [sp], #96
	FE64ARM_CFI_RESTORE_ALL
.endm

/* a function entry: global, hidden, 16-byte aligned */
#define FE64ARM_FUNC(name) \
	.text; .p2align 4; .globl name; .hidden name; .type name, %function; name: .cfi_startproc
#define FE64ARM_END(name) \
	.cfi_endproc; .size name, .-name

/* one row of the schoolbook product: (a4 a3 a2 a1 a0) = (a3 a2 a1 a0)
   + fi (x10 x9 x8 x7).  a4 is new; the sum fits because the whole
   partial product does. */
.macro FE64ARM_ROW fi, a0, a1, a2, a3, a4
	mul	x20, \fi, x7
	mul	x21, \fi, x8
	mul	x22, \fi, x9
	mul	x23, \fi, x10
	umulh	x24, \fi, x7
	umulh	x25, \fi, x8
	umulh	x26, \fi, x9
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

/* (x14 x13 x12 x11) = the 512-bit (x19 x17 x16 x15 x14 x13 x12 x11) mod p,
   loose, with 38 already in x28 (code that keeps 38 there across
   operations, the arm64 ladder and comb, calls this directly).
   38 (x19..x15) < 2^262 is added to (x14..x11); the top word t <= 39
   becomes 38 t (both factors below 2^32: a 32-bit umull, latency 3, not
   5); a carry out of that addition leaves x11 < 2^11, so the final + 38
   cannot carry. */
.macro FE64ARM_REDUCE_X28
	mul	x20, x15, x28
	mul	x21, x16, x28
	mul	x22, x17, x28
	mul	x23, x19, x28
	umulh	x24, x15, x28
	umulh	x25, x16, x28
	umulh	x26, x17, x28
	umulh	x27, x19, x28
	adds	x11, x11, x20
	adcs	x12, x12, x21
	adcs	x13, x13, x22
	adcs	x14, x14, x23
	adc	x27, x27, xzr
	adds	x12, x12, x24
	adcs	x13, x13, x25
	adcs	x14, x14, x26
	adc	x27, x27, xzr
	umull	x27, w27, w28
	adds	x11, x11, x27
	adcs	x12, x12, xzr
	adcs	x13, x13, xzr
	adcs	x14, x14, xzr
	csel	x27, x28, xzr, cs
	add	x11, x11, x27
.endm

/* [hb + ho] = the same, setting x28 = 38 first */
.macro FE64ARM_REDUCE hb, ho
	mov	x28, #38
	FE64ARM_REDUCE_X28
	stp	x11, x12, [\hb, #\ho]
	stp	x13, x14, [\hb, #\ho+16]
.endm

/* (x15 x14 x13 x12 x11) = x3 (x10 x9 x8 x7): the first row of a 4 x 4
   product (the later rows add into it); uses x20-x25 */
.macro FE64ARM_ROW0
	mul	x11, x3, x7
	umulh	x20, x3, x7
	mul	x21, x3, x8
	umulh	x22, x3, x8
	mul	x23, x3, x9
	umulh	x24, x3, x9
	mul	x25, x3, x10
	umulh	x15, x3, x10
	adds	x12, x20, x21
	adcs	x13, x22, x23
	adcs	x14, x24, x25
	adc	x15, x15, xzr
.endm

/* (x19 x17 x16 x15 x14 x13 x12 x11) = (x6 x5 x4 x3) (x10 x9 x8 x7), row by
   row: 16 mul + 16 umulh, operands in registers */
.macro FE64ARM_MUL_REGS
	FE64ARM_ROW0
	FE64ARM_ROW x4, x12, x13, x14, x15, x16
	FE64ARM_ROW x5, x13, x14, x15, x16, x17
	FE64ARM_ROW x6, x14, x15, x16, x17, x19
.endm

/* [hb + ho] = [fb + fo] [gb + go] mod p: 16 mul + 16 umulh, row by row */
.macro FE64ARM_MUL hb, ho, fb, fo, gb, go
	ldp	x3, x4, [\fb, #\fo]
	ldp	x7, x8, [\gb, #\go]
	ldp	x5, x6, [\fb, #\fo+16]
	ldp	x9, x10, [\gb, #\go+16]
	FE64ARM_MUL_REGS
	FE64ARM_REDUCE \hb, \ho
.endm

/* [hb + ho] = [fb + fo]^2 mod p: the 6 cross products once, doubled,
   plus the 4 squares (10 mul + 10 umulh) */
.macro FE64ARM_SQ hb, ho, fb, fo
	ldp	x3, x4, [\fb, #\fo]
	ldp	x5, x6, [\fb, #\fo+16]
	mul	x12, x3, x4
	umulh	x20, x3, x4
	mul	x21, x3, x5
	umulh	x22, x3, x5
	mul	x23, x3, x6
	umulh	x15, x3, x6
	mul	x24, x4, x5
	umulh	x25, x4, x5
	mul	x26, x4, x6
	umulh	x27, x4, x6
	mul	x7, x5, x6
	umulh	x17, x5, x6
	/* f0 (f1 f2 f3): s1..s4 */
	adds	x13, x20, x21
	adcs	x14, x22, x23
	adc	x15, x15, xzr
	/* f1 (f2 f3) = lo12 + (hi12 + lo13) 2^64 + hi13 2^128 */
	adds	x25, x25, x26
	adc	x27, x27, xzr
	/* add it at s3, and f2 f3 at s5: s1..s6 (fits in 448 bits) */
	adds	x14, x14, x24
	adcs	x15, x15, x25
	adcs	x16, x27, x7
	adc	x17, x17, xzr
	/* double: s1..s7 */
	adds	x12, x12, x12
	adcs	x13, x13, x13
	adcs	x14, x14, x14
	adcs	x15, x15, x15
	adcs	x16, x16, x16
	adcs	x17, x17, x17
	adc	x19, xzr, xzr
	/* the squares f_i^2 at s_{2i} */
	mul	x11, x3, x3
	umulh	x20, x3, x3
	mul	x21, x4, x4
	umulh	x22, x4, x4
	mul	x23, x5, x5
	umulh	x24, x5, x5
	mul	x25, x6, x6
	umulh	x26, x6, x6
	adds	x12, x12, x20
	adcs	x13, x13, x21
	adcs	x14, x14, x22
	adcs	x15, x15, x23
	adcs	x16, x16, x24
	adcs	x17, x17, x25
	adc	x19, x19, x26
	FE64ARM_REDUCE \hb, \ho
.endm

/* [hb + ho] = 121666 [fb + fo] mod p (121666 = (A + 2)/4, A = 486662) */
.macro FE64ARM_MUL121666 hb, ho, fb, fo
	ldp	x3, x4, [\fb, #\fo]
	ldp	x5, x6, [\fb, #\fo+16]
	mov	x16, #0xdb42
	movk	x16, #0x1, lsl #16
	mul	x11, x3, x16
	umulh	x7, x3, x16
	mul	x12, x4, x16
	umulh	x8, x4, x16
	mul	x13, x5, x16
	umulh	x9, x5, x16
	mul	x14, x6, x16
	umulh	x10, x6, x16
	adds	x12, x12, x7
	adcs	x13, x13, x8
	adcs	x14, x14, x9
	adc	x10, x10, xzr
	/* top word < 2^17: fold 38 top, then a possible last 38 */
	mov	x16, #38
	mul	x10, x10, x16
	adds	x11, x11, x10
	adcs	x12, x12, xzr
	adcs	x13, x13, xzr
	adcs	x14, x14, xzr
	csel	x10, x16, xzr, cs
	add	x11, x11, x10
	stp	x11, x12, [\hb, #\ho]
	stp	x13, x14, [\hb, #\ho+16]
.endm

/* [hb + ho] = [fb + fo] + [gb + go] mod p: a carry out (2^256) is 38;
   a second carry leaves x3 < 76, so the last + 38 cannot carry */
.macro FE64ARM_ADD hb, ho, fb, fo, gb, go
	ldp	x3, x4, [\fb, #\fo]
	ldp	x7, x8, [\gb, #\go]
	ldp	x5, x6, [\fb, #\fo+16]
	ldp	x9, x10, [\gb, #\go+16]
	mov	x16, #38
	adds	x3, x3, x7
	adcs	x4, x4, x8
	adcs	x5, x5, x9
	adcs	x6, x6, x10
	csel	x11, x16, xzr, cs
	adds	x3, x3, x11
	adcs	x4, x4, xzr
	adcs	x5, x5, xzr
	adcs	x6, x6, xzr
	csel	x11, x16, xzr, cs
	add	x3, x3, x11
	stp	x3, x4, [\hb, #\ho]
	stp	x5, x6, [\hb, #\ho+16]
.endm

/* [hb + ho] = [fb + fo] - [gb + go] mod p: a borrow (carry clear) means
   2^256 too much, i.e. 38; a second borrow leaves x3 >= 2^64 - 38, so the
   last - 38 cannot borrow */
.macro FE64ARM_SUB hb, ho, fb, fo, gb, go
	ldp	x3, x4, [\fb, #\fo]
	ldp	x7, x8, [\gb, #\go]
	ldp	x5, x6, [\fb, #\fo+16]
	ldp	x9, x10, [\gb, #\go+16]
	mov	x16, #38
	subs	x3, x3, x7
	sbcs	x4, x4, x8
	sbcs	x5, x5, x9
	sbcs	x6, x6, x10
	csel	x11, x16, xzr, cc
	subs	x3, x3, x11
	sbcs	x4, x4, xzr
	sbcs	x5, x5, xzr
	sbcs	x6, x6, xzr
	csel	x11, x16, xzr, cc
	sub	x3, x3, x11
	stp	x3, x4, [\hb, #\ho]
	stp	x5, x6, [\hb, #\ho+16]
.endm

/* [hb + ho] = [fb + fo] mod p, canonical.  Bit 255 is folded as 19
   (f < 2^255 + 19 after that, so f - p < p); then f + 19 has bit 255 set
   exactly when f >= p, and f + 19 - 2^255 = f - p is chosen with csel. */
.macro FE64ARM_FREEZE hb, ho, fb, fo
	ldp	x3, x4, [\fb, #\fo]
	ldp	x5, x6, [\fb, #\fo+16]
	mov	x16, #19
	and	x11, x16, x6, asr #63
	and	x6, x6, #0x7fffffffffffffff
	adds	x3, x3, x11
	adcs	x4, x4, xzr
	adcs	x5, x5, xzr
	adc	x6, x6, xzr
	adds	x7, x3, x16
	adcs	x8, x4, xzr
	adcs	x9, x5, xzr
	adc	x10, x6, xzr
	tst	x10, #0x8000000000000000
	and	x10, x10, #0x7fffffffffffffff
	csel	x3, x7, x3, ne
	csel	x4, x8, x4, ne
	csel	x5, x9, x5, ne
	csel	x6, x10, x6, ne
	stp	x3, x4, [\hb, #\ho]
	stp	x5, x6, [\hb, #\ho+16]
.endm

/* swap [ab + ao] and [bb + bo] when the register bit is 1 (0 or 1, may be
   secret): csel on the flags of one compare, no branch */
.macro FE64ARM_CSWAP bit, ab, ao, bb, bo
	ldp	x3, x4, [\ab, #\ao]
	ldp	x7, x8, [\bb, #\bo]
	ldp	x5, x6, [\ab, #\ao+16]
	ldp	x9, x10, [\bb, #\bo+16]
	cmp	\bit, #0
	csel	x11, x7, x3, ne
	csel	x7, x3, x7, ne
	csel	x3, x8, x4, ne
	csel	x8, x4, x8, ne
	stp	x11, x3, [\ab, #\ao]
	stp	x7, x8, [\bb, #\bo]
	csel	x11, x9, x5, ne
	csel	x9, x5, x9, ne
	csel	x3, x10, x6, ne
	csel	x10, x6, x10, ne
	stp	x11, x3, [\ab, #\ao+16]
	stp	x9, x10, [\bb, #\bo+16]
.endm

/* the four-limb add and sub tails on registers: (a3 a2 a1 a0) += or -=
   with the 38 corrections of FE64ARM_ADD / FE64ARM_SUB; c38 holds 38,
   t is a scratch register */
.macro FE64ARM_ADD_REGS a0, a1, a2, a3, b0, b1, b2, b3, c38, t
	adds	\a0, \a0, \b0
	adcs	\a1, \a1, \b1
	adcs	\a2, \a2, \b2
	adcs	\a3, \a3, \b3
	csel	\t, \c38, xzr, cs
	adds	\a0, \a0, \t
	adcs	\a1, \a1, xzr
	adcs	\a2, \a2, xzr
	adcs	\a3, \a3, xzr
	csel	\t, \c38, xzr, cs
	add	\a0, \a0, \t
.endm

/* (d3 d2 d1 d0) = (a3 a2 a1 a0) - (b3 b2 b1 b0) mod p, loose */
.macro FE64ARM_SUB_REGS d0, d1, d2, d3, a0, a1, a2, a3, b0, b1, b2, b3, c38, t
	subs	\d0, \a0, \b0
	sbcs	\d1, \a1, \b1
	sbcs	\d2, \a2, \b2
	sbcs	\d3, \a3, \b3
	csel	\t, \c38, xzr, cc
	subs	\d0, \d0, \t
	sbcs	\d1, \d1, xzr
	sbcs	\d2, \d2, xzr
	sbcs	\d3, \d3, xzr
	csel	\t, \c38, xzr, cc
	sub	\d0, \d0, \t
.endm

/* [sb + so] = [fb + fo] + [gb + go], [db + do] = [fb + fo] - [gb + go]
   (mod p, loose), the inputs loaded once.  Uses x3-x16. */
.macro FE64ARM_ADDSUB sb, so, db, do, fb, fo, gb, go
	ldp	x3, x4, [\fb, #\fo]
	ldp	x7, x8, [\gb, #\go]
	ldp	x5, x6, [\fb, #\fo+16]
	ldp	x9, x10, [\gb, #\go+16]
	mov	x16, #38
	FE64ARM_SUB_REGS x11, x12, x13, x14, x3, x4, x5, x6, x7, x8, x9, x10, x16, x15
	FE64ARM_ADD_REGS x3, x4, x5, x6, x7, x8, x9, x10, x16, x15
	stp	x11, x12, [\db, #\do]
	stp	x13, x14, [\db, #\do+16]
	stp	x3, x4, [\sb, #\so]
	stp	x5, x6, [\sb, #\so+16]
.endm

/* [eb + eo] = [fb + fo] - [gb + go] and
   [tb + to] = 121666 [eb + eo] + [gb + go] (mod p, loose): the tail of
   the ladder step, E = AA - BB and BB + 121666 E.  Uses x3-x17. */
.macro FE64ARM_SUB_MUL121666_ADD eb, eo, tb, to, fb, fo, gb, go
	ldp	x3, x4, [\fb, #\fo]
	ldp	x7, x8, [\gb, #\go]
	ldp	x5, x6, [\fb, #\fo+16]
	ldp	x9, x10, [\gb, #\go+16]
	mov	x16, #38
	FE64ARM_SUB_REGS x11, x12, x13, x14, x3, x4, x5, x6, x7, x8, x9, x10, x16, x15
	stp	x11, x12, [\eb, #\eo]
	stp	x13, x14, [\eb, #\eo+16]
	mov	x17, #0xdb42
	movk	x17, #0x1, lsl #16
	mul	x3, x11, x17
	umulh	x11, x11, x17
	mul	x4, x12, x17
	umulh	x12, x12, x17
	mul	x5, x13, x17
	umulh	x13, x13, x17
	mul	x6, x14, x17
	umulh	x14, x14, x17
	/* 121666 E = (x14 + carries, x6 + x13, x5 + x12, x4 + x11, x3);
	   add BB to the low four limbs in the same pass */
	adds	x3, x3, x7
	adcs	x4, x4, x8
	adcs	x5, x5, x9
	adcs	x6, x6, x10
	adc	x14, x14, xzr
	adds	x4, x4, x11
	adcs	x5, x5, x12
	adcs	x6, x6, x13
	adc	x14, x14, xzr
	/* top word < 2^18: fold 38 top, then a possible last 38 */
	mul	x14, x14, x16
	adds	x3, x3, x14
	adcs	x4, x4, xzr
	adcs	x5, x5, xzr
	adcs	x6, x6, xzr
	csel	x14, x16, xzr, cs
	add	x3, x3, x14
	stp	x3, x4, [\tb, #\to]
	stp	x5, x6, [\tb, #\to+16]
.endm

/* the head of a ladder step: swap (x2, z2) with (x3, z3) when bit is 1,
   then A = x2 + z2, B = x2 - z2, C = x3 + z3, D = x3 - z3 (mod p, loose).
   The swapped points are not stored: the step overwrites them.  Operands
   are all [sp + offset]; uses x3-x17, x19-x25, x28 (not x0-x2). */
.macro FE64ARM_LADDER_HEAD bit, x2o, z2o, x3o, z3o, ao, bo, co, do
	ldp	x3, x4, [sp, #\x2o]
	ldp	x7, x8, [sp, #\x3o]
	ldp	x5, x6, [sp, #\x2o+16]
	ldp	x9, x10, [sp, #\x3o+16]
	ldp	x11, x12, [sp, #\z2o]
	ldp	x15, x16, [sp, #\z3o]
	ldp	x13, x14, [sp, #\z2o+16]
	ldp	x17, x19, [sp, #\z3o+16]
	cmp	\bit, #0
	/* x2 <-> x3: x3..x6 and x7..x10 */
	csel	x20, x7, x3, ne
	csel	x7, x3, x7, ne
	csel	x3, x8, x4, ne
	csel	x8, x4, x8, ne
	csel	x4, x9, x5, ne
	csel	x9, x5, x9, ne
	csel	x5, x10, x6, ne
	csel	x10, x6, x10, ne
	/* now x2 = (x20 x3 x4 x5), x3 = (x7 x8 x9 x10) */
	csel	x6, x15, x11, ne
	csel	x15, x11, x15, ne
	csel	x11, x16, x12, ne
	csel	x16, x12, x16, ne
	csel	x12, x17, x13, ne
	csel	x17, x13, x17, ne
	csel	x13, x19, x14, ne
	csel	x19, x14, x19, ne
	/* z2 = (x6 x11 x12 x13), z3 = (x15 x16 x17 x19) */
	mov	x28, #38
	FE64ARM_SUB_REGS x21, x22, x23, x24, x20, x3, x4, x5, x6, x11, x12, x13, x28, x25
	stp	x21, x22, [sp, #\bo]
	stp	x23, x24, [sp, #\bo+16]
	FE64ARM_ADD_REGS x20, x3, x4, x5, x6, x11, x12, x13, x28, x25
	stp	x20, x3, [sp, #\ao]
	stp	x4, x5, [sp, #\ao+16]
	FE64ARM_SUB_REGS x21, x22, x23, x24, x7, x8, x9, x10, x15, x16, x17, x19, x28, x25
	stp	x21, x22, [sp, #\do]
	stp	x23, x24, [sp, #\do+16]
	FE64ARM_ADD_REGS x7, x8, x9, x10, x15, x16, x17, x19, x28, x25
	stp	x7, x8, [sp, #\co]
	stp	x9, x10, [sp, #\co+16]
.endm

#endif
