/* SPDX-License-Identifier: MIT */
/* The X25519 Montgomery ladder (RFC 7748 section 5) in x86-64 assembly
   with BMI2/ADX field arithmetic in radix 2^64 (fe64_macros.S).

   Include from an implementation's .S file after "crypto_OP.h".

   x25519_ladder_mulx: projective u-coordinate (x2 : z2) of k u
     void x25519_ladder_mulx(uint64_t x2[4], uint64_t z2[4],
                             const unsigned char k[32], const uint64_t u[4])
     rdi = x2 (out), rsi = z2 (out), rdx = k, rcx = u
   k must already be clamped by the caller (bits 255..0 are all scanned
   from bit 254 down; bit 255 is ignored).  u: any value in [0, 2^256).
   Outputs: x2, z2 in [0, 2^256); z2 = 0 mod p exactly for the point at
   infinity.  Outputs are written after the inputs are no longer needed.
   Registers: System V; rbx rbp r12-r15 saved and restored, everything
   else caller-saved is clobbered.  Stack: 6 pushes plus a 576-byte frame
   of temporaries, zeroed before returning.
   Constant time: each scalar bit only becomes a mask for the conditional
   swaps; loop count, instructions and addresses are fixed.

   Per step: 4 squarings, 5 multiplications, 1 multiplication by 121666,
   as in RFC 7748 (with z2 = E (BB + 121666 E), equal to E (AA + a24 E)
   for a24 = 121665).  The products (LADDER_MUL, LADDER_SQ) load f once
   into registers rather than as 16 (or 6) mulx memory operands. */
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
#define LT 448
#define LT2 480
#define LOUTX 512
#define LOUTZ 520
#define LKPTR 528
#define LI 536
#define LSWAP 544
#define LFRAME 576

/* LADDER_ADDSUB2 so, do, xr0..xr3, zo: with the element x in registers
   xr0..xr3 (kept) and z at zo(%rsp), store x + z at so(%rsp) and x - z at
   do(%rsp) (both mod p, < 2^256).  The sum is formed in rbx rcx rdx rsi,
   the difference in place in xr0..xr3 (destroyed: caller passes
   registers it no longer needs after this).  Uses rax. */
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
	adcq	$0, %rcx
	adcq	$0, %rdx
	adcq	$0, %rsi
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
	sbbq	%rax, %rax
	andl	$38, %eax
	subq	%rax, \x0
	movq	\x0, \do(%rsp)
	movq	\x1, \do+8(%rsp)
	movq	\x2, \do+16(%rsp)
	movq	\x3, \do+24(%rsp)
.endm

/* LADDER_MUL fo, go: r8..r11 = f g mod p (< 2^256), f at fo(%rsp), g at
   go(%rsp) (any elements).  f is loaded once into rbp rcx rsi rdi, so only the four
   limbs of g are loaded again (as rdx), not 16 mulx memory operands.
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
	FE64_REDUCE38
.endm

/* LADDER_SQ fo: r8..r11 = f^2 mod p (< 2^256), f at fo(%rsp), loaded once
   into rcx rsi rdi rbp (f0..f3): the cross products summed (< 2^448),
   then doubled on CF while the squares go in on OF.
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
	FE64_REDUCE38
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

	/* x1 = x3 = u, x2 = 1, z2 = 0, z3 = 1 */
	movq	0(%rcx), %rax
	movq	%rax, LX1(%rsp)
	movq	%rax, LX3(%rsp)
	movq	8(%rcx), %rax
	movq	%rax, LX1+8(%rsp)
	movq	%rax, LX3+8(%rsp)
	movq	16(%rcx), %rax
	movq	%rax, LX1+16(%rsp)
	movq	%rax, LX3+16(%rsp)
	movq	24(%rcx), %rax
	movq	%rax, LX1+24(%rsp)
	movq	%rax, LX3+24(%rsp)
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
	FE64_SUB LE, %rsp, LAA, %rsp, LBB, %rsp			/* E = AA - BB */
	FE64_ADDSUB LT, %rsp, LT2, %rsp, LDA, %rsp, LCB, %rsp	/* DA+CB, DA-CB */
	LADDER_SQ LT				/* x3 = (DA+CB)^2 */
	FE64_STORE LX3, %rsp
	LADDER_SQ LT2
	FE64_STORE LT2, %rsp
	FE64_MUL121666_ADD LT, %rsp, LE, %rsp, LBB, %rsp	/* BB + 121666 E */
	LADDER_MUL LX1, LT2			/* z3 = x1 (DA-CB)^2 */
	FE64_STORE LZ3, %rsp
	LADDER_MUL LE, LT			/* z2 */
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
