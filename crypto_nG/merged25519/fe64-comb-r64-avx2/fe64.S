/* SPDX-License-Identifier: MIT */
/* The radix-2^64 BMI2/ADX field arithmetic (internal/field/amd64/fe64_mulx.S)
   and group operations, namespaced for this implementation, and the
   comb's own step: two mixed additions with the next row's scan woven in.
   Constant time: straight-line code; the indices are compared in vector
   lanes, every entry of the row is loaded. */
#include "os/asm.h"
#include "crypto_nG.h"
#include "field/amd64/fe64_mulx.S"
#include "group/amd64/ge64_mulx.S"

/* The AVX2 scan of a 32-entry table row for two indices, in chunks that
   the additions below interleave with their multiplications: the field
   macros use only general registers, so the scan keeps its state in
   ymm0-ymm15 and runs on the vector units the multiplications leave idle.
   It is the scan of ge64_precomp_select2_avx2 (every entry loaded whole
   and masked into two accumulators, whatever the indices); the caller
   finishes the two selections from the accumulators.  Registers: ymm0-2
   and ymm3-5 the accumulators (y+x, y-x, 2dxy), ymm6 and ymm7 the two
   indices b[0], b[1] in [0, 32] (1-based; 0 selects nothing) in every
   lane, ymm8 the entry counter j + 1, ymm9 all ones, ymm10 and ymm11 the
   masks, ymm12-14 the entry, ymm15 scratch. */
.macro NGS_ENTRY off
	vpsubq	%ymm9, %ymm8, %ymm8
	vpcmpeqq	%ymm6, %ymm8, %ymm10
	vpcmpeqq	%ymm7, %ymm8, %ymm11
	vmovdqu	\off(%rax), %ymm12
	vmovdqu	\off+32(%rax), %ymm13
	vmovdqu	\off+64(%rax), %ymm14
	vpand	%ymm10, %ymm12, %ymm15
	vpor	%ymm15, %ymm0, %ymm0
	vpand	%ymm10, %ymm13, %ymm15
	vpor	%ymm15, %ymm1, %ymm1
	vpand	%ymm10, %ymm14, %ymm15
	vpor	%ymm15, %ymm2, %ymm2
	vpand	%ymm11, %ymm12, %ymm15
	vpor	%ymm15, %ymm3, %ymm3
	vpand	%ymm11, %ymm13, %ymm15
	vpor	%ymm15, %ymm4, %ymm4
	vpand	%ymm11, %ymm14, %ymm15
	vpor	%ymm15, %ymm5, %ymm5
.endm

/* Two independent additions interleaved step by step, with the scan of
   the next row woven in as above: h1 = h1 + q1 (the odd digits' sum) and
   h2 = h2 + q2 (the even digits' sum), each 2dxy negated under its mask.
   The two chains give the out-of-order core independent multiplications
   to overlap.
     void nG_r64_madd2_scan_p3(ge64_p3 *h1, const ge64_precomp *q1, uint64_t mask1,
                               ge64_p3 *h2, const ge64_precomp *q2, const nG_r64_args *p)
     void nG_r64_madd2_scan_p2(...)   the same without T of h1
     rdi = h1, rsi = q1, rdx = mask1, rcx = h2, r8 = q2, r9 = p, where
     p[0] = mask2, p[1] = row, p[2] = b (const uint64_t *), p[3] = acc.
   acc[0..11] = the y+x, y-x, 2dxy of entry b[0] of row (0 for b[0] = 0),
   acc[12..23] those of b[1]; ymm0-15 are zeroed on return (vzeroall).
   Stack: 6 pushes and a 784-byte frame: two sets of temporaries, a copy
   of q2 (the macros have only rcx, rsi, rdi for base pointers besides
   rsp), the row and acc pointers. */
#define NG2_B 336
#define NG2_Q2 672
#define NG2_ROW 768
#define NG2_ACC 776
#define NG2_FRAME 784

.macro NG2_CHUNK k
	movq	NG2_ROW(%rsp), %rax
	NGS_ENTRY (384*\k)
	NGS_ENTRY (384*\k+96)
	NGS_ENTRY (384*\k+192)
	NGS_ENTRY (384*\k+288)
.endm

.macro NG_ADD2_SCAN t1
	movq	16(%r9), %rax
	vpbroadcastq	(%rax), %ymm6
	vpbroadcastq	8(%rax), %ymm7
	vpxor	%ymm8, %ymm8, %ymm8
	vpcmpeqq	%ymm9, %ymm9, %ymm9
	vpxor	%ymm0, %ymm0, %ymm0
	vpxor	%ymm1, %ymm1, %ymm1
	vpxor	%ymm2, %ymm2, %ymm2
	vpxor	%ymm3, %ymm3, %ymm3
	vpxor	%ymm4, %ymm4, %ymm4
	vpxor	%ymm5, %ymm5, %ymm5
	FE64_SAVE_ALL
	subq	$NG2_FRAME, %rsp
	.cfi_adjust_cfa_offset NG2_FRAME
	movq	%rdx, MMASK(%rsp)
	movq	0(%r9), %rax
	movq	%rax, NG2_B+MMASK(%rsp)
	movq	8(%r9), %rax
	movq	%rax, NG2_ROW(%rsp)
	movq	24(%r9), %rax
	movq	%rax, NG2_ACC(%rsp)
	.irp o, 0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88
	movq	\o(%r8), %rax
	movq	%rax, NG2_Q2+\o(%rsp)
	.endr
	FE64_ADDSUB MS, %rsp, MD, %rsp, 32, %rdi, 0, %rdi
	FE64_ADDSUB NG2_B+MS, %rsp, NG2_B+MD, %rsp, 32, %rcx, 0, %rcx
	NG2_CHUNK 0
	FE64_MUL MA, %rsp, MD, %rsp, 32, %rsi
	FE64_MUL NG2_B+MA, %rsp, NG2_B+MD, %rsp, NG2_Q2+32, %rsp
	NG2_CHUNK 1
	FE64_MUL MB, %rsp, MS, %rsp, 0, %rsi
	FE64_MUL NG2_B+MB, %rsp, NG2_B+MS, %rsp, NG2_Q2, %rsp
	NG2_CHUNK 2
	FE64_MUL MC, %rsp, 96, %rdi, 64, %rsi
	FE64_MUL NG2_B+MC, %rsp, 96, %rcx, NG2_Q2+64, %rsp
	NG2_CHUNK 3
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
	NG2_CHUNK 4
	FE64_MUL 32, %rdi, MH, %rsp, MG, %rsp
	FE64_MUL 32, %rcx, NG2_B+MH, %rsp, NG2_B+MG, %rsp
	NG2_CHUNK 5
	FE64_MUL 64, %rdi, MG, %rsp, MF, %rsp
	FE64_MUL 64, %rcx, NG2_B+MG, %rsp, NG2_B+MF, %rsp
	NG2_CHUNK 6
	.if \t1
	FE64_MUL 96, %rdi, ME, %rsp, MH, %rsp
	.endif
	FE64_MUL 96, %rcx, NG2_B+ME, %rsp, NG2_B+MH, %rsp
	NG2_CHUNK 7
	movq	NG2_ACC(%rsp), %rax
	vmovdqu	%ymm0, 0(%rax)
	vmovdqu	%ymm1, 32(%rax)
	vmovdqu	%ymm2, 64(%rax)
	vmovdqu	%ymm3, 96(%rax)
	vmovdqu	%ymm4, 128(%rax)
	vmovdqu	%ymm5, 160(%rax)
	vzeroall
	addq	$NG2_FRAME, %rsp
	.cfi_adjust_cfa_offset -NG2_FRAME
	FE64_RESTORE_ALL
	ret
.endm

FE64_FUNC(CRYPTO_NAMESPACE(nG_r64_madd2_scan_p3))
	NG_ADD2_SCAN 1
FE64_END(CRYPTO_NAMESPACE(nG_r64_madd2_scan_p3))

FE64_FUNC(CRYPTO_NAMESPACE(nG_r64_madd2_scan_p2))
	NG_ADD2_SCAN 0
FE64_END(CRYPTO_NAMESPACE(nG_r64_madd2_scan_p2))
