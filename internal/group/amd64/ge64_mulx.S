/* SPDX-License-Identifier: MIT */
/* Ed25519 group operations in x86-64 assembly with BMI2/ADX, on the
   radix-2^64 field macros of fe64_macros.S and the point layouts of
   internal/group/ge64.h (each coordinate four 64-bit limbs, any value in
   [0, 2^256)):
     ge64_p3       X at 0, Y at 32, Z at 64, T at 96
     ge64_p2       X at 0, Y at 32, Z at 64
     ge64_precomp  y+x at 0, y-x at 32, 2dxy at 64

   Include from an implementation's .S file after "crypto_OP.h"; C
   declarations in internal/group/ge64.h (defined only where an
   implementation's .S file includes this file).

   Common to every function below:
     ABI      System V AMD64; rbx rbp r12-r15 saved and restored, the
              other general registers and the flags clobbered
     stack    48 bytes of saved registers (FE64_SAVE_ALL) plus the frame
              given per function
     timing   straight-line code: constant time, except that the
              doubling runs loop on their public count n
   Formulas: as in group/ge64.h (Hisil-Wong-Carter-Dawson, a = -1). */
#ifndef GE64_MULX_S
#define GE64_MULX_S

#include "field/amd64/fe64_macros.S"

/* frame offsets of the temporaries */
#define MS 0
#define MD 32
#define MA 64
#define MB 96
#define MC 128
#define MDD 160
#define ME 192
#define MH 224
#define MG 256
#define MF 288
#define MMASK 320
#define MFRAME 336

/* GE64_ADDITION: body of h = h +- q, rdi = h (extended, in/out), rsi = q.
   aoff/boff: offsets in q of the factors of Y-X and Y+X; coff: of the
   factor of T; zoff: of q's Z, or -1 for an affine q (Z = 1); sub = 1
   swaps G and F (the sign of C).  A = (Y-X) q[aoff], B = (Y+X) q[boff],
   C = T q[coff], D = 2 Z q[zoff]; E = B-A, H = B+A, G = D+C, F = D-C;
   X = E F, Y = H G, Z = G F, T = E H.  7 (affine) or 8 multiplications.
   The last four products read only the frame, so h is overwritten last.
   cond = 1: rdx holds a mask (0 or -1) and G, F are swapped under it,
   which turns the addition of (y+x, y-x, t) into that of (y+x, y-x, -t).
   t = 0 skips T = E H (T of h left as is: for a result that only gets
   doubled or encoded next). */
.macro GE64_ADDITION aoff, boff, coff, zoff, sub, cond=0, t=1
	FE64_SAVE_ALL
	subq	$MFRAME, %rsp
	.cfi_adjust_cfa_offset MFRAME
	.if \cond
	movq	%rdx, MMASK(%rsp)
	.endif
	FE64_ADDSUB MS, %rsp, MD, %rsp, 32, %rdi, 0, %rdi
	FE64_MUL MA, %rsp, MD, %rsp, \aoff, %rsi
	FE64_MUL MB, %rsp, MS, %rsp, \boff, %rsi
	FE64_MUL MC, %rsp, 96, %rdi, \coff, %rsi
	.if \zoff < 0
	FE64_ADD MDD, %rsp, 64, %rdi, 64, %rdi
	.else
	FE64_MUL MDD, %rsp, 64, %rdi, \zoff, %rsi
	FE64_ADD MDD, %rsp, MDD, %rsp, MDD, %rsp
	.endif
	FE64_ADDSUB MH, %rsp, ME, %rsp, MB, %rsp, MA, %rsp
	.if \sub
	FE64_ADDSUB MF, %rsp, MG, %rsp, MDD, %rsp, MC, %rsp
	.else
	FE64_ADDSUB MG, %rsp, MF, %rsp, MDD, %rsp, MC, %rsp
	.endif
	.if \cond
	movq	MMASK(%rsp), %rcx
	FE64_CSWAP MG, %rsp, MF, %rsp, %rcx
	.endif
	FE64_MUL 0, %rdi, ME, %rsp, MF, %rsp
	FE64_MUL 32, %rdi, MH, %rsp, MG, %rsp
	FE64_MUL 64, %rdi, MG, %rsp, MF, %rsp
	.if \t
	FE64_MUL 96, %rdi, ME, %rsp, MH, %rsp
	.endif
	addq	$MFRAME, %rsp
	.cfi_adjust_cfa_offset -MFRAME
	FE64_RESTORE_ALL
	ret
.endm

/* ge64_mulx_madd_p3: h = h + q, q affine (precomp: y+x, y-x, 2dxy)
     void ge64_mulx_madd_p3(ge64_p3 *h, const ge64_precomp *q)
     rdi = h (in/out), rsi = q; frame 336 bytes; 7 multiplications */
FE64_FUNC(CRYPTO_NAMESPACE(ge64_mulx_madd_p3))
	GE64_ADDITION 32, 0, 64, -1, 0
FE64_END(CRYPTO_NAMESPACE(ge64_mulx_madd_p3))

/* ge64_mulx_madd_p3_cneg: h = h + q or h = h + (q with 2dxy negated), the
   latter when mask = -1; with q swapped (y+x <-> y-x) by the caller this
   is a constant-time h = h - q.  mask must be 0 or -1 (may be secret).
     void ge64_mulx_madd_p3_cneg(ge64_p3 *h, const ge64_precomp *q,
                            uint64_t mask)
     rdi = h (in/out), rsi = q, rdx = mask; frame 336 bytes */
FE64_FUNC(CRYPTO_NAMESPACE(ge64_mulx_madd_p3_cneg))
	GE64_ADDITION 32, 0, 64, -1, 0, 1
FE64_END(CRYPTO_NAMESPACE(ge64_mulx_madd_p3_cneg))

/* ge64_mulx_msub_p3: h = h - q, q affine precomp (-q = (y-x, y+x, -2dxy))
     void ge64_mulx_msub_p3(ge64_p3 *h, const ge64_precomp *q)
     rdi = h (in/out), rsi = q; frame 336 bytes; 7 multiplications */
FE64_FUNC(CRYPTO_NAMESPACE(ge64_mulx_msub_p3))
	GE64_ADDITION 0, 32, 64, -1, 1
FE64_END(CRYPTO_NAMESPACE(ge64_mulx_msub_p3))

/* ge64_mulx_add_p3: h = h + q, q cached (Y+X, Y-X, Z, 2dT)
     void ge64_mulx_add_p3(ge64_p3 *h, const ge64_cached *q)
     rdi = h (in/out), rsi = q; frame 336 bytes; 8 multiplications */
FE64_FUNC(CRYPTO_NAMESPACE(ge64_mulx_add_p3))
	GE64_ADDITION 32, 0, 96, 64, 0
FE64_END(CRYPTO_NAMESPACE(ge64_mulx_add_p3))

/* ge64_mulx_sub_p3: h = h - q, q cached
     void ge64_mulx_sub_p3(ge64_p3 *h, const ge64_cached *q)
     rdi = h (in/out), rsi = q; frame 336 bytes; 8 multiplications */
FE64_FUNC(CRYPTO_NAMESPACE(ge64_mulx_sub_p3))
	GE64_ADDITION 0, 32, 96, 64, 1
FE64_END(CRYPTO_NAMESPACE(ge64_mulx_sub_p3))

/* the same four additions without the T coordinate of the result (T of
   h left as is; T of h is still read, as an input):
     void ge64_mulx_madd_p2(ge64_p3 *h, const ge64_precomp *q)
     void ge64_mulx_msub_p2(ge64_p3 *h, const ge64_precomp *q)
     void ge64_mulx_add_p2(ge64_p3 *h, const ge64_cached *q)
     void ge64_mulx_sub_p2(ge64_p3 *h, const ge64_cached *q)
   6 (affine) or 7 multiplications; frame 336 bytes */
FE64_FUNC(CRYPTO_NAMESPACE(ge64_mulx_madd_p2))
	GE64_ADDITION 32, 0, 64, -1, 0, 0, 0
FE64_END(CRYPTO_NAMESPACE(ge64_mulx_madd_p2))

FE64_FUNC(CRYPTO_NAMESPACE(ge64_mulx_msub_p2))
	GE64_ADDITION 0, 32, 64, -1, 1, 0, 0
FE64_END(CRYPTO_NAMESPACE(ge64_mulx_msub_p2))

FE64_FUNC(CRYPTO_NAMESPACE(ge64_mulx_add_p2))
	GE64_ADDITION 32, 0, 96, 64, 0, 0, 0
FE64_END(CRYPTO_NAMESPACE(ge64_mulx_add_p2))

FE64_FUNC(CRYPTO_NAMESPACE(ge64_mulx_sub_p2))
	GE64_ADDITION 0, 32, 96, 64, 1, 0, 0
FE64_END(CRYPTO_NAMESPACE(ge64_mulx_sub_p2))

/* GE64_DOUBLING: body of r = 2p, rdi = r, rsi = p (only X, Y, Z of p are
   read).  A = X^2, B = Y^2, C = 2 Z^2, E = 2 X Y; with G = B - A,
   H' = A + B, F' = C - G (the completed point (E, H', G, F') equals
   (E, -H', G, -F') of the usual formulas):
   X = E F', Y = H' G, Z = G F', and T = E H' when t = 1.
   3 squarings and 4 or 5 multiplications (2XY directly rather than
   (X+Y)^2 - A - B: a shorter dependency chain); r may equal p. */
.macro GE64_DOUBLING_BODY t
	FE64_SQ MA, %rsp, 0, %rsi				/* A */
	FE64_SQ MB, %rsp, 32, %rsi				/* B */
	FE64_SQ2 MC, %rsp, 64, %rsi				/* C */
	FE64_MUL2 ME, %rsp, 0, %rsi, 32, %rsi			/* E */
	FE64_ADDSUB MH, %rsp, MG, %rsp, MB, %rsp, MA, %rsp	/* H', G */
	FE64_SUB MF, %rsp, MC, %rsp, MG, %rsp			/* F' */
	FE64_MUL 0, %rdi, ME, %rsp, MF, %rsp
	FE64_MUL 32, %rdi, MH, %rsp, MG, %rsp
	FE64_MUL 64, %rdi, MG, %rsp, MF, %rsp
	.if \t
	FE64_MUL 96, %rdi, ME, %rsp, MH, %rsp
	.endif
.endm

.macro GE64_DOUBLING t
	FE64_SAVE_ALL
	subq	$MFRAME, %rsp
	.cfi_adjust_cfa_offset MFRAME
	GE64_DOUBLING_BODY \t
	addq	$MFRAME, %rsp
	.cfi_adjust_cfa_offset -MFRAME
	FE64_RESTORE_ALL
	ret
.endm

/* GE64_DOUBLING_RUN: body of n doublings, rdi = r, rsi = p, rdx = n >= 1
   (public: the loop branches on it); the first doubling reads p, the
   others r; only the last computes T, and only when t = 1.  One frame
   and one save/restore for the whole run. */
.macro GE64_DOUBLING_RUN t
	FE64_SAVE_ALL
	subq	$MFRAME, %rsp
	.cfi_adjust_cfa_offset MFRAME
	movq	%rdx, %rcx
	decq	%rcx
	jle	2f
	.p2align 4
1:
	GE64_DOUBLING_BODY 0
	movq	%rdi, %rsi
	decq	%rcx
	jnz	1b
2:
	GE64_DOUBLING_BODY \t
	addq	$MFRAME, %rsp
	.cfi_adjust_cfa_offset -MFRAME
	FE64_RESTORE_ALL
	ret
.endm

/* ge64_mulx_dbl_p3: r = 2p, all of X, Y, Z, T
     void ge64_mulx_dbl_p3(ge64_p3 *r, const ge64_p3 *p)
     rdi = r, rsi = p (T of p not read; r may equal p); frame 336 bytes */
FE64_FUNC(CRYPTO_NAMESPACE(ge64_mulx_dbl_p3))
	GE64_DOUBLING 1
FE64_END(CRYPTO_NAMESPACE(ge64_mulx_dbl_p3))

/* ge64_mulx_dbl_p2: r = 2p projectively: X, Y, Z only (T of r left as is)
     void ge64_mulx_dbl_p2(ge64_p3 *r, const ge64_p3 *p)
     rdi = r, rsi = p (T of p not read; r may equal p); frame 336 bytes */
FE64_FUNC(CRYPTO_NAMESPACE(ge64_mulx_dbl_p2))
	GE64_DOUBLING 0
FE64_END(CRYPTO_NAMESPACE(ge64_mulx_dbl_p2))

/* ge64_mulx_dbl_run_p3: r = 2^n p, with T; ge64_mulx_dbl_run_p2: the same without
   T (T of r left as is)
     void ge64_mulx_dbl_run_p3(ge64_p3 *r, const ge64_p3 *p, long long n)
     void ge64_mulx_dbl_run_p2(ge64_p3 *r, const ge64_p3 *p, long long n)
     rdi = r, rsi = p (T of p not read; r may equal p), rdx = n >= 1, public
     (the number of iterations; n <= 1 does one doubling); frame 336 bytes */
FE64_FUNC(CRYPTO_NAMESPACE(ge64_mulx_dbl_run_p3))
	GE64_DOUBLING_RUN 1
FE64_END(CRYPTO_NAMESPACE(ge64_mulx_dbl_run_p3))

FE64_FUNC(CRYPTO_NAMESPACE(ge64_mulx_dbl_run_p2))
	GE64_DOUBLING_RUN 0
FE64_END(CRYPTO_NAMESPACE(ge64_mulx_dbl_run_p2))

#endif
