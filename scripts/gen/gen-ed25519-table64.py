#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tables of multiples of the Ed25519 base point for the radix-2^64 code
(internal/field/fe64.h, internal/group/ge64.h), as C headers.

The points come from the model in scripts/model/: p = 2^255 - 19,
d = -121665/121666 mod p, B = the point with y = 4/5 and even x on
-x^2 + y^2 = 1 + d x^2 y^2.  Entry [i][j] is (j+1) * 256^i * B in the
affine "precomp" form (y+x, y-x, 2dxy), each coordinate fully reduced and
written as four little-endian 64-bit limbs.  Every entry is checked to be
on the curve before it is written.

usage: gen-ed25519-table64.py base [-o FILE]
         ge64_base_table64[32][8]: [i][j] = (j+1) 256^i B (fixed-base comb)
       gen-ed25519-table64.py base32 [-o FILE]
         ge64_base_table64_r32[26][16]: [i][j] = (j+1) 1024^i B (comb with
         signed radix-32 digits)
       gen-ed25519-table64.py base64 [-o FILE]
         ge64_base_table64_r64[22][32]: [i][j] = (j+1) 4096^i B (comb with
         signed radix-64 digits)
       gen-ed25519-table64.py odd N [-o FILE]
         ge64_G_odd64[N]: [k] = (2k+1) B (wNAF of the base point)
       gen-ed25519-table64.py odd128 N [-o FILE]
         ge64_G128_odd64[N]: [k] = (2k+1) 2^128 B (wNAF of the high half of
         a fixed-base scalar split at bit 128, the half-size verification)
       gen-ed25519-table64.py odd-lanes51 N [-o FILE]
         ge51x4_G_odd[N][5][4]: [k] = (2k+1) B in the four-lane
         radix-2^51 form of the AVX-512 IFMA mGnP: [k][limb][lane], lanes
         (y-x, y+x, 2dxy, 2)
       gen-ed25519-table64.py odd128-lanes51 N [-o FILE]
         ge51x4_G128_odd[N][5][4]: [k] = (2k+1) 2^128 B in the same form
       gen-ed25519-table64.py odd-lanes26 N [-o FILE]
         ge26x4_G_odd[N][10][4]: [k] = (2k+1) B in the four-lane
         radix-2^25.5 form of the AVX2 mGnP (internal/group/ge26x4_avx2.h):
         [k][limb][lane], lanes (y-x, y+x, 2dxy, 2)
       gen-ed25519-table64.py odd128-lanes26 N [-o FILE]
         ge26x4_G128_odd[N][10][4]: [k] = (2k+1) 2^128 B in the same form
The first line of the output repeats the command that regenerates it.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from model.edwards import G, add as point_add, on_curve, precomp  # noqa: E402
from model.field import limbs  # noqa: E402


def limbs64(v):
    return ",".join("0x%016xULL" % x for x in limbs(v, 64, 4))


def entry(pt):
    assert on_curve(pt)
    return "{{{%s}},{{%s}},{{%s}}}" % tuple(limbs64(v) for v in precomp(pt))


def base_table():
    lines = ["/* ge64_base_table64[i][j] = (j+1) * 256^i * B as (y+x, y-x, 2dxy),",
             "   radix 2^64, fully reduced */",
             "static const ge64_precomp ge64_base_table64[32][8] = {"]
    row_base = G
    for i in range(32):
        lines.append("{")
        acc = row_base
        for j in range(8):
            lines.append(entry(acc) + ("," if j < 7 else ""))
            acc = point_add(acc, row_base)
        lines.append("}," if i < 31 else "}")
        for _ in range(8):
            row_base = point_add(row_base, row_base)
    lines.append("};")
    return lines


def base32_table():
    lines = ["/* ge64_base_table64_r32[i][j] = (j+1) * 1024^i * B as (y+x, y-x, 2dxy),",
             "   radix 2^64, fully reduced */",
             "static const ge64_precomp ge64_base_table64_r32[26][16] = {"]
    row_base = G
    for i in range(26):
        lines.append("{")
        acc = row_base
        for j in range(16):
            lines.append(entry(acc) + ("," if j < 15 else ""))
            acc = point_add(acc, row_base)
        lines.append("}," if i < 25 else "}")
        for _ in range(10):
            row_base = point_add(row_base, row_base)
    lines.append("};")
    return lines


def base64_table():
    lines = ["/* ge64_base_table64_r64[i][j] = (j+1) * 4096^i * B as (y+x, y-x, 2dxy),",
             "   radix 2^64, fully reduced; aligned to 64 bytes (the AVX-512 scan",
             "   reads two entries as three 64-byte blocks) */",
             "static const ge64_precomp ge64_base_table64_r64[22][32]",
             "  __attribute__((aligned(64))) = {"]
    row_base = G
    for i in range(22):
        lines.append("{")
        acc = row_base
        for j in range(32):
            lines.append(entry(acc) + ("," if j < 31 else ""))
            acc = point_add(acc, row_base)
        lines.append("}," if i < 21 else "}")
        for _ in range(12):
            row_base = point_add(row_base, row_base)
    lines.append("};")
    return lines


def odd_table(n, shift=0):
    b = G
    for _ in range(shift):
        b = point_add(b, b)
    b2 = point_add(b, b)
    name = "ge64_G_odd64" if shift == 0 else "ge64_G%d_odd64" % shift
    mult = "" if shift == 0 else " * 2^%d" % shift
    lines = ["/* %s[k] = (2k+1)%s * B as (y+x, y-x, 2dxy), radix 2^64," % (name, mult),
             "   fully reduced */",
             "static const ge64_precomp %s[%d] = {" % (name, n)]
    acc = b
    for k in range(n):
        lines.append(entry(acc) + ("," if k < n - 1 else ""))
        acc = point_add(acc, b2)
    lines.append("};")
    return lines


def odd_lanes51_table(n, shift=0):
    # lane 3 is 2 Z with Z = 1: the affine point as a cached point
    b = G
    for _ in range(shift):
        b = point_add(b, b)
    b2 = point_add(b, b)
    name = "ge51x4_G_odd" if shift == 0 else "ge51x4_G%d_odd" % shift
    mult = "" if shift == 0 else " * 2^%d" % shift
    lines = ["/* %s[k] = (2k+1)%s * B as the lanes (y-x, y+x, 2dxy, 2)," % (name, mult),
             "   [k][limb][lane], radix 2^51, fully reduced */",
             "static const uint64_t %s[%d][5][4]" % (name, n),
             "  __attribute__((aligned(32))) = {"]
    acc = b
    for k in range(n):
        assert on_curve(acc)
        plus, minus, t2d = precomp(acc)
        lanes = (minus, plus, t2d, 2)
        rows = ["{" + ",".join("0x%013xULL" % limbs(v, 51, 5)[j] for v in lanes) + "}" for j in range(5)]
        lines.append("{" + ",".join(rows) + "}" + ("," if k < n - 1 else ""))
        acc = point_add(acc, b2)
    lines.append("};")
    return lines


def limbs26(v):
    # radix 2^25.5: limbs at bits 0, 26, 51, 77, ..., 230, widths 26, 25, ...
    out = []
    for i in range(10):
        off = (51 * i + 1) // 2
        out.append((v >> off) & ((1 << (26 if i % 2 == 0 else 25)) - 1))
    assert sum(x << ((51 * i + 1) // 2) for i, x in enumerate(out)) == v
    return out


def odd_lanes26_table(n, shift=0):
    # lane 3 is 2 Z with Z = 1: the affine point as a cached point
    b = G
    for _ in range(shift):
        b = point_add(b, b)
    b2 = point_add(b, b)
    name = "ge26x4_G_odd" if shift == 0 else "ge26x4_G%d_odd" % shift
    mult = "" if shift == 0 else " * 2^%d" % shift
    lines = ["/* %s[k] = (2k+1)%s * B as the lanes (y-x, y+x, 2dxy, 2)," % (name, mult),
             "   [k][limb][lane], radix 2^25.5, fully reduced */",
             "static const uint64_t %s[%d][10][4]" % (name, n),
             "  __attribute__((aligned(32))) = {"]
    acc = b
    for k in range(n):
        assert on_curve(acc)
        plus, minus, t2d = precomp(acc)
        lanes = [limbs26(v) for v in (minus, plus, t2d, 2)]
        rows = ["{" + ",".join("0x%07xULL" % lanes[l][j] for l in range(4)) + "}" for j in range(10)]
        lines.append("{" + ",".join(rows) + "}" + ("," if k < n - 1 else ""))
        acc = point_add(acc, b2)
    lines.append("};")
    return lines


def main(argv):
    out = None
    if len(argv) >= 2 and argv[-2] == "-o":
        out = argv[-1]
        argv = argv[:-2]
    if argv == ["base"]:
        body = base_table()
    elif argv == ["base32"]:
        body = base32_table()
    elif argv == ["base64"]:
        body = base64_table()
    elif len(argv) == 2 and argv[0] == "odd" and argv[1].isdigit() and int(argv[1]) > 0:
        body = odd_table(int(argv[1]))
    elif len(argv) == 2 and argv[0] == "odd128" and argv[1].isdigit() and int(argv[1]) > 0:
        body = odd_table(int(argv[1]), 128)
    elif len(argv) == 2 and argv[0] == "odd128-lanes51" and argv[1].isdigit() and int(argv[1]) > 0:
        body = odd_lanes51_table(int(argv[1]), 128)
    elif len(argv) == 2 and argv[0] == "odd-lanes51" and argv[1].isdigit() and int(argv[1]) > 0:
        body = odd_lanes51_table(int(argv[1]))
    elif len(argv) == 2 and argv[0] == "odd-lanes26" and argv[1].isdigit() and int(argv[1]) > 0:
        body = odd_lanes26_table(int(argv[1]))
    elif len(argv) == 2 and argv[0] == "odd128-lanes26" and argv[1].isdigit() and int(argv[1]) > 0:
        body = odd_lanes26_table(int(argv[1]), 128)
    else:
        sys.exit(__doc__)
    if argv[0].endswith("-lanes51"):
        head = ["#include <stdint.h>"]
    else:
        # the element type comes from the includer: say so when it is missing
        head = ["#if !defined(GROUP_GE64_H) && !defined(GROUP_GE64ARM_H)",
                "#error \"include group/ge64.h or group/ge64arm.h (the element type ge64_precomp) before this table\"",
                "#endif"]
    body = head + body
    cmd = "python3 scripts/gen/gen-ed25519-table64.py " + " ".join(argv) + (" -o " + out if out else "")
    text = "\n".join(["/* generated by: %s */" % cmd, "/* SPDX-License-Identifier: MIT */"] + body) + "\n"
    if out:
        with open(out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main(sys.argv[1:])
