/* SPDX-License-Identifier: MIT */
/* The radix-2^64 BMI2/ADX field arithmetic (internal/field/amd64/fe64_mulx.S)
   and group operations, namespaced for this implementation, and the
   comb's own step: two independent mixed additions, interleaved.
   Constant time: straight-line code, masks for the negations. */
#include "os/asm.h"
#include "crypto_nG.h"
#include "field/amd64/fe64_mulx.S"
#include "group/amd64/ge64_mulx.S"
/* h1 = h1 + q1 (the odd digits' sum) and h2 = h2 + q2 (the even digits'
   sum), each 2dxy negated under its mask, the steps of the two additions
   interleaved so that the out-of-order core always has two independent
   multiplications to overlap.
     void nG_r64_madd2_p3(ge64_p3 *h1, const ge64_precomp *q1, uint64_t mask1,
                          ge64_p3 *h2, const ge64_precomp *q2, uint64_t mask2)
     void nG_r64_madd2_p2(...)   the same without T of h1
     rdi = h1, rsi = q1, rdx = mask1, rcx = h2, r8 = q2, r9 = mask2.
   The selections of the next row run in the caller (an AVX2 scan in C)
   between the calls, not woven into these (tests/dudect told the woven
   form apart on Zen 3: doc/security.md).
   Stack: 48 bytes of saved registers and a 768-byte frame: two sets of
   temporaries and a copy of q2 (the macros have only rcx, rsi, rdi for
   base pointers besides rsp). */
#define NG2_B 336
#define NG2_Q2 672
#define NG2_FRAME 768
.macro NG_ADD2 t1
	FE64_SAVE_ALL
	subq	$NG2_FRAME, %rsp
	.cfi_adjust_cfa_offset NG2_FRAME
	movq	%rdx, MMASK(%rsp)
	movq	%r9, NG2_B+MMASK(%rsp)
	.irp o, 0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88
	movq	\o(%r8), %rax
	movq	%rax, NG2_Q2+\o(%rsp)
	.endr
	FE64_ADDSUB MS, %rsp, MD, %rsp, 32, %rdi, 0, %rdi
	FE64_ADDSUB NG2_B+MS, %rsp, NG2_B+MD, %rsp, 32, %rcx, 0, %rcx
	FE64_MUL MA, %rsp, MD, %rsp, 32, %rsi
	FE64_MUL NG2_B+MA, %rsp, NG2_B+MD, %rsp, NG2_Q2+32, %rsp
	FE64_MUL MB, %rsp, MS, %rsp, 0, %rsi
	FE64_MUL NG2_B+MB, %rsp, NG2_B+MS, %rsp, NG2_Q2, %rsp
	FE64_MUL MC, %rsp, 96, %rdi, 64, %rsi
	FE64_MUL NG2_B+MC, %rsp, 96, %rcx, NG2_Q2+64, %rsp
	FE64_ADD MDD, %rsp, 64, %rdi, 64, %rdi
	FE64_ADD NG2_B+MDD, %rsp, 64, %rcx, 64, %rcx
	FE64_ADDSUB MH, %rsp, ME, %rsp, MB, %rsp, MA, %rsp
	FE64_ADDSUB NG2_B+MH, %rsp, NG2_B+ME, %rsp, NG2_B+MB, %rsp, NG2_B+MA, %rsp
	FE64_ADDSUB MG, %rsp, MF, %rsp, MDD, %rsp, MC, %rsp
	FE64_ADDSUB NG2_B+MG, %rsp, NG2_B+MF, %rsp, NG2_B+MDD, %rsp, NG2_B+MC, %rsp
	movq	MMASK(%rsp), %r8
	FE64_CSWAP MG, %rsp, MF, %rsp, %r8
	movq	NG2_B+MMASK(%rsp), %r8
	FE64_CSWAP NG2_B+MG, %rsp, NG2_B+MF, %rsp, %r8
	FE64_MUL 0, %rdi, ME, %rsp, MF, %rsp
	FE64_MUL 0, %rcx, NG2_B+ME, %rsp, NG2_B+MF, %rsp
	FE64_MUL 32, %rdi, MH, %rsp, MG, %rsp
	FE64_MUL 32, %rcx, NG2_B+MH, %rsp, NG2_B+MG, %rsp
	FE64_MUL 64, %rdi, MG, %rsp, MF, %rsp
	FE64_MUL 64, %rcx, NG2_B+MG, %rsp, NG2_B+MF, %rsp
	.if \t1
	FE64_MUL 96, %rdi, ME, %rsp, MH, %rsp
	.endif
	FE64_MUL 96, %rcx, NG2_B+ME, %rsp, NG2_B+MH, %rsp
	addq	$NG2_FRAME, %rsp
	.cfi_adjust_cfa_offset -NG2_FRAME
	FE64_RESTORE_ALL
	ret
.endm
FE64_FUNC(CRYPTO_NAMESPACE(nG_r64_madd2_p3))
	NG_ADD2 1
FE64_END(CRYPTO_NAMESPACE(nG_r64_madd2_p3))
FE64_FUNC(CRYPTO_NAMESPACE(nG_r64_madd2_p2))
	NG_ADD2 0
FE64_END(CRYPTO_NAMESPACE(nG_r64_madd2_p2))
