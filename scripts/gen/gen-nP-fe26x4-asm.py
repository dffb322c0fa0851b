#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes crypto_nP/montgomery25519/fe26x4-ladder-asm/ladder.S: the whole
X25519 ladder loop (255 steps) of fe26x4-ladder-asm in AVX2 + BMI2
assembly, with the scalar x1 d^2 product interleaved instruction by
instruction with the vector products.  See that directory's nP.c for the
algorithm, the bounds and the constant-time argument; this script only
lays out the instructions and registers.

Usage: python3 scripts/gen/gen-nP-fe26x4-asm.py > \
         crypto_nP/montgomery25519/fe26x4-ladder-asm/ladder.S
(the output is committed; rerun after editing this file)."""

import sys

# experiment switches (command line: name=value); the committed output uses
# the defaults
OPT = {"sym": "", "red": "seq", "sc": "par", "r0": "1", "mred": "1", "idx": "pre"}
for _a in sys.argv[1:]:
    _k, _v = _a.split("=", 1)
    OPT[_k] = _v

# frame layout (bytes from the 32-byte aligned rsp)
OFF_V = 0        # M1's memory operand V = (A, B, B, A), 10 x 32
OFF_U = 320      # M1's row values U = (A, B, C, D)
OFF_F = 640      # M2's row values F
OFF_G = 960      # M2's memory operand G
OFF_ZZ = 1280    # z3' limbs (radix 2^25.5), 10 x 8, for lane 3 of S
OFF_D = 1360     # 2 d0, 2 d1, 19 d3, 38 d3, 19 d4, 38 d4
OFF_X = 1408     # x1 radix 2^51: x[0..4], 19 x[0..4]
OFF_K = 1488     # the clamped scalar, 4 x 8
OFF_SW = 1520    # 4 * (swap bit), 32-bit, broadcast to the vpermd indices
OFF_SAVE = 1528  # caller's rsp
OFF_OUTP = 1536  # the state pointer
OFF_CNT = 1544   # the bit index (sc=par)
OFF_SWAP = 1552  # the previous bit (sc=par)
FRAME = 1600
OFF_IDX = 1568   # the vpermd indices of the next step (idx=pre)

D2_0, D2_1, D19_3, D38_3, D19_4, D38_4 = (OFF_D + 8 * i for i in range(6))


def y(i):
    return "%%ymm%d" % i


def mem(off):
    return "%d(%%rsp)" % off


def cadd(i):
    """the 2p constant of limb i (lanes 1 and 3)"""
    return "C0(%rip)" if i == 0 else ("CO(%rip)" if i & 1 else "CE(%rip)")


def mask(i, m26="%ymm15"):
    if OPT.get("kreg"):
        return "%ymm14" if i & 1 else m26
    return "M25(%rip)" if i & 1 else "M26(%rip)"


def shift(i):
    return 25 if i & 1 else 26


def product(rows, cols, first=0):
    """t = rows * cols (ten limbs each, 32-byte slots from rsp), columns in
    ymm0..9.  Row i: a1 = row_i (ymm10), a2 = 2 a1 (ymm11, odd i),
    a19 = 19 a1 (ymm12, i > 0), a38 = 2 a19 (ymm13, odd i); products into
    ymm14 / ymm15 alternately, then added to their column."""
    out = []
    tmp = 14
    for i in range(first, 10):
        out.append("vmovdqa %s, %s" % (mem(rows + 32 * i), y(10)))
        if i & 1:
            out.append("vpaddq %s, %s, %s" % (y(10), y(10), y(11)))
        if i > 0:
            out.append("vpmuludq K19(%%rip), %s, %s" % (y(10), y(12)))
        if i & 1:
            out.append("vpaddq %s, %s, %s" % (y(12), y(12), y(13)))
        # the wrapping products first: their factor a19 is the latest
        order = [j for j in range(10) if i + j >= 10] + [j for j in range(10) if i + j < 10]
        for j in order:
            k = (i + j) % 10
            oo = (i & j) & 1
            if i + j >= 10:
                a = 13 if oo else 12
            else:
                a = 11 if oo else 10
            if i == 0:
                out.append("vpmuludq %s, %s, %s" % (mem(cols + 32 * j), y(a), y(k)))
            else:
                out.append("vpmuludq %s, %s, %s" % (mem(cols + 32 * j), y(a), y(tmp)))
                out.append("vpaddq %s, %s, %s" % (y(tmp), y(k), y(k)))
                tmp = 29 - tmp
    return out


def carry(i, tmp):
    return ["vpsrlq $%d, %s, %s" % (shift(i), y(i), y(tmp)),
            "vpaddq %s, %s, %s" % (y(tmp), y(i + 1), y(i + 1)),
            "vpand %s, %s, %s" % (mask(i), y(i), y(i))]


def reduce_par2():
    """two parallel carry rounds (experiment): every limb keeps its low
    bits and takes the carry of the limb below, twice"""
    out = []
    for rnd in range(2):
        # carries from the top down into the next limb; t9's wraps times 19
        out += ["vpsrlq $25, %s, %s" % (y(9), y(12)),
                "vpand M25(%%rip), %s, %s" % (y(9), y(9))]
        tmps = [10, 11, 13, 14]
        for i in range(8, -1, -1):
            t = tmps[i % 4]
            out += ["vpsrlq $%d, %s, %s" % (shift(i), y(i), y(t)),
                    "vpand %s, %s, %s" % (mask(i), y(i), y(i)),
                    "vpaddq %s, %s, %s" % (y(t), y(i + 1), y(i + 1))]
        out += ["vpsllq $1, %s, %s" % (y(12), y(13)),
                "vpsllq $4, %s, %s" % (y(12), y(14)),
                "vpaddq %s, %s, %s" % (y(12), y(0), y(0)),
                "vpaddq %s, %s, %s" % (y(14), y(13), y(13)),
                "vpaddq %s, %s, %s" % (y(13), y(0), y(0))]
    return out


def reduce():
    if OPT["red"] == "par2":
        return reduce_par2()
    """columns ymm0..9 (each < 2^62.4) to TIGHT limbs, two chains side by
    side as fe26x4_reduce: 0..5 and 4..9 -> 0 -> 1"""
    out = []
    if OPT.get("kreg"):
        out += ["vmovdqa M25(%rip), %ymm14", "vmovdqa M26(%rip), %ymm15"]
    tmps = [10, 11]
    n = 0
    for a, b in ((0, 4), (1, 5), (2, 6), (3, 7), (4, 8)):
        out += carry(a, tmps[n % 2]); n += 1
        out += carry(b, tmps[n % 2]); n += 1
    # limb 9 wraps: t0 += 19 (t9 >> 25), 19 c = c + 2 c + 16 c (c < 2^37.5)
    out += ["vpsrlq $25, %s, %s" % (y(9), y(12)),
            "vpand %s, %s, %s" % (mask(9), y(9), y(9)),
            "vpsllq $1, %s, %s" % (y(12), y(13)),
            "vpaddq %s, %s, %s" % (y(12), y(0), y(0)),
            "vpsllq $4, %s, %s" % (y(12), y(12)),
            "vpaddq %s, %s, %s" % (y(13), y(12), y(12)),
            "vpaddq %s, %s, %s" % (y(12), y(0), y(0))]
    out += carry(0, 10)
    return out


def idx_next(first=False):
    """the vpermd indices for bit (CNT - 1) mod 256 (for the first step:
    bit 254, with CNT still 255), stored at OFF_IDX"""
    return ["movq %s, %%rsi" % mem(OFF_CNT),
            "leal -1(%rsi), %esi",
            "andl $255, %esi",
            "movl %esi, %ecx",
            "shrl $6, %ecx",
            "movq %d(%%rsp,%%rcx,8), %%rax" % OFF_K,
            "shrxq %rsi, %rax, %rax",
            "andl $1, %eax",
            "movq %s, %%rdx" % mem(OFF_SWAP),
            "xorl %eax, %edx",
            "shll $2, %edx",
            "movl %%edx, %s" % mem(OFF_SW),
            "movq %%rax, %s" % mem(OFF_SWAP),
            "vpbroadcastd %s, %%ymm13" % mem(OFF_SW),
            "vpxor ID_T(%rip), %ymm13, %ymm13",
            "vmovdqa %%ymm13, %s" % mem(OFF_IDX)]


def step_in():
    """S (ymm0..9) -> U, V in memory; the swap indices in ymm10"""
    out = ["vpbroadcastd %s, %s" % (mem(OFF_SW), y(12)),
           "vpxor ID_T(%%rip), %s, %s" % (y(12), y(10))]
    for i in range(10):
        t, r = (12, 13) if i & 1 == 0 else (14, 15)
        out += ["vpermd %s, %s, %s" % (y(i), y(10), y(t)),          # t = swapped S
                "vpshufd $0x4e, %s, %s" % (y(t), y(r)),              # r: pairs exchanged
                "vpsignd SGN(%%rip), %s, %s" % (y(t), y(t)),         # lanes 1, 3 negated
                "vpaddq %s, %s, %s" % (cadd(i), y(r), y(r)),
                "vpaddq %s, %s, %s" % (y(t), y(r), y(r)),            # U_i
                "vmovdqa %s, %s" % (y(r), mem(OFF_U + 32 * i)),
                "vpermq $0x14, %s, %s" % (y(r), y(r)),               # V_i = (A, B, B, A)
                "vmovdqa %s, %s" % (y(r), mem(OFF_V + 32 * i))]
    return out


def step_in_r0():
    """step_in with M1's row 0 folded in: U_0 stays in ymm11 and every
    V_j, still in a register, is multiplied by it into ymm_j (S_j is dead
    by then); U_1.., V_j still stored for rows 1..9"""
    if OPT.get("idx") == "pre":
        out = ["vmovdqa %s, %%ymm10" % mem(OFF_IDX)]
    else:
        out = ["vpbroadcastd %s, %s" % (mem(OFF_SW), y(12)),
               "vpxor ID_T(%%rip), %s, %s" % (y(12), y(10))]
    for i in range(10):
        t, r = (12, 13) if i & 1 == 0 else (14, 15)
        if i == 0:
            r = 11
        out += ["vpermd %s, %s, %s" % (y(i), y(10), y(t)),
                "vpshufd $0x4e, %s, %s" % (y(t), y(r)),
                "vpsignd SGN(%%rip), %s, %s" % (y(t), y(t)),
                "vpaddq %s, %s, %s" % (cadd(i), y(r), y(r)),
                "vpaddq %s, %s, %s" % (y(t), y(r), y(r))]
        if i > 0:
            out.append("vmovdqa %s, %s" % (y(r), mem(OFF_U + 32 * i)))
        out += ["vpermq $0x14, %s, %s" % (y(r), y(t)),
                "vmovdqa %s, %s" % (y(t), mem(OFF_V + 32 * i)),
                "vpmuludq %s, %s, %s" % (y(11), y(t), y(i))]
    if OPT.get("idx") == "pre":
        out += idx_next()
    return out


def step_fg_limbs():
    """M1 = (AA, BB, CB, DA) in ymm0..9 -> F in memory, w_i in ymm_i"""
    out = []
    for i in range(10):
        a, b = (10, 11) if i & 1 == 0 else (12, 13)
        if i == 0 and OPT.get("r0"):
            a = 15
        out += ["vpshufd $0x4e, %s, %s" % (y(i), y(a)),              # (BB, AA, DA, CB)
                "vpand FMASK(%%rip), %s, %s" % (y(a), y(a)),         # (0, AA, DA, CB)
                "vpaddq %s, %s, %s" % (cadd(i), y(a), y(a)),
                "vpsignd SGN(%%rip), %s, %s" % (y(i), y(b)),         # (AA, -BB, CB, -DA)
                "vpaddq %s, %s, %s" % (y(b), y(a), y(a)),            # F_i
                "vmovdqa %s, %s" % (y(a), mem(OFF_F + 32 * i)),
                "vpmuludq KG(%%rip), %s, %s" % (y(a), y(b)),         # (0, 121666 E, F2, F3)
                "vpshufd $0xee, %s, %s" % (y(i), y(i)),              # (BB, BB, DA, DA)
                "vpand GMASK(%%rip), %s, %s" % (y(i), y(i)),         # (BB, BB, 0, 0)
                "vpaddq %s, %s, %s" % (y(b), y(i), y(i))]            # w_i
    return out


def d_extract_vec():
    """d's radix-2^51 limbs from lane 3 of F (in memory) with vector
    instructions, into rax rbx rcx rsi rdi (experiment)"""
    out = []
    dreg = ["%rax", "%rbx", "%rcx", "%rsi", "%rdi"]
    for k in range(5):
        a, b = (10, 11) if k & 1 == 0 else (13, 14)
        out += ["vmovdqa %s, %s" % (mem(OFF_F + 64 * k + 32), y(b)),
                "vmovdqa %s, %s" % (mem(OFF_F + 64 * k), y(a)),
                "vpsllq $32, %s, %s" % (y(b), y(b)),
                "vpsllq $32, %s, %s" % (y(a), y(a)),
                "vpsrlq $6, %s, %s" % (y(b), y(b)),
                "vpsrlq $32, %s, %s" % (y(a), y(a)),
                "vpaddq %s, %s, %s" % (y(a), y(b), y(b)),
                "vextracti128 $1, %s, %%xmm%d" % (y(b), b),
                "vpextrq $1, %%xmm%d, %s" % (b, dreg[k])]
    return out


def step_g_carry():
    """one parallel carry round of w (ymm0..9), from the top so that each
    carry leaves before its limb is masked; G stored"""
    out = []
    if OPT.get("kreg"):
        out += ["vmovdqa M25(%rip), %ymm14", "vmovdqa M26(%rip), %ymm13"]
    out += ["vpsrlq $25, %s, %s" % (y(9), y(12)),
           "vpand %s, %s, %s" % (mask(9), y(9), y(9))]
    tmps = [10, 11, 10, 11] if OPT.get("kreg") else [10, 11, 13, 14]
    for i in range(8, -1, -1):
        t = tmps[i % 4]
        out += ["vpsrlq $%d, %s, %s" % (shift(i), y(i), y(t)),
                "vpand %s, %s, %s" % (mask(i, "%ymm13"), y(i), y(i)),
                "vpaddq %s, %s, %s" % (y(t), y(i + 1), y(i + 1)),
                "vmovdqa %s, %s" % (y(i + 1), mem(OFF_G + 32 * (i + 1)))]
        if OPT.get("r0"):
            out.append("vpmuludq %s, %s, %s" % (y(15), y(i + 1), y(i + 1)))
    out += ["vpmuludq K19(%%rip), %s, %s" % (y(12), y(12)),          # 19 c9 < 2^24.3
            "vpaddq %s, %s, %s" % (y(12), y(0), y(0)),
            "vmovdqa %s, %s" % (y(0), mem(OFF_G))]
    if OPT.get("r0"):
        out.append("vpmuludq %s, %s, %s" % (y(15), y(0), y(0)))
    return out


def scalar_chain():
    """z3' = x1 d^2 in radix 2^51 (fe51_sqcols, fe51_reduce128, fe51_mul's
    columns), d from lane 3 of F in memory; the limbs of z3' stored as
    radix-2^25.5 64-bit values at OFF_ZZ.  Registers: d0..d4 = rax rbx rcx
    rsi rdi, the column sum r9:r8, products r11:r10, r13 = 51."""
    out = []
    dreg = ["%rax", "%rbx", "%rcx", "%rsi", "%rdi"]
    d32 = ["%eax", "%ebx", "%ecx", "%esi", "%edi"]
    for k in range(5 if OPT.get("dsrc", "mem") == "mem" else 0):
        tq, td = ("%r10", "%r10d") if k & 1 == 0 else ("%r11", "%r11d")
        out += ["movl %s, %s" % (mem(OFF_F + 64 * k + 24), d32[k]),
                "movl %s, %s" % (mem(OFF_F + 64 * k + 32 + 24), td),
                "shlq $26, %s" % tq,
                "addq %s, %s" % (tq, dreg[k])]
    out += ["leaq (%rax,%rax), %r10", "movq %%r10, %s" % mem(D2_0),
            "leaq (%rbx,%rbx), %r11", "movq %%r11, %s" % mem(D2_1),
            "imulq $19, %rsi, %r10", "movq %%r10, %s" % mem(D19_3),
            "addq %r10, %r10", "movq %%r10, %s" % mem(D38_3),
            "imulq $19, %rdi, %r11", "movq %%r11, %s" % mem(D19_4),
            "addq %r11, %r11", "movq %%r11, %s" % mem(D38_4)]

    def column(terms, first):
        o = []
        for n, (rd, src) in enumerate(terms):
            o.append("movq %s, %%rdx" % rd)
            if first and n == 0:
                o.append("mulxq %s, %%r8, %%r9" % src)
            else:
                o += ["mulxq %s, %%r10, %%r11" % src,
                      "addq %r10, %r8",
                      "adcq %r11, %r9"]
        return o

    def next_col():
        return ["shrdq $51, %r9, %r8", "xorl %r9d, %r9d"]

    # d^2: yy = (rax, rbp, r12, rbx, rcx)
    sq = [[("%rax", "%rax"), ("%rbx", mem(D38_4)), ("%rcx", mem(D38_3))],
          [("%rbx", mem(D2_0)), ("%rcx", mem(D38_4)), ("%rsi", mem(D19_3))],
          [("%rcx", mem(D2_0)), ("%rbx", "%rbx"), ("%rsi", mem(D38_4))],
          [("%rsi", mem(D2_0)), ("%rcx", mem(D2_1)), ("%rdi", mem(D19_4))],
          [("%rdi", mem(D2_0)), ("%rsi", mem(D2_1)), ("%rcx", "%rcx")]]
    yreg = ["%rax", "%rbp", "%r12", "%rbx", "%rcx"]
    for k in range(5):
        out += column(sq[k], k == 0)
        out.append("bzhiq %%r13, %%r8, %s" % yreg[k])
        out += next_col()
    out += ["imulq $19, %r8, %r8",          # t4 >> 51 < 2^56.8, times 19 < 2^61.1
            "addq %r8, %rax",
            "movq %rax, %r10",
            "shrq $51, %r10",
            "addq %r10, %rbp",
            "bzhiq %r13, %rax, %rax"]

    def xo(idx):
        return mem(OFF_X + 8 * idx) if idx >= 0 else mem(OFF_X + 40 + 8 * (idx + 5))

    def split(zr, k, tq, td):
        # limb 2k = low 26 bits, limb 2k + 1 = the rest (< 2^25 + 2^7)
        return ["movq %s, %s" % (zr, tq),
                "andl $0x3ffffff, %s" % td,
                "movq %s, %s" % (tq, mem(OFF_ZZ + 16 * k)),
                "shrq $26, %s" % zr,
                "movq %s, %s" % (zr, mem(OFF_ZZ + 16 * k + 8))]

    zreg = ["%rsi", "%rdi"]
    for k in range(5):
        out += column([(yreg[i], xo(k - i)) for i in range(5)], k == 0)
        if k < 2:
            out.append("bzhiq %%r13, %%r8, %s" % zreg[k])
        else:
            out.append("bzhiq %r13, %r8, %r10")
            out += split("%r10", k, "%r11", "%r11d")
        out += next_col()
    out += ["imulq $19, %r8, %r8",          # < 2^53.4 times 19
            "addq %r8, %rsi",
            "movq %rsi, %r10",
            "shrq $51, %r10",
            "addq %r10, %rdi",
            "bzhiq %r13, %rsi, %rsi"]
    out += split("%rsi", 0, "%r10", "%r10d")
    out += split("%rdi", 1, "%r11", "%r11d")
    return out


OFF_Y2 = OFF_D        # y2 of the square, parked (sc=par)


def scalar_chain_par():
    """z3' = x1 d^2 as scalar_chain, but each column summed on its own
    (products straight into a fresh register pair, alternately r9:r8 and
    r15:r14) and the carry added afterwards, so that the products of all
    columns are independent and only the carry links (add, adc, shld,
    bzhi) are sequential.  Multipliers scaled on the rdx side (mov, lea,
    imul), so every factor is a register.  rbp = y0, r12 = y1, y2 parked
    in the frame, then rcx; y3 = rax, y4 = rbx; z0 = rsi, z1 = rdi; rdx is
    the scratch register between the mulx."""
    out = []
    dreg = ["%rax", "%rbx", "%rcx", "%rsi", "%rdi"]
    d32 = ["%eax", "%ebx", "%ecx", "%esi", "%edi"]
    for k in range(5):
        tq, td = ("%r10", "%r10d") if k & 1 == 0 else ("%r11", "%r11d")
        out += ["movl %s, %s" % (mem(OFF_F + 64 * k + 24), d32[k]),
                "movl %s, %s" % (mem(OFF_F + 64 * k + 32 + 24), td),
                "shlq $26, %s" % tq,
                "addq %s, %s" % (tq, dreg[k])]
    pairs = [("%r8", "%r9"), ("%r14", "%r15")]

    def setrdx(scale, r):
        if scale == 1:
            return ["movq %s, %%rdx" % r]
        if scale == 2:
            return ["leaq (%s,%s), %%rdx" % (r, r)]
        if OPT.get("lea19"):
            o = ["leaq (%s,%s,8), %%rdx" % (r, r), "leaq (%s,%%rdx,2), %%rdx" % r]
            return o + (["addq %rdx, %rdx"] if scale == 38 else [])
        return ["imulq $%d, %s, %%rdx" % (scale, r)]

    def column(k, terms):
        lo, hi = pairs[k & 1]
        o = []
        for n, (sc, rd, src) in enumerate(terms):
            o += setrdx(sc, rd)
            if n == 0:
                o.append("mulxq %s, %s, %s" % (src, lo, hi))
            else:
                o += ["mulxq %s, %%r10, %%r11" % src,
                      "addq %%r10, %s" % lo,
                      "adcq %%r11, %s" % hi]
        return o

    def link(k, dest):
        """column k (k > 0 takes the carry of column k - 1); its low 51
        bits to dest, its carry left in the high register"""
        lo, hi = pairs[k & 1]
        o = []
        if k > 0:
            plo, phi = pairs[(k - 1) & 1]
            o += ["addq %s, %s" % (phi, lo), "adcq $0, %s" % hi]
        o += ["shldq $13, %s, %s" % (lo, hi), "bzhiq %%r13, %s, %s" % (lo, dest)]
        return o

    d0, d1, d2, d3, d4 = dreg
    sq = [[(1, d0, d0), (38, d4, d1), (38, d3, d2)],
          [(2, d0, d1), (38, d4, d2), (19, d3, d3)],
          [(2, d0, d2), (1, d1, d1), (38, d4, d3)],
          [(2, d0, d3), (2, d1, d2), (19, d4, d4)],
          [(2, d0, d4), (2, d1, d3), (1, d2, d2)]]
    # order: a column's pair is reused only after its carry has been taken
    out += column(0, sq[0]) + column(1, sq[1])
    out += link(0, "%rbp") + link(1, "%r12")
    out += column(2, sq[2]) + link(2, "%r8")
    out += ["movq %%r8, %s" % mem(OFF_Y2)]
    out += column(3, sq[3]) + link(3, "%r14")
    out += ["movq %%r14, %s" % mem(OFF_Y2 + 8)]
    out += column(4, sq[4]) + link(4, "%rbx")
    out += ["movq %s, %%rcx" % mem(OFF_Y2),
            "movq %s, %%rax" % mem(OFF_Y2 + 8),
            "imulq $19, %r9, %r9",         # t4 >> 51 < 2^56.8, times 19 < 2^61.1
            "addq %r9, %rbp",
            "movq %rbp, %rdx",
            "shrq $51, %rdx",
            "addq %rdx, %r12",
            "bzhiq %r13, %rbp, %rbp"]
    yreg = ["%rbp", "%r12", "%rcx", "%rax", "%rbx"]

    def xo(idx):
        return mem(OFF_X + 8 * idx) if idx >= 0 else mem(OFF_X + 40 + 8 * (idx + 5))

    def split(zr, k):
        return ["movq %s, %%rdx" % zr,
                "shrq $26, %rdx",
                "movq %%rdx, %s" % mem(zz(2 * k + 1)),
                "andl $0x3ffffff, %s" % {"%rsi": "%esi", "%rdi": "%edi", "%r8": "%r8d", "%r14": "%r14d"}[zr],
                "movq %s, %s" % (zr, mem(zz(2 * k)))]

    cols = [[(1, yreg[i], xo(k - i)) for i in range(5)] for k in range(5)]
    out += column(0, cols[0]) + column(1, cols[1])
    out += link(0, "%rsi") + link(1, "%rdi")
    out += column(2, cols[2]) + link(2, "%r8") + split("%r8", 2)
    out += column(3, cols[3]) + link(3, "%r14") + split("%r14", 3)
    out += column(4, cols[4]) + link(4, "%r8") + split("%r8", 4)
    out += ["imulq $19, %r9, %r9",          # < 2^53.4 times 19
            "addq %r9, %rsi",
            "movq %rsi, %rdx",
            "shrq $51, %rdx",
            "addq %rdx, %rdi",
            "bzhiq %r13, %rsi, %rsi"]
    out += split("%rsi", 0) + split("%rdi", 1)
    return out


def zz(i):
    """where limb i of z3' is stored: 8-byte slots, or (zzw=1) the top 8
    bytes of 32-byte slots in the V area, for vpblendd from memory"""
    if OPT.get("zzw"):
        return OFF_V + 32 * i + 24
    return OFF_ZZ + 8 * i


def step_out():
    out = []
    if OPT.get("zzw"):
        return ["vpblendd $0xc0, %s, %s, %s" % (mem(OFF_V + 32 * i), y(i), y(i)) for i in range(10)]
    for i in range(10):
        t = 10 + (i % 4)
        out += ["vpbroadcastq %s, %s" % (mem(OFF_ZZ + 8 * i), y(t)),
                "vpblendd $0xc0, %s, %s, %s" % (y(t), y(i), y(i))]
    return out


def merge(vec, sca, lead=0):
    """vector list with the scalar list spread evenly through it, starting
    after `lead` vector instructions"""
    out = vec[:lead]
    rest = vec[lead:]
    ns = len(sca)
    nv = max(1, int(len(rest) * float(OPT.get("spread", "1"))))
    j = 0
    for i, ins in enumerate(rest):
        out.append(ins)
        want = (ns * (i + 1) + nv - 1) // nv
        while j < want and j < ns:
            out.append(sca[j]); j += 1
    out += sca[j:]
    return out


# ---- column form (col=1): product scanning with the carry chain and the
# next phase's per-limb work woven into the columns ----
A1 = 0            # M1's A operand (U) with its multiples: 29 slots
A2 = 928          # M2's A operand (F) with its multiples
OFF_W = 1856      # w (G before its carry round)
OFF_MM = 2176     # product limbs waiting for the wrap (0, 1) or the blend


def slot(area, kind, i):
    """the 32-byte slot of multiple `kind` (1, 2, 19, 38) of limb i"""
    if kind == 1:
        return area + 32 * i
    if kind == 2:
        return area + 320 + 32 * (i // 2)
    if kind == 19:
        return area + 480 + 32 * (i - 1)
    return area + 768 + 32 * (i // 2)


def variant(i, j):
    oo = (i & j) & 1
    if i + j >= 10:
        return 38 if oo else 19
    return 2 if oo else 1


def columns(area, callback):
    """t = A B with B in ymm0..9 and A's multiples at `area`; column k
    summed in ymm10 / ymm11 (alternately), products via ymm12; the carry
    chain 0 -> 1 -> ... -> 9 runs one column behind (carry in ymm13);
    limbs 2..9 go to callback(k, reg) as they become final, limbs 0 and 1
    are parked at OFF_MM and finished after the wrap, then handed over"""
    out = []
    for k in range(10):
        acc = 10 + (k & 1)
        accs = [acc, 14] if OPT.get("split") else [acc]
        tmps = [12, 15] if OPT.get("split") else [12]
        for n, i in enumerate(list(range(k + 1, 10)) + list(range(k + 1))):
            j = (k - i) % 10
            src = mem(slot(area, variant(i, j), i))
            a = accs[n % len(accs)]
            if n < len(accs):
                out.append("vpmuludq %s, %s, %s" % (src, y(j), y(a)))
            else:
                t = tmps[n % len(tmps)]
                out += ["vpmuludq %s, %s, %s" % (src, y(j), y(t)),
                        "vpaddq %s, %s, %s" % (y(t), y(a), y(a))]
        if OPT.get("split"):
            out.append("vpaddq %%ymm14, %s, %s" % (y(acc), y(acc)))
        if k >= 1:
            out.append("vpaddq %%ymm13, %s, %s" % (y(acc), y(acc)))
        out += ["vpsrlq $%d, %s, %%ymm13" % (shift(k), y(acc)),
                "vpand %s, %s, %s" % (mask(k), y(acc), y(acc))]
        if k < 2:
            out.append("vmovdqa %s, %s" % (y(acc), mem(OFF_MM + 32 * k)))
        else:
            out += callback(k, acc)
    # the wrap: t0 += 19 c9 (c9 < 2^37.5, 64-bit: c + 2 c + 16 c), then
    # t0's carry into t1
    out += ["vmovdqa %s, %%ymm10" % mem(OFF_MM),
            "vpsllq $1, %ymm13, %ymm12",
            "vpaddq %ymm13, %ymm10, %ymm10",
            "vpsllq $4, %ymm13, %ymm13",
            "vpaddq %ymm12, %ymm13, %ymm13",
            "vpaddq %ymm13, %ymm10, %ymm10",
            "vpsrlq $26, %ymm10, %ymm13",
            "vpand %s, %%ymm10, %%ymm10" % mask(0),
            "vpaddq %s, %%ymm13, %%ymm11" % mem(OFF_MM + 32)]
    return out


def fg_limb(k, acc):
    """M1's limb k (AA, BB, CB, DA) in acc -> F_k and its multiples at A2,
    w_k at OFF_W; temps ymm12, ymm14, ymm15"""
    a = acc
    out = ["vpshufd $0x4e, %s, %%ymm14" % y(a),
           "vpand FMASK(%rip), %ymm14, %ymm14",
           "vpaddq %s, %%ymm14, %%ymm14" % cadd(k),
           "vpsignd SGN(%%rip), %s, %%ymm15" % y(a),
           "vpaddq %ymm15, %ymm14, %ymm14",                      # F_k
           "vmovdqa %%ymm14, %s" % mem(slot(A2, 1, k))]
    if k & 1:
        out += ["vpaddq %ymm14, %ymm14, %ymm15",
                "vmovdqa %%ymm15, %s" % mem(slot(A2, 2, k))]
    if k >= 1:
        out += ["vpmuludq K19(%rip), %ymm14, %ymm12",
                "vmovdqa %%ymm12, %s" % mem(slot(A2, 19, k))]
        if k & 1:
            out += ["vpaddq %ymm12, %ymm12, %ymm12",
                    "vmovdqa %%ymm12, %s" % mem(slot(A2, 38, k))]
    out += ["vpmuludq KG(%rip), %ymm14, %ymm15",
            "vpshufd $0xee, %s, %s" % (y(a), y(a)),
            "vpand GMASK(%%rip), %s, %s" % (y(a), y(a)),
            "vpaddq %%ymm15, %s, %s" % (y(a), y(a)),                   # w_k
            "vmovdqa %s, %s" % (y(a), mem(OFF_W + 32 * k))]
    return out


def g_carry_col():
    """G = w after one parallel carry round, into ymm0..9"""
    out = ["vmovdqa %s, %s" % (mem(OFF_W + 32 * k), y(k)) for k in range(10)]
    out += ["vpsrlq $25, %ymm9, %ymm12",
            "vpand M25(%rip), %ymm9, %ymm9"]
    for i in range(8, -1, -1):
        t = 10 + (i & 1)
        out += ["vpsrlq $%d, %s, %s" % (shift(i), y(i), y(t)),
                "vpand %s, %s, %s" % (mask(i), y(i), y(i)),
                "vpaddq %s, %s, %s" % (y(t), y(i + 1), y(i + 1))]
    out += ["vpmuludq K19(%rip), %ymm12, %ymm12",
            "vpaddq %ymm12, %ymm0, %ymm0"]
    return out


def park_limb(k, acc):
    return ["vmovdqa %s, %s" % (y(acc), mem(OFF_MM + 32 * k))]


def out_in_col():
    """after M2's wrap (limbs 0, 1 in ymm10, ymm11, the rest at OFF_MM):
    lane 3 from z3', then the next step's U with its multiples at A1 and
    V in ymm0..9"""
    out = []
    for k in range(10):
        src = {0: "%ymm10", 1: "%ymm11"}.get(k)
        out.append("vpbroadcastq %s, %%ymm12" % mem(OFF_ZZ + 8 * k))
        if src:
            out.append("vpblendd $0xc0, %%ymm12, %s, %s" % (src, y(k)))
        else:
            # dwords 0..5 from the parked limb, 6 and 7 (lane 3) from z3'
            out.append("vpblendd $0x3f, %s, %%ymm12, %s" % (mem(OFF_MM + 32 * k), y(k)))
    return out


def in_col():
    out = ["vmovdqa %s, %%ymm10" % mem(OFF_IDX)]
    for k in range(10):
        out += ["vpermd %s, %%ymm10, %%ymm14" % y(k),
                "vpshufd $0x4e, %ymm14, %ymm13",
                "vpsignd SGN(%rip), %ymm14, %ymm14",
                "vpaddq %s, %%ymm13, %%ymm13" % cadd(k),
                "vpaddq %ymm14, %ymm13, %ymm13",                  # U_k
                "vmovdqa %%ymm13, %s" % mem(slot(A1, 1, k))]
        if k & 1:
            out += ["vpaddq %ymm13, %ymm13, %ymm12",
                    "vmovdqa %%ymm12, %s" % mem(slot(A1, 2, k))]
        if k >= 1:
            out += ["vpmuludq K19(%rip), %ymm13, %ymm12",
                    "vmovdqa %%ymm12, %s" % mem(slot(A1, 19, k))]
            if k & 1:
                out += ["vpaddq %ymm12, %ymm12, %ymm12",
                        "vmovdqa %%ymm12, %s" % mem(slot(A1, 38, k))]
        out.append("vpermq $0x14, %%ymm13, %s" % y(k))            # V_k
    return out


if OPT.get("col"):
    OFF_F = A2
    OFF_ZZ = 2496
    OFF_D = 2576
    OFF_Y2 = OFF_D
    OFF_X = 2624
    OFF_K = 2704
    OFF_SW = 2736
    OFF_SAVE = 2744
    OFF_OUTP = 2752
    OFF_CNT = 2760
    OFF_SWAP = 2768
    OFF_IDX = 2784
    FRAME = 2816


def main():
    o = []
    w = o.append
    w("/* SPDX-License-Identifier: MIT */")
    w("/* GENERATED by scripts/gen/gen-nP-fe26x4-asm.py; do not edit.")
    w("   The ladder loop of fe26x4-ladder-asm (see nP.c there):")
    w("     uint64_t fe26x4_ladder_asm(uint64_t s[10][4], const uint64_t k[4],")
    w("                                const uint64_t x[10])")
    w("   rdi = s (32-byte aligned; in: the start state, out: the state after")
    w("   bit 0, before the final swap), rsi = k (the clamped scalar, little")
    w("   endian), rdx = x (x1 in radix 2^51, then 19 times its limbs);")
    w("   returns the pending swap bit.  System V; rbx rbp r12-r15 saved;")
    w("   6 pushes and a frame of %d bytes (plus alignment), not wiped here" % FRAME)
    w("   (crypto_nP wipes below its frame).  ymm registers zeroed on return. */")
    if OPT["sym"]:
        w("#define SYM %s" % OPT["sym"])
    else:
        w('#include "os/asm.h"')
        w('#include "crypto_nP.h"')
        w("")
        w("#define SYM CRYPTO_NAMESPACE(fe26x4_ladder_asm)")
    w("\t.section .rodata")
    w("\t.p2align 5")

    def q4(name, vals):
        w("%s:" % name)
        w("\t.quad " + ", ".join("%d" % v for v in vals))

    def d8(name, vals):
        w("%s:" % name)
        w("\t.long " + ", ".join("%d" % v for v in vals))
    q4("C0", [0, (1 << 27) - 38, 0, (1 << 27) - 38])
    q4("CE", [0, (1 << 27) - 2, 0, (1 << 27) - 2])
    q4("CO", [0, (1 << 26) - 2, 0, (1 << 26) - 2])
    d8("SGN", [1, 1, -1, 1, 1, 1, -1, 1])
    q4("FMASK", [0, -1, -1, -1])
    q4("GMASK", [-1, -1, 0, 0])
    d8("ID_T", list(range(8)))
    q4("M26", [(1 << 26) - 1] * 4)
    q4("M25", [(1 << 25) - 1] * 4)
    q4("K19", [19] * 4)
    q4("KG", [0, 121666, 1, 1])
    q4("LO32", [0xffffffff] * 4)
    w("")
    w("\t.text")
    w("\t.globl SYM")
    w("\t.hidden SYM")
    w("\t.type SYM, @function")
    w("\t.p2align 5")
    w("SYM:")
    w("\t.cfi_startproc")
    w("\tendbr64")
    body = []
    b = body.append
    for r in ("%rbx", "%rbp", "%r12", "%r13", "%r14", "%r15"):
        b("pushq %s" % r)
    b("movq %rsp, %rax")
    b("andq $-32, %rsp")
    b("subq $%d, %%rsp" % FRAME)
    b("movq %%rax, %s" % mem(OFF_SAVE))
    b("movq %%rdi, %s" % mem(OFF_OUTP))
    for i in range(4):
        b("movq %d(%%rsi), %%rax" % (8 * i))
        b("movq %%rax, %s" % mem(OFF_K + 8 * i))
    for i in range(10):
        b("movq %d(%%rdx), %%rax" % (8 * i))
        b("movq %%rax, %s" % mem(OFF_X + 8 * i))
    for i in range(10):
        b("vmovdqa %d(%%rdi), %s" % (32 * i, y(i)))
    b("movl $%d, %%r15d" % int(OPT.get("start", "254")))
    b("xorl %r14d, %r14d")
    b("movq %%r15, %s" % mem(OFF_CNT))
    b("movq %%r14, %s" % mem(OFF_SWAP))
    if OPT.get("idx") == "pre":
        b("movq $%d, %s" % (int(OPT.get("start", "254")) + 1, mem(OFF_CNT)))
        body.extend(idx_next())
        b("movq %%r15, %s" % mem(OFF_CNT))
    b("movl $51, %r13d")
    for ins in body:
        w("\t" + ins)
    w("\t.p2align 5")
    w(".Lstep:")
    # the bit, the swap it makes with the previous bit, 4 * swap for vpermd
    step = ["movq %r15, %rcx",
            "shrl $6, %ecx",
            "movq %d(%%rsp,%%rcx,8), %%rax" % OFF_K,
            "shrxq %r15, %rax, %rax",
            "andl $1, %eax",
            "xorq %rax, %r14",
            "shll $2, %r14d",
            "movl %%r14d, %s" % mem(OFF_SW),
            "movq %rax, %r14"]
    if OPT.get("idx") == "pre":
        step = []
    elif OPT.get("sc") == "par":
        step = ["movq %s, %%rsi" % mem(OFF_CNT),
                "movl %esi, %ecx",
                "shrl $6, %ecx",
                "movq %d(%%rsp,%%rcx,8), %%rax" % OFF_K,
                "shrxq %rsi, %rax, %rax",
                "andl $1, %eax",
                "movq %s, %%rdx" % mem(OFF_SWAP),
                "xorl %eax, %edx",
                "shll $2, %edx",
                "movl %%edx, %s" % mem(OFF_SW),
                "movq %%rax, %s" % mem(OFF_SWAP)]
    if OPT.get("col"):
        sca = [] if OPT.get("noscalar") else scalar_chain_par()
        step += in_col() + idx_next()
        if OPT.get("dbg") == "M1":
            step += columns(A1, park_limb) + ["vmovdqa %ymm10, %ymm0", "vmovdqa %ymm11, %ymm1"] + ["vmovdqa %s, %s" % (mem(OFF_MM + 32 * k), y(k)) for k in range(2, 10)] + ["jmp .Ldone"]
        step += columns(A1, fg_limb) + fg_limb(0, 10) + fg_limb(1, 11)
        step += g_carry_col()
        if OPT.get("dbg") == "F":
            step += ["vmovdqa %s, %s" % (mem(slot(A2, 1, k)), y(k)) for k in range(10)] + ["jmp .Ldone"]
        if OPT.get("dbg") == "G":
            step += ["jmp .Ldone"]
        step += merge(columns(A2, park_limb), sca, int(OPT.get("lead", "0")))
        step += out_in_col()
    elif OPT.get("r0"):
        step += step_in_r0() + (product(OFF_U, OFF_V, 1) if not OPT.get("nom1") else [])
    else:
        step += step_in() + product(OFF_U, OFF_V)
    if not OPT.get("col"):
        step += reduce()
        if OPT.get("dbg") == "M1":
            step += ["jmp .Ldone"]
        if OPT.get("dearly"):
            fg = step_fg_limbs()
            sc_all = scalar_chain_par()
            dext, sc_rest = sc_all[:20], sc_all[20:]
            # after the store of F_(2k+1): its lane-3 pair
            outfg = []
            k = 0
            for ins in fg:
                outfg.append(ins)
                if ins.startswith("vmovdqa") and "%d(%%rsp)" % (OFF_F + 64 * k + 32) in ins:
                    outfg += dext[4 * k:4 * k + 4]
                    k += 1
            assert k == 5
            step += outfg
        else:
            step += step_fg_limbs()
        if OPT.get("dbg") == "F":
            step += ["vmovdqa %s, %s" % (mem(OFF_F + 32 * k), y(k)) for k in range(10)] + ["jmp .Ldone"]
        if OPT.get("dbg") == "G":
            step += step_g_carry() + ["vmovdqa %s, %s" % (mem(OFF_G + 32 * k), y(k)) for k in range(10)] + ["jmp .Ldone"]
        if OPT.get("dsrc", "mem") == "vec":
            step += d_extract_vec()
        sca = [] if OPT.get("noscalar") else (scalar_chain_par() if OPT.get("sc") == "par" else scalar_chain()) if not OPT.get("filler") else [OPT["filler"].replace("_", " ")] * 270
        if OPT.get("dearly"):
            sca = sc_rest
        vec = step_g_carry() + (product(OFF_F, OFF_G, 1 if OPT.get("r0") else 0) if not OPT.get("nom2") else [])
        if OPT.get("mred"):
            step += merge(vec + reduce(), sca, int(OPT.get("lead", "0")))
        else:
            step += merge(vec, sca, int(OPT.get("lead", "0")))
            step += reduce()
        step += step_out()
    if OPT.get("sc") == "par":
        step += ["subq $1, %s" % mem(OFF_CNT), "jns .Lstep"]
    else:
        step += ["subq $1, %r15", "jns .Lstep"]
    for ins in step:
        w("\t" + ins)
    if OPT.get("dbg"):
        w(".Ldone:")
    tail = ["movq %s, %%rdi" % mem(OFF_OUTP)]
    tail += ["vmovdqa %s, %d(%%rdi)" % (y(i), 32 * i) for i in range(10)]
    tail += ["vzeroall",
             "movq %r14, %rax" if OPT.get("sc") != "par" else "movq %s, %%rax" % mem(OFF_SWAP)]
    if OPT.get("idx") == "pre":
        tail += ["movq %s, %%rax" % mem(OFF_K), "andl $1, %eax"]
    tail += ["xorl %%%s, %%%s" % (r, r) for r in ("ecx", "edx", "esi", "edi")]
    tail += ["xorl %%r%sd, %%r%sd" % (r, r) for r in ("8", "9", "10", "11")]
    tail += ["movq %s, %%rsp" % mem(OFF_SAVE)]
    for r in ("%r15", "%r14", "%r13", "%r12", "%rbp", "%rbx"):
        tail.append("popq %s" % r)
    tail.append("ret")
    for ins in tail:
        w("\t" + ins)
    w("\t.cfi_endproc")
    w("\t.size SYM, .-SYM")
    sys.stdout.write("\n".join(o) + "\n")


if __name__ == "__main__":
    main()
