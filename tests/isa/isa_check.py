#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every object uses only the instruction sets its tag declares.

usage: tests/isa/isa_check.py BUILDDIR [--census]
       tests/isa/isa_check.py --selftest [COMPILER]   (the mapping, on probes)
       tests/isa/isa_check.py --tags SRCDIR           (compilers/ tag names)

For each (implementation, compiler) pair that compiled in BUILDDIR (the
candidate table BUILDDIR/dispatch/candidates.c gives each pair's
CPU_FEATURE_* bits, i.e. its tag), disassemble every object of
BUILDDIR/obj/N/ with `objdump -d` and name the instruction sets each
instruction needs; fail when one of them is not among the sets the tag
declares.  The library's own objects (BUILDDIR/lib/*.o: cpuid, dispatch,
randombytes, self-test adapters, candidate tables) are held to the
baseline.  --census prints, per tag, how many instructions need each set.

What an instruction needs is decided from its mnemonic, its operands and
its first opcode byte (VEX C4/C5, EVEX 62), and is deliberately
conservative: anything it recognises beyond the x86-64 baseline (SSE2)
counts, and only these implications are allowed: avx2 covers AVX, and a
declared avx512f is needed by every EVEX instruction.  It knows:

  bmi1      andn bextr blsi blsmsk blsr tzcnt
  bmi2      bzhi mulx pdep pext rorx sarx shlx shrx
  adx       adcx adox
  avx       every other VEX instruction (xmm or ymm), AVX2 excepted:
  avx2      VEX integer (vp*) instructions on ymm, and the AVX2-only ones
            (vpbroadcast*, vperm[dq]/vpermp[sd], vperm2i128, vinserti128,
            vextracti128, vbroadcasti128, vpblendd, vpmaskmov*, variable
            shifts vps[lr][la]v*, gathers, vbroadcastss/sd from a register)
  avx512f   every EVEX instruction and opmask (k) instruction
  avx512vl  an EVEX instruction with no zmm operand
  avx512ifma vpmadd52luq vpmadd52huq
  avx512vbmi vpermb vpermi2b vpermt2b vpmultishiftqb
  avx512bw, avx512dq, avx512cd, avx512vbmi2, avx512vnni, avx512bitalg,
  avx512vpopcntdq: their EVEX mnemonics (byte/word element operations,
            64-bit multiplies and conversions, conflict detection, ...)
            and their opmask widths
  fma, f16c VEX fused multiply-adds, half-precision conversions
  sse3, ssse3, sse4.1, sse4.2, popcnt, lzcnt, movbe, aes, pclmul, sha,
  gfni, vaes, vpclmulqdq, rdrand, rdseed, xsave: their mnemonics

None of fma, f16c, sse3 ... xsave is a word of any tag, so their use fails
(gcc and clang enable several of them with -mavx2 or -mavx512f, and
cpuid/ checks none of them).  Two exceptions:
  - cpuid.o may use xgetbv, after it has checked the OSXSAVE bit;
  - tzcnt in an object compiled without -mbmi: that encoding (F3 0F BC) is
    `rep bsf` on a CPU without BMI1, and gcc emits it for generic x86-64
    exactly where both give the same answer (a nonzero input).  With -mbmi
    it counts as BMI1, as the compiler may then rely on tzcnt(0).
"""

import os
import re
import subprocess
import sys

BMI1 = {"andn", "bextr", "blsi", "blsmsk", "blsr", "tzcnt"}
BMI2 = {"bzhi", "mulx", "pdep", "pext", "rorx", "sarx", "shlx", "shrx"}
ADX = {"adcx", "adox"}
SSE3 = {"addsubpd", "addsubps", "haddpd", "haddps", "hsubpd", "hsubps", "lddqu", "movddup",
        "movshdup", "movsldup", "fisttp", "monitor", "mwait"}
SSSE3 = {"pabsb", "pabsw", "pabsd", "palignr", "phaddw", "phaddd", "phaddsw", "phsubw", "phsubd",
         "phsubsw", "pmaddubsw", "pmulhrsw", "pshufb", "psignb", "psignw", "psignd"}
SSE41 = {"blendpd", "blendps", "blendvpd", "blendvps", "dppd", "dpps", "extractps", "insertps",
         "movntdqa", "mpsadbw", "packusdw", "pblendvb", "pblendw", "pcmpeqq", "pextrb", "pextrd",
         "pextrq", "phminposuw", "pinsrb", "pinsrd", "pinsrq", "pmaxsb", "pmaxsd", "pmaxud",
         "pmaxuw", "pminsb", "pminsd", "pminud", "pminuw", "pmuldq", "pmulld", "ptest", "roundpd",
         "roundps", "roundsd", "roundss"}
SSE41_RE = re.compile(r"^pmov[sz]x(bw|bd|bq|wd|wq|dq)$")
SSE42 = {"pcmpestri", "pcmpestrm", "pcmpistri", "pcmpistrm", "pcmpgtq", "crc32"}
SINGLE = {"popcnt": "popcnt", "lzcnt": "lzcnt", "movbe": "movbe", "rdrand": "rdrand",
          "rdseed": "rdseed", "xgetbv": "xsave", "xsave": "xsave", "xrstor": "xsave",
          "xsaveopt": "xsave", "pclmulqdq": "pclmul", "sha1rnds4": "sha", "sha1nexte": "sha",
          "sha1msg1": "sha", "sha1msg2": "sha", "sha256rnds2": "sha", "sha256msg1": "sha",
          "sha256msg2": "sha"}
AES = {"aesenc", "aesenclast", "aesdec", "aesdeclast", "aesimc", "aeskeygenassist"}
AVX2_ALWAYS = {"vpbroadcastb", "vpbroadcastw", "vpbroadcastd", "vpbroadcastq", "vbroadcasti128",
               "vpermq", "vpermd", "vpermps", "vpermpd", "vperm2i128", "vinserti128",
               "vextracti128", "vpblendd", "vpmaskmovd", "vpmaskmovq", "vpsllvd", "vpsllvq",
               "vpsrlvd", "vpsrlvq", "vpsravd"}
AVX1_VP = {"vpermilps", "vpermilpd", "vperm2f128"}
GATHER_RE = re.compile(r"^v(p)?gather[dq][dqps]+$")
FMA_RE = re.compile(r"^vf(n)?m(add|sub|addsub|subadd)(132|213|231)?(p|s)[sdh]$")
F16C = {"vcvtph2ps", "vcvtps2ph"}
IFMA = {"vpmadd52luq", "vpmadd52huq"}
VBMI = {"vpermb", "vpermi2b", "vpermt2b", "vpmultishiftqb"}
VBMI2_RE = re.compile(r"^vp(compress|expand)[bw]$|^vpsh[lr]dv?[wdq]$")
VNNI_RE = re.compile(r"^vpdp(busd|busds|wssd|wssds)$")
BITALG_RE = re.compile(r"^vpopcnt[bw]$|^vpshufbitqmb$")
VPOPCNTDQ_RE = re.compile(r"^vpopcnt[dq]$")
CD_RE = re.compile(r"^vpconflict[dq]$|^vplzcnt[dq]$|^vpbroadcastm(b2q|w2d)$")
BW_RE = re.compile(
    r"^vp(add|sub|adds|subs|addus|subus)[bw]$|^vpmul(l|h|hu|hrs)w$|^vpmaddwd$|^vpmaddubsw$"
    r"|^vpsadbw$|^vdbpsadbw$|^vpavg[bw]$|^vp(min|max)[su][bw]$|^vpabs[bw]$|^vpshuf(b|hw|lw)$"
    r"|^vpunpck[lh](bw|wd)$|^vpack(ss|us)(wb|dw)$|^vpalignr$|^vpcmp(eq|gt)?u?[bw]$"
    r"|^vps(ll|rl|ra)v?w$|^vps[lr]ldq$|^vpmov(s|us)?wb$|^vpmov[sz]xbw$|^vpbroadcast[bw]$"
    r"|^vpextr[bw]$|^vpinsr[bw]$|^vmovdqu(8|16)$|^vpblendm[bw]$|^vperm(w|t2w|i2w)$"
    r"|^vptestn?m[bw]$|^vpmov([bw]2m|m2[bw])$")
DQ_RE = re.compile(
    r"^vpmullq$|^vpextr[dq]$|^vpinsr[dq]$|^v(extract|insert)[if](64x2|32x8)$"
    r"|^vbroadcast[if](32x2|64x2|32x8)$|^vcvtt?p[sd]2u?qq$|^vcvtu?qq2p[sd]$"
    r"|^vpmov(m2[dq]|[dq]2m)$|^v(and|andn|or|xor)p[sd]$|^vrange[ps][sd]$|^vreduce[ps][sd]$"
    r"|^vfpclass[ps][sd]$")
KOPS_RE = re.compile(r"^k(mov|and|andn|or|xor|xnor|not|ortest|test|shiftl|shiftr|add|unpck)(b|w|d|q|bw|wd|dq)$")
PREFIXES = {"rep", "repz", "repnz", "repe", "repne", "lock", "notrack", "bnd", "data16", "addr32",
            "cs", "ds", "es", "ss", "fs", "gs", "rex", "rex.w", "xacquire", "xrelease"}
LEGACY_PREFIX_BYTES = {0x66, 0x67, 0xf2, 0xf3, 0x2e, 0x3e, 0x26, 0x64, 0x65, 0x36, 0xf0}

# what a declared tag word allows beyond itself
IMPLIED = {"avx2": {"avx"}}


def opcode_kind(raw):
    """'vex', 'evex' or 'legacy' from the instruction's bytes"""
    i = 0
    while i < len(raw) and raw[i] in LEGACY_PREFIX_BYTES:
        i += 1
    if i < len(raw) and 0x40 <= raw[i] <= 0x4f:
        return "legacy"  # REX: never before VEX or EVEX
    if i < len(raw) and raw[i] == 0x62:
        return "evex"
    if i < len(raw) and raw[i] in (0xc4, 0xc5):
        return "vex"
    return "legacy"


def strip_suffix(m, known):
    """the mnemonic as in the tables: AT&T may add a size suffix"""
    if m in known:
        return m
    if m[-1:] in ("b", "w", "l", "q") and m[:-1] in known:
        return m[:-1]
    return m


def needs(mnemonic, operands, kind):
    """the set of instruction sets beyond the baseline one instruction needs"""
    m = mnemonic
    out = set()
    for table, name in ((BMI1, "bmi1"), (BMI2, "bmi2"), (ADX, "adx")):
        if strip_suffix(m, table) in table:
            return {name}
    m = re.sub(r"^(v?)pclmul[lh]q[lh]qdq$", r"\1pclmulqdq", m)  # objdump's names for the immediates
    ms = strip_suffix(m, set(SINGLE))
    if ms in SINGLE:
        return {SINGLE[ms]}
    ops = operands
    zmm = "%zmm" in ops
    ymm = "%ymm" in ops
    kreg = re.search(r"%k[0-7]", ops) is not None
    if KOPS_RE.match(m):
        w = KOPS_RE.match(m).group(2)
        out.add("avx512f")
        if w in ("d", "q", "wd", "dq"):
            out.add("avx512bw")
        if w == "b" or m in ("kaddw", "ktestw"):
            out.add("avx512dq")
        return out
    if kind == "evex" or zmm or (kreg and m.startswith("v")):
        out.add("avx512f")
        if not zmm:
            out.add("avx512vl")
        if m in IFMA:
            out.add("avx512ifma")
        if m in VBMI:
            out.add("avx512vbmi")
        if BW_RE.match(m) or (kreg and m in ("vpcmpeqb", "vpcmpeqw")):
            out.add("avx512bw")
        if DQ_RE.match(m):
            out.add("avx512dq")
        if CD_RE.match(m):
            out.add("avx512cd")
        if VBMI2_RE.match(m):
            out.add("avx512vbmi2")
        if VNNI_RE.match(m):
            out.add("avx512vnni")
        if BITALG_RE.match(m):
            out.add("avx512bitalg")
        if VPOPCNTDQ_RE.match(m):
            out.add("avx512vpopcntdq")
        if m.startswith("vaes"):
            out.add("vaes")
        if m == "vpclmulqdq":
            out.add("vpclmulqdq")
        if m.startswith("vgf2p8"):
            out.add("gfni")
        return out
    if kind == "vex":
        if FMA_RE.match(m):
            return {"fma"}
        if m in F16C:
            return {"f16c"}
        out.add("avx")
        if m in AVX2_ALWAYS or GATHER_RE.match(m):
            out.add("avx2")
        elif m.startswith("vp") and m not in AVX1_VP and ymm:
            out.add("avx2")
        elif m in ("vbroadcastss", "vbroadcastsd") and re.match(r"^%xmm", ops):
            out.add("avx2")
        elif m == "vmovntdqa" and ymm:
            out.add("avx2")
        if m.startswith("vaes") and ymm:
            out.add("vaes")
        elif m.startswith("vaes"):
            out.add("aes")
        if m == "vpclmulqdq":
            out.add("vpclmulqdq" if ymm else "pclmul")
        if m.startswith("vgf2p8"):
            out.add("gfni")
        return out
    if m in AES:
        return {"aes"}
    if m.startswith("gf2p8"):
        return {"gfni"}
    if m in SSE3:
        return {"sse3"}
    if m in SSSE3:
        return {"ssse3"}
    if m in SSE41 or SSE41_RE.match(m):
        return {"sse4.1"}
    if strip_suffix(m, SSE42) in SSE42:
        return {"sse4.2"}
    return out


LINE_RE = re.compile(r"^\s*[0-9a-f]+:\t([0-9a-f ]+?)\s*\t(.*)$")


def instructions(obj):
    """(mnemonic, operands, kind, text) of every instruction of obj"""
    out = subprocess.run(["objdump", "-d", "-w", "--insn-width=16", obj], capture_output=True,
                         text=True)
    if out.returncode != 0:
        raise RuntimeError("objdump failed on %s: %s" % (obj, out.stderr.strip()))
    for line in out.stdout.splitlines():
        mt = LINE_RE.match(line)
        if not mt:
            continue
        raw = bytes(int(b, 16) for b in mt.group(1).split())
        text = mt.group(2).split("#")[0].strip()
        words = text.split(None, 1)
        while words and words[0] in PREFIXES:
            words = words[1].split(None, 1) if len(words) > 1 else []
        if not words:
            continue
        mnemonic = words[0].lower()
        operands = words[1] if len(words) > 1 else ""
        yield mnemonic, operands, opcode_kind(raw), text


def pairs(build):
    """N -> (implementation, compiler, declared sets) from candidates.c"""
    with open(os.path.join(build, "dispatch", "candidates.c")) as f:
        text = f.read()
    out = {}
    for m in re.finditer(r'#if[^\n]*LIB25519_OK_(\d+)\b[^\n]*\n  \{"([^"]*)", "((?:[^"\\]|\\.)*)", ([^,]+),', text):
        bits = set(re.findall(r"CPU_FEATURE_(\w+)", m.group(4)))
        out[int(m.group(1))] = (m.group(2), m.group(3), bits)
    return out


def allowed(declared):
    a = set(declared)
    for w in declared:
        a |= IMPLIED.get(w, set())
    return a


# the checker's own test: each line is assembled, disassembled and must
# come out needing exactly these sets
PROBES = [
    ("addq %rax, %rbx", ""), ("paddq %xmm0, %xmm1", ""), ("endbr64", ""),
    ("andn %rax, %rbx, %rcx", "bmi1"), ("blsr %rax, %rbx", "bmi1"), ("tzcnt %rax, %rbx", "bmi1"),
    ("mulx %rax, %rbx, %rcx", "bmi2"), ("rorx $3, %rax, %rbx", "bmi2"), ("shlx %rax, %rbx, %rcx", "bmi2"),
    ("adcx %rax, %rbx", "adx"), ("adox %rax, %rbx", "adx"),
    ("vpxor %xmm0, %xmm1, %xmm2", "avx"), ("vpaddq %xmm0, %xmm1, %xmm2", "avx"),
    ("vmovdqu (%rax), %ymm0", "avx"), ("vpaddq %ymm0, %ymm1, %ymm2", "avx avx2"),
    ("vpermq $0, %ymm0, %ymm1", "avx avx2"), ("vpbroadcastq %xmm0, %xmm1", "avx avx2"),
    ("vpaddq %zmm0, %zmm1, %zmm2", "avx512f"), ("vpternlogq $0x96, %zmm0, %zmm1, %zmm2", "avx512f"),
    ("vpaddq %ymm16, %ymm1, %ymm2", "avx512f avx512vl"), ("vpxorq %xmm16, %xmm1, %xmm2", "avx512f avx512vl"),
    ("vpaddq %zmm0, %zmm1, %zmm2{%k1}", "avx512f"),
    ("vpmadd52luq %zmm0, %zmm1, %zmm2", "avx512f avx512ifma"),
    ("vpmadd52huq %ymm0, %ymm1, %ymm2", "avx512f avx512ifma avx512vl"),
    ("vpermb %zmm0, %zmm1, %zmm2", "avx512f avx512vbmi"), ("vpaddb %zmm0, %zmm1, %zmm2", "avx512f avx512bw"),
    ("vpmullq %zmm0, %zmm1, %zmm2", "avx512f avx512dq"), ("vpconflictd %zmm0, %zmm1", "avx512f avx512cd"),
    ("kmovw %k1, %eax", "avx512f"), ("kmovq %k1, %rax", "avx512f avx512bw"), ("kmovb %k1, %eax", "avx512f avx512dq"),
    ("vfmadd231pd %ymm0, %ymm1, %ymm2", "fma"), ("vcvtph2ps %xmm0, %ymm1", "f16c"),
    ("popcnt %rax, %rbx", "popcnt"), ("lzcnt %rax, %rbx", "lzcnt"), ("pshufb %xmm0, %xmm1", "ssse3"),
    ("pmulld %xmm0, %xmm1", "sse4.1"), ("pcmpgtq %xmm0, %xmm1", "sse4.2"), ("crc32q %rax, %rbx", "sse4.2"),
    ("aesenc %xmm0, %xmm1", "aes"), ("pclmulqdq $0, %xmm0, %xmm1", "pclmul"), ("xgetbv", "xsave"),
]


def selftest(cc):
    """assemble PROBES with cc, check what needs() says of each"""
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        src, obj = os.path.join(d, "probes.s"), os.path.join(d, "probes.o")
        with open(src, "w") as f:
            f.write("\t.text\n" + "".join("\t%s\n" % a for a, _ in PROBES))
        r = subprocess.run(cc.split() + ["-c", src, "-o", obj], capture_output=True, text=True)
        if r.returncode != 0:
            print("FAIL: %s cannot assemble the probes: %s" % (cc, r.stderr.strip()[:300]))
            return 1
        got = list(instructions(obj))
    bad = 0
    if len(got) != len(PROBES):
        print("FAIL: %d probes, %d instructions disassembled" % (len(PROBES), len(got)))
        return 1
    for (asm, want), (mn, ops, kind, text) in zip(PROBES, got):
        n = needs(mn, ops, kind)
        if n != set(want.split()):
            print("FAIL: %s (%s): %s, should be %s" % (asm, text, " ".join(sorted(n)) or "baseline", want or "baseline"))
            bad += 1
    print("isa_check --selftest %s: %d probes, %d wrong" % (cc, len(PROBES), bad))
    return 1 if bad else 0


# what each -m flag of a compiler line enables, as tag words (all of them
# must be in the tag); flags that select no instruction set are ignored
FLAG_WORDS = {"-mbmi": {"bmi1"}, "-mbmi2": {"bmi2"}, "-madx": {"adx"}, "-mavx2": {"avx2"},
              "-mavx512f": {"avx512f", "avx2"}, "-mavx512vl": {"avx512vl", "avx512f", "avx2"},
              "-mavx512ifma": {"avx512ifma", "avx512f", "avx2"},
              "-mavx512vbmi": {"avx512vbmi", "avx512f", "avx2"},
              # arm64: the SHA512 instructions exist only from Armv8.2 on, so a
              # CPU reporting them has the rest of the v8.2 baseline too
              "-march=armv8.2-a+sha3": {"sha512"}}
NO_ISA_FLAG = re.compile(r"^-m(prefer-vector-width=|tune=|arch=x86-64$|64$|no-red-zone$|cmodel=|abi=|general-regs-only$)")


def check_tags(src):
    """compilers/TAG: every -m flag's sets are words of TAG"""
    bad = 0
    d = os.path.join(src, "compilers")
    for tag in sorted(os.listdir(d)):
        words = set(tag.split("+"))
        with open(os.path.join(d, tag)) as f:
            lines = [l.strip() for l in f if l.strip() and not l.lstrip().startswith("#")]
        for line in lines:
            for w in line.split():
                if not w.startswith("-m") or NO_ISA_FLAG.match(w):
                    continue
                need = FLAG_WORDS.get(w)
                if need is None:
                    print("FAIL: compilers/%s: %s: no known instruction-set words (add it to FLAG_WORDS)" % (tag, w))
                    bad += 1
                elif not need <= words:
                    print("FAIL: compilers/%s: %s enables %s, missing from the tag name"
                          % (tag, w, " ".join(sorted(need - words))))
                    bad += 1
    print("isa_check --tags: compilers/ checked, %d problems" % bad)
    return 1 if bad else 0


def main(argv):
    if argv and argv[0] == "--selftest":
        sys.exit(selftest(" ".join(argv[1:]) or "cc"))
    if argv and argv[0] == "--tags":
        sys.exit(check_tags(argv[1]))
    if not argv or argv[0].startswith("-"):
        sys.exit(__doc__)
    build = argv[0]
    census = "--census" in argv[1:]
    table = pairs(build)
    jobs = []  # (label, tag, allowed sets, object)
    for n, (impl, comp, bits) in sorted(table.items()):
        d = os.path.join(build, "obj", str(n))
        try:
            with open(os.path.join(d, "objs")) as f:
                objs = f.read().split()
        except OSError:
            continue  # not built (pairs that failed, planted pairs of another build)
        tag = "+".join(sorted(bits))
        for o in objs:
            extra = set() if "-mbmi" in comp.split() else {"rep-bsf"}
            jobs.append(("%s (%s)" % (impl, comp), tag, allowed(bits) | extra, o))
    # every pair that compiled must have been found in the table: a change
    # of candidates.c's layout must not turn this check into a no-op
    objroot = os.path.join(build, "obj")
    lost = []
    for d in sorted(os.listdir(objroot)) if os.path.isdir(objroot) else []:
        try:
            with open(os.path.join(objroot, d, "objs")) as f:
                built = f.read().split()
        except OSError:
            continue
        if built and (not d.isdigit() or int(d) not in table):
            lost.append(d)
    if lost or not table:
        print("FAIL: no tag found in dispatch/candidates.c for the pairs in obj/%s (its layout changed?)"
              % ",".join(lost or ["*"]))
        sys.exit(1)
    libdir = os.path.join(build, "lib")
    for f in sorted(os.listdir(libdir)) if os.path.isdir(libdir) else []:
        if f.endswith(".o"):
            extra = {"xsave", "rep-bsf"} if f == "cpuid.o" else {"rep-bsf"}
            jobs.append(("library object " + f, "baseline", extra, os.path.join(libdir, f)))
    bad = []
    counts = {}
    ninsn = 0
    for label, tag, ok_sets, obj in jobs:
        seen = {}
        for mnemonic, operands, kind, text in instructions(obj):
            ninsn += 1
            need = needs(mnemonic, operands, kind)
            if need == {"bmi1"} and mnemonic.startswith("tzcnt") and "rep-bsf" in ok_sets:
                need = {"rep-bsf"}
            for s in need:
                counts.setdefault(tag, {}).setdefault(s, 0)
                counts[tag][s] += 1
                if s not in ok_sets and s not in seen:
                    seen[s] = text
        for s, text in sorted(seen.items()):
            bad.append("%s: %s uses %s (%s), which its tag (%s) does not declare"
                       % (os.path.relpath(obj, os.path.realpath(build)), label, s, text, tag))
    if census:
        for tag in sorted(counts):
            print("%s: %s" % (tag, ", ".join("%s %d" % kv for kv in sorted(counts[tag].items()))))
    for b in bad:
        print("FAIL: " + b)
    print("isa_check: %d objects, %d instructions, %d pairs; %d uses outside the declared sets"
          % (len(jobs), ninsn, len(table), len(bad)))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main(sys.argv[1:])
