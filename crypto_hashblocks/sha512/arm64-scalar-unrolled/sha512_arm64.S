/* SPDX-License-Identifier: MIT */
/* SHA-512 compression (FIPS 180-4, section 6.4.2) for the AArch64 base
   integer unit (no SHA512 instructions), whole blocks in assembly.

   void sha512_arm64_blocks(unsigned char st[64], const unsigned char *x,
                            long long nblocks, const uint64_t K[80])
   x0 = st (the chaining state a..h, eight big-endian 64-bit words), x1 =
   x (nblocks * 128 bytes of message), x2 = nblocks >= 1, x3 = the round
   constants.  Updates st in place (after every block).

   The math, per round t (all additions mod 2^64, rotations right):
     S1 = ror14(e) ^ ror18(e) ^ ror41(e)    S0 = ror28(a) ^ ror34(a) ^ ror39(a)
     Ch = ((f ^ g) & e) ^ g                 Maj = ((a ^ b) & (b ^ c)) ^ b
     T1 = h + K[t] + W[t] + S1 + Ch;  d += T1;  h = T1 + S0 + Maj
   then the names move down one place (a..h <- h', a, b, ..., g), which
   the code does by passing the registers to the round macro in rotated
   order, so no value is moved.  b ^ c of round t is a ^ b of round t - 1:
   it is kept from the previous round (two registers, M0 and M1, take turns),
   which makes Maj three operations.  The schedule, for t >= 16, in a
   window of 16 registers (W[t] replaces W[t - 16]):
     W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16]
     s0 = ror1 ^ ror8 ^ shr7,  s1 = ror19 ^ ror61 ^ shr6
   A rotation costs no instruction of its own: eor and orr take a rotated
   second operand (orr from xzr starts a sum of three rotations; lsr starts
   the small sigmas), so each sigma is three single-micro-op instructions
   (a plain ror would be two micro-ops on the Cortex-A57-class models), a
   round 20 instructions and a schedule word 9.  Rounds 0-15 are written
   out once; rounds 16-79 are one group of 16 (schedule word and round)
   run four times.

   Register use: a..h in x4-x11, the window W[0..15] in x12-x17 and
   x19-x28, x0 and x1 the sigma/Ch/Maj temporaries, x2 and x30 the two
   a ^ b values, x3 the pointer to the 16 round constants of the current
   group.  The pointers and the counts live in the frame: st, x (advanced
   per block), nblocks, the group count.  AAPCS64: x19-x30 saved and restored (x29 stays the frame
   pointer), x0-x17 and the flags clobbered.  The frame holds pointers,
   counts and the caller's x19-x28, zeroed before return; the state
   lives only in registers and in st.

   Constant time: no branch or memory index depends on the data; the two
   loop branches test the public group and block counts; all instructions
   are data-independent-timing ones (logical, add, shifts, loads/stores at
   data-independent addresses).  tests/check-arm64-ct.sh checks the
   disassembly. */
#include "crypto_hashblocks.h"
#include "os/asm.h"

#define T1 x0
#define T2 x1
#define M0 x2
#define M1 x30
#define KP x3

/* frame offsets */
#define F_ST 96
#define F_X 104
#define F_N 112
#define F_G 120
#define F_SIZE 128

/* one round on the rotated names; mp = b ^ c (kept), mn gets a ^ b;
   K[t] is at KP + 8k (KP advances once per 16 rounds) */
.macro SHA512_ROUND a, b, c, d, e, f, g, h, w, mp, mn, k
	ldr	T1, [KP, #8*(\k)]
	add	\h, \h, \w
	eor	T2, \f, \g
	add	\h, \h, T1
	and	T2, T2, \e
	orr	T1, xzr, \e, ror #14
	eor	T2, T2, \g
	eor	T1, T1, \e, ror #18
	add	\h, \h, T2
	eor	T1, T1, \e, ror #41
	add	\h, \h, T1
	eor	\mn, \a, \b
	add	\d, \d, \h
	orr	T1, xzr, \a, ror #28
	and	T2, \mn, \mp
	eor	T1, T1, \a, ror #34
	eor	T2, T2, \b
	eor	T1, T1, \a, ror #39
	add	\h, \h, T2
	add	\h, \h, T1
.endm

/* w16 (holding W[t-16]) becomes W[t] */
.macro SHA512_SCHED w16, w14, w9, w1
	lsr	T1, \w1, #7
	lsr	T2, \w14, #6
	eor	T1, T1, \w1, ror #1
	eor	T2, T2, \w14, ror #19
	eor	T1, T1, \w1, ror #8
	eor	T2, T2, \w14, ror #61
	add	\w16, \w16, \w9
	add	\w16, \w16, T1
	add	\w16, \w16, T2
.endm

/* eight rounds starting with the names in their home registers; the
   caller passes the eight window registers they read */
.macro SHA512_ROUNDS8 k, w0, w1, w2, w3, w4, w5, w6, w7
	SHA512_ROUND x4, x5, x6, x7, x8, x9, x10, x11, \w0, M0, M1, \k+0
	SHA512_ROUND x11, x4, x5, x6, x7, x8, x9, x10, \w1, M1, M0, \k+1
	SHA512_ROUND x10, x11, x4, x5, x6, x7, x8, x9, \w2, M0, M1, \k+2
	SHA512_ROUND x9, x10, x11, x4, x5, x6, x7, x8, \w3, M1, M0, \k+3
	SHA512_ROUND x8, x9, x10, x11, x4, x5, x6, x7, \w4, M0, M1, \k+4
	SHA512_ROUND x7, x8, x9, x10, x11, x4, x5, x6, \w5, M1, M0, \k+5
	SHA512_ROUND x6, x7, x8, x9, x10, x11, x4, x5, \w6, M0, M1, \k+6
	SHA512_ROUND x5, x6, x7, x8, x9, x10, x11, x4, \w7, M1, M0, \k+7
.endm

/* the same with the schedule word of each round computed first */
.macro SHA512_SROUND a, b, c, d, e, f, g, h, w16, w14, w9, w1, mp, mn, k
	SHA512_SCHED \w16, \w14, \w9, \w1
	SHA512_ROUND \a, \b, \c, \d, \e, \f, \g, \h, \w16, \mp, \mn, \k
.endm

	.text
	.p2align 4
	.globl CRYPTO_NAMESPACE(sha512_arm64_blocks)
	.hidden CRYPTO_NAMESPACE(sha512_arm64_blocks)
	.type CRYPTO_NAMESPACE(sha512_arm64_blocks), %function
CRYPTO_NAMESPACE(sha512_arm64_blocks):
	.cfi_startproc
	stp	x29, x30, [sp, #-F_SIZE]!
	.cfi_def_cfa_offset F_SIZE
	.cfi_offset x29, -F_SIZE
	.cfi_offset x30, -F_SIZE+8
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	stp	x27, x28, [sp, #80]
	.cfi_offset x19, -F_SIZE+16
	.cfi_offset x20, -F_SIZE+24
	.cfi_offset x21, -F_SIZE+32
	.cfi_offset x22, -F_SIZE+40
	.cfi_offset x23, -F_SIZE+48
	.cfi_offset x24, -F_SIZE+56
	.cfi_offset x25, -F_SIZE+64
	.cfi_offset x26, -F_SIZE+72
	.cfi_offset x27, -F_SIZE+80
	.cfi_offset x28, -F_SIZE+88
	stp	x0, x1, [sp, #F_ST]
	str	x2, [sp, #F_N]
	ldp	x4, x5, [x0]
	ldp	x6, x7, [x0, #16]
	ldp	x8, x9, [x0, #32]
	ldp	x10, x11, [x0, #48]
	rev	x4, x4
	rev	x5, x5
	rev	x6, x6
	rev	x7, x7
	rev	x8, x8
	rev	x9, x9
	rev	x10, x10
	rev	x11, x11

1:	/* one block: the message words, big-endian */
	ldr	x1, [sp, #F_X]
	ldp	x12, x13, [x1]
	ldp	x14, x15, [x1, #16]
	ldp	x16, x17, [x1, #32]
	ldp	x19, x20, [x1, #48]
	ldp	x21, x22, [x1, #64]
	ldp	x23, x24, [x1, #80]
	ldp	x25, x26, [x1, #96]
	ldp	x27, x28, [x1, #112]
	add	x1, x1, #128
	str	x1, [sp, #F_X]
	rev	x12, x12
	rev	x13, x13
	rev	x14, x14
	rev	x15, x15
	rev	x16, x16
	rev	x17, x17
	rev	x19, x19
	rev	x20, x20
	rev	x21, x21
	rev	x22, x22
	rev	x23, x23
	rev	x24, x24
	rev	x25, x25
	rev	x26, x26
	rev	x27, x27
	rev	x28, x28
	eor	M0, x5, x6              /* b ^ c for round 0 */
	mov	x0, #4
	str	x0, [sp, #F_G]

	/* rounds 0-15 */
	SHA512_ROUNDS8 0, x12, x13, x14, x15, x16, x17, x19, x20
	SHA512_ROUNDS8 8, x21, x22, x23, x24, x25, x26, x27, x28
	add	KP, KP, #128

2:	/* rounds 16g .. 16g + 15, g = 1..4 */
	SHA512_SROUND x4, x5, x6, x7, x8, x9, x10, x11, x12, x27, x22, x13, M0, M1, 0
	SHA512_SROUND x11, x4, x5, x6, x7, x8, x9, x10, x13, x28, x23, x14, M1, M0, 1
	SHA512_SROUND x10, x11, x4, x5, x6, x7, x8, x9, x14, x12, x24, x15, M0, M1, 2
	SHA512_SROUND x9, x10, x11, x4, x5, x6, x7, x8, x15, x13, x25, x16, M1, M0, 3
	SHA512_SROUND x8, x9, x10, x11, x4, x5, x6, x7, x16, x14, x26, x17, M0, M1, 4
	SHA512_SROUND x7, x8, x9, x10, x11, x4, x5, x6, x17, x15, x27, x19, M1, M0, 5
	SHA512_SROUND x6, x7, x8, x9, x10, x11, x4, x5, x19, x16, x28, x20, M0, M1, 6
	SHA512_SROUND x5, x6, x7, x8, x9, x10, x11, x4, x20, x17, x12, x21, M1, M0, 7
	SHA512_SROUND x4, x5, x6, x7, x8, x9, x10, x11, x21, x19, x13, x22, M0, M1, 8
	SHA512_SROUND x11, x4, x5, x6, x7, x8, x9, x10, x22, x20, x14, x23, M1, M0, 9
	SHA512_SROUND x10, x11, x4, x5, x6, x7, x8, x9, x23, x21, x15, x24, M0, M1, 10
	SHA512_SROUND x9, x10, x11, x4, x5, x6, x7, x8, x24, x22, x16, x25, M1, M0, 11
	SHA512_SROUND x8, x9, x10, x11, x4, x5, x6, x7, x25, x23, x17, x26, M0, M1, 12
	SHA512_SROUND x7, x8, x9, x10, x11, x4, x5, x6, x26, x24, x19, x27, M1, M0, 13
	SHA512_SROUND x6, x7, x8, x9, x10, x11, x4, x5, x27, x25, x20, x28, M0, M1, 14
	SHA512_SROUND x5, x6, x7, x8, x9, x10, x11, x4, x28, x26, x21, x12, M1, M0, 15
	add	KP, KP, #128
	ldr	x0, [sp, #F_G]
	subs	x0, x0, #1
	str	x0, [sp, #F_G]
	b.ne	2b

	/* st += a..h; back to K[0] */
	sub	KP, KP, #640
	ldr	x0, [sp, #F_ST]
	ldp	x12, x13, [x0]
	ldp	x14, x15, [x0, #16]
	ldp	x16, x17, [x0, #32]
	ldp	x19, x20, [x0, #48]
	rev	x12, x12
	rev	x13, x13
	rev	x14, x14
	rev	x15, x15
	rev	x16, x16
	rev	x17, x17
	rev	x19, x19
	rev	x20, x20
	add	x4, x4, x12
	add	x5, x5, x13
	add	x6, x6, x14
	add	x7, x7, x15
	add	x8, x8, x16
	add	x9, x9, x17
	add	x10, x10, x19
	add	x11, x11, x20
	rev	x12, x4
	rev	x13, x5
	rev	x14, x6
	rev	x15, x7
	rev	x16, x8
	rev	x17, x9
	rev	x19, x10
	rev	x20, x11
	stp	x12, x13, [x0]
	stp	x14, x15, [x0, #16]
	stp	x16, x17, [x0, #32]
	stp	x19, x20, [x0, #48]
	ldr	x1, [sp, #F_N]
	subs	x1, x1, #1
	str	x1, [sp, #F_N]
	b.ne	1b

	ldp	x19, x20, [sp, #16]
	ldp	x21, x22, [sp, #32]
	ldp	x23, x24, [sp, #48]
	ldp	x25, x26, [sp, #64]
	ldp	x27, x28, [sp, #80]
	/* the frame leaves nothing of the caller's registers behind */
	stp	xzr, xzr, [sp, #16]
	stp	xzr, xzr, [sp, #32]
	stp	xzr, xzr, [sp, #48]
	stp	xzr, xzr, [sp, #64]
	stp	xzr, xzr, [sp, #80]
	stp	xzr, xzr, [sp, #96]
	stp	xzr, xzr, [sp, #112]
	ldp	x29, x30, [sp], #F_SIZE
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
	ret
	.cfi_endproc
	.size CRYPTO_NAMESPACE(sha512_arm64_blocks), .-CRYPTO_NAMESPACE(sha512_arm64_blocks)
