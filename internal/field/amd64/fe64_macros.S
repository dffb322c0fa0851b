/* SPDX-License-Identifier: MIT */
/* GF(p), p = 2^255 - 19, in radix 2^64: assembler macros (GNU as syntax,
   AT&T operand order) for x86-64 with BMI2 (mulx) and ADX (adcx/adox).

   Representation: an element is four little-endian 64-bit limbs
   f = f0 + f1 2^64 + f2 2^128 + f3 2^192 holding any integer in
   [0, 2^256); it stands for f mod p.  Every macro below accepts any such
   input and produces an output in [0, 2^256) ("loosely reduced"); only
   FE64_FREEZE produces the canonical value in [0, p).  Reduction uses
   2^256 = 38 (mod p).

   Operands are memory locations given as an offset and a base register,
   e.g. "FE64_MUL 0, %rdi, 32, %rsp, 0, %rcx" for *rdi = rsp[4..7]*rcx[0..3]
   (limb k of an operand is at offset + 8k).  Outputs are written only
   after every input limb has been read, so an output may alias an input.

   Register use (the caller saves what it needs; no macro touches rsp,
   rcx, rsi or rdi, so those may hold the base pointers):
     FE64_MUL, FE64_SQ      rax rbx rbp rdx r8-r15 and the flags
     (also _REGS forms, which leave the result in r8..r11, and FE64_MUL2,
     FE64_SQ2 for 2 f g and 2 f^2)
     FE64_MUL121666(_ADD)   rax rdx r8-r12
     FE64_ADD, FE64_SUB     rax r8-r11
     FE64_ADDSUB            rax r8-r15
     FE64_CSWAP             rax rbx rdx (mask in a register, 0 or -1)
     FE64_FREEZE            rax rbx rdx r8-r13

   Timing: straight-line code, no branch and no memory index depends on the
   data (carries are turned into masks with sbb, never into jumps), so the
   macros may be used on secrets.

   The file may be included more than once (guarded). */
#ifndef FE64_MACROS_S
#define FE64_MACROS_S

#include "os/asm.h"  /* the ELF notes: non-executable stack, CET */

/* push/pop of a callee-saved register with its call-frame information */
.macro FE64_PUSH reg
	pushq	\reg
	.cfi_adjust_cfa_offset 8
	.cfi_rel_offset \reg, 0
.endm

.macro FE64_POP reg
	popq	\reg
	.cfi_adjust_cfa_offset -8
	.cfi_restore \reg
.endm

/* one register to or from its slot at off(%rsp), with its call-frame
   information */
.macro FE64_SAVE1 reg, off
	movq	\reg, \off(%rsp)
	.cfi_rel_offset \reg, \off
.endm

.macro FE64_LOAD1 reg, off
	movq	\off(%rsp), \reg
	.cfi_restore \reg
.endm

/* save and restore every callee-saved register the macros below use:
   the same 48 bytes, in the same places, as six pushes (rbx highest, r15
   at the new rsp), but one stack-pointer update and six moves.  Why not
   pushes: llvm-mca, which prices our code for the Intel cores we cannot
   run (doc/speed.md, "Modelled CPUs"), has no stack engine and chains
   every push and pop through rsp; that cost about 25-30 modelled cycles
   per call of a group operation (ge64_mulx.S), which the hardware does
   not pay.  Moves cost the same on the hardware and nothing extra in the
   model. */
.macro FE64_SAVE_ALL
	subq	$48, %rsp
	.cfi_adjust_cfa_offset 48
	FE64_SAVE1 %rbx, 40
	FE64_SAVE1 %rbp, 32
	FE64_SAVE1 %r12, 24
	FE64_SAVE1 %r13, 16
	FE64_SAVE1 %r14, 8
	FE64_SAVE1 %r15, 0
.endm

.macro FE64_RESTORE_ALL
	FE64_LOAD1 %r15, 0
	FE64_LOAD1 %r14, 8
	FE64_LOAD1 %r13, 16
	FE64_LOAD1 %r12, 24
	FE64_LOAD1 %rbp, 32
	FE64_LOAD1 %rbx, 40
	addq	$48, %rsp
	.cfi_adjust_cfa_offset -48
.endm

/* start of a global function with hidden visibility: FE64_FUNC(name) */
#define FE64_FUNC(sym) \
	.text; \
	.globl sym; \
	.hidden sym; \
	.type sym, @function; \
	.p2align 5; \
sym: \
	.cfi_startproc; \
	endbr64

#define FE64_END(sym) \
	.cfi_endproc; \
	.size sym, .-sym

/* FE64_REDUCE38: fold the 512-bit value r8..r15 (r8 least significant)
   into r8..r11, which end up < 2^256 and congruent mod p.
   Uses rax rbx rbp rdx r12 and the flags. */
.macro FE64_REDUCE38
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
	/* r12 <= 38: value = r8..r11 + r12 2^256 */
	imulq	$38, %r12, %r12
	addq	%r12, %r8
	adcq	%rbp, %r9
	adcq	%rbp, %r10
	adcq	%rbp, %r11
	/* a carry here means the wrapped value is < 39*38: adding 38 more
	   cannot carry again */
	sbbq	%rax, %rax
	andl	$38, %eax
	addq	%rax, %r8
.endm

/* r8..r11 = 2 (r8..r11) mod p, < 2^256; uses rax */
.macro FE64_DOUBLE_REGS
	addq	%r8, %r8
	adcq	%r9, %r9
	adcq	%r10, %r10
	adcq	%r11, %r11
	sbbq	%rax, %rax
	andl	$38, %eax
	addq	%rax, %r8
	adcq	$0, %r9
	adcq	$0, %r10
	adcq	$0, %r11
	sbbq	%rax, %rax
	andl	$38, %eax
	addq	%rax, %r8
.endm

/* store r8..r11 to oo(ob) */
.macro FE64_STORE oo, ob
	movq	%r8, \oo(\ob)
	movq	%r9, \oo+8(\ob)
	movq	%r10, \oo+16(\ob)
	movq	%r11, \oo+24(\ob)
.endm

/* r8..r11 = f g (mod p, < 2^256); f at fo(fb), g at go(gb).
   Schoolbook 4x4 with mulx; rows 1..3 use two carry chains (adcx for the
   low halves, adox for the high halves), then FE64_REDUCE38. */
.macro FE64_MUL_REGS fo, fb, go, gb
	movq	\go(\gb), %rdx
	mulx	\fo(\fb), %r8, %r9
	mulx	\fo+8(\fb), %rax, %r10
	addq	%rax, %r9
	mulx	\fo+16(\fb), %rax, %r11
	adcq	%rax, %r10
	mulx	\fo+24(\fb), %rax, %r12
	adcq	%rax, %r11
	adcq	$0, %r12

	movq	\go+8(\gb), %rdx
	xorl	%ebp, %ebp
	mulx	\fo(\fb), %rax, %rbx
	adcx	%rax, %r9
	adox	%rbx, %r10
	mulx	\fo+8(\fb), %rax, %rbx
	adcx	%rax, %r10
	adox	%rbx, %r11
	mulx	\fo+16(\fb), %rax, %rbx
	adcx	%rax, %r11
	adox	%rbx, %r12
	mulx	\fo+24(\fb), %rax, %r13
	adcx	%rax, %r12
	adox	%rbp, %r13
	adcx	%rbp, %r13

	movq	\go+16(\gb), %rdx
	xorl	%ebp, %ebp
	mulx	\fo(\fb), %rax, %rbx
	adcx	%rax, %r10
	adox	%rbx, %r11
	mulx	\fo+8(\fb), %rax, %rbx
	adcx	%rax, %r11
	adox	%rbx, %r12
	mulx	\fo+16(\fb), %rax, %rbx
	adcx	%rax, %r12
	adox	%rbx, %r13
	mulx	\fo+24(\fb), %rax, %r14
	adcx	%rax, %r13
	adox	%rbp, %r14
	adcx	%rbp, %r14

	movq	\go+24(\gb), %rdx
	xorl	%ebp, %ebp
	mulx	\fo(\fb), %rax, %rbx
	adcx	%rax, %r11
	adox	%rbx, %r12
	mulx	\fo+8(\fb), %rax, %rbx
	adcx	%rax, %r12
	adox	%rbx, %r13
	mulx	\fo+16(\fb), %rax, %rbx
	adcx	%rax, %r13
	adox	%rbx, %r14
	mulx	\fo+24(\fb), %rax, %r15
	adcx	%rax, %r14
	adox	%rbp, %r15
	adcx	%rbp, %r15

	FE64_REDUCE38
.endm

/* h = f g */
.macro FE64_MUL ho, hb, fo, fb, go, gb
	FE64_MUL_REGS \fo, \fb, \go, \gb
	FE64_STORE \ho, \hb
.endm

/* h = 2 f g */
.macro FE64_MUL2 ho, hb, fo, fb, go, gb
	FE64_MUL_REGS \fo, \fb, \go, \gb
	FE64_DOUBLE_REGS
	FE64_STORE \ho, \hb
.endm

/* r8..r11 = f^2 (mod p, < 2^256); 6 cross products computed once and
   doubled, plus the 4 squares, then FE64_REDUCE38. */
.macro FE64_SQ_REGS fo, fb
	movq	\fo(\fb), %rdx
	mulx	\fo+8(\fb), %r9, %r10		/* f0 f1 at 1,2 */
	mulx	\fo+16(\fb), %rax, %r11		/* f0 f2 at 2,3 */
	addq	%rax, %r10
	mulx	\fo+24(\fb), %rax, %r12		/* f0 f3 at 3,4 */
	adcq	%rax, %r11
	movq	\fo+24(\fb), %rdx
	mulx	\fo+8(\fb), %rax, %r13		/* f1 f3 at 4,5 */
	adcq	%rax, %r12
	mulx	\fo+16(\fb), %rax, %r14		/* f2 f3 at 5,6 */
	adcq	%rax, %r13
	adcq	$0, %r14
	movq	\fo+8(\fb), %rdx
	mulx	\fo+16(\fb), %rax, %rbx		/* f1 f2 at 3,4 */
	xorl	%ebp, %ebp
	addq	%rax, %r11
	adcq	%rbx, %r12
	adcq	%rbp, %r13
	adcq	%rbp, %r14
	/* cross sum < 2^448 sits in r9..r14; now 2*cross + squares, the
	   doubling on the CF chain and the squares on the OF chain */
	xorl	%ebp, %ebp
	movq	\fo(\fb), %rdx
	mulx	%rdx, %r8, %rax			/* f0^2 at 0,1 */
	adcx	%r9, %r9
	adox	%rax, %r9
	movq	\fo+8(\fb), %rdx
	mulx	%rdx, %rax, %rbx		/* f1^2 at 2,3 */
	adcx	%r10, %r10
	adox	%rax, %r10
	adcx	%r11, %r11
	adox	%rbx, %r11
	movq	\fo+16(\fb), %rdx
	mulx	%rdx, %rax, %rbx		/* f2^2 at 4,5 */
	adcx	%r12, %r12
	adox	%rax, %r12
	adcx	%r13, %r13
	adox	%rbx, %r13
	movq	\fo+24(\fb), %rdx
	mulx	%rdx, %rax, %r15		/* f3^2 at 6,7 */
	adcx	%r14, %r14
	adox	%rax, %r14
	adcx	%rbp, %r15
	adox	%rbp, %r15

	FE64_REDUCE38
.endm

/* h = f^2 */
.macro FE64_SQ ho, hb, fo, fb
	FE64_SQ_REGS \fo, \fb
	FE64_STORE \ho, \hb
.endm

/* h = 2 f^2 */
.macro FE64_SQ2 ho, hb, fo, fb
	FE64_SQ_REGS \fo, \fb
	FE64_DOUBLE_REGS
	FE64_STORE \ho, \hb
.endm

/* h = 121666 f */
.macro FE64_MUL121666 ho, hb, fo, fb
	movl	$121666, %edx
	mulx	\fo(\fb), %r8, %r9
	mulx	\fo+8(\fb), %rax, %r10
	addq	%rax, %r9
	mulx	\fo+16(\fb), %rax, %r11
	adcq	%rax, %r10
	mulx	\fo+24(\fb), %rax, %r12
	adcq	%rax, %r11
	adcq	$0, %r12
	/* r12 < 2^17: fold 38 r12 < 2^23 */
	imulq	$38, %r12, %r12
	addq	%r12, %r8
	adcq	$0, %r9
	adcq	$0, %r10
	adcq	$0, %r11
	sbbq	%rax, %rax
	andl	$38, %eax
	addq	%rax, %r8
	FE64_STORE \ho, \hb
.endm

/* h = 121666 f + g (the z2 factor BB + a24' E of the ladder, one
   reduction instead of two) */
.macro FE64_MUL121666_ADD ho, hb, fo, fb, go, gb
	movl	$121666, %edx
	mulx	\fo(\fb), %r8, %r9
	mulx	\fo+8(\fb), %rax, %r10
	addq	%rax, %r9
	mulx	\fo+16(\fb), %rax, %r11
	adcq	%rax, %r10
	mulx	\fo+24(\fb), %rax, %r12
	adcq	%rax, %r11
	adcq	$0, %r12
	addq	\go(\gb), %r8
	adcq	\go+8(\gb), %r9
	adcq	\go+16(\gb), %r10
	adcq	\go+24(\gb), %r11
	adcq	$0, %r12
	/* r12 < 2^17 + 1 */
	imulq	$38, %r12, %r12
	addq	%r12, %r8
	adcq	$0, %r9
	adcq	$0, %r10
	adcq	$0, %r11
	sbbq	%rax, %rax
	andl	$38, %eax
	addq	%rax, %r8
	FE64_STORE \ho, \hb
.endm

/* r8..r11 = f + g (mod p, < 2^256); f at fo(fb), g at go(gb) */
.macro FE64_ADD_REGS fo, fb, go, gb
	movq	\fo(\fb), %r8
	movq	\fo+8(\fb), %r9
	movq	\fo+16(\fb), %r10
	movq	\fo+24(\fb), %r11
	addq	\go(\gb), %r8
	adcq	\go+8(\gb), %r9
	adcq	\go+16(\gb), %r10
	adcq	\go+24(\gb), %r11
	/* carry out: subtract 2^256, add 38; a second carry leaves < 38 */
	sbbq	%rax, %rax
	andl	$38, %eax
	addq	%rax, %r8
	adcq	$0, %r9
	adcq	$0, %r10
	adcq	$0, %r11
	sbbq	%rax, %rax
	andl	$38, %eax
	addq	%rax, %r8
.endm

/* h = f + g */
.macro FE64_ADD ho, hb, fo, fb, go, gb
	FE64_ADD_REGS \fo, \fb, \go, \gb
	FE64_STORE \ho, \hb
.endm

/* h = f - g */
.macro FE64_SUB ho, hb, fo, fb, go, gb
	movq	\fo(\fb), %r8
	movq	\fo+8(\fb), %r9
	movq	\fo+16(\fb), %r10
	movq	\fo+24(\fb), %r11
	subq	\go(\gb), %r8
	sbbq	\go+8(\gb), %r9
	sbbq	\go+16(\gb), %r10
	sbbq	\go+24(\gb), %r11
	/* borrow: add 2^256, subtract 38; a second borrow means the value
	   was < 38, and one more 2^256 - 38 cannot borrow */
	sbbq	%rax, %rax
	andl	$38, %eax
	subq	%rax, %r8
	sbbq	$0, %r9
	sbbq	$0, %r10
	sbbq	$0, %r11
	sbbq	%rax, %rax
	andl	$38, %eax
	subq	%rax, %r8
	FE64_STORE \ho, \hb
.endm

/* s = f + g and d = f - g with one load of f and g */
.macro FE64_ADDSUB so, sb, do, db, fo, fb, go, gb
	movq	\fo(\fb), %r8
	movq	\fo+8(\fb), %r9
	movq	\fo+16(\fb), %r10
	movq	\fo+24(\fb), %r11
	movq	%r8, %r12
	movq	%r9, %r13
	movq	%r10, %r14
	movq	%r11, %r15
	addq	\go(\gb), %r8
	adcq	\go+8(\gb), %r9
	adcq	\go+16(\gb), %r10
	adcq	\go+24(\gb), %r11
	sbbq	%rax, %rax
	andl	$38, %eax
	addq	%rax, %r8
	adcq	$0, %r9
	adcq	$0, %r10
	adcq	$0, %r11
	sbbq	%rax, %rax
	andl	$38, %eax
	addq	%rax, %r8
	subq	\go(\gb), %r12
	sbbq	\go+8(\gb), %r13
	sbbq	\go+16(\gb), %r14
	sbbq	\go+24(\gb), %r15
	sbbq	%rax, %rax
	andl	$38, %eax
	subq	%rax, %r12
	sbbq	$0, %r13
	sbbq	$0, %r14
	sbbq	$0, %r15
	sbbq	%rax, %rax
	andl	$38, %eax
	subq	%rax, %r12
	FE64_STORE \so, \sb
	movq	%r12, \do(\db)
	movq	%r13, \do+8(\db)
	movq	%r14, \do+16(\db)
	movq	%r15, \do+24(\db)
.endm

/* one limb of FE64_CSWAP */
.macro FE64_CSWAP1 ao, ab, bo, bb, mask
	movq	\ao(\ab), %rax
	movq	\bo(\bb), %rbx
	movq	%rax, %rdx
	xorq	%rbx, %rdx
	andq	\mask, %rdx
	xorq	%rdx, %rax
	xorq	%rdx, %rbx
	movq	%rax, \ao(\ab)
	movq	%rbx, \bo(\bb)
.endm

/* swap the elements at ao(ab) and bo(bb) when mask = -1, leave them when
   mask = 0; the same loads and stores happen either way */
.macro FE64_CSWAP ao, ab, bo, bb, mask
	FE64_CSWAP1 \ao, \ab, \bo, \bb, \mask
	FE64_CSWAP1 \ao+8, \ab, \bo+8, \bb, \mask
	FE64_CSWAP1 \ao+16, \ab, \bo+16, \bb, \mask
	FE64_CSWAP1 \ao+24, \ab, \bo+24, \bb, \mask
.endm

/* h = f mod p in [0, p) (canonical); any f < 2^256 */
.macro FE64_FREEZE ho, hb, fo, fb
	movq	\fo(\fb), %r8
	movq	\fo+8(\fb), %r9
	movq	\fo+16(\fb), %r10
	movq	\fo+24(\fb), %r11
	/* fold bit 255: f = (f mod 2^255) + 19 (f >> 255) < 2^255 + 19 */
	movq	%r11, %rax
	shrq	$63, %rax
	btrq	$63, %r11
	imulq	$19, %rax, %rax
	addq	%rax, %r8
	adcq	$0, %r9
	adcq	$0, %r10
	adcq	$0, %r11
	/* f >= p iff f + 19 >= 2^255; then the answer is f + 19 - 2^255 */
	movq	%r8, %rax
	movq	%r9, %rbx
	movq	%r10, %rdx
	movq	%r11, %r12
	addq	$19, %rax
	adcq	$0, %rbx
	adcq	$0, %rdx
	adcq	$0, %r12
	/* mask r13 = all-ones iff bit 255 of f + 19 is set */
	movq	%r12, %r13
	sarq	$63, %r13
	btrq	$63, %r12
	/* select f + 19 - 2^255 under the mask: f ^= mask & (f ^ t) */
	xorq	%r8, %rax
	xorq	%r9, %rbx
	xorq	%r10, %rdx
	xorq	%r11, %r12
	andq	%r13, %rax
	andq	%r13, %rbx
	andq	%r13, %rdx
	andq	%r13, %r12
	xorq	%rax, %r8
	xorq	%rbx, %r9
	xorq	%rdx, %r10
	xorq	%r12, %r11
	FE64_STORE \ho, \hb
.endm

#endif
