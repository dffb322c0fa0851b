/* SPDX-License-Identifier: MIT */
/* Variable-time Ed25519 group operations for public data (the Straus
   chain of verification, method/ed25519_halfsize_mulx.h), in x86-64
   assembly with BMI2/ADX on the macros of fe64_macros.S and the point
   layouts of internal/group/ge64.h:
     ge64_p3       X at 0, Y at 32, Z at 64, T at 96
     ge64_cached   Y+X at 0, Y-X at 32, Z at 64, 2dT at 96
     ge64_precomp  y+x at 0, y-x at 32, 2dxy at 64

   The constant-time operations of ge64_mulx.S are one function per
   variant (add or subtract, affine or cached addend, with or without T),
   each with its own copy of every multiplication: a chain that calls
   eight of them runs through about 45 KB of code, more than the
   instruction cache holds.  Here one addition takes the variant as
   flags and one doubling run takes its T as a flag (branches on the
   flags, which are public): about 8 KB for the whole chain.

   Include from an implementation's .S file after "crypto_OP.h"; C
   declarations in internal/group/ge64_mulx_vartime.h.  ABI, stack and
   formulas as in ge64_mulx.S (48 bytes of saved registers plus a frame
   of 384 bytes). */
#ifndef GE64_MULX_VARTIME_S
#define GE64_MULX_VARTIME_S

#include "field/amd64/fe64_macros.S"

/* frame offsets of the temporaries */
#define VS 0
#define VD 32
#define VA 64
#define VB 96
#define VC 128
#define VDD 160
#define VE 192
#define VH 224
#define VG 256
#define VF 288
#define VQ 320
#define VFL 328
#define VPB 336
#define VFRAME 352

/* the flags of ge64_mulx_add_vartime */
#define GE64_VT_NEG 1
#define GE64_VT_AFFINE 2
#define GE64_VT_T 4

/* ge64_mulx_add_vartime: h = h + q, or h - q with GE64_VT_NEG; q cached
   (Y+X, Y-X, Z, 2dT), or affine (y+x, y-x, 2dxy) with GE64_VT_AFFINE;
   T of h computed only with GE64_VT_T (otherwise left as is, for a
   result that only gets doubled or compared next)
     void ge64_mulx_add_vartime(ge64_p3 *h, const void *q, long long flags)
     rdi = h (in/out), rsi = q, rdx = flags (public).
   A = (Y-X) q1, B = (Y+X) q0, C = T q[2dT], D = 2 Z z_q (2 Z when
   affine), where (q0, q1) = (y+x, y-x), swapped to subtract; E = B-A,
   H = B+A, G = D+C, F = D-C, G and F swapped to subtract (the sign of
   C); X = E F, Y = H G, Z = G F, T = E H.  6 to 8 multiplications.
   The last products read only the frame, so h is overwritten last. */
FE64_FUNC(CRYPTO_NAMESPACE(ge64_mulx_add_vartime))
	FE64_SAVE_ALL
	subq	$VFRAME, %rsp
	.cfi_adjust_cfa_offset VFRAME
	movq	%rsi, VQ(%rsp)
	movq	%rdx, VFL(%rsp)
	/* rcx = the factor of Y-X, VPB = that of Y+X */
	leaq	32(%rsi), %rcx
	testb	$GE64_VT_NEG, %dl
	cmovneq	%rsi, %rcx
	leaq	32(%rsi), %rdx
	cmoveq	%rsi, %rdx
	movq	%rdx, VPB(%rsp)
	FE64_ADDSUB VS, %rsp, VD, %rsp, 32, %rdi, 0, %rdi
	FE64_MUL VA, %rsp, VD, %rsp, 0, %rcx
	movq	VPB(%rsp), %rcx
	FE64_MUL VB, %rsp, VS, %rsp, 0, %rcx
	movq	VQ(%rsp), %rcx
	testb	$GE64_VT_AFFINE, VFL(%rsp)
	jz	1f
	FE64_MUL VC, %rsp, 96, %rdi, 64, %rcx
	FE64_ADD VDD, %rsp, 64, %rdi, 64, %rdi
	jmp	2f
1:
	FE64_MUL VC, %rsp, 96, %rdi, 96, %rcx
	FE64_MUL VDD, %rsp, 64, %rdi, 64, %rcx
	FE64_ADD VDD, %rsp, VDD, %rsp, VDD, %rsp
2:
	FE64_ADDSUB VH, %rsp, VE, %rsp, VB, %rsp, VA, %rsp
	FE64_ADDSUB VG, %rsp, VF, %rsp, VDD, %rsp, VC, %rsp
	/* rsi = G, rcx = F, swapped to subtract */
	leaq	VG(%rsp), %rsi
	leaq	VF(%rsp), %rcx
	testb	$GE64_VT_NEG, VFL(%rsp)
	jz	3f
	xchgq	%rsi, %rcx
3:
	FE64_MUL 0, %rdi, VE, %rsp, 0, %rcx
	FE64_MUL 32, %rdi, VH, %rsp, 0, %rsi
	FE64_MUL 64, %rdi, 0, %rsi, 0, %rcx
	testb	$GE64_VT_T, VFL(%rsp)
	jz	4f
	FE64_MUL 96, %rdi, VE, %rsp, VH, %rsp
4:
	addq	$VFRAME, %rsp
	.cfi_adjust_cfa_offset -VFRAME
	FE64_RESTORE_ALL
	ret
FE64_END(CRYPTO_NAMESPACE(ge64_mulx_add_vartime))

/* ge64_mulx_dbl_run_vartime: r = 2^n p for n >= 1, with T iff t != 0
   (otherwise T of r left as is)
     void ge64_mulx_dbl_run_vartime(ge64_p3 *r, const ge64_p3 *p, long long n, long long t)
     rdi = r, rsi = p (T of p not read; r may equal p), rdx = n, rcx = t
     (public; n <= 1 does one doubling).
   Each doubling: A = X^2, B = Y^2, C = 2 Z^2, E = 2 X Y, G = B - A,
   H' = A + B, F' = C - G; X = E F', Y = H' G, Z = G F' (as ge64_mulx.S);
   T = E H' of the last one, from the frame, when asked. */
FE64_FUNC(CRYPTO_NAMESPACE(ge64_mulx_dbl_run_vartime))
	FE64_SAVE_ALL
	subq	$VFRAME, %rsp
	.cfi_adjust_cfa_offset VFRAME
	movq	%rcx, VFL(%rsp)
	movq	%rdx, %rcx
	.p2align 4
1:
	FE64_SQ VA, %rsp, 0, %rsi
	FE64_SQ VB, %rsp, 32, %rsi
	FE64_SQ2 VC, %rsp, 64, %rsi
	FE64_MUL2 VE, %rsp, 0, %rsi, 32, %rsi
	FE64_ADDSUB VH, %rsp, VG, %rsp, VB, %rsp, VA, %rsp
	FE64_SUB VF, %rsp, VC, %rsp, VG, %rsp
	FE64_MUL 0, %rdi, VE, %rsp, VF, %rsp
	FE64_MUL 32, %rdi, VH, %rsp, VG, %rsp
	FE64_MUL 64, %rdi, VG, %rsp, VF, %rsp
	movq	%rdi, %rsi
	decq	%rcx
	jg	1b
	cmpq	$0, VFL(%rsp)
	je	2f
	FE64_MUL 96, %rdi, VE, %rsp, VH, %rsp
2:
	addq	$VFRAME, %rsp
	.cfi_adjust_cfa_offset -VFRAME
	FE64_RESTORE_ALL
	ret
FE64_END(CRYPTO_NAMESPACE(ge64_mulx_dbl_run_vartime))

#endif
