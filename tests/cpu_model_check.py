# SPDX-License-Identifier: MIT
"""Quick checks of scripts/tools/cpu-model's parsers and generators, without qemu
or llvm-mca (the modelling itself is a tool a person runs): qemu's log as
it looks on amd64 (capstone's continuation lines), arm64 and armhf (Thumb
and ARM state, the IT rewrite), the join of
blocks cut without a branch, the kinds of result lines, the ratios summary,
and that the driver compiles. Run by tests/check-models.sh."""

import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
loader = importlib.machinery.SourceFileLoader("cpu_model", os.path.join(HERE, "scripts", "tools", "cpu-model"))
spec = importlib.util.spec_from_loader("cpu_model", loader)
cm = importlib.util.module_from_spec(spec)
loader.exec_module(cm)

checks = 0


def check(cond, what):
    global checks
    if not cond:
        sys.exit("FAIL: cpu-model: " + what)
    checks += 1


tmp = tempfile.mkdtemp()
try:
    # amd64: an instruction of more than 8 bytes continues on a line of its own
    amd = cm.Arch("amd64")
    log = os.path.join(tmp, "log")
    with open(log, "w") as f:
        f.write("IN: \n"
                "0x4002ac9003:  c5 7d 7f 9c 24 60 01 00  vmovdqa  %ymm11, 0x160(%rsp)\n"
                "0x4002ac900b:  00\n"
                "0x4002ac900c:  48 89 e7                 movq     %rsp, %rdi\n"
                "0x4002ac900f:  75 f2                    jne      0x4002ac9003\n"
                "\n"
                "Trace 0: 0x7f0bc3a00100 [0000000000000000/0000004002ac9003/1040c0b3/00000200] \n"
                "Trace 0: 0x7f0bc3a00100 [0000000000000000/0000004002ac9003/1040c0b3/00000200] \n")
    counts, blocks = cm.parse_log(amd, log)
    check(counts == {0x4002ac9003: 2}, "amd64 trace counts %r" % counts)
    b = blocks[0x4002ac9003]
    check([len(e) for e, _ in b] == [9, 3, 2], "amd64 instruction lengths %r" % [len(e) for e, _ in b])
    check(b[0][1] == "vmovdqa" and b[2][1] == "jne", "amd64 mnemonics")
    # arm64: one word a line; a block ending without a branch falls into the next
    arm = cm.Arch("arm64")
    with open(log, "w") as f:
        f.write("IN: \n0x0000005500001000:  8b020020  add x0, x1, x2\n"
                "0x0000005500001004:  9b027c20  mul x0, x1, x2\n\n"
                "IN: \n0x0000005500001008:  9bc27c23  umulh x3, x1, x2\n"
                "0x000000550000100c:  54ffffa1  b.ne #-0xc\n\n")
        for pc, n in ((0x5500001000, 3), (0x5500001008, 5)):
            for _ in range(n):
                f.write("Trace 0: 0x7f00 [0000000000000000/%016x/00000000/00000000] \n" % pc)
    counts, blocks = cm.parse_log(arm, log)
    check(counts == {0x5500001000: 3, 0x5500001008: 5}, "arm64 trace counts %r" % counts)
    check(not arm.ends_in_branch(tuple(tuple(e) for e, _ in blocks[0x5500001000])), "arm64: mul is no branch")
    check(arm.ends_in_branch(tuple(tuple(e) for e, _ in blocks[0x5500001008])), "arm64: b.ne is a branch")
    runs = cm.join_fallthrough(arm, counts, blocks)
    # 3 entries run the joined 4 instructions; 2 more enter at 0x1008 directly
    check([(pc, n, len(ins), k) for pc, n, ins, k in runs] == [(0x5500001000, 3, 4, 2), (0x5500001008, 2, 2, 1)],
          "arm64 join %r" % [(hex(pc), n, len(ins), k) for pc, n, ins, k in runs])
    # armhf: a Thumb instruction as one or two halfwords (marked "t"), an
    # ARM one as a word; the IT rewrite and the branch and pop rules
    hf = cm.Arch("armhf")
    with open(log, "w") as f:
        f.write("IN: \n0x3f713d3a:  f04f 0300  mov.w    r3, #0\n"
                "0x3f713d3e:  d147       bne      #0x3f713dd0\n\n"
                "IN: \n0x3f7f5ff8:  e12fff1e  bx       lr\n\n"
                "Trace 0: 0x7f00 [00800480/3f713d3a/00000000/00000200] \n"
                "Trace 0: 0x7f00 [00000480/3f7f5ff8/00000000/00000200] \n")
    counts, blocks = cm.parse_log(hf, log)
    th = tuple(tuple(e) for e, _ in blocks[0x3f713d3a])
    check(th == (("t4f", "tf0", "t00", "t03"), ("t47", "td1")) and cm.ArmhfArch.thumb(th), "armhf Thumb bytes %r" % (th,))
    ar = tuple(tuple(e) for e, _ in blocks[0x3f7f5ff8])
    check(ar == (("1e", "ff", "2f", "e1"),) and not cm.ArmhfArch.thumb(ar), "armhf ARM bytes %r" % (ar,))
    rw = cm.ArmhfArch.rewrite_block(["\tcmp\tr0, #97", "\tite\tle", "\tmovle\tr0, #0", "\tmovgt.w\tr0, #1",
                                     "\tpop\t{r4, r5}", "\tpop.w\t{r4, pc}", "\tbxne\tlr"], True)
    check(rw == ["\tcmp\tr0, #97", "\tmov\tr0, #0", "\tmov.w\tr0, #1", "\tpop.w\t{r4, r5}",
                 "\tldr\tr4, [sp], #4"], "armhf rewrite %r" % rw)
    check(cm.ArmhfArch.is_branch("\tldr\tpc, [ip, #8]!") and cm.ArmhfArch.is_branch("\tcbz\tr0, #12") and
          not cm.ArmhfArch.is_branch("\tbic\tr0, r0, #1") and not cm.ArmhfArch.is_branch("\tadd\tr2, pc"),
          "armhf branches")
    # CET landing pads are priced as nops on amd64 (LLVM 16 has no figures
    # for them), and only there
    mca = cm.Mca(amd, "llvm-mca", "skylake", tmp)
    check(mca.endbr("\tendbr64") and mca.endbr("\tendbr32") and not mca.endbr("\tnop") and
          not mca.endbr("\tmovq\t%rsp, %rdi") and not cm.Mca(arm, "llvm-mca", "cortex-a76", tmp).endbr("\tbti\tc"),
          "endbr64 and endbr32 as nops")
    # result lines
    check(cm.line_kind("dh_x25519 selected 32 90000\n") == "headline", "line kind of a headline line")
    check(cm.line_kind("nP_montgomery25519 3 32 90000\n") == "nP_montgomery25519", "line kind of a pair line")
    check(cm.line_kind("# nP_montgomery25519 3 32 not modelled: x\n") == "nP_montgomery25519", "line kind, pair comment")
    check(cm.line_kind("# dh_x25519 not modelled: x\n") == "headline", "line kind, headline comment")
    check(cm.line_kind("cpuid 0 1\n") is None, "line kind of a header line")
    # ratios: ours against the fastest of two lib25519 builds, per operation
    md = os.path.join(tmp, "model")
    os.mkdir(md)
    figs = {"ours": (100, 320), "lib25519-a": (90, 400), "lib25519-b": (120, 300)}
    for name, (xdh, batch) in figs.items():
        with open(os.path.join(md, "znver3-%s.txt" % name), "w") as f:
            f.write("lib25519 version MODELLED\ndh_x25519 selected 32 %d\nnPbatch_montgomery25519 selected 16 %d\n"
                    % (xdh, batch * 16))
    text = cm.ratios_text(md, "")
    rows = [l.split() for l in text.splitlines() if not l.startswith("#")]
    check(rows == [["znver3", "Xdh", "100", "90", "1.11"], ["znver3", "Xbatch", "320", "300", "1.07"]],
          "ratios rows %r" % rows)
    check("# znver3 fastest lib25519: Xdh lib25519-a, Xbatch lib25519-b" in text, "ratios names the fastest build")
    # the driver compiles (cc only checks the syntax: no library needed)
    if shutil.which("cc"):
        src = os.path.join(tmp, "d.c")
        with open(src, "w") as f:
            f.write(cm.driver_source())
        r = subprocess.run(["cc", "-fsyntax-only", "-Wall", "-Werror", src], stderr=subprocess.PIPE,
                           universal_newlines=True)
        check(r.returncode == 0, "the driver does not compile:\n" + r.stderr[-2000:])
finally:
    shutil.rmtree(tmp)
print("cpu-model: %d checks of the log parser, the block join, the result lines, ratios and the driver" % checks)
