/* SPDX-License-Identifier: MIT */
/* The X25519 Montgomery ladder (RFC 7748 section 5) in x86-64 assembly
   with BMI2/ADX field arithmetic in radix 2^64.  The field operations
   are macros of this file (LADDER_*), tuned for the step; a few generic
   ones come from fe64_macros.S (FE64_STORE, FE64_CSWAP, the push/pop
   frame macros).

   Include from an implementation's .S file after "crypto_OP.h".

   x25519_ladder_mulx: projective u-coordinate (x2 : z2) of k u
     void x25519_ladder_mulx(uint64_t x2[4], uint64_t z2[4],
                             const unsigned char k[32], const uint64_t u[4])
     rdi = x2 (out), rsi = z2 (out), rdx = k, rcx = u
   k must already be clamped by the caller (bits 255..0 are all scanned
   from bit 254 down; bit 255 is ignored).  u: any value in [0, 2^256).
   Outputs: x2, z2 in [0, 2^255 + 1463) (so < 2^256); z2 = 0 mod p
   exactly for the point at infinity.  Outputs are written after the
   inputs are no longer needed.
   Registers: System V; rbx rbp r12-r15 saved and restored, everything
   else caller-saved is clobbered.  Stack: 48 bytes of saved registers
   (FE64_SAVE_ALL) plus a 592-byte frame of temporaries, zeroed before
   returning.
   Constant time: each scalar bit only becomes a mask for the conditional
   swaps; loop count, instructions and addresses are fixed; carries are
   handled with sbb masks and adc chains, never branches.

   Per step: 4 squarings, 5 multiplications, 1 multiplication by 121666,
   as in RFC 7748 (with z2 = E (BB + 121666 E), equal to E (AA + a24 E)
   for a24 = 121665).  920 instructions per step (loop control
   included): 160 mulx and 392 instructions that read the carry or
   overflow flag (adc, adcx, adox, sbb).  Those flag readers, which
   Intel cores run on two ports only, bound the step there, so the code
   keeps them few: every product ends below 2^255 + 1463 (LADDER_RED),
   which lets every addition and subtraction fold its carry or borrow in
   a single pass (4 and 7 flag readers, where a general element below
   2^256 needs 8 each); and products load f once into registers instead
   of 16 mulx memory operands.

   Value bounds (exact; "element" = 4 limbs, value below 2^256):
     x1 = u folded once at the start (< 2^255 + 19); x2, z2, x3, z3 and
     every product < 2^255 + 1463; sums and differences of those, E, and
     BB + 121666 E < 2^256.  Products accept any elements. */
#ifndef X25519_LADDER_MULX_S
#define X25519_LADDER_MULX_S

#include "field/amd64/fe64_macros.S"

/* frame layout (byte offsets from rsp) */
#define LX1 0
#define LX2 32
#define LZ2 64
#define LX3 96
#define LZ3 128
#define LA 160
#define LB 192
#define LC 224
#define LD 256
#define LAA 288
#define LBB 320
#define LDA 352
#define LCB 384
#define LE 416
#define LT 448	/* DA + CB */
#define LT2 480	/* DA - CB, then its square */
#define LG 512	/* BB + 121666 E */
#define LOUTX 544
#define LOUTZ 552
#define LKPTR 560
#define LI 568
#define LSWAP 576
#define LFRAME 592

/* The additions and subtractions below take inputs x, z below
   2^255 + 2^11 (products from LADDER_RED, or u folded at the start) and
   give outputs below 2^256 (they only feed products):
   - x + z < 2^256 + 2^12: on a carry out, the wrapped sum is < 2^12,
     so adding 38 to its low limb alone cannot carry;
   - x - z: on a borrow, the wrapped difference 2^256 + x - z is at least
     2^256 - 2^255 - 2^11, so subtracting 38 (with the borrow rippled
     through the limbs) cannot borrow out.
   Both fold in a single pass, which matters: A, B, C, D start every
   step's critical path. */

/* LADDER_ADDSUB2 so, do, xr0..xr3, zo: with the element x in registers
   xr0..xr3 and z at zo(%rsp), store x + z at so(%rsp) and x - z at
   do(%rsp).  The sum is formed in rbx rcx rdx rsi, the difference in
   place in xr0..xr3 (destroyed).  Uses rax. */
.macro LADDER_ADDSUB2 so, do, x0, x1, x2, x3, zo
	movq	\x0, %rbx
	movq	\x1, %rcx
	movq	\x2, %rdx
	movq	\x3, %rsi
	addq	\zo(%rsp), %rbx
	adcq	\zo+8(%rsp), %rcx
	adcq	\zo+16(%rsp), %rdx
	adcq	\zo+24(%rsp), %rsi
	sbbq	%rax, %rax
	andl	$38, %eax
	addq	%rax, %rbx
	movq	%rbx, \so(%rsp)
	movq	%rcx, \so+8(%rsp)
	movq	%rdx, \so+16(%rsp)
	movq	%rsi, \so+24(%rsp)
	subq	\zo(%rsp), \x0
	sbbq	\zo+8(%rsp), \x1
	sbbq	\zo+16(%rsp), \x2
	sbbq	\zo+24(%rsp), \x3
	sbbq	%rax, %rax
	andl	$38, %eax
	subq	%rax, \x0
	sbbq	$0, \x1
	sbbq	$0, \x2
	sbbq	$0, \x3
	movq	\x0, \do(%rsp)
	movq	\x1, \do+8(%rsp)
	movq	\x2, \do+16(%rsp)
	movq	\x3, \do+24(%rsp)
.endm

/* LADDER_ADDSUB so, do, fo, go: f + g at so(%rsp) and f - g at do(%rsp)
   (f, g at fo(%rsp), go(%rsp), bounds as above).  Uses rax r8-r15. */
.macro LADDER_ADDSUB so, do, fo, go
	movq	\fo(%rsp), %r8
	movq	\fo+8(%rsp), %r9
	movq	\fo+16(%rsp), %r10
	movq	\fo+24(%rsp), %r11
	LADDER_ADDSUB2 \so, \do, %r8, %r9, %r10, %r11, \go
.endm

/* LADDER_SUB ho, fo, go: f - g at ho(%rsp) (bounds as above).
   Uses rax r8-r11. */
.macro LADDER_SUB ho, fo, go
	movq	\fo(%rsp), %r8
	movq	\fo+8(%rsp), %r9
	movq	\fo+16(%rsp), %r10
	movq	\fo+24(%rsp), %r11
	subq	\go(%rsp), %r8
	sbbq	\go+8(%rsp), %r9
	sbbq	\go+16(%rsp), %r10
	sbbq	\go+24(%rsp), %r11
	sbbq	%rax, %rax
	andl	$38, %eax
	subq	%rax, %r8
	sbbq	$0, %r9
	sbbq	$0, %r10
	sbbq	$0, %r11
	FE64_STORE \ho, %rsp
.endm

	.section .rodata
	.p2align 3
.Lx25519_ladder_mask63:
	.quad	0x7fffffffffffffff
	.text

/* LADDER_FOLD255: r8..r11 + r12 2^256 (r12 < 2^58) becomes r8..r11,
   congruent mod p: the part from bit 255 up, 2 r12 + bit 255 (one shld,
   which Intel cores run beside the flag-reading instructions), is
   cleared and added back times 19 (2^255 = 19 mod p).  The result is
   below 2^255 + 19 (2 r12 + 1), so no carry leaves r11.  Uses r12. */
.macro LADDER_FOLD255
	shldq	$1, %r11, %r12
	andq	.Lx25519_ladder_mask63(%rip), %r11
	imulq	$19, %r12, %r12
	addq	%r12, %r8
	adcq	$0, %r9
	adcq	$0, %r10
	adcq	$0, %r11
.endm

/* LADDER_RED: the 512-bit r8..r15 becomes r8..r11 < 2^255 + 1463,
   congruent mod p.  First r8..r11 + 38 (r12..r15) = r8..r11 + t 2^256
   with t <= 38 (in r12); then the part from bit 255 up, 2 t + bit 255
   <= 77, is cleared and added back times 19 (2^255 = 19 mod p):
   < 2^255 + 19 * 77, no carry out of r11.  The bound is what lets
   LADDER_ADDSUB2 and LADDER_SUB fold in a single pass.
   Uses rax rbx rbp rdx r12-r15. */
.macro LADDER_RED
	movl	$38, %edx
	xorl	%ebp, %ebp
	mulx	%r12, %rax, %rbx
	adcx	%rax, %r8
	adox	%rbx, %r9
	mulx	%r13, %rax, %rbx
	adcx	%rax, %r9
	adox	%rbx, %r10
	mulx	%r14, %rax, %rbx
	adcx	%rax, %r10
	adox	%rbx, %r11
	mulx	%r15, %rax, %r12
	adcx	%rax, %r11
	adox	%rbp, %r12
	adcx	%rbp, %r12
	LADDER_FOLD255
.endm

/* LADDER_MUL fo, go: r8..r11 = f g mod p (< 2^255 + 1463), f at fo(%rsp)
   and g at go(%rsp) (elements).  f is loaded once into rbp rcx rsi rdi,
   so only the four limbs of g are loaded again (as rdx), not 16 mulx
   memory operands.
   Rows 1..3 run the low halves on CF (adcx) and the high halves on OF
   (adox); the row's new top limb is zeroed by the xor that also clears
   both flags, takes the last high half with adox and the CF carry with
   adc (the partial sum has i + 5 limbs, so neither carries out).
   Uses rax rbx rcx rdx rbp rsi rdi r8-r15. */
.macro LADDER_MULROW go, a0, a1, a2, a3, top
	movq	\go(%rsp), %rdx
	xorl	%\top\()d, %\top\()d
	mulx	%rbp, %rax, %rbx
	adcx	%rax, %\a0
	adox	%rbx, %\a1
	mulx	%rcx, %rax, %rbx
	adcx	%rax, %\a1
	adox	%rbx, %\a2
	mulx	%rsi, %rax, %rbx
	adcx	%rax, %\a2
	adox	%rbx, %\a3
	mulx	%rdi, %rax, %rbx
	adcx	%rax, %\a3
	adox	%rbx, %\top
	adcq	$0, %\top
.endm

.macro LADDER_MUL fo, go
	movq	\fo(%rsp), %rbp
	movq	\fo+8(%rsp), %rcx
	movq	\fo+16(%rsp), %rsi
	movq	\fo+24(%rsp), %rdi
	movq	\go(%rsp), %rdx
	mulx	%rbp, %r8, %r9
	mulx	%rcx, %rax, %r10
	addq	%rax, %r9
	mulx	%rsi, %rax, %r11
	adcq	%rax, %r10
	mulx	%rdi, %rax, %r12
	adcq	%rax, %r11
	adcq	$0, %r12
	LADDER_MULROW \go+8, r9, r10, r11, r12, r13
	LADDER_MULROW \go+16, r10, r11, r12, r13, r14
	LADDER_MULROW \go+24, r11, r12, r13, r14, r15
	LADDER_RED
.endm

/* LADDER_SQ fo: r8..r11 = f^2 mod p (< 2^255 + 1463), f (an element) at
   fo(%rsp), loaded once into rcx rsi rdi rbp (f0..f3): the cross
   products summed (< 2^448), then doubled on CF while the squares go in
   on OF.
   Uses rax rbx rcx rdx rbp rsi rdi r8-r15. */
.macro LADDER_SQ fo
	movq	\fo(%rsp), %rcx
	movq	\fo+8(%rsp), %rsi
	movq	\fo+16(%rsp), %rdi
	movq	\fo+24(%rsp), %rbp
	movq	%rcx, %rdx
	mulx	%rsi, %r9, %r10			/* f0 f1 at 1,2 */
	mulx	%rdi, %rax, %r11		/* f0 f2 at 2,3 */
	addq	%rax, %r10
	mulx	%rbp, %rax, %r12		/* f0 f3 at 3,4 */
	adcq	%rax, %r11
	movq	%rbp, %rdx
	mulx	%rsi, %rax, %r13		/* f1 f3 at 4,5 */
	adcq	%rax, %r12
	mulx	%rdi, %rax, %r14		/* f2 f3 at 5,6 */
	adcq	%rax, %r13
	adcq	$0, %r14
	movq	%rsi, %rdx
	mulx	%rdi, %rax, %rbx		/* f1 f2 at 3,4 */
	addq	%rax, %r11
	adcq	%rbx, %r12
	adcq	$0, %r13
	adcq	$0, %r14
	xorl	%eax, %eax
	movq	%rcx, %rdx
	mulx	%rdx, %r8, %rax			/* f0^2 at 0,1 */
	adcx	%r9, %r9
	adox	%rax, %r9
	movq	%rsi, %rdx
	mulx	%rdx, %rax, %rbx		/* f1^2 at 2,3 */
	adcx	%r10, %r10
	adox	%rax, %r10
	adcx	%r11, %r11
	adox	%rbx, %r11
	movq	%rdi, %rdx
	mulx	%rdx, %rax, %rbx		/* f2^2 at 4,5 */
	adcx	%r12, %r12
	adox	%rax, %r12
	adcx	%r13, %r13
	adox	%rbx, %r13
	movq	%rbp, %rdx
	mulx	%rdx, %rax, %r15		/* f3^2 at 6,7 */
	adcx	%r14, %r14
	adox	%rax, %r14
	movl	$0, %ecx			/* keeps the flags */
	adcx	%rcx, %r15
	adox	%rcx, %r15
	LADDER_RED
.endm

/* LADDER_MUL121666_ADD ho, fo, go: h = 121666 f + g (f < 2^256,
   g < 2^255 + 2^11), < 2^273 before the fold of LADDER_FOLD255, which
   leaves h < 2^256.  Uses rax rdx r8-r12. */
.macro LADDER_MUL121666_ADD ho, fo, go
	movl	$121666, %edx
	mulx	\fo(%rsp), %r8, %r9
	mulx	\fo+8(%rsp), %rax, %r10
	addq	%rax, %r9
	mulx	\fo+16(%rsp), %rax, %r11
	adcq	%rax, %r10
	mulx	\fo+24(%rsp), %rax, %r12
	adcq	%rax, %r11
	adcq	$0, %r12
	addq	\go(%rsp), %r8
	adcq	\go+8(%rsp), %r9
	adcq	\go+16(%rsp), %r10
	adcq	\go+24(%rsp), %r11
	adcq	$0, %r12
	LADDER_FOLD255
	FE64_STORE \ho, %rsp
.endm

/* LADDER_XSWAP1 a, b, mask: swap registers a and b when mask = -1 */
.macro LADDER_XSWAP1 a, b, mask
	movq	\a, %rax
	xorq	\b, %rax
	andq	\mask, %rax
	xorq	%rax, \a
	xorq	%rax, \b
.endm

FE64_FUNC(CRYPTO_NAMESPACE(x25519_ladder_mulx))
	FE64_SAVE_ALL
	subq	$LFRAME, %rsp
	.cfi_adjust_cfa_offset LFRAME
	movq	%rdi, LOUTX(%rsp)
	movq	%rsi, LOUTZ(%rsp)
	movq	%rdx, LKPTR(%rsp)

	/* x1 = x3 = u mod 2^255 + 19 (u >> 255) < 2^255 + 19 (the bound
	   the additions need), x2 = 1, z2 = 0, z3 = 1 */
	movq	0(%rcx), %r8
	movq	8(%rcx), %r9
	movq	16(%rcx), %r10
	movq	24(%rcx), %r11
	movq	%r11, %rax
	shrq	$63, %rax
	btrq	$63, %r11
	imulq	$19, %rax, %rax
	addq	%rax, %r8
	adcq	$0, %r9
	adcq	$0, %r10
	adcq	$0, %r11
	FE64_STORE LX1, %rsp
	FE64_STORE LX3, %rsp
	xorl	%eax, %eax
	movq	$1, LX2(%rsp)
	movq	%rax, LX2+8(%rsp)
	movq	%rax, LX2+16(%rsp)
	movq	%rax, LX2+24(%rsp)
	movq	%rax, LZ2(%rsp)
	movq	%rax, LZ2+8(%rsp)
	movq	%rax, LZ2+16(%rsp)
	movq	%rax, LZ2+24(%rsp)
	movq	$1, LZ3(%rsp)
	movq	%rax, LZ3+8(%rsp)
	movq	%rax, LZ3+16(%rsp)
	movq	%rax, LZ3+24(%rsp)
	movq	%rax, LSWAP(%rsp)
	movq	$254, LI(%rsp)

	.p2align 4
1:
	/* bit = k[i/8] >> (i%8) & 1 (i public); mask = -(swap ^ bit) */
	movq	LI(%rsp), %rcx
	movq	LKPTR(%rsp), %rsi
	movq	%rcx, %rax
	shrq	$3, %rax
	movzbl	(%rsi,%rax), %eax
	andl	$7, %ecx
	shrl	%cl, %eax
	andl	$1, %eax
	movq	LSWAP(%rsp), %rdi
	xorq	%rax, %rdi
	movq	%rax, LSWAP(%rsp)
	negq	%rdi
	/* z2, z3 swapped in memory; x2, x3 swapped in registers and used
	   from there (x2, x3 in memory are rewritten by this step) */
	FE64_CSWAP LZ2, %rsp, LZ3, %rsp, %rdi
	movq	LX2(%rsp), %r8
	movq	LX2+8(%rsp), %r9
	movq	LX2+16(%rsp), %r10
	movq	LX2+24(%rsp), %r11
	movq	LX3(%rsp), %r12
	movq	LX3+8(%rsp), %r13
	movq	LX3+16(%rsp), %r14
	movq	LX3+24(%rsp), %r15
	LADDER_XSWAP1 %r8, %r12, %rdi
	LADDER_XSWAP1 %r9, %r13, %rdi
	LADDER_XSWAP1 %r10, %r14, %rdi
	LADDER_XSWAP1 %r11, %r15, %rdi
	LADDER_ADDSUB2 LA, LB, %r8, %r9, %r10, %r11, LZ2	/* A, B */
	LADDER_ADDSUB2 LC, LD, %r12, %r13, %r14, %r15, LZ3	/* C, D */
	LADDER_SQ LA				/* AA = A^2 */
	FE64_STORE LAA, %rsp
	LADDER_SQ LB				/* BB = B^2 */
	FE64_STORE LBB, %rsp
	LADDER_MUL LD, LA			/* DA */
	FE64_STORE LDA, %rsp
	LADDER_MUL LC, LB			/* CB */
	FE64_STORE LCB, %rsp
	LADDER_MUL LAA, LBB			/* x2 = AA BB */
	FE64_STORE LX2, %rsp
	LADDER_SUB LE, LAA, LBB			/* E = AA - BB */
	LADDER_ADDSUB LT, LT2, LDA, LCB		/* DA+CB, DA-CB */
	LADDER_SQ LT				/* x3 = (DA+CB)^2 */
	FE64_STORE LX3, %rsp
	LADDER_SQ LT2				/* (DA-CB)^2 */
	FE64_STORE LT2, %rsp
	LADDER_MUL121666_ADD LG, LE, LBB	/* BB + 121666 E */
	LADDER_MUL LX1, LT2			/* z3 = x1 (DA-CB)^2 */
	FE64_STORE LZ3, %rsp
	LADDER_MUL LE, LG			/* z2 = E (BB + 121666 E) */
	FE64_STORE LZ2, %rsp

	decq	LI(%rsp)
	jns	1b

	movq	LSWAP(%rsp), %rdi
	negq	%rdi
	FE64_CSWAP LX2, %rsp, LX3, %rsp, %rdi
	FE64_CSWAP LZ2, %rsp, LZ3, %rsp, %rdi

	movq	LOUTX(%rsp), %rdi
	movq	LOUTZ(%rsp), %rsi
	movq	LX2(%rsp), %rax
	movq	%rax, 0(%rdi)
	movq	LX2+8(%rsp), %rax
	movq	%rax, 8(%rdi)
	movq	LX2+16(%rsp), %rax
	movq	%rax, 16(%rdi)
	movq	LX2+24(%rsp), %rax
	movq	%rax, 24(%rdi)
	movq	LZ2(%rsp), %rax
	movq	%rax, 0(%rsi)
	movq	LZ2+8(%rsp), %rax
	movq	%rax, 8(%rsi)
	movq	LZ2+16(%rsp), %rax
	movq	%rax, 16(%rsi)
	movq	LZ2+24(%rsp), %rax
	movq	%rax, 24(%rsi)

	/* wipe the temporaries (they depend on the secret scalar) */
	xorl	%eax, %eax
	movl	$LFRAME/8, %ecx
2:
	movq	%rax, -8(%rsp,%rcx,8)
	decl	%ecx
	jnz	2b

	addq	$LFRAME, %rsp
	.cfi_adjust_cfa_offset -LFRAME
	FE64_RESTORE_ALL
	ret
FE64_END(CRYPTO_NAMESPACE(x25519_ladder_mulx))

#endif
