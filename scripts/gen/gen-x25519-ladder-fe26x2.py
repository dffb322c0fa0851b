#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes internal/method/arm64/x25519_ladder_fe26x2_arm64.S: the hybrid
AArch64 X25519 ladder (the x3/z3 half in two Advanced SIMD lanes of radix
2^25.5, the x2/z2 half on the integer unit in radix 2^64).

    scripts/gen/gen-x25519-ladder-fe26x2.py > internal/method/arm64/x25519_ladder_fe26x2_arm64.S

The loop body is two independent instruction streams (one per half of the
step) merged in proportion to their lengths and then list-scheduled by
their dependencies (registers, flags, frame slots) on a rough model of
the core, so that an out-of-order core (and the cost model, which
overlaps only what is close in one block) runs the integer multiplier and
the vector multipliers side by side.

Environment variables select the variants compared while writing it (the
defaults give the committed file; each modelled under llvm-mca's apple-m1
on the loop body alone): NOSCHED=1 (merged order only: 2-3% slower),
LEAD=x (one stream ahead in the merge), ZFIRST=1 (z2 before x2 in the
integer half: 2% slower), KX2=1 (x2 by Karatsuba too: 2% slower),
CARRY=par (two rounds of carries of every limb at once, shorter chains
but more vector instructions: 4% slower), SCHED=asap or SCHED=alap
(topological orders by earliest or latest start instead of the list
scheduler: 12% and 7% slower).  The integer stream is the expansion of the
radix-2^64 macros of internal/method/arm64/x25519_ladder_regs.S and
internal/field/arm64/fe64arm_macros.S, read from those files.

The script also checks, by interval arithmetic over the limb bounds, that
no 64-bit accumulator lane and no 32-bit operand lane of the vector half
can overflow (it stops with an error otherwise), and that the merged order
keeps every read of a frame slot written by the other stream before that
write."""
import os
import re
import sys

TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")

# ---------------------------------------------------------------------------
# the integer macros, expanded from their source files


def read_macros(paths):
    macros = {}
    for p in paths:
        text = open(os.path.join(TOP, p)).read()
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        cur = None
        for line in text.split("\n"):
            s = line.strip()
            if s.startswith(".macro"):
                parts = s[len(".macro"):].replace(",", " ").split()
                cur = (parts[0], [a.split("=")[0] for a in parts[1:]], [])
            elif s.startswith(".endm"):
                macros[cur[0]] = (cur[1], cur[2])
                cur = None
            elif cur is not None and s:
                cur[2].append(s)
    return macros


MACROS = read_macros(["internal/field/arm64/fe64arm_macros.S",
                      "internal/method/arm64/x25519_ladder_regs.S"])


def expand(name, *args):
    params, body = MACROS[name]
    assert len(args) == len(params), name
    out = []
    for line in body:
        for p, a in sorted(zip(params, args), key=lambda t: -len(t[0])):
            line = line.replace("\\" + p, a)
        word = line.split()[0]
        if word in MACROS:
            rest = line[len(word):].replace(",", " ").split()
            out += expand(word, *rest)
        else:
            assert not word.startswith("."), line
            out.append(line)
    return out


# ---------------------------------------------------------------------------
# frame layout (offsets from sp once the locals are allocated)

OFF = {}
_o = 0


def slot(name, size):
    global _o
    OFF[name] = _o
    _o += size


slot("OUT", 16)
slot("VSAVE", 64)      # d8-d15
slot("K", 32)
for n in ["X1", "X2", "Z2", "A", "B", "C", "D", "AA", "BB", "E", "T"]:
    slot(n, 32)
slot("M26", 16)        # 2^26 - 1 in both 64-bit lanes
slot("M25", 16)        # 2^25 - 1 in both 64-bit lanes
slot("BIAS01", 16)     # 2p limbs 0, 0, 1, 1 (32-bit lanes)
slot("BIAS", 16)       # 2p limbs 2k, 2k, 2k+1, 2k+1 for k >= 1
slot("NAB", 80)        # [A, B]: limb k of A, B at 8k, 8k + 4
slot("NDC", 80)        # [D, C]
slot("N1X", 80)        # [1, x1]
slot("CDCH", 80)       # chunk m of D, C at 16m, 16m + 8
L_SIZE = (_o + 15) & ~15
assert OFF["VSAVE"] + 56 <= 504  # stp d reach
assert OFF["T"] + 16 <= 488      # the memory-operand macros' ldp/stp reach
for _n in ["M26", "M25", "BIAS01", "BIAS", "NDC", "CDCH"]:
    assert OFF[_n] % 16 == 0     # ldr/str q

BITS = [26, 25] * 5
P_LIMBS = [2**26 - 19] + [2**BITS[k] - 1 for k in range(1, 10)]
TWO_P = [2 * x for x in P_LIMBS]

# ---------------------------------------------------------------------------
# bounds of the vector half (upper bounds of each limb; all values >= 0)

B64TO26 = [2**BITS[k] - 1 for k in range(9)] + [2**26 - 1]


def bound_mul(f, g):
    h = [0] * 10
    for i in range(10):
        for j in range(10):
            c = f[i] * g[j] * (2 if i % 2 and j % 2 else 1) * (19 if i + j >= 10 else 1)
            h[(i + j) % 10] += c
    for i in range(10):
        assert 2 * f[i] < 2**32 and 19 * g[i] < 2**32, "operand lane overflow"
    assert max(h) < 2**64, "accumulator overflow"
    return h


def bound_sq(f):
    for i in range(10):
        assert 4 * f[i] < 2**32 and 19 * f[i] < 2**32, "operand lane overflow"
    return bound_mul(f, f)


CARRY_ORDER = [0, 4, 1, 5, 2, 6, 3, 7, 4, 8, 9, 0]


def bound_carry(h):
    if os.environ.get("CARRY") == "par":
        return bound_carry_par(h)
    return bound_carry_seq(h)


def bound_carry_par(h):
    # two rounds, every limb at once: t_k = h_k >> b_k, h_k mod 2^b_k,
    # h_k+1 += t_k (h_0 += 19 t_9)
    for _ in range(2):
        t = [h[k] >> BITS[k] for k in range(10)]
        h = [2**BITS[k] - 1 + (19 * t[9] if k == 0 else t[k - 1]) for k in range(10)]
    assert max(h) < 2**32
    return h


def bound_carry_seq(h):
    h = list(h)
    for k in CARRY_ORDER:
        c = h[k] >> BITS[k]
        h[k] = min(h[k], 2**BITS[k] - 1)
        if k == 9:
            h[0] += 19 * c
        else:
            h[k + 1] += c
    assert max(h) < 2**32
    return h


def bound_mix(h):
    # lanes (a, b) of each limb -> a + b and a + 2p - b
    for k in range(10):
        assert h[k] <= TWO_P[k], "bias too small"
    s = [2 * x for x in h]
    d = [h[k] + TWO_P[k] for k in range(10)]
    out = [max(s[k], d[k]) for k in range(10)]
    assert max(out) < 2**32
    return out


def check_bounds():
    # [D, C] enters the first step from the conversion (B64TO26), later
    # steps from the previous one: widen to a fixed point
    dc = list(B64TO26)
    for _ in range(10):
        h1 = bound_carry(bound_mul(dc, B64TO26))           # DA, CB
        sd = bound_mix(h1)                                  # sum, difference
        h2 = bound_carry(bound_sq(sd))                      # squares
        h3 = bound_carry(bound_mul(B64TO26, h2))            # [1, x1] times them
        new = [max(a, b) for a, b in zip(dc, bound_mix(h3))]  # D', C'
        if new == dc:
            break
        dc = new
    else:
        raise AssertionError("no fixed point")
    # chunks: l_2m + 2^26 l_2m+1 < 2^53
    for m in range(5):
        assert dc[2 * m] + (dc[2 * m + 1] << 26) < 2**53
    return dc


# ---------------------------------------------------------------------------
# instruction streams: each item (text, reads, writes) with the frame slots
# that the other stream also touches

def I(text, r=(), w=()):
    return (text, set(r), set(w))


def vmul_rows(fslot):
    """h (v0-v9, .2d) = f g: f's limbs from the frame slot (row by row,
    in v29 and 2 f_i in v30), g in v10-v19 (.2s), 19 g_j in v20-v28"""
    out = []
    for j in range(1, 10):
        out.append(I("mul\tv%d.2s, v%d.2s, v31.2s" % (19 + j, 10 + j)))
    for i in range(10):
        out.append(I("ldr\td29, [sp, #%d]" % (OFF[fslot] + 8 * i), r=[fslot]))
        if i % 2:
            out.append(I("add\tv30.2s, v29.2s, v29.2s"))
        for j in range(10):
            k = (i + j) % 10
            left = 30 if (i % 2 and j % 2) else 29
            right = 10 + j if i + j < 10 else 19 + j
            op = "umull" if i == 0 else "umlal"
            out.append(I("%s\tv%d.2d, v%d.2s, v%d.2s" % (op, k, left, right)))
    return out


def vsq_rows():
    """h (v0-v9) = f^2, f in v10-v19 (.2s); 19 f_j (j >= 5) in v20-v24,
    2 f_i in v25, 4 f_i in v26"""
    out = []
    for j in range(5, 10):
        out.append(I("mul\tv%d.2s, v%d.2s, v31.2s" % (15 + j, 10 + j)))
    started = set()
    for i in range(10):
        out.append(I("add\tv25.2s, v%d.2s, v%d.2s" % (10 + i, 10 + i)))
        if i % 2 and i < 9:
            out.append(I("add\tv26.2s, v25.2s, v25.2s"))
        for j in range(i, 10):
            m = (1 if i == j else 2) * (2 if i % 2 and j % 2 else 1)
            left = {1: 10 + i, 2: 25, 4: 26}[m]
            if i == j and m == 2:
                left = 25
            right = 15 + j if i + j >= 10 else 10 + j
            k = (i + j) % 10
            op = "umlal" if k in started else "umull"
            started.add(k)
            out.append(I("%s\tv%d.2d, v%d.2s, v%d.2s" % (op, k, left, right)))
    assert started == set(range(10))
    return out


def vcarry():
    if os.environ.get("CARRY") == "par":
        return vcarry_par()
    return vcarry_seq()


def vcarry_seq():
    """carry v0-v9 (.2d) to limbs of 26, 25 bits (mask in v26, v27), one
    limb after another in two interleaved chains (0 1 2 3 4 5 ... and
    4 5 6 7 8 9 0 1), each carry one usra (h_k+1 += h_k >> b_k) and one
    and; the top one h_0 += 19 (h_9 >> 25)"""
    out = [I("ldr\tq26, [sp, #%d]" % OFF["M26"]), I("ldr\tq27, [sp, #%d]" % OFF["M25"])]
    for k in CARRY_ORDER:
        mask = 26 if BITS[k] == 26 else 27
        if k == 9:
            out.append(I("ushr\tv20.2d, v9.2d, #25"))
            out.append(I("and\tv9.16b, v9.16b, v27.16b"))
            out.append(I("shl\tv21.2d, v20.2d, #4"))
            out.append(I("add\tv22.2d, v20.2d, v20.2d"))
            out.append(I("add\tv0.2d, v0.2d, v20.2d"))
            out.append(I("add\tv21.2d, v21.2d, v22.2d"))
            out.append(I("add\tv0.2d, v0.2d, v21.2d"))
        else:
            out.append(I("usra\tv%d.2d, v%d.2d, #%d" % (k + 1, k, BITS[k])))
            out.append(I("and\tv%d.16b, v%d.16b, v%d.16b" % (k, k, mask)))
    return out


def vcarry_par():
    """carry v0-v9 (.2d) to limbs of about 26, 25 bits (masks in v26,
    v27): two rounds, each carrying every limb at once (t_k in v10-v19),
    so the chain is two short rounds, not ten carries one after another"""
    out = [I("ldr\tq26, [sp, #%d]" % OFF["M26"]), I("ldr\tq27, [sp, #%d]" % OFF["M25"])]
    for _ in range(2):
        for k in range(10):
            out.append(I("ushr\tv%d.2d, v%d.2d, #%d" % (10 + k, k, BITS[k])))
        for k in range(10):
            out.append(I("and\tv%d.16b, v%d.16b, v%d.16b" % (k, k, 26 if BITS[k] == 26 else 27)))
        # h_0 += 19 t_9 = t_9 + (16 t_9 + 2 t_9)
        out.append(I("shl\tv20.2d, v19.2d, #4"))
        out.append(I("add\tv21.2d, v19.2d, v19.2d"))
        out.append(I("add\tv0.2d, v0.2d, v19.2d"))
        out.append(I("add\tv20.2d, v20.2d, v21.2d"))
        out.append(I("add\tv0.2d, v0.2d, v20.2d"))
        for k in range(9):
            out.append(I("add\tv%d.2d, v%d.2d, v%d.2d" % (k + 1, k + 1, 10 + k)))
    return out


def vmix(dest, diff_first):
    """v0-v9 = (a, b) lanes of each limb, carried; pair m of limbs
    (2m, 2m + 1) to v(dest + 2m) as .4s:
    [a + b, a - b + 2p, ...] (diff_first False) or [a - b + 2p, a + b, ...]"""
    out = [I("ldr\tq28, [sp, #%d]" % OFF["BIAS01"]), I("ldr\tq29, [sp, #%d]" % OFF["BIAS"])]
    for m in range(5):
        p, r, s = 20, 21, 22
        if m % 2:
            p, r, s = 23, 24, 25
        bias = 28 if m == 0 else 29
        out.append(I("uzp1\tv%d.4s, v%d.4s, v%d.4s" % (p, 2 * m, 2 * m + 1)))
        out.append(I("rev64\tv%d.4s, v%d.4s" % (r, p)))
        out.append(I("add\tv%d.4s, v%d.4s, v%d.4s" % (s, p, r)))
        out.append(I("add\tv%d.4s, v%d.4s, v%d.4s" % (p, p, bias)))
        out.append(I("sub\tv%d.4s, v%d.4s, v%d.4s" % (p, p, r)))
        if diff_first:
            out.append(I("trn1\tv%d.4s, v%d.4s, v%d.4s" % (dest + 2 * m, p, s)))
        else:
            out.append(I("trn1\tv%d.4s, v%d.4s, v%d.4s" % (dest + 2 * m, s, p)))
    return out


def vchunks(src):
    """pairs of limbs in v(src + 2m) (.4s, lanes [D, C] of limbs 2m, 2m+1)
    to the frame: chunk m = l_2m + 2^26 l_2m+1 of D at CDCH + 16m, of C at
    CDCH + 16m + 8"""
    out = []
    for m in range(5):
        t = 20 + m
        out.append(I("ushll2\tv%d.2d, v%d.4s, #26" % (t, src + 2 * m)))
        out.append(I("uaddw\tv%d.2d, v%d.2d, v%d.2s" % (t, t, src + 2 * m)))
        out.append(I("str\tq%d, [sp, #%d]" % (t, OFF["CDCH"] + 16 * m), w=["CDCH"]))
    return out


def neon_stream():
    out = []
    for j in range(10):
        out.append(I("ldr\td%d, [sp, #%d]" % (10 + j, OFF["NAB"] + 8 * j), r=["NAB"]))
    out += vmul_rows("NDC")                       # [DA, CB]
    out += vcarry()
    out += vmix(10, False)                         # [DA + CB, DA - CB]
    for m in range(5):
        out.append(I("ext\tv%d.16b, v%d.16b, v%d.16b, #8" % (11 + 2 * m, 10 + 2 * m, 10 + 2 * m)))
    out += vsq_rows()                             # [x3, (DA - CB)^2]
    out += vcarry()
    for k in range(10):
        out.append(I("xtn\tv%d.2s, v%d.2d" % (10 + k, k)))
    out += vmul_rows("N1X")                       # [x3, z3]
    out += vcarry()
    out += vmix(10, True)                          # [D', C'] = [x3 - z3, x3 + z3]
    for m in range(5):
        out.append(I("str\tq%d, [sp, #%d]" % (10 + 2 * m, OFF["NDC"] + 16 * m)))
    out += vchunks(10)
    return out


def int_conv_chunks(lane, w, tmp):
    """the element in lane (0: D, 1: C) of the chunks at CDCH to radix 2^64
    in registers w (4), tmp: 5 scratch registers; 38 in x28"""
    c = tmp
    out = []
    for m in range(5):
        out.append(I("ldr\t%s, [sp, #%d]" % (c[m], OFF["CDCH"] + 16 * m + 8 * lane), r=["CDCH"]))
    # c_m 2^(51 m): split each at the 64-bit word boundaries
    sh = [(51, 13), (38, 26), (25, 39), (12, 52)]
    for m in range(1, 5):
        out.append(I("lsl\t%s, %s, #%d" % (w[m - 1], c[m], sh[m - 1][0])))
        out.append(I("lsr\t%s, %s, #%d" % (c[m], c[m], sh[m - 1][1])))
    # now w0 = c1 << 51, w1 = c2 << 38, w2 = c3 << 25, w3 = c4 << 12
    out.append(I("adds\t%s, %s, %s" % (w[0], c[0], w[0])))
    out.append(I("adcs\t%s, %s, %s" % (w[1], c[1], w[1])))
    out.append(I("adcs\t%s, %s, %s" % (w[2], c[2], w[2])))
    out.append(I("adcs\t%s, %s, %s" % (w[3], c[3], w[3])))
    out.append(I("adc\t%s, %s, xzr" % (c[4], c[4])))
    # 38 t with t = c[4] < 2^12: 9 t, 19 t, 38 t
    out.append(I("add\t%s, %s, %s, lsl #3" % (c[0], c[4], c[4])))
    out.append(I("add\t%s, %s, %s, lsl #1" % (c[0], c[4], c[0])))
    out.append(I("lsl\t%s, %s, #1" % (c[0], c[0])))
    out.append(I("adds\t%s, %s, %s" % (w[0], w[0], c[0])))
    out.append(I("adcs\t%s, %s, xzr" % (w[1], w[1])))
    out.append(I("adcs\t%s, %s, xzr" % (w[2], w[2])))
    out.append(I("adcs\t%s, %s, xzr" % (w[3], w[3])))
    out.append(I("csel\t%s, x28, xzr, cs" % c[0]))
    out.append(I("add\t%s, %s, %s" % (w[0], w[0], c[0])))
    return out


def int_to26(w, l):
    """radix 2^64 (w, 4 registers) to ten limbs of 26, 25 bits in l (10
    registers; limb 9 takes bits 230..255, so 26 bits)"""
    return [I(x) for x in [
        "and\t%s, %s, #0x3ffffff" % (l[0], w[0]),
        "ubfx\t%s, %s, #26, #25" % (l[1], w[0]),
        "extr\t%s, %s, %s, #51" % (l[2], w[1], w[0]),
        "and\t%s, %s, #0x3ffffff" % (l[2], l[2]),
        "ubfx\t%s, %s, #13, #25" % (l[3], w[1]),
        "ubfx\t%s, %s, #38, #26" % (l[4], w[1]),
        "and\t%s, %s, #0x1ffffff" % (l[5], w[2]),
        "ubfx\t%s, %s, #25, #26" % (l[6], w[2]),
        "extr\t%s, %s, %s, #51" % (l[7], w[3], w[2]),
        "and\t%s, %s, #0x1ffffff" % (l[7], l[7]),
        "ubfx\t%s, %s, #12, #26" % (l[8], w[3]),
        "lsr\t%s, %s, #38" % (l[9], w[3]),
    ]]


def wreg(x):
    return "w" + x[1:]


def int_pairs(la, lb, slotname):
    """limb k of two elements (registers la, lb) to slot + 8k, + 8k + 4"""
    out = []
    for k in range(10):
        out.append(I("str\t%s, [sp, #%d]" % (wreg(la[k]), OFF[slotname] + 8 * k), w=[slotname]))
        out.append(I("str\t%s, [sp, #%d]" % (wreg(lb[k]), OFF[slotname] + 8 * k + 4), w=[slotname]))
    return out


def ld4(regs, name):
    return [I("ldr\t%s, [sp, #%d]" % (regs[i], OFF[name] + 8 * i)) for i in range(4)]


def st4(regs, name):
    return [I("str\t%s, [sp, #%d]" % (regs[i], OFF[name] + 8 * i)) for i in range(4)]


def X(*names):
    return ["x%d" % n for n in names]


def E(name, *args):
    return [I(x) for x in expand(name, *args)]


def int_stream():
    out = []
    # C (radix 2^64, converted at the end of the previous step) to x3-x6,
    # A to x7-x10; AA = (swap ? C : A)^2
    out += ld4(X(3, 4, 5, 6), "C")
    out += ld4(X(7, 8, 9, 10), "A")
    out.append(I("cmp\tx1, #0"))
    for i in range(4):
        out.append(I("csel\tx%d, x%d, x%d, ne" % (7 + i, 3 + i, 7 + i)))
    out += E("L64_SQ", "x7", "x8", "x9", "x10")
    out += st4(X(11, 12, 13, 14), "AA")
    # D to x3-x6, B to x7-x10; BB = (swap ? D : B)^2
    out += ld4(X(3, 4, 5, 6), "D")
    out += ld4(X(7, 8, 9, 10), "B")
    out.append(I("cmp\tx1, #0"))
    for i in range(4):
        out.append(I("csel\tx%d, x%d, x%d, ne" % (7 + i, 3 + i, 7 + i)))
    out += E("L64_SQ", "x7", "x8", "x9", "x10")
    if os.environ.get("ZFIRST"):
        # z2 first (the longer chain: E, BB + 121666 E, the product), then
        # x2 = AA BB, whose products fill the multiplier while z2 reduces
        out += st4(X(11, 12, 13, 14), "BB")
        out += ld4(X(3, 4, 5, 6), "AA")
        out += [I("mov\tx%d, x%d" % (7 + i, 11 + i)) for i in range(4)]
        out += E("FE64ARM_SUB_REGS", *(X(3, 4, 5, 6) + X(3, 4, 5, 6) + X(7, 8, 9, 10) + ["x28", "x15"]))
        out += E("L64_A24_ADD")
        out += E("L64_KMUL")
        out += st4(X(11, 12, 13, 14), "Z2")
        out += ld4(X(3, 4, 5, 6), "AA")
        out += ld4(X(7, 8, 9, 10), "BB")
        out += E("L64_MUL")
        # A = x2 + z2, B = x2 - z2 (the next step's)
        out += ld4(X(3, 4, 5, 6), "Z2")
        out += E("FE64ARM_SUB_REGS", *(X(7, 8, 9, 10) + X(11, 12, 13, 14) + X(3, 4, 5, 6) + ["x28", "x15"]))
        out += E("FE64ARM_ADD_REGS", *(X(3, 4, 5, 6) + X(11, 12, 13, 14) + ["x28", "x15"]))
    elif os.environ.get("KX2"):
        # x2 = AA BB by Karatsuba too (it clobbers its inputs: AA, BB
        # reloaded for E)
        out += st4(X(11, 12, 13, 14), "BB")
        out += ld4(X(3, 4, 5, 6), "AA")
        out += [I("mov\tx%d, x%d" % (7 + i, 11 + i)) for i in range(4)]
        out += E("L64_KMUL")
        out += st4(X(11, 12, 13, 14), "X2")
        out += ld4(X(3, 4, 5, 6), "AA")
        out += ld4(X(7, 8, 9, 10), "BB")
        out += E("FE64ARM_SUB_REGS", *(X(3, 4, 5, 6) + X(3, 4, 5, 6) + X(7, 8, 9, 10) + ["x28", "x15"]))
        out += E("L64_A24_ADD")
        out += E("L64_KMUL")
        out += ld4(X(3, 4, 5, 6), "X2")
        out += E("FE64ARM_SUB_REGS", *(X(7, 8, 9, 10) + X(3, 4, 5, 6) + X(11, 12, 13, 14) + ["x28", "x15"]))
        out += E("FE64ARM_ADD_REGS", *(X(3, 4, 5, 6) + X(11, 12, 13, 14) + ["x28", "x15"]))
    else:
        # x2 = AA BB
        out += ld4(X(3, 4, 5, 6), "AA")
        out += [I("mov\tx%d, x%d" % (7 + i, 11 + i)) for i in range(4)]
        out += E("L64_MUL")
        out += st4(X(11, 12, 13, 14), "X2")
        # E = AA - BB, z2 = E (BB + 121666 E)
        out += E("FE64ARM_SUB_REGS", *(X(3, 4, 5, 6) + X(3, 4, 5, 6) + X(7, 8, 9, 10) + ["x28", "x15"]))
        out += E("L64_A24_ADD")
        out += E("L64_KMUL")
        # A = x2 + z2, B = x2 - z2 (the next step's)
        out += ld4(X(3, 4, 5, 6), "X2")
        out += E("FE64ARM_SUB_REGS", *(X(7, 8, 9, 10) + X(3, 4, 5, 6) + X(11, 12, 13, 14) + ["x28", "x15"]))
        out += E("FE64ARM_ADD_REGS", *(X(3, 4, 5, 6) + X(11, 12, 13, 14) + ["x28", "x15"]))
    out += st4(X(7, 8, 9, 10), "B")
    out += st4(X(3, 4, 5, 6), "A")
    # [A, B] in radix 2^25.5 for the vector half: A is in x3-x6 and B in
    # x7-x10; B first (its limbs avoid x3-x10), then A (into x7-x9 too)
    lbB = X(22, 23, 24, 25, 26, 27, 2, 11, 12, 13)
    out += int_to26(X(7, 8, 9, 10), lbB)
    laA = X(14, 15, 16, 17, 19, 20, 21, 7, 8, 9)
    out += int_to26(X(3, 4, 5, 6), laA)
    out += int_pairs(laA, lbB, "NAB")
    return out


def int_tail():
    """the next step's swap (x1 = bit i - 1 of k xor bit i, which is in
    x30; then x30 = bit i - 1), and its C, D in radix 2^64 from the
    chunks the vector half has just stored (after it in the merged order),
    to the frame"""
    out = [I(x) for x in [
        "sub\tx2, x0, #1",
        "lsr\tx3, x2, #3",
        "add\tx4, sp, #%d" % OFF["K"],
        "ldrb\tw3, [x4, x3]",
        "and\tx2, x2, #7",
        "lsr\tw3, w3, w2",
        "and\tx3, x3, #1",
        "eor\tx1, x3, x30",
        "mov\tx30, x3",
    ]]
    out += int_conv_chunks(1, X(3, 4, 5, 6), X(11, 12, 13, 14, 15))
    out += st4(X(3, 4, 5, 6), "C")
    out += int_conv_chunks(0, X(7, 8, 9, 10), X(16, 17, 19, 20, 21))
    out += st4(X(7, 8, 9, 10), "D")
    return out


# priority added to each segment (SEG instructions) of a stream in the
# list scheduling; empty: a hill climb over these weights against
# llvm-mca's apple-m1 model of the loop body found at most 0.4%
WEIGHTS = {}

LEAD = float(os.environ.get("LEAD", "0"))


def merge(a, b):
    """a and b in proportion to their lengths"""
    out = []
    i = j = 0
    while i < len(a) or j < len(b):
        if j >= len(b) or (i < len(a) and (i + 0.5) / len(a) <= (j + 0.5) / len(b) - LEAD):
            out.append(a[i])
            i += 1
        else:
            out.append(b[j])
            j += 1
    return out



# ---------------------------------------------------------------------------
# list scheduling of the merged body: dependencies from the register,
# flag and frame operands of each instruction; a simple machine (latencies
# and units roughly those of LLVM's Cyclone model, the apple-m1 one)
# issues whatever is ready, longest remaining path first, and the body is
# written in that order.  Any order that keeps every dependency computes
# the same values; this one only decides how soon each is ready.

FLAG_W = {"adds", "adcs", "subs", "sbcs", "cmp", "cmn", "tst", "ands", "negs"}
FLAG_R = {"adc", "adcs", "sbc", "sbcs", "csel", "cset", "cinc"}
READ_DEST = {"umlal", "umlal2", "usra", "movk", "mla"}
NO_DEST = {"str", "stp", "cmp", "cmn", "tst"}


def split_ops(ops):
    out, depth, cur = [], 0, ""
    for ch in ops:
        if ch == "[":
            depth += 1
        if ch == "]":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def reg_name(tok):
    m = re.match(r"^([xw])(\d+)$", tok)
    if m:
        return "x" + m.group(2)
    m = re.match(r"^v(\d+)\.", tok)
    if m:
        return "v" + m.group(1)
    m = re.match(r"^[bhsdq](\d+)$", tok)
    if m:
        return "v" + m.group(1)
    return None


def analyse(text):
    mn, _, rest = text.partition("\t")
    ops = split_ops(rest)
    reads, writes, mem_r, mem_w = set(), set(), [], []
    regs_in_mem = []
    for k, op in enumerate(ops):
        if op.startswith("["):
            inner = op.strip("[]").replace(" ", "").split(",")
            if inner[0] == "sp":
                off = int(inner[1].lstrip("#")) if len(inner) > 1 else 0
                size = {"x": 8, "w": 4, "d": 8, "q": 16, "s": 4}[ops[0][0]]
                if mn == "ldrb":
                    size = 1
                rng = (off, off + size)
                (mem_w if mn.startswith("st") else mem_r).append(rng)
            else:
                for t in inner:
                    r = reg_name(t)
                    if r:
                        reads.add(r)
                if mn.startswith("ld"):
                    mem_r.append(("other",))
            continue
        r = reg_name(op)
        if r is None:
            continue
        if k == 0 and mn not in NO_DEST:
            writes.add(r)
            if mn in READ_DEST:
                reads.add(r)
        else:
            reads.add(r)
    if mn in FLAG_W:
        writes.add("flags")
    if mn in FLAG_R:
        reads.add("flags")
    vec = any(re.match(r"^(v\d+\.|[dq]\d+$)", o) for o in ops)
    if mn.startswith("ld"):
        unit, lat = "LS", 4
    elif mn.startswith("st"):
        unit, lat = "LS", 1
    elif vec and mn in ("umull", "umlal", "mul", "usra", "umull2", "umlal2"):
        unit, lat = "VM", 4
    elif vec:
        unit, lat = "V", 2
    elif mn in ("mul", "umulh"):
        unit, lat = "IM", 5
    elif mn == "umull":
        unit, lat = "IM", 4
    elif mn in ("add", "adds", "sub", "subs", "orr", "eor", "neg", "extr") :
        unit, lat = "IS", 2
    else:
        unit, lat = "I", 1
    return dict(reads=reads, writes=writes, mem_r=mem_r, mem_w=mem_w, unit=unit, lat=lat)


UNITS = {"LS": 2, "VM": 2, "V": 3, "IM": 1, "IS": 1, "I": 4}


def overlap(a, b):
    if len(a) == 1 or len(b) == 1:
        return False    # ldrb of k: read only
    return a[0] < b[1] and b[0] < a[1]


SEG = 40


def tag_streams(neon, integer):
    """segment k of SEG instructions of each stream, for WEIGHTS"""
    tags = {}
    for k, x in enumerate(neon):
        tags[id(x)] = ("n", k // SEG)
    for k, x in enumerate(integer):
        tags[id(x)] = ("i", k // SEG)
    return tags


def schedule(seq, tags={}, weights={}):
    n = len(seq)
    info = [analyse(t) for t, r, w in seq]
    preds = [[] for _ in range(n)]   # (pred, latency)
    last_w, readers = {}, {}
    stores, loads = [], []
    for i, a in enumerate(info):
        for r in a["reads"]:
            if r in last_w:
                preds[i].append((last_w[r], info[last_w[r]]["lat"]))
        for w in a["writes"]:
            if w in last_w:
                preds[i].append((last_w[w], 0))
            for j in readers.get(w, []):
                preds[i].append((j, 0))
        for rng in a["mem_r"]:
            for j, srng in stores:
                if overlap(rng, srng):
                    preds[i].append((j, 4))
        for rng in a["mem_w"]:
            for j, srng in stores:
                if overlap(rng, srng):
                    preds[i].append((j, 1))
            for j, lrng in loads:
                if overlap(rng, lrng):
                    preds[i].append((j, 0))
        for r in a["reads"]:
            readers.setdefault(r, []).append(i)
        for w in a["writes"]:
            last_w[w] = i
            readers[w] = []
        stores += [(i, rng) for rng in a["mem_w"]]
        loads += [(i, rng) for rng in a["mem_r"]]
    succs = [[] for _ in range(n)]
    for i in range(n):
        for j, l in preds[i]:
            succs[j].append((i, l))
    prio = [0] * n
    for i in reversed(range(n)):
        prio[i] = info[i]["lat"] + max([prio[j] - 0 for j, l in succs[i]] + [0])
        prio[i] = max([l + prio[j] for j, l in succs[i]] + [info[i]["lat"]])
    if os.environ.get("SCHED") in ("asap", "alap"):
        start = [0] * n
        for i in range(n):
            start[i] = max([start[j] + l for j, l in preds[i]] + [0])
        cp = max(start[i] + info[i]["lat"] for i in range(n))
        if os.environ.get("SCHED") == "alap":
            key = [cp - prio[i] for i in range(n)]
        else:
            key = start
        # a topological order by key (ties by the merged order)
        npred = [len(p) for p in preds]
        import heapq
        heap = [(key[i], i) for i in range(n) if npred[i] == 0]
        heapq.heapify(heap)
        order = []
        while heap:
            _, i = heapq.heappop(heap)
            order.append(i)
            for j, l in succs[i]:
                npred[j] -= 1
                if npred[j] == 0:
                    heapq.heappush(heap, (key[j], j))
        return [seq[i] for i in order], cp
    for i in range(n):
        prio[i] += weights.get(tags.get(id(seq[i])), 0)
    npred = [len(p) for p in preds]
    ready_at = [0] * n
    done = [False] * n
    order = []
    cycle = 0
    avail = [i for i in range(n) if npred[i] == 0]
    while len(order) < n:
        used = dict((u, 0) for u in UNITS)
        issued = 0
        progress = True
        while progress and issued < 6:
            progress = False
            cand = [i for i in avail if ready_at[i] <= cycle and used[info[i]["unit"]] < UNITS[info[i]["unit"]]
                    and (info[i]["unit"] not in ("VM", "V") or used["V"] + used["VM"] < 3)]
            if not cand:
                break
            i = max(cand, key=lambda t: (prio[t], -t))
            avail.remove(i)
            used[info[i]["unit"]] += 1
            issued += 1
            order.append(i)
            done[i] = True
            for j, l in succs[i]:
                npred[j] -= 1
                ready_at[j] = max(ready_at[j], cycle + l)
                if npred[j] == 0:
                    avail.append(j)
            progress = True
        cycle += 1
    return [seq[i] for i in order], cycle


def check_order(seq, na, nb):
    """every read of a slot the other stream writes comes before the write"""
    pos = {}
    for idx, (t, r, w) in enumerate(seq):
        for s in r:
            pos.setdefault(("r", s), []).append(idx)
        for s in w:
            pos.setdefault(("w", s), []).append(idx)
    for s in ["NAB"]:
        assert max(pos[("r", s)]) < min(pos[("w", s)]), s


def emit_body(seq):
    return "\n".join("\t" + t for (t, r, w) in seq)


def main():
    dc = check_bounds()
    neon = neon_stream()
    integer = int_stream()
    tail = int_tail()
    body = merge(neon, integer)
    check_order(body, neon, integer)
    body += tail
    integer += tail
    if not os.environ.get("NOSCHED"):
        body, cyc = schedule(body, tag_streams(neon, integer), WEIGHTS)
    nmul = sum(1 for t, r, w in integer if t.split()[0] in ("mul", "umulh", "umull"))
    nvm = sum(1 for t, r, w in neon if t.split()[0] in ("mul", "umull", "umlal"))
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "x25519_ladder_fe26x2.S.in")) as f:
        template = f.read()
    subst = {
        "BODY": emit_body(body),
        "NINT": str(len(integer)),
        "NNEON": str(len(neon)),
        "NMUL": str(nmul),
        "NVMUL": str(nvm),
        "DCBOUND": ", ".join("2^%.2f" % __import__("math").log2(x) for x in dc),
        "L_SIZE": str(L_SIZE),
    }
    for k, v in OFF.items():
        subst["OFF_" + k] = str(v)
    # prologue and tail pieces made by the same functions
    subst["TO26_AB"] = emit_body(int_to26(X(7, 8, 9, 10), X(22, 23, 24, 25, 26, 27, 2, 11, 12, 13))
                                 + int_to26(X(3, 4, 5, 6), X(14, 15, 16, 17, 19, 20, 21, 7, 8, 9)))

    def pairs(slotname):
        return emit_body(int_pairs(X(14, 15, 16, 17, 19, 20, 21, 7, 8, 9),
                                   X(22, 23, 24, 25, 26, 27, 2, 11, 12, 13), slotname))
    subst["PAIRS_NAB"] = pairs("NAB")
    subst["PAIRS_NDC"] = pairs("NDC")
    subst["PAIRS_N1X"] = pairs("N1X")
    out = template
    for k, v in subst.items():
        out = out.replace("@" + k + "@", v)
    assert "@" not in re.sub(r"@progbits", "", out), re.findall(r"@\w+@", out)
    sys.stdout.write(out)


if __name__ == "__main__":
    main()
