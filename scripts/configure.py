# SPDX-License-Identifier: MIT
"""Generate the build tree build/ARCH/ (build/0 points to it).

What it does, in order:
  1. read crypto_OP/api (the C functions of each operation) and
     crypto_OP/PRIM/sizes (size macros) for every primitive;
  2. find implementations crypto_OP/PRIM/IMPL/ and the instruction sets each
     needs (IMPL/architectures; none = portable);
  3. read compilers/TAG, apply CC, CFLAGS and LDFLAGS, and pair every
     implementation with every compiler line of each tag it asks for;
  4. order the pairs of each primitive by priority/OP_PRIM (written by
     scripts/prioritize from benchmarks/); unmeasured pairs come after the
     measured ones, portable ones last;
  5. write lib25519.h, the per-primitive headers implementations include,
     the candidate table of the dispatcher and the Makefile.

The dispatcher itself is hand-written C (dispatch/dispatch.c, see
doc/internals.md): it walks the ordered candidates of a primitive on first
use and keeps the first one whose instruction sets the CPU has and whose
known-answer self-test (crypto_OP/PRIM/selftest.c) passes. A pair that fails
to compile is dropped at build time: its candidate entry is guarded by a
macro that only a successful compilation defines.

Runs once per configure; the Makefile never calls python again except to
make man pages.
"""

import os
import platform
import re
import shlex
import shutil
import subprocess
import sys

VERSION = "20241004"
# the order of lib25519.h
OPERATIONS = ["verify", "hashblocks", "hash", "pow", "powbatch", "nP", "nPbatch",
              "nG", "mGnP", "multiscalar", "dh", "sign"]
COMMANDS = ["lib25519-test", "lib25519-speed", "x25519-keypair", "x25519-dh",
            "ed25519-keypair", "ed25519-sign", "ed25519-open"]
SOURCE_SUFFIXES = (".c", ".S")


def die(msg):
    sys.stderr.write("configure: %s\n" % msg)
    sys.exit(111)


def parse_args(argv):
    opts = {"prefix": "/usr/local", "host": None, "trim": True, "planted": True, "builddir": None,
            "priority": None}
    for a in argv:
        if a.startswith("--prefix="):
            opts["prefix"] = a.split("=", 1)[1]
        elif a.startswith("--host="):
            opts["host"] = a.split("=", 1)[1]
        elif a.startswith("--builddir="):
            opts["builddir"] = a.split("=", 1)[1]
            if not re.match(r"^[A-Za-z0-9_.-]+$", opts["builddir"]) or opts["builddir"] in (".", "..", "0"):
                die("--builddir takes a plain name under build/")
        elif a.startswith("--priority="):
            opts["priority"] = os.path.abspath(a.split("=", 1)[1])
        elif a == "--no-trim":
            opts["trim"] = False
        elif a == "--no-planted":
            opts["planted"] = False
        elif a in ("-h", "--help"):
            print("usage: ./configure [--prefix=DIR] [--host=amd64|arm64|ARCH] [--no-trim] [--no-planted] [--builddir=NAME] [--priority=DIR]\n"
                  "  --priority=DIR   candidate orders from DIR instead of priority/ (tests)\n"
                  "  --builddir=NAME  build in build/NAME and leave build/0 alone (sanitizer or cross builds)\n"
                  "environment: CC, CFLAGS, LDFLAGS (appended to every compiler line)")
            sys.exit(0)
        else:
            die("unknown option %s (try --help)" % a)
    return opts


def native_arch():
    m = platform.machine().lower()
    if m in ("x86_64", "amd64"):
        return "amd64"
    if m in ("aarch64", "arm64"):
        return "arm64"
    return re.sub(r"[^a-z0-9]", "", m) or "default"


def read_lines(path):
    out = []
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip() if line.lstrip().startswith("#") else line.strip()
            if line:
                out.append(line)
    return out


def parse_params(params):
    """'(const unsigned char *,long long)' -> list of parameter types"""
    inner = params.strip()
    assert inner[0] == "(" and inner[-1] == ")", params
    inner = inner[1:-1].strip()
    return [p.strip() for p in inner.split(",")] if inner else []


class Primitive:
    def __init__(self, op, prim, functions, sizes):
        self.op = op
        self.prim = prim
        self.name = "%s_%s" % (op, prim)
        self.functions = functions  # list of (suffix, ret, [param types])
        self.sizes = sizes  # list of (NAME, value)
        self.impls = []

    def fname(self, suffix):
        """C name of a function of the operation: crypto_OP or crypto_OP_SUFFIX"""
        return self.op if suffix == "-" else "%s_%s" % (self.op, suffix)

    def pubname(self, suffix):
        return "lib25519_" + self.name + ("" if suffix == "-" else "_" + suffix)


def read_primitives(src):
    prims = []
    for op in OPERATIONS:
        d = os.path.join(src, "crypto_" + op)
        if not os.path.isdir(d):
            continue
        functions, default = [], None
        for line in read_lines(os.path.join(d, "api")):
            w = line.split(None, 1)
            if w[0] == "default":
                default = w[1].strip()
            elif w[0] == "function":
                m = re.match(r"(\S+)\s+(\w+)\s*(\(.*\))$", w[1].strip())
                if not m:
                    die("bad function line in %s/api: %s" % (d, line))
                functions.append((m.group(1), m.group(2), parse_params(m.group(3))))
        for prim in sorted(os.listdir(d)):
            pd = os.path.join(d, prim)
            if not os.path.isfile(os.path.join(pd, "sizes")):
                continue
            sizes = [tuple(l.split()) for l in read_lines(os.path.join(pd, "sizes"))]
            p = Primitive(op, prim, functions, sizes)
            p.default = (default is None or default == prim)
            p.dir = pd
            prims.append(p)
    return prims


def compiler_family(line):
    first = os.path.basename(line.split()[0])
    if "clang" in first:
        return "clang"
    if "gcc" in first or first == "cc":
        return "gcc"
    return first


def cc_family(cc):
    try:
        out = subprocess.run(shlex.split(cc) + ["--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        die("cannot run CC=%s" % cc)
    return "clang" if "clang" in out.lower() else "gcc"


def resolve_compiler(line, native):
    """A cross compiler name (aarch64-linux-gnu-gcc) falls back to the plain
    name when building natively on that architecture and only that exists."""
    words = line.split()
    if shutil.which(words[0]):
        return line
    m = re.match(r"^[a-z0-9_]+-linux-gnu-(.+)$", words[0])
    if native and m and shutil.which(m.group(1)):
        return " ".join([m.group(1)] + words[1:])
    return line


def read_compilers(src, host, native):
    """tag -> list of compiler lines (after CC/CFLAGS)"""
    cc = os.environ.get("CC", "").strip()
    cflags = os.environ.get("CFLAGS", "").strip()
    fam = cc_family(cc) if cc else None
    tags = {}
    for tag in sorted(os.listdir(os.path.join(src, "compilers"))):
        if tag.startswith(".") or tag.endswith("~"):
            continue
        parts = tag.split("+")
        if parts[0] not in (host, "default"):
            continue
        lines = read_lines(os.path.join(src, "compilers", tag))
        if cc:
            same = [l for l in lines if compiler_family(l) == fam] or lines[:1]
            lines = [" ".join([cc] + l.split()[1:]) for l in same]
        else:
            lines = [resolve_compiler(l, native) for l in lines]
        if cflags:
            lines = [l + " " + cflags for l in lines]
        tags[tag] = lines
    return tags


def normalize_tag(words, host):
    words = [w for w in words if w]
    arch = words[0]
    rest = sorted(set(words[1:]))
    return "+".join([arch] + rest)


def find_implementations(src, prims, host, compilers, planted):
    baseline = host if host in compilers else "default"
    if baseline not in compilers:
        die("no compilers/%s and no compilers/default" % host)
    roots = [("", src)]
    if planted:
        roots.append(("planted", os.path.join(src, "tests", "planted")))
    for p in prims:
        for kind, root in roots:
            d = os.path.join(root, "crypto_" + p.op, p.prim)
            if not os.path.isdir(d):
                continue
            for impl in sorted(os.listdir(d)):
                idir = os.path.join(d, impl)
                if not os.path.isdir(idir):
                    continue
                sources = sorted(f for f in os.listdir(idir) if f.endswith(SOURCE_SUFFIXES))
                if not sources:
                    continue
                archfile = os.path.join(idir, "architectures")
                if os.path.exists(archfile):
                    tags = [normalize_tag(l.split(), host) for l in read_lines(archfile)]
                    tags = [t for t in tags if t.split("+")[0] == host]
                else:
                    tags = [baseline]
                for t in tags:
                    if t not in compilers:
                        print("notice: skipping %s/%s/%s: no compilers/%s" % (p.op, p.prim, impl, t))
                        continue
                    p.impls.append({"impl": impl, "dir": idir, "sources": sources, "tag": t,
                                    "planted": kind == "planted"})


def feature_words(tag):
    return tag.split("+")


PRIORITY_DIR = None


def read_priority(src, prim):
    """priority/OP_PRIM: lines 'IMPL COMPILER-LINE...' best first (scripts/prioritize)"""
    path = os.path.join(PRIORITY_DIR or os.path.join(src, "priority"), prim.name)
    order = []
    if os.path.exists(path):
        for line in read_lines(path):
            w = line.split(None, 1)
            order.append((w[0], w[1] if len(w) > 1 else ""))
    return order


def strip_cflags(line):
    cflags = os.environ.get("CFLAGS", "").strip()
    if cflags and line.endswith(" " + cflags):
        return line[: -len(cflags) - 1]
    return line


def order_pairs(src, prim, pairs, trim):
    """Sort the pairs of one primitive: planted first (test builds only), then
    as priority/ says, then unmeasured ones with more instruction sets first,
    portable last."""
    order = read_priority(src, prim)
    rank = {}
    for i, (impl, comp) in enumerate(order):
        rank.setdefault((impl, comp), i)
        rank.setdefault((impl, compiler_family(comp) if comp else ""), i)

    def key(pr):
        measured = rank.get((pr["impl"], strip_cflags(pr["compiler"])))
        if measured is None:
            measured = rank.get((pr["impl"], compiler_family(pr["compiler"])))
        nfeat = len(feature_words(pr["tag"])) - 1
        return (0 if pr["planted"] else 1,
                0 if measured is not None else 1,
                measured if measured is not None else 0,
                -nfeat, pr["impl"], pr["compiler_index"])
    pairs.sort(key=key)
    if trim and order:
        pairs[:] = trim_pairs(pairs)
    return pairs


def trim_pairs(pairs):
    """Keep a pair only if some CPU would select it: walking the priority
    order, a pair is unreachable once an earlier pair needs a subset of its
    instruction sets (that one always wins where this one could run). The
    self-test fallback still has the last portable pair."""
    kept = []
    for pr in pairs:
        need = set(feature_words(pr["tag"])[1:])
        if pr["planted"] or not any(set(feature_words(k["tag"])[1:]) <= need and not k["planted"] for k in kept):
            kept.append(pr)
    portable = [pr for pr in pairs if len(feature_words(pr["tag"])) == 1]
    if portable and not any(len(feature_words(k["tag"])) == 1 and k is not portable[0] for k in kept):
        if portable[0] not in kept:
            kept.append(portable[0])
    return kept


def c_ident(s):
    return re.sub(r"[^A-Za-z0-9_]", "_", s)


def c_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def proto(ret, name, params, names=False):
    """C prototype; with names=True the parameters are called a0, a1, ..."""
    if names:
        ps = ", ".join("%s%sa%d" % (t, "" if t.endswith("*") else " ", i) for i, t in enumerate(params))
    else:
        ps = ",".join(params)
    return "%s %s(%s)" % (ret, name, ps or "void")


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


GENERATED = "/* generated by ./configure (scripts/configure.py); do not edit */\n"


def gen_public_header(prims, host):
    o = [GENERATED,
         "/* SPDX-License-Identifier: MIT */\n",
         "/* The stable API is the one in doc/api.md (lib25519_dh, lib25519_sign, ...).\n"
         "   The other functions here serve tests and benchmarks and may change. */\n\n",
         "#ifndef lib25519_h\n#define lib25519_h\n\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n",
         "#define lib25519_version %s\n" % c_string(VERSION),
         "#define lib25519_arch %s\n\n" % c_string(host),
         "extern void lib25519_cpuid(unsigned int *,long long);\n\n"]
    for p in prims:
        if p.default:
            for n, v in p.sizes:
                o.append("#define lib25519_%s_%s %s\n" % (p.op, n, v))
            o.append("\n")
        for n, v in p.sizes:
            o.append("#define lib25519_%s_%s %s\n" % (p.name, n, v))
        o.append("\n")
        for suffix, ret, params in p.functions:
            pub = p.pubname(suffix)
            if p.default:
                short = "lib25519_" + p.fname(suffix)
                o.append("#define %s %s\n" % (short, pub))
                o.append("#define lib25519_dispatch_%s lib25519_dispatch_%s\n\n"
                         % (p.fname(suffix), pub[len("lib25519_"):]))
            o.append("extern %s;\n" % proto(ret, pub, params))
            o.append("extern %s (*lib25519_dispatch_%s(long long))(%s);\n\n"
                     % (ret, pub[len("lib25519_"):], ",".join(params)))
        if p.default:
            for what in ("implementation", "compiler"):
                o.append("#define lib25519_%s_%s lib25519_%s_%s\n" % (p.op, what, p.name, what))
                o.append("#define lib25519_dispatch_%s_%s lib25519_dispatch_%s_%s\n" % (p.op, what, p.name, what))
            o.append("#define lib25519_numimpl_%s lib25519_numimpl_%s\n\n" % (p.op, p.name))
        o.append("extern const char *lib25519_%s_implementation(void);\n" % p.name)
        o.append("extern const char *lib25519_%s_compiler(void);\n" % p.name)
        o.append("extern const char *lib25519_dispatch_%s_implementation(long long);\n" % p.name)
        o.append("extern const char *lib25519_dispatch_%s_compiler(long long);\n" % p.name)
        o.append("extern long long lib25519_numimpl_%s(void);\n\n" % p.name)
    o.append("#ifdef __cplusplus\n}\n#endif\n\n#endif\n")
    return "".join(o)


def exported_symbols(prims):
    names = ["lib25519_cpuid"]
    for p in prims:
        for suffix, _, _ in p.functions:
            names.append(p.pubname(suffix))
            names.append("lib25519_dispatch_" + p.pubname(suffix)[len("lib25519_"):])
        names += ["lib25519_%s_implementation" % p.name, "lib25519_%s_compiler" % p.name,
                  "lib25519_dispatch_%s_implementation" % p.name,
                  "lib25519_dispatch_%s_compiler" % p.name, "lib25519_numimpl_%s" % p.name]
    return sorted(names)


def gen_impl_header(p):
    """crypto_OP.h as seen by the implementations of primitive p"""
    g = "CRYPTO_OP_H_" + c_ident(p.op)
    o = [GENERATED, "#ifndef %s\n#define %s\n\n" % (g, g),
         "/* CRYPTO_PREFIX comes from the compiler line of each (implementation, compiler) pair */\n",
         "#define CRYPTO_PASTE2_(a, b) a##b\n#define CRYPTO_PASTE_(a, b) CRYPTO_PASTE2_(a, b)\n",
         "#define CRYPTO_NAMESPACE(x) CRYPTO_PASTE_(CRYPTO_PREFIX, x)\n\n"]
    for n, v in p.sizes:
        o.append("#define crypto_%s_%s %s\n" % (p.op, n, v))
        o.append("#define crypto_%s_%s %s\n" % (p.name, n, v))
    o.append("\n")
    for suffix, ret, params in p.functions:
        o.append("#define crypto_%s CRYPTO_NAMESPACE(%s)\n" % (p.fname(suffix), p.fname(suffix)))
    o.append("\n#ifndef __ASSEMBLER__\n")
    for suffix, ret, params in p.functions:
        o.append("extern %s;\n" % proto(ret, "crypto_" + p.fname(suffix), params))
    o.append("#endif\n\n#endif\n")
    return "".join(o)


def gen_caller_header(p):
    """crypto_OP_PRIM.h: how any implementation calls the dispatched primitive"""
    g = "CRYPTO_CALL_H_" + c_ident(p.name)
    o = [GENERATED, "#ifndef %s\n#define %s\n\n#include <lib25519.h>\n\n" % (g, g)]
    for n, v in p.sizes:
        o.append("#define crypto_%s_%s %s\n" % (p.name, n, v))
    for suffix, _, _ in p.functions:
        nm = p.name if suffix == "-" else p.name + "_" + suffix
        o.append("#define crypto_%s lib25519_%s\n" % (nm, nm))
    o.append("\n#endif\n")
    return "".join(o)


def gen_selftest_wrapper(src, p):
    """selftest_P.c: crypto_OP/PRIM/selftest.c run on one candidate, its
    entry points converted back to their C types"""
    args = ",\n                  ".join("(%s (*)(%s))c->f[%d]" % (ret, ",".join(params), i)
                                       for i, (_, ret, params) in enumerate(p.functions))
    return (GENERATED +
            "/* %s: the known-answer self-test the dispatcher (dispatch/dispatch.c)\n"
            "   runs on a candidate before choosing it; 0 when it passes */\n"
            "#include <lib25519.h>\n"
            "#include \"dispatch.h\"\n"
            "#include \"%s\"\n\n"
            "int lib25519_selftest_%s(const struct lib25519_candidate *c)\n{\n"
            "  return selftest(%s);\n}\n"
            % (p.name, os.path.join(p.dir, "selftest.c"), p.name, args))


def shown_compiler(line):
    """the compiler line as lib25519_*_compiler() reports it: without the
    path-remapping flags distributions put in CFLAGS (they hold the build
    directory, which must not end up in the library: reproducible builds)"""
    return " ".join(w for w in line.split()
                    if not re.match(r"^-f(file|debug|macro|profile)-prefix-map=", w))


def gen_candidates(p, pairs):
    """The part of candidates.c for primitive p: the C types of its functions,
    the entry points of its pairs, the candidate array (best first) and one
    wrapper line per function (the macros are in dispatch/dispatch.h). Each
    pair is guarded by LIB25519_OK_N (pairs.h: pair N compiled), a planted
    one also by LIB25519_WITH_PLANTED (the test-only library)."""
    n = p.name
    o = ["/* ---- %s: crypto_%s/%s, %d candidates, best first ---- */\n\n"
         % (n, p.op, p.prim, len(pairs)),
         "_Static_assert(%d <= LIB25519_MAXFUNCTIONS, \"%s: raise LIB25519_MAXFUNCTIONS\");\n"
         % (len(p.functions), n)]
    for k, (suffix, ret, params) in enumerate(p.functions):
        o.append("typedef %s %s_f%d(%s);\n" % (ret, n, k, ",".join(params)))

    def guard(pr):
        if pr["planted"]:
            return "#if defined(%s) && defined(LIB25519_WITH_PLANTED)\n" % pr["okmacro"]
        return "#ifdef %s\n" % pr["okmacro"]
    o.append("\n")
    for pr in pairs:
        o.append(guard(pr))
        for k, (suffix, _, _) in enumerate(p.functions):
            o.append("extern %s_f%d %s;\n" % (n, k, pr["prefix"] + p.fname(suffix)))
        o.append("#endif\n")
    o.append("\nstatic const struct lib25519_candidate %s_candidates[] = {\n" % n)
    for pr in pairs:
        feats = " | ".join("CPU_FEATURE_%s" % w for w in feature_words(pr["tag"]) if w != "default") or "0"
        entries = ",\n    ".join("LIB25519_ENTRY(%s)" % (pr["prefix"] + p.fname(s)) for s, _, _ in p.functions)
        o.append("%s  {%s, %s, %s,\n   {%s}},\n#endif\n"
                 % (guard(pr), c_string(pr["impl"]), c_string(shown_compiler(pr["compiler"])), feats, entries))
    o.append("  LIB25519_END_OF_CANDIDATES\n};\n\n")
    o.append("LIB25519_DISPATCH_PRIMITIVE(%s)\n" % n)
    for k, (suffix, ret, params) in enumerate(p.functions):
        name = p.pubname(suffix)[len("lib25519_"):]
        named = "(%s)" % (", ".join("%s%sa%d" % (t, "" if t.endswith("*") else " ", i)
                                    for i, t in enumerate(params)) or "void")
        args = "(%s)" % ", ".join("a%d" % i for i in range(len(params)))
        if ret == "void":
            o.append("LIB25519_DISPATCH_VOID_FUNCTION(%s, %d, %s, %s, %s)\n" % (n, k, name, named, args))
        else:
            o.append("LIB25519_DISPATCH_FUNCTION(%s, %d, %s, %s, %s, %s)\n" % (n, k, ret, name, named, args))
    o.append("\n")
    return "".join(o)


CANDIDATES_HEAD = GENERATED + """/* The candidates of every primitive, best first (priority/, then
   unmeasured pairs, portable ones last), and the exported functions.
   Only data and macro lines: the macros are in dispatch/dispatch.h, every
   decision (CPU check, self-test, the remembered choice, the fallback) is in
   dispatch/dispatch.c. Compiled once for the library and once with
   -DLIB25519_WITH_PLANTED for the test-only library with planted pairs. */
#include <lib25519.h>
#include "dispatch.h"
#include "pairs.h"

"""


def main():
    src = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    opts = parse_args(sys.argv[1:])
    global PRIORITY_DIR
    PRIORITY_DIR = opts["priority"]
    native = native_arch()
    host = opts["host"] or native
    if host == "aarch64":
        host = "arm64"
    if host == "x86_64":
        host = "amd64"
    compilers = read_compilers(src, host, host == native)
    prims = read_primitives(src)
    find_implementations(src, prims, host, compilers, opts["planted"])

    build = os.path.join(src, "build", opts["builddir"] or host)
    if os.path.exists(build):
        shutil.rmtree(build)
    os.makedirs(build)
    if not opts["builddir"]:
        link = os.path.join(src, "build", "0")
        if os.path.islink(link) or os.path.exists(link):
            os.remove(link)
        os.symlink(host, link)

    valgrind = os.path.exists("/usr/include/valgrind/memcheck.h")
    defs = "-DLIB25519_HAVE_VALGRIND" if valgrind else ""

    # pairs
    allpairs = []
    for p in prims:
        if not p.impls:
            print("notice: no implementation of %s; leaving it out" % p.name)
            continue
        if not os.path.exists(os.path.join(p.dir, "selftest.c")):
            # the exported-symbol test notices the missing primitive
            print("notice: %s has no selftest.c; leaving it out" % p.name)
            p.impls = []
            continue
        pairs = []
        for im in p.impls:
            for ci, line in enumerate(compilers[im["tag"]]):
                pairs.append(dict(im, compiler=line, compiler_index=ci))
        order_pairs(src, p, pairs, opts["trim"])
        for pr in pairs:
            pid = len(allpairs)
            pr["id"] = pid
            ident = c_ident("%s_%s_%s" % (p.name, pr["impl"], pid))
            pr["prefix"] = "lib25519_impl_%s_" % ident
            pr["okmacro"] = "LIB25519_OK_%d" % pid
            pr["prim"] = p
            allpairs.append(pr)
        p.pairs = pairs
    prims = [p for p in prims if p.impls]

    inc = os.path.join(build, "include")
    write(os.path.join(inc, "lib25519.h"), gen_public_header(prims, host))
    for p in prims:
        write(os.path.join(build, "include-impl", p.name, "crypto_%s.h" % p.op), gen_impl_header(p))
        write(os.path.join(build, "include-call", "crypto_%s.h" % p.name), gen_caller_header(p))
        write(os.path.join(build, "dispatch", "selftest_%s.c" % p.name), gen_selftest_wrapper(src, p))
    write(os.path.join(build, "dispatch", "candidates.c"),
          CANDIDATES_HEAD + "".join(gen_candidates(p, p.pairs) for p in prims))
    syms = exported_symbols(prims)
    write(os.path.join(build, "exports.txt"), "".join(s + "\n" for s in syms))
    write(os.path.join(build, "lib25519.map"),
          "/* generated by ./configure; do not edit */\n{\n  global:\n"
          + "".join("    %s;\n" % s for s in syms) + "  local:\n    *;\n};\n")

    # Makefile
    base_tag = host if host in compilers else "default"
    linkcc = compilers[base_tag][0]
    ldflags = os.environ.get("LDFLAGS", "").strip()
    cpuid_src = os.path.join(src, "cpuid", host + ".c")
    if not os.path.exists(cpuid_src):
        cpuid_src = os.path.join(src, "cpuid", "default.c")
    common = "-I%s/include -I%s/include-call -I%s/internal %s" % (build, build, src, defs)
    mk = ["# generated by ./configure (scripts/configure.py); do not edit\n",
          "SRC = %s\n" % src, "B = %s\n" % build,
          "PREFIX = %s\nDESTDIR =\n" % opts["prefix"],
          "LIBDIR = $(PREFIX)/lib\nBINDIR = $(PREFIX)/bin\nINCLUDEDIR = $(PREFIX)/include\n",
          "MANDIR = $(PREFIX)/share/man\nPKGCONFIGDIR = $(LIBDIR)/pkgconfig\n",
          "LINKCC = %s\n" % linkcc, "LDFLAGS = %s\n" % ldflags,
          "PYTHON = %s\n" % ("/usr/bin/python3" if os.path.exists("/usr/bin/python3") else "python3"),
          "COMMON = %s\n\n" % common,
          "PKG = $(B)/package\nVERSION = %s\n\n" % VERSION,
          "all: $(PKG)/lib/lib25519.so.1 $(PKG)/lib/lib25519.a commands man\n\n",
          ".PHONY: all commands man install uninstall check planted\n\n"]
    # the shared headers, found when make runs, so that a header removed or
    # added after configuring does not break or escape an existing build
    dirs = sorted(d for d, _, _ in os.walk(os.path.join(src, "internal")))
    internal_h = " ".join(os.path.join(d.replace(src, "$(SRC)", 1), "*" + ext)
                          for d in dirs for ext in (".h", ".S", ".inc"))
    mk.append("INTERNAL_H = $(wildcard %s)\n\n" % internal_h)
    okfiles = []
    for pr in allpairs:
        p = pr["prim"]
        out = "$(B)/obj/%d" % pr["id"]
        srcs = " ".join(os.path.join(pr["dir"], s) for s in pr["sources"])
        hdrs = " ".join(os.path.join(pr["dir"], f) for f in sorted(os.listdir(pr["dir"])) if f.endswith(".h"))
        flags = "-DCRYPTO_PREFIX=%s -I%s -I$(B)/include-impl/%s $(COMMON)" % (pr["prefix"], pr["dir"], p.name)
        label = "%s/%s" % (p.name, pr["impl"])
        mk.append("%s/ok: %s %s $(INTERNAL_H) $(B)/include/lib25519.h\n" % (out, srcs, hdrs))
        mk.append("\t@sh $(SRC)/scripts/compile-pair %s %s %s '%s' '%s' %s\n\n"
                  % (out, pr["okmacro"], label, pr["compiler"], flags, srcs))
        okfiles.append("%s/ok" % out)
    mk.append("OKFILES = %s\n\n" % " ".join(okfiles))
    mk.append("$(B)/dispatch/pairs.h: $(OKFILES)\n\tcat $(OKFILES) > $@\n\n")
    shipped = [pr for pr in allpairs if not pr["planted"]]
    mk.append("SHIPPED_OBJS = $$(cat %s)\n" % " ".join("$(B)/obj/%d/objs" % pr["id"] for pr in shipped))
    mk.append("PLANTED_OBJS = $$(cat %s)\n\n" % " ".join("$(B)/obj/%d/objs" % pr["id"] for pr in allpairs))
    cc0 = compilers[base_tag][0]
    base_objs = []
    lib_sources = [("cpuid", cpuid_src), ("randombytes", os.path.join(src, "randombytes", "randombytes.c")),
                   ("dispatch", "$(SRC)/dispatch/dispatch.c")]
    deps = {"cpuid": os.path.join(src, "cpuid", "*.h"), "randombytes": "",
            "dispatch": "$(SRC)/dispatch/dispatch.h $(SRC)/cpuid/*.h"}
    for p in prims:
        lib_sources.append(("selftest_" + p.name, "$(B)/dispatch/selftest_%s.c" % p.name))
        deps["selftest_" + p.name] = os.path.join(p.dir, "selftest.c") + " $(SRC)/dispatch/dispatch.h"
    for name, path in lib_sources:
        obj = "$(B)/lib/%s.o" % name
        mk.append("%s: %s %s $(B)/include/lib25519.h $(INTERNAL_H)\n\t@mkdir -p $(B)/lib\n"
                  "\t%s -fvisibility=hidden -I$(SRC)/cpuid -I$(SRC)/dispatch $(COMMON) -c %s -o $@\n\n"
                  % (obj, path, "$(wildcard %s)" % deps[name] if deps[name] else "", cc0, path))
        base_objs.append(obj)
    # the candidate table, without and with the planted pairs
    for variant, flag in (("", ""), ("-planted", " -DLIB25519_WITH_PLANTED")):
        mk.append("$(B)/lib/candidates%s.o: $(B)/dispatch/candidates.c $(B)/dispatch/pairs.h "
                  "$(SRC)/dispatch/dispatch.h $(B)/include/lib25519.h $(wildcard $(SRC)/cpuid/*.h)\n"
                  "\t@mkdir -p $(B)/lib\n"
                  "\t%s -fvisibility=hidden%s -I$(SRC)/cpuid -I$(SRC)/dispatch -I$(B)/dispatch $(COMMON) "
                  "-c $(B)/dispatch/candidates.c -o $@\n\n"
                  % (variant, cc0, flag))
    mk.append("BASE_OBJS = %s\n\n" % " ".join(base_objs))
    sharedflags = ("-shared -Wl,-soname,lib25519.so.1 -Wl,--version-script=$(B)/lib25519.map "
                   "-Wl,-Bsymbolic -Wl,-z,noexecstack -Wl,--build-id=none")
    mk.append("$(PKG)/lib/lib25519.so.1: $(B)/lib/candidates.o $(BASE_OBJS) $(B)/lib25519.map\n"
              "\t@mkdir -p $(PKG)/lib\n"
              "\t$(LINKCC) %s -o $@ $(B)/lib/candidates.o $(BASE_OBJS) %s $(LDFLAGS)\n"
              "\tln -sf lib25519.so.1 $(PKG)/lib/lib25519.so\n\n" % (sharedflags, "$(SHIPPED_OBJS)"))
    mk.append("$(PKG)/lib/lib25519.a: $(B)/lib/candidates.o $(BASE_OBJS)\n"
              "\t@mkdir -p $(PKG)/lib\n\trm -f $@\n"
              "\tar cr $@ $(B)/lib/candidates.o $(BASE_OBJS) %s\n\tranlib $@\n\n" % "$(SHIPPED_OBJS)")
    # test-only library with the planted candidates (bad self-test, secret branch)
    mk.append("planted: $(B)/planted/lib25519.so.1\n\n"
              "$(B)/planted/lib25519.so.1: $(B)/lib/candidates-planted.o $(BASE_OBJS) $(B)/lib25519.map\n"
              "\t@mkdir -p $(B)/planted\n"
              "\t$(LINKCC) %s -o $@ $(B)/lib/candidates-planted.o $(BASE_OBJS) %s $(LDFLAGS)\n\n"
              % (sharedflags, "$(PLANTED_OBJS)"))
    mk.append("$(PKG)/include/lib25519.h: $(B)/include/lib25519.h\n\t@mkdir -p $(PKG)/include\n\tcp $< $@\n\n")
    # commands
    cmd_targets = []
    tests = sorted(f for f in os.listdir(os.path.join(src, "tests")) if f.startswith("test-") and f.endswith(".c"))
    tested = [t[len("test-"):-2] for t in tests]
    known = set(p.name for p in prims)
    testsrcs = [os.path.join(src, "tests", t) for t, nm in zip(tests, tested) if nm in known]
    write(os.path.join(build, "dispatch", "tests-list.h"),
          GENERATED + "".join("TEST(%s)\n" % nm for nm in tested if nm in known))
    for c in COMMANDS:
        csrc = os.path.join(src, "command", c + ".c")
        if not os.path.exists(csrc):
            continue
        extra = []
        if c == "lib25519-test":
            extra = [os.path.join(src, "tests", "testlib.c")] + testsrcs
        if c == "lib25519-speed":
            extra = [os.path.join(src, "cpucycles", "cpucycles.c")]
        target = "$(PKG)/bin/%s" % c
        cmd_targets.append(target)
        mk.append("%s: %s %s $(PKG)/include/lib25519.h $(PKG)/lib/lib25519.so.1 $(SRC)/tests/testlib.h $(SRC)/command/cli.h\n"
                  "\t@mkdir -p $(PKG)/bin\n"
                  "\t%s -I$(PKG)/include -I$(SRC)/tests -I$(SRC)/cpucycles -I$(B)/dispatch %s -o $@ %s %s "
                  "-L$(PKG)/lib -l25519 $(LDFLAGS)\n\n"
                  % (target, csrc, " ".join(extra), cc0.replace("-fPIC", "-fPIE -pie"), defs, csrc, " ".join(extra)))
    fulltest = os.path.join(src, "command", "lib25519-fulltest.sh")
    if os.path.exists(fulltest):
        cmd_targets.append("$(PKG)/bin/lib25519-fulltest")
        mk.append("$(PKG)/bin/lib25519-fulltest: %s\n\t@mkdir -p $(PKG)/bin\n\tcp %s $@\n\tchmod 755 $@\n\n"
                  % (fulltest, fulltest))
    mk.append("commands: %s\n\n" % " ".join(cmd_targets))
    mandir = os.path.join(src, "doc", "man")
    if os.path.exists(os.path.join(src, "scripts", "mkman")):
        mk.append("man: $(PKG)/man/.stamp\n$(PKG)/man/.stamp: $(wildcard $(SRC)/doc/man/*.md) $(SRC)/scripts/mkman\n"
                  "\t$(PYTHON) $(SRC)/scripts/mkman $(SRC)/doc/man $(PKG)/man\n\ttouch $@\n\n")
    else:
        mk.append("man:\n\n")
    mk.append(INSTALL_RULES)
    write(os.path.join(build, "Makefile"), "".join(mk))
    npairs = len([p for p in allpairs if not p["planted"]])
    print("configure: %d primitives, %d implementation/compiler pairs for %s in %s"
          % (len(prims), npairs, host, os.path.relpath(build, src)))


INSTALL_RULES = r"""
install: all
	install -d $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(BINDIR) $(DESTDIR)$(PKGCONFIGDIR)
	install -m 644 $(PKG)/include/lib25519.h $(DESTDIR)$(INCLUDEDIR)/lib25519.h
	install -m 755 $(PKG)/lib/lib25519.so.1 $(DESTDIR)$(LIBDIR)/lib25519.so.1
	ln -sf lib25519.so.1 $(DESTDIR)$(LIBDIR)/lib25519.so
	install -m 644 $(PKG)/lib/lib25519.a $(DESTDIR)$(LIBDIR)/lib25519.a
	printf 'prefix=%s\nlibdir=%s\nincludedir=%s\n\nName: lib25519\nDescription: X25519 key exchange and Ed25519 signatures\nVersion: %s\nLibs: -L$${libdir} -l25519\nCflags: -I$${includedir}\n' \
	  '$(PREFIX)' '$(LIBDIR)' '$(INCLUDEDIR)' '$(VERSION)' > $(DESTDIR)$(PKGCONFIGDIR)/lib25519.pc
	chmod 644 $(DESTDIR)$(PKGCONFIGDIR)/lib25519.pc
	for f in $(PKG)/bin/*; do install -m 755 $$f $(DESTDIR)$(BINDIR)/; done
	if [ -d $(PKG)/man/man1 ]; then install -d $(DESTDIR)$(MANDIR)/man1 && install -m 644 $(PKG)/man/man1/* $(DESTDIR)$(MANDIR)/man1/; fi
	if [ -d $(PKG)/man/man3 ]; then install -d $(DESTDIR)$(MANDIR)/man3 && install -m 644 $(PKG)/man/man3/* $(DESTDIR)$(MANDIR)/man3/; fi

uninstall:
	rm -f $(DESTDIR)$(INCLUDEDIR)/lib25519.h $(DESTDIR)$(LIBDIR)/lib25519.so.1 $(DESTDIR)$(LIBDIR)/lib25519.so
	rm -f $(DESTDIR)$(LIBDIR)/lib25519.a $(DESTDIR)$(PKGCONFIGDIR)/lib25519.pc
	for f in $(PKG)/bin/*; do rm -f $(DESTDIR)$(BINDIR)/$$(basename $$f); done
	if [ -d $(PKG)/man/man1 ]; then for f in $(PKG)/man/man1/*; do rm -f $(DESTDIR)$(MANDIR)/man1/$$(basename $$f); done; fi
	if [ -d $(PKG)/man/man3 ]; then for f in $(PKG)/man/man3/*; do rm -f $(DESTDIR)$(MANDIR)/man3/$$(basename $$f); done; fi
"""

if __name__ == "__main__":
    main()
