/* SPDX-License-Identifier: MIT */
/* Assembly side of tests/amd64/fe64-test.c: the shared radix-2^64 code
   under a test namespace, and abi_check, a trampoline that calls a
   function with known values in the callee-saved registers and reports
   which of them came back changed. */
#define CRYPTO_NAMESPACE(x) fe64test_##x
#include "os/asm.h"
#include "field/amd64/fe64_mulx.S"
#include "method/amd64/x25519_ladder_mulx.S"
#include "group/amd64/ge64_mulx.S"
#include "field/amd64/fe64_mulx_pair.S"
#include "group/amd64/ge64_mulx_vartime.S"

/* abi_check: call fn(a, b, c, d) with rbx rbp r12-r15 set to fixed
   patterns; return a bit mask of the registers that were not preserved
   (bit 0 rbx, 1 rbp, 2 r12, 3 r13, 4 r14, 5 r15), 0 when all were.
   long abi_check(void *fn, uint64_t a, uint64_t b, uint64_t c, uint64_t d)
   rdi = fn, rsi..r8 = a..d.  Saves and restores its own callee-saved
   registers; keeps the stack 16-byte aligned at the call. */
FE64_FUNC(abi_check)
	FE64_SAVE_ALL
	subq	$8, %rsp
	.cfi_adjust_cfa_offset 8
	movq	%rdi, %rax
	movq	%rsi, %rdi
	movq	%rdx, %rsi
	movq	%rcx, %rdx
	movq	%r8, %rcx
	movabsq	$0x1b1b1b1b1b1b1b1b, %rbx
	movabsq	$0x2b2b2b2b2b2b2b2b, %rbp
	movabsq	$0x3c3c3c3c3c3c3c3c, %r12
	movabsq	$0x4d4d4d4d4d4d4d4d, %r13
	movabsq	$0x5e5e5e5e5e5e5e5e, %r14
	movabsq	$0x6f6f6f6f6f6f6f6f, %r15
	call	*%rax
	xorl	%eax, %eax
	movabsq	$0x1b1b1b1b1b1b1b1b, %rcx
	cmpq	%rcx, %rbx
	setne	%dl
	movzbl	%dl, %edx
	orq	%rdx, %rax
	movabsq	$0x2b2b2b2b2b2b2b2b, %rcx
	cmpq	%rcx, %rbp
	setne	%dl
	movzbl	%dl, %edx
	shlq	$1, %rdx
	orq	%rdx, %rax
	movabsq	$0x3c3c3c3c3c3c3c3c, %rcx
	cmpq	%rcx, %r12
	setne	%dl
	movzbl	%dl, %edx
	shlq	$2, %rdx
	orq	%rdx, %rax
	movabsq	$0x4d4d4d4d4d4d4d4d, %rcx
	cmpq	%rcx, %r13
	setne	%dl
	movzbl	%dl, %edx
	shlq	$3, %rdx
	orq	%rdx, %rax
	movabsq	$0x5e5e5e5e5e5e5e5e, %rcx
	cmpq	%rcx, %r14
	setne	%dl
	movzbl	%dl, %edx
	shlq	$4, %rdx
	orq	%rdx, %rax
	movabsq	$0x6f6f6f6f6f6f6f6f, %rcx
	cmpq	%rcx, %r15
	setne	%dl
	movzbl	%dl, %edx
	shlq	$5, %rdx
	orq	%rdx, %rax
	addq	$8, %rsp
	.cfi_adjust_cfa_offset -8
	FE64_RESTORE_ALL
	ret
FE64_END(abi_check)
