#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes crypto_nP/montgomery25519/fe26x4-ladder-asm/ladder.S, the whole
X25519 ladder loop (255 steps) of fe26x4-ladder-asm in AVX2 + BMI2
assembly (GNU as, AT&T order).  The algorithm, the bounds and the
constant-time argument are in that directory's nP.c; this script lays out
the instructions, the registers and the frame.

Usage: python3 scripts/gen/gen-nP-fe26x4-asm.py [-o FILE] [switches]
(standard output without -o).  `make regen` (scripts/gen/regen, part asm)
writes crypto_nP/montgomery25519/fe26x4-ladder-asm/ladder.S with it, and
tests/check-regen.sh fails when the committed file differs.  Switches for
experiments (name=value on the command line), unset for the committed file:
  sym=NAME   a plain global symbol NAME instead of the namespaced one, and no
             project includes (for a stand-alone A/B harness)
  start=N    start at bit N instead of 254 (N + 1 steps; for debugging)
Timing only (wrong results; to find the step's critical path by what
removing a part saves, measured against the committed loop):
  m1rows=LIST, m2rows=LIST  the rows (1..9, comma-separated, possibly
             empty) that M1 or M2 computes; row 0 always
  noscalar=1 no scalar chain (lane 3 keeps what is in the frame)
  dsrc=free  the scalar chain reads d from a frame area nothing writes
             (cut from F)
  zzdst=free the scalar chain writes z3' to a frame area nothing reads
             (cut from the next step)
Measured on the Zen 3 (ladder alone, interleaved, quiet host; session 28):
M2's rows cost nothing (m2rows= : 1.000), the scalar chain 7.6%
(noscalar=1), of which 4.6% its place on the path (dsrc=free zzdst=free;
2.4% and 3.7% cut singly) and the rest its share of the dispatch; each
of M1's rows about 2.7% (m1rows without 9: 0.975, without 9 and 5..8:
0.856).  So a step is the chain M1 -> carries -> F -> scalar chain ->
lane 3 -> the next swap, with M2 in the shadow of the scalar chain, and
M1 runs at about 3.3 vector micro-ops a cycle on that path.  After that,
all of F before the w_i (step_fg): the scalar chain's excess over M2's
path fell to 2.9% (dsrc=free zzdst=free: 0.971; noscalar=1: 0.937) and
M2's rows began to count (m2rows= : 0.989).

Register plan of a step (ymm):
  IN      S in ymm0..9; the swap mask in ymm10, U_0 in ymm11, temps
          ymm12..15; V_j goes to ymm_j, then row 0 of M1 (U_0 times V_j)
  M1, M2  rows 1..9 (product()): column sums ymm0..9, the row's factors
          a, 2a, 19a, 38a in ymm10..13, products in ymm14 / ymm15
  reduce  ymm0..9 in place, temps ymm10..13
  F, G    M1 in ymm0..9 -> w in place, F_0 kept in ymm15 for M2's row 0,
          temps ymm10..14; G's carry round then M2's row 0 in ymm0..9
  OUT     lane 3 from z3' (vpbroadcastq + vpblendd), temps ymm10..13
Scalar registers: see scalar_chain(); the loop counter and the previous
bit live in the frame, so that every general register but rsp and r13
(the constant 51 for bzhi) is free for the chain."""

import sys

OPT = {"sym": "", "start": "254", "m1rows": "", "m2rows": "", "noscalar": "",
       "dsrc": "", "zzdst": ""}
GIVEN = set()
OUT = None
_args = sys.argv[1:]
if len(_args) >= 2 and _args[0] == "-o":
    OUT, _args = _args[1], _args[2:]
for _a in _args:
    _k, _v = _a.split("=", 1)
    if _k not in OPT:
        sys.exit("unknown switch %s" % _k)
    OPT[_k] = _v
    GIVEN.add(_k)

# frame layout (bytes from the 32-byte aligned rsp)
OFF_V = 0        # M1's memory operand V = (A, B, B, A), 10 x 32
OFF_U = 320      # M1's row values U = (A, B, C, D) (limbs 1..9)
OFF_F = 640      # M2's row values F (and d, lane 3, for the scalar unit)
OFF_G = 960      # M2's memory operand G
OFF_ZZ = 1280    # z3' as radix-2^25.5 limbs, 10 x 8, for lane 3 of S
OFF_Y = 1360     # two limbs of d^2 parked by the scalar chain, 2 x 8
OFF_X = 1408     # x1 in radix 2^51: x[0..4], then 19 x[0..4]
OFF_K = 1488     # the clamped scalar, 4 x 8
OFF_SW = 1520    # -(the swap of the next step), 32-bit
OFF_SAVE = 1528  # the caller's rsp
OFF_OUTP = 1536  # the state pointer
OFF_CNT = 1544   # the index of the bit of this step
OFF_SWAP = 1552  # the bit of the next step (the swap state)
OFF_IDX = 1568   # the swap mask of the next step (all bytes 0 or 0xff), 32
OFF_FREE = 1600  # timing-only switches: d read from here (320 bytes), z3'
                 # written at +320 (80 bytes), apart so neither feeds the other
FRAME = 1600 if not (OPT["dsrc"] or OPT["zzdst"]) else 2016


def y(i):
    return "%%ymm%d" % i


def mem(off):
    return "%d(%%rsp)" % off


def cadd(i):
    """limb i of 2p in lanes 1 and 3"""
    return "C0(%rip)" if i == 0 else ("CO(%rip)" if i & 1 else "CE(%rip)")


def mask(i):
    return "M25(%rip)" if i & 1 else "M26(%rip)"


def shift(i):
    return 25 if i & 1 else 26


# the rows 1..9 of a product in the order in which reduce() finishes the
# limbs of the operand (measured: 0.8% faster than 1..9)
ROWS = (2, 6, 3, 7, 4, 8, 5, 9, 1)


def rows_of(name):
    """the rows of product M1 or M2: ROWS, or the timing-only switches
    m1rows, m2rows"""
    if name + "rows" not in GIVEN:
        return ROWS
    return [int(v) for v in OPT[name + "rows"].split(",") if v]


def product(rows, cols, order=ROWS):
    """rows 1..9 of fe26x4_mul's operand scanning: row value a_i from
    rows + 32 i, every b_j a memory operand at cols + 32 j; row 0 is
    already in ymm0..9.  The factor of a product: 2 when i and j are both
    odd, 19 when i + j >= 10 (the wrap), on the row side."""
    out = []
    tmp = 14
    for i in order:
        out.append("vmovdqa %s, %s" % (mem(rows + 32 * i), y(10)))
        if i & 1:
            out.append("vpaddq %s, %s, %s" % (y(10), y(10), y(11)))
        out.append("vpmuludq K19(%%rip), %s, %s" % (y(10), y(12)))
        if i & 1:
            out.append("vpaddq %s, %s, %s" % (y(12), y(12), y(13)))
        # the wrapping products last: their factor 19 a comes from a
        # vpmuludq (measured: 2% faster than wrapping products first, the
        # same as any order that starts with them later)
        order = [j for j in range(10) if i + j < 10] + [j for j in range(10) if i + j >= 10]
        for j in order:
            k = (i + j) % 10
            oo = (i & j) & 1
            if i + j >= 10:
                a = 13 if oo else 12
            else:
                a = 11 if oo else 10
            out.append("vpmuludq %s, %s, %s" % (mem(cols + 32 * j), y(a), y(tmp)))
            out.append("vpaddq %s, %s, %s" % (y(tmp), y(k), y(k)))
            tmp = 29 - tmp
    return out


def carry(i, tmp):
    return ["vpsrlq $%d, %s, %s" % (shift(i), y(i), y(tmp)),
            "vpaddq %s, %s, %s" % (y(tmp), y(i + 1), y(i + 1)),
            "vpand %s, %s, %s" % (mask(i), y(i), y(i))]


def reduce():
    """column sums ymm0..9 (each < 2^62.4) to TIGHT limbs, the two carry
    chains of fe26x4_reduce side by side: 0..5 and 4..9 -> 0 -> 1"""
    out = []
    tmps = [10, 11]
    n = 0
    for a, b in ((0, 4), (1, 5), (2, 6), (3, 7), (4, 8)):
        out += carry(a, tmps[n % 2]); n += 1
        out += carry(b, tmps[n % 2]); n += 1
    # limb 9 wraps: t0 += 19 (t9 >> 25), 19 c = c + 2 c + 16 c (c < 2^37.5,
    # too wide for vpmuludq)
    out += ["vpsrlq $25, %s, %s" % (y(9), y(12)),
            "vpand M25(%%rip), %s, %s" % (y(9), y(9)),
            "vpsllq $1, %s, %s" % (y(12), y(13)),
            "vpaddq %s, %s, %s" % (y(12), y(0), y(0)),
            "vpsllq $4, %s, %s" % (y(12), y(12)),
            "vpaddq %s, %s, %s" % (y(13), y(12), y(12)),
            "vpaddq %s, %s, %s" % (y(12), y(0), y(0))]
    out += carry(0, 10)
    return out


def idx_next():
    """the swap mask for bit (CNT - 1) mod 256 (bit 255 is 0 after
    clamping, so the last step's look-ahead is harmless), stored at
    OFF_IDX: all ones (the halves exchanged) when that bit differs from
    the previous one, else zero; the bit becomes the swap state.  Uses
    rax rcx rdx rsi ymm13."""
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
            "negl %edx",
            "movl %%edx, %s" % mem(OFF_SW),
            "movq %%rax, %s" % mem(OFF_SWAP),
            "vpbroadcastd %s, %%ymm13" % mem(OFF_SW),
            "vmovdqa %%ymm13, %s" % mem(OFF_IDX)]


def step_in():
    """S (ymm0..9) -> U, V; U_0 stays in ymm11 and every V_j is kept in
    ymm_j (S_j is dead by then) and multiplied by it there (row 0 of M1);
    U_1..9 and V stored for rows 1..9.  Then the next step's mask.
    The swap is vperm2i128 + vpblendvb by the mask, V vpshufd +
    vinserti128, all within or across 128-bit halves (measured on Zen 3:
    1.3% faster than vpermd by indices and vpermq; llvm-mca's Alder Lake
    model prices it 5% slower, but Intel's AVX2 cores run fe64-ladder,
    their class's own order)."""
    out = ["vmovdqa %s, %%ymm10" % mem(OFF_IDX)]
    for i in range(10):
        t, r = (12, 13) if i & 1 == 0 else (14, 15)
        if i == 0:
            r = 11
        out += ["vperm2i128 $0x01, %s, %s, %s" % (y(i), y(i), y(t)),  # halves exchanged
                "vpblendvb %%ymm10, %s, %s, %s" % (y(t), y(i), y(t)),  # t: swapped S
                "vpshufd $0x4e, %s, %s" % (y(t), y(r)),              # r: pairs exchanged
                "vpsignd SGN(%%rip), %s, %s" % (y(t), y(t)),         # lanes 1, 3 negated
                "vpaddq %s, %s, %s" % (cadd(i), y(r), y(r)),
                "vpaddq %s, %s, %s" % (y(t), y(r), y(r))]            # U_i
        if i > 0:
            out.append("vmovdqa %s, %s" % (y(r), mem(OFF_U + 32 * i)))
        out += ["vpshufd $0x4e, %s, %s" % (y(r), y(t)),              # (B, A, D, C)
                "vinserti128 $1, %%xmm%d, %s, %s" % (t, y(r), y(t)),  # V_i = (A, B, B, A)
                "vmovdqa %s, %s" % (y(t), mem(OFF_V + 32 * i)),
                "vmovdqa %s, %s" % (y(t), y(i))]
    # row 0 after all of U and V (measured: 1% faster than each product
    # right after its V_j)
    out += ["vpmuludq %%ymm11, %s, %s" % (y(i), y(i)) for i in range(10)]
    return out + idx_next()


def step_fg():
    """M1 = (AA, BB, CB, DA) in ymm0..9 -> F in memory (F_0 also kept in
    ymm15), w_i = F_i (0, 121666, 1, 1) + (BB, BB, 0, 0) in ymm_i.  All of
    F first, then the w_i (F_i read back as vpmuludq's memory operand):
    the scalar chain waits for the last F store, and made this way it
    comes some 40 instructions earlier (measured on Zen 3: 1.0-1.3%
    faster than each w_i right after its F_i; the same with F bottom up)"""
    out = []
    # from the top, where step_g's carry round starts (measured: 1% faster
    # than from limb 0)
    for i in range(9, -1, -1):
        a, b = (10, 11) if i & 1 == 0 else (12, 13)
        if i == 0:
            a = 15
        out += ["vpshufd $0x4e, %s, %s" % (y(i), y(a)),              # (BB, AA, DA, CB)
                "vpand FMASK(%%rip), %s, %s" % (y(a), y(a)),         # (0, AA, DA, CB)
                "vpaddq %s, %s, %s" % (cadd(i), y(a), y(a)),
                "vpsignd SGN(%%rip), %s, %s" % (y(i), y(b)),         # (AA, -BB, CB, -DA)
                "vpaddq %s, %s, %s" % (y(b), y(a), y(a)),            # F_i
                "vmovdqa %s, %s" % (y(a), mem(OFF_F + 32 * i))]
    out.append("vmovdqa KG(%rip), %ymm14")
    for i in range(9, -1, -1):
        b = 11 if i & 1 == 0 else 13
        out += ["vpmuludq %s, %%ymm14, %s" % (mem(OFF_F + 32 * i), y(b)),  # (0, 121666 E, F2, F3)
                "vpshufd $0xee, %s, %s" % (y(i), y(i)),              # (BB, BB, DA, DA)
                "vpand GMASK(%%rip), %s, %s" % (y(i), y(i)),         # (BB, BB, 0, 0)
                "vpaddq %s, %s, %s" % (y(b), y(i), y(i))]            # w_i
    return out


def step_g():
    """G = w after one parallel carry round, from the top so that each
    carry leaves before its limb is masked; each G_j stored and, still in
    its register, multiplied by F_0 (row 0 of M2)"""
    out = ["vpsrlq $25, %s, %s" % (y(9), y(12)),
           "vpand %s, %s, %s" % (mask(9), y(9), y(9))]
    tmps = [10, 11, 13, 14]
    for i in range(8, -1, -1):
        t = tmps[i % 4]
        out += ["vpsrlq $%d, %s, %s" % (shift(i), y(i), y(t)),
                "vpand %s, %s, %s" % (mask(i), y(i), y(i)),
                "vpaddq %s, %s, %s" % (y(t), y(i + 1), y(i + 1)),
                "vmovdqa %s, %s" % (y(i + 1), mem(OFF_G + 32 * (i + 1))),
                "vpmuludq %s, %s, %s" % (y(15), y(i + 1), y(i + 1))]
    out += ["vpmuludq K19(%%rip), %s, %s" % (y(12), y(12)),          # 19 c9 < 2^24.3
            "vpaddq %s, %s, %s" % (y(12), y(0), y(0)),
            "vmovdqa %s, %s" % (y(0), mem(OFF_G)),
            "vpmuludq %s, %s, %s" % (y(15), y(0), y(0))]
    return out


def scalar_chain():
    """z3' = x1 d^2 in radix 2^51: fe51_sqcols' columns, fe51_reduce128's
    carries, fe51_mul's columns with 19 x1, the same carries; d from lane
    3 of F in the frame, z3' stored as radix-2^25.5 limbs at OFF_ZZ.

    Each column is summed on its own (its first product straight into a
    fresh register pair, r9:r8 and r15:r14 alternately; the others through
    r11:r10 with add/adc), and the carry of the column below is added
    afterwards, so the products of all columns are independent and only
    the carry links (add, adc, shld, bzhi) are sequential.  A pair is
    reused only after its carry has been taken.  The multipliers 2, 19, 38
    are applied on the rdx side (lea, imul), so every factor is a register.
    d0..d4 = rax rbx rcx rsi rdi; the square's limbs y0 = rbp, y1 = r12,
    y2 and y3 parked in the frame then rcx and rax, y4 = rbx; the result's
    z0 = rsi, z1 = rdi; rdx is free between the mulx."""
    out = []
    dreg = ["%rax", "%rbx", "%rcx", "%rsi", "%rdi"]
    d32 = ["%eax", "%ebx", "%ecx", "%esi", "%edi"]
    # d_k = limb 2k + 2^26 limb 2k+1 (low dwords of lane 3)
    for k in range(5):
        tq, td = ("%r10", "%r10d") if k & 1 == 0 else ("%r11", "%r11d")
        src = OFF_FREE if OPT["dsrc"] else OFF_F
        out += ["movl %s, %s" % (mem(src + 64 * k + 24), d32[k]),
                "movl %s, %s" % (mem(src + 64 * k + 32 + 24), td),
                "shlq $26, %s" % tq,
                "addq %s, %s" % (tq, dreg[k])]
    pairs = [("%r8", "%r9"), ("%r14", "%r15")]

    def setrdx(scale, r):
        if scale == 1:
            return ["movq %s, %%rdx" % r]
        if scale == 2:
            return ["leaq (%s,%s), %%rdx" % (r, r)]
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
        """column k plus the carry of column k - 1; its low 51 bits to
        dest, its carry (< 2^64: the columns are < 2^115) left in the
        pair's high register"""
        lo, hi = pairs[k & 1]
        o = []
        if k > 0:
            o += ["addq %s, %s" % (pairs[(k - 1) & 1][1], lo), "adcq $0, %s" % hi]
        o += ["shldq $13, %s, %s" % (lo, hi), "bzhiq %%r13, %s, %s" % (lo, dest)]
        return o

    d0, d1, d2, d3, d4 = dreg
    # (scale of the rdx factor, rdx factor, other factor)
    sq = [[(1, d0, d0), (38, d4, d1), (38, d3, d2)],
          [(2, d0, d1), (38, d4, d2), (19, d3, d3)],
          [(2, d0, d2), (1, d1, d1), (38, d4, d3)],
          [(2, d0, d3), (2, d1, d2), (19, d4, d4)],
          [(2, d0, d4), (2, d1, d3), (1, d2, d2)]]
    out += column(0, sq[0]) + column(1, sq[1])
    out += link(0, "%rbp") + link(1, "%r12")
    out += column(2, sq[2]) + link(2, "%r8")
    out += ["movq %%r8, %s" % mem(OFF_Y)]
    out += column(3, sq[3]) + link(3, "%r14")
    out += ["movq %%r14, %s" % mem(OFF_Y + 8)]
    out += column(4, sq[4]) + link(4, "%rbx")
    out += ["movq %s, %%rcx" % mem(OFF_Y),
            "movq %s, %%rax" % mem(OFF_Y + 8),
            "imulq $19, %r9, %r9",          # t4 >> 51 < 2^56.8, times 19 < 2^61.1
            "addq %r9, %rbp",
            "movq %rbp, %rdx",
            "shrq $51, %rdx",
            "addq %rdx, %r12",
            "bzhiq %r13, %rbp, %rbp"]
    yreg = ["%rbp", "%r12", "%rcx", "%rax", "%rbx"]

    def xo(idx):
        return mem(OFF_X + 8 * idx) if idx >= 0 else mem(OFF_X + 40 + 8 * (idx + 5))

    zz = OFF_FREE + 320 if OPT["zzdst"] else OFF_ZZ

    def split(zr, k):
        """radix-2^51 limb k -> limbs 2k (low 26 bits) and 2k + 1"""
        z32 = {"%rsi": "%esi", "%rdi": "%edi", "%r8": "%r8d", "%r14": "%r14d"}[zr]
        return ["movq %s, %%rdx" % zr,
                "shrq $26, %rdx",
                "movq %%rdx, %s" % mem(zz + 16 * k + 8),
                "andl $0x3ffffff, %s" % z32,
                "movq %s, %s" % (zr, mem(zz + 16 * k))]

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


def step_out():
    """S = M2 with lane 3 replaced by z3'"""
    out = []
    for i in range(10):
        t = 10 + (i % 4)
        out += ["vpbroadcastq %s, %s" % (mem(OFF_ZZ + 8 * i), y(t)),
                "vpblendd $0xc0, %s, %s, %s" % (y(t), y(i), y(i))]
    return out


def merge(vec, sca):
    """the vector list with the scalar list spread evenly through it, at a
    pace that would end a tenth beyond it: the last few scalar
    instructions follow (measured: this beats starting the scalar chain
    earlier or later, packing it denser, or ending it with the list, by
    0.5 to 20%)"""
    out = []
    nv, ns = len(vec) * 11 // 10, len(sca)
    j = 0
    for i, ins in enumerate(vec):
        out.append(ins)
        want = (ns * (i + 1) + nv - 1) // nv
        while j < want and j < ns:
            out.append(sca[j])
            j += 1
    return out + sca[j:]


def main():
    start = int(OPT["start"])
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
    q4("M26", [(1 << 26) - 1] * 4)
    q4("M25", [(1 << 25) - 1] * 4)
    q4("K19", [19] * 4)
    q4("KG", [0, 121666, 1, 1])
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
    b("movl $51, %r13d")
    # the first step's swap mask: bit `start`, previous bit 0
    b("movq $0, %s" % mem(OFF_SWAP))
    b("movq $%d, %s" % (start + 1, mem(OFF_CNT)))
    body.extend(idx_next())
    b("movq $%d, %s" % (start, mem(OFF_CNT)))
    for ins in body:
        w("\t" + ins)
    w("\t.p2align 5")
    w(".Lstep:")
    step = step_in() + product(OFF_U, OFF_V, rows_of("m1")) + reduce()
    step += step_fg()
    step += merge(step_g() + product(OFF_F, OFF_G, rows_of("m2")) + reduce(),
                  [] if OPT["noscalar"] else scalar_chain())
    step += step_out()
    step += ["subq $1, %s" % mem(OFF_CNT), "jns .Lstep"]
    for ins in step:
        w("\t" + ins)
    tail = ["movq %s, %%rdi" % mem(OFF_OUTP)]
    tail += ["vmovdqa %s, %d(%%rdi)" % (y(i), 32 * i) for i in range(10)]
    # the pending swap is bit 0 itself (the last step's look-ahead
    # overwrote the swap state with bit 255)
    tail += ["vzeroall",
             "movq %s, %%rax" % mem(OFF_K),
             "andl $1, %eax"]
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
    text = "\n".join(o) + "\n"
    if OUT:
        with open(OUT, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
