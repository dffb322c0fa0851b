/* SPDX-License-Identifier: MIT */
/* The radix-2^64 BMI2/ADX field arithmetic (internal/field/amd64/fe64_mulx.S),
   namespaced for this implementation. */
#include "os/asm.h"
#include "crypto_nG.h"
#include "field/amd64/fe64_mulx.S"
#include "group/amd64/ge64_mulx.S"

/* the last addition before the doublings: h = h + q or h + (q with 2dxy
   negated) under the mask in rdx, as ge64_mulx_madd_p3_cneg, without T
   (the doublings do not read it)
     void nG_r64_madd_p2_cneg(ge64_p3 *h, const ge64_precomp *q, uint64_t mask) */
FE64_FUNC(CRYPTO_NAMESPACE(nG_r64_madd_p2_cneg))
	GE64_ADDITION 32, 0, 64, -1, 0, 1, 0
FE64_END(CRYPTO_NAMESPACE(nG_r64_madd_p2_cneg))

/* The addition of one row's odd point with the AVX2 scan of the next row
   woven into it: the field macros use only general registers, so the
   scan keeps its state in ymm0-ymm15 and runs in chunks of four entries
   between the multiplications, on the vector units the multiplications
   leave idle.  The scan is that of ge64_precomp_select2_avx2 (every entry
   of the 32-entry row loaded whole and masked into two accumulators);
   the caller finishes the two selections from the accumulators.
     void nG_r64_madd_scan_p3(ge64_p3 *h, const ge64_precomp *q, uint64_t mask,
                              const ge64_precomp row[32], const uint64_t b[2],
                              uint64_t acc[24])
     void nG_r64_madd_scan_p2(...)   the same without T of h
   h = h + q, 2dxy of q negated when mask = -1 (as ge64_mulx_madd_p3_cneg);
   acc[0..11] = the y+x, y-x, 2dxy of row[b[0] - 1] (0 when b[0] = 0),
   acc[12..23] the same for b[1]; b[0], b[1] in [0, 32], may be secret.
   Registers: ymm0-2 and ymm3-5 the accumulators, ymm6 and ymm7 b[0] and
   b[1] in every lane, ymm8 the entry counter j + 1, ymm9 all ones,
   ymm10, ymm11 the masks, ymm12-14 the entry, ymm15 scratch.  Frame: that
   of GE64_ADDITION plus the row and acc pointers. */
#define NGS_ROW 336
#define NGS_ACC 344
#define NGS_FRAME 352

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

/* entries 4k .. 4k+3 of the row */
.macro NGS_CHUNK k
	movq	NGS_ROW(%rsp), %rax
	NGS_ENTRY (384*\k)
	NGS_ENTRY (384*\k+96)
	NGS_ENTRY (384*\k+192)
	NGS_ENTRY (384*\k+288)
.endm

.macro NG_ADD_SCAN t
	vpbroadcastq	(%r8), %ymm6
	vpbroadcastq	8(%r8), %ymm7
	vpxor	%ymm8, %ymm8, %ymm8
	vpcmpeqq	%ymm9, %ymm9, %ymm9
	vpxor	%ymm0, %ymm0, %ymm0
	vpxor	%ymm1, %ymm1, %ymm1
	vpxor	%ymm2, %ymm2, %ymm2
	vpxor	%ymm3, %ymm3, %ymm3
	vpxor	%ymm4, %ymm4, %ymm4
	vpxor	%ymm5, %ymm5, %ymm5
	FE64_SAVE_ALL
	subq	$NGS_FRAME, %rsp
	.cfi_adjust_cfa_offset NGS_FRAME
	movq	%rdx, MMASK(%rsp)
	movq	%rcx, NGS_ROW(%rsp)
	movq	%r9, NGS_ACC(%rsp)
	NGS_CHUNK 0
	FE64_ADDSUB MS, %rsp, MD, %rsp, 32, %rdi, 0, %rdi
	FE64_MUL MA, %rsp, MD, %rsp, 32, %rsi
	NGS_CHUNK 1
	FE64_MUL MB, %rsp, MS, %rsp, 0, %rsi
	NGS_CHUNK 2
	FE64_MUL MC, %rsp, 96, %rdi, 64, %rsi
	NGS_CHUNK 3
	FE64_ADD MDD, %rsp, 64, %rdi, 64, %rdi
	FE64_ADDSUB MH, %rsp, ME, %rsp, MB, %rsp, MA, %rsp
	FE64_ADDSUB MG, %rsp, MF, %rsp, MDD, %rsp, MC, %rsp
	movq	MMASK(%rsp), %rcx
	FE64_CSWAP MG, %rsp, MF, %rsp, %rcx
	FE64_MUL 0, %rdi, ME, %rsp, MF, %rsp
	NGS_CHUNK 4
	FE64_MUL 32, %rdi, MH, %rsp, MG, %rsp
	NGS_CHUNK 5
	FE64_MUL 64, %rdi, MG, %rsp, MF, %rsp
	NGS_CHUNK 6
	.if \t
	FE64_MUL 96, %rdi, ME, %rsp, MH, %rsp
	.endif
	NGS_CHUNK 7
	movq	NGS_ACC(%rsp), %rax
	vmovdqu	%ymm0, 0(%rax)
	vmovdqu	%ymm1, 32(%rax)
	vmovdqu	%ymm2, 64(%rax)
	vmovdqu	%ymm3, 96(%rax)
	vmovdqu	%ymm4, 128(%rax)
	vmovdqu	%ymm5, 160(%rax)
	vzeroall
	addq	$NGS_FRAME, %rsp
	.cfi_adjust_cfa_offset -NGS_FRAME
	FE64_RESTORE_ALL
	ret
.endm

FE64_FUNC(CRYPTO_NAMESPACE(nG_r64_madd_scan_p3))
	NG_ADD_SCAN 1
FE64_END(CRYPTO_NAMESPACE(nG_r64_madd_scan_p3))

FE64_FUNC(CRYPTO_NAMESPACE(nG_r64_madd_scan_p2))
	NG_ADD_SCAN 0
FE64_END(CRYPTO_NAMESPACE(nG_r64_madd_scan_p2))
