# SPDX-License-Identifier: MIT
"""configure, part 1: the inventory. What the source tree offers for one
host architecture, with nothing written yet:

  primitives       crypto_OP/api (the C functions of each operation) and
                   crypto_OP/PRIM/sizes (its size macros);
  implementations  crypto_OP/PRIM/IMPL/ with .c or .S files, and the
                   instruction-set tags each needs (IMPL/architectures; no
                   file = portable, built with the baseline compilers);
  compilers        compilers/TAG, one command line per line, after CC,
                   CFLAGS from the environment;
  classes          cpuid/classes: the instruction-set classes of the host,
                   poorest first;
  pairs            every implementation with every compiler line of each tag
                   it asks for: the dispatcher's candidates, ordered per
                   class by priority/CLASS/OP_PRIM (scripts/gen/prioritize) and
                   trimmed.

take_inventory() does all of it; the writers (configure_headers,
configure_dispatch, configure_makefile) only read its result.
"""

import os
import re
import shlex
import shutil
import subprocess
import sys

# the operations, in the order of lib25519.h
OPERATIONS = ["verify", "hashblocks", "hash", "pow", "powbatch", "nP", "nPbatch",
              "nG", "mGnP", "multiscalar", "dh", "sign"]
SOURCE_SUFFIXES = (".c", ".S")


def die(msg):
    """Stop configure with a message (exit status 111)."""
    sys.stderr.write("configure: %s\n" % msg)
    sys.exit(111)


def read_lines(path):
    """The non-empty lines of a file, stripped; '#' starts a comment line."""
    out = []
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip() if line.lstrip().startswith("#") else line.strip()
            if line:
                out.append(line)
    return out


def c_ident(s):
    """s with every character that cannot be in a C identifier made '_'."""
    return re.sub(r"[^A-Za-z0-9_]", "_", s)


# ---------------------------------------------------------------- primitives

class Primitive:
    """crypto_OP/PRIM: its functions, sizes, implementations and, once
    paired, its ordered candidate pairs."""

    def __init__(self, op, prim, functions, selftest_functions, sizes, default, directory):
        self.op = op
        self.prim = prim
        self.name = "%s_%s" % (op, prim)
        self.functions = functions  # list of (suffix, ret, [param types]); suffix "-" is the operation itself
        self.selftest_functions = selftest_functions  # the same, for entries only the self-test calls
        self.entries = functions + selftest_functions  # every entry point of a candidate, in this order
        self.sizes = sizes  # list of (NAME, value)
        self.default = default  # the short names lib25519_OP_... refer to this primitive
        self.dir = directory
        self.impls = []  # Implementation, one per (directory, tag)
        self.pairs = []  # Pair, best first

    def fname(self, suffix):
        """C name of a function of the operation: crypto_OP or crypto_OP_SUFFIX"""
        return self.op if suffix == "-" else "%s_%s" % (self.op, suffix)

    def pubname(self, suffix):
        """the exported name: lib25519_OP_PRIM or lib25519_OP_PRIM_SUFFIX"""
        return "lib25519_" + self.name + ("" if suffix == "-" else "_" + suffix)


def parse_params(params):
    """'(const unsigned char *,long long)' -> list of parameter types"""
    inner = params.strip()
    assert inner[0] == "(" and inner[-1] == ")", params
    inner = inner[1:-1].strip()
    return [p.strip() for p in inner.split(",")] if inner else []


def read_api(d):
    """crypto_OP/api -> (functions, selftest functions, default primitive or None).
    A 'function' line is exported (lib25519_OP_PRIM_SUFFIX); a 'selftest'
    line is an entry point every implementation defines as well but that
    only the primitive's self-test calls (e.g. keypair from a given seed:
    the deterministic part of a function that draws randomness)."""
    functions, selftests, default = [], [], None
    for line in read_lines(os.path.join(d, "api")):
        w = line.split(None, 1)
        if w[0] == "default":
            default = w[1].strip()
        elif w[0] in ("function", "selftest"):
            m = re.match(r"(\S+)\s+(\w+)\s*(\(.*\))$", w[1].strip())
            if not m or (w[0] == "selftest" and m.group(1) == "-"):
                die("bad %s line in %s/api: %s" % (w[0], d, line))
            (functions if w[0] == "function" else selftests).append(
                (m.group(1), m.group(2), parse_params(m.group(3))))
    return functions, selftests, default


def read_primitives(src):
    """Every crypto_OP/PRIM with a sizes file, operations in OPERATIONS order."""
    prims = []
    for op in OPERATIONS:
        d = os.path.join(src, "crypto_" + op)
        if not os.path.isdir(d):
            continue
        functions, selftests, default = read_api(d)
        for prim in sorted(os.listdir(d)):
            pd = os.path.join(d, prim)
            if not os.path.isfile(os.path.join(pd, "sizes")):
                continue
            sizes = [tuple(l.split()) for l in read_lines(os.path.join(pd, "sizes"))]
            prims.append(Primitive(op, prim, functions, selftests, sizes, default is None or default == prim, pd))
    return prims


# ----------------------------------------------------------------- compilers

def compiler_family(line):
    """'gcc', 'clang' or the program name of a compiler line"""
    first = os.path.basename(line.split()[0])
    if "clang" in first:
        return "clang"
    if "gcc" in first or first == "cc":
        return "gcc"
    return first


def cc_family(cc):
    """the family of the compiler $CC names, asked with --version"""
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


def read_compilers(src, host, native, rewrite=None):
    """tag -> list of compiler lines, for the tags of host and 'default'.
    rewrite (a cross build for a GNU triplet) adapts each line first; CC
    replaces the program of each line (keeping the lines of its family, or
    the first line); CFLAGS is appended to every line."""
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
        if rewrite:
            lines = [rewrite(l) for l in lines]
        if cc:
            same = [l for l in lines if compiler_family(l) == fam] or lines[:1]
            lines = [" ".join([cc] + l.split()[1:]) for l in same]
        else:
            lines = [resolve_compiler(l, native) for l in lines]
        if cflags:
            lines = [l + " " + cflags for l in lines]
        tags[tag] = lines
    return tags


def baseline_tag(host, compilers):
    """the tag of portable code: compilers/HOST, else compilers/default"""
    return host if host in compilers else "default"


def strip_cflags(line):
    """a compiler line without the CFLAGS configure appended"""
    cflags = os.environ.get("CFLAGS", "").strip()
    if cflags and line.endswith(" " + cflags):
        return line[: -len(cflags) - 1]
    return line


# ----------------------------------------------------------- implementations

def normalize_tag(words):
    """'amd64 bmi2 adx' (an architectures line) -> 'amd64+adx+bmi2'"""
    words = [w for w in words if w]
    return "+".join([words[0]] + sorted(set(words[1:])))


def feature_words(tag):
    """'amd64+adx+bmi2' -> ['amd64', 'adx', 'bmi2']: the architecture, then
    the instruction sets (CPU_FEATURE_* names)"""
    return tag.split("+")


def is_portable(tag):
    """needs no optional instruction set"""
    return len(feature_words(tag)) == 1


class Implementation:
    """crypto_OP/PRIM/IMPL/ to be built for one instruction-set tag"""

    def __init__(self, name, directory, sources, tag, planted):
        self.name = name
        self.dir = directory
        self.sources = sources  # .c and .S file names
        self.tag = tag
        self.planted = planted  # from tests/planted/: test-only library


def implementation_tags(idir, host, baseline):
    """the tags crypto_OP/PRIM/IMPL asks for on host"""
    archfile = os.path.join(idir, "architectures")
    if not os.path.exists(archfile):
        return [baseline]
    tags = [normalize_tag(l.split()) for l in read_lines(archfile)]
    return [t for t in tags if t.split("+")[0] == host]


def find_implementations(src, prims, host, compilers, planted):
    """Fill p.impls of every primitive (and of the planted ones of
    tests/planted/ when planted is set); a tag without compilers/TAG is
    skipped with a notice."""
    baseline = baseline_tag(host, compilers)
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
                for t in implementation_tags(idir, host, baseline):
                    if t not in compilers:
                        print("notice: skipping %s/%s/%s: no compilers/%s" % (p.op, p.prim, impl, t))
                        continue
                    p.impls.append(Implementation(impl, idir, sources, t, kind == "planted"))


# ------------------------------------------------------------------ classes

def read_classes(src):
    """cpuid/classes: [(NAME, [arch, set, ...])], poorest first within an
    architecture; the dispatcher uses the last one a CPU satisfies"""
    out = []
    for line in read_lines(os.path.join(src, "cpuid", "classes")):
        w = line.split()
        if len(w) < 2 or not re.match(r"^[A-Za-z0-9_.-]+$", w[0]):
            die("bad line in cpuid/classes: %s" % line)
        out.append((w[0], w[1:]))
    return out


def host_classes(src, host):
    """the classes of host, poorest first; a host without any gets one
    class with no optional instruction set"""
    return [c for c in read_classes(src) if c[1][0] == host] or [(host + "-base", ["default"])]


# ----------------------------------------------------------------- the pairs

class Pair:
    """One implementation compiled with one compiler line: one candidate of
    the dispatcher, built in build/ARCH/obj/ID/."""

    def __init__(self, prim, impl, compiler, compiler_index):
        self.prim = prim
        self.impl = impl.name
        self.dir = impl.dir
        self.sources = impl.sources
        self.tag = impl.tag
        self.planted = impl.planted
        self.compiler = compiler
        self.compiler_index = compiler_index  # its line in compilers/TAG
        # set by number_pairs, once the order is known
        self.id = None
        self.prefix = None  # CRYPTO_PREFIX: the namespace of its symbols
        self.okmacro = None  # LIB25519_OK_ID, defined when it compiled
        self.ranks = []  # its place in the order of each class (pair_primitive)


def read_priority(src, prim, priority_dir, cname):
    """priority/CLASS/OP_PRIM: (IMPL, compiler line) best first, as written
    by scripts/gen/prioritize; empty when there is no such file"""
    path = os.path.join(priority_dir or os.path.join(src, "priority"), cname, prim.name)
    order = []
    if os.path.exists(path):
        for line in read_lines(path):
            w = line.split(None, 1)
            order.append((w[0], w[1] if len(w) > 1 else ""))
    return order


def order_pairs(pairs, order):
    """Sort the pairs of one primitive: planted first (test builds only), then
    as priority/ says (by exact compiler line, else by compiler family), then
    unmeasured ones with more instruction sets first, then those written for
    the architecture (an `architectures` file: assembly or intrinsics for
    this CPU family) before portable C; ties by implementation name and
    compiler line."""
    rank = {}
    for i, (impl, comp) in enumerate(order):
        rank.setdefault((impl, comp), i)
        rank.setdefault((impl, compiler_family(comp) if comp else ""), i)

    def key(pr):
        measured = rank.get((pr.impl, strip_cflags(pr.compiler)))
        if measured is None:
            measured = rank.get((pr.impl, compiler_family(pr.compiler)))
        nfeat = len(feature_words(pr.tag)) - 1
        targeted = os.path.exists(os.path.join(pr.dir, "architectures"))
        return (0 if pr.planted else 1,
                0 if measured is not None else 1,
                measured if measured is not None else 0,
                -nfeat, 0 if targeted else 1, pr.impl, pr.compiler_index)
    pairs.sort(key=key)


def trim_pairs(pairs):
    """Keep a pair only if some CPU would select it: walking the priority
    order, a pair is unreachable once an earlier (non-planted) pair needs a
    subset of its instruction sets (that one always wins where this one
    could run). Planted pairs are always kept. A portable pair is always
    kept for the self-test fallback (the walk keeps the first one anyway;
    the last line states the guarantee)."""
    kept = []
    for pr in pairs:
        need = set(feature_words(pr.tag)[1:])
        if pr.planted or not any(set(feature_words(k.tag)[1:]) <= need and not k.planted for k in kept):
            kept.append(pr)
    portable = [pr for pr in pairs if is_portable(pr.tag)]
    if portable and not any(is_portable(k.tag) for k in kept):
        kept.append(portable[0])
    return kept


def pair_primitive(src, p, compilers, trim, priority_dir, classes):
    """p.pairs: every implementation of p with every compiler line of its
    tag, in the order of the richest class, each with .ranks: its place in
    the order of every class (classes: host_classes). Trimmed if asked
    (only where priority/ has an order): a pair stays when some class's
    order keeps it."""
    pairs = [Pair(p, im, line, ci) for im in p.impls for ci, line in enumerate(compilers[im.tag])]
    orders = [read_priority(src, p, priority_dir, cname) for cname, _ in classes]
    ordered = []
    for order in orders:
        one = list(pairs)
        order_pairs(one, order)
        ordered.append(one)
    if trim and any(orders):
        keep = set()
        for one in ordered:
            keep.update(id(pr) for pr in trim_pairs(one))
        ordered = [[pr for pr in one if id(pr) in keep] for one in ordered]
    for pr in ordered[-1]:
        pr.ranks = [one.index(pr) for one in ordered]
    p.pairs = ordered[-1]


def number_pairs(prims):
    """Give every pair of every primitive its build number, in order, and
    the names that come from it; returns all pairs."""
    allpairs = []
    for p in prims:
        for pr in p.pairs:
            pr.id = len(allpairs)
            pr.prefix = "lib25519_impl_%s_" % c_ident("%s_%s_%s" % (p.name, pr.impl, pr.id))
            pr.okmacro = "LIB25519_OK_%d" % pr.id
            allpairs.append(pr)
    return allpairs


# ------------------------------------------------------------- the inventory

class Inventory:
    """Everything the writers need: host, compilers, the primitives that
    are built (each with .pairs) and all their pairs in build order."""

    def __init__(self, host, compilers, prims, pairs, classes):
        self.host = host
        self.classes = classes  # host_classes: [(NAME, [arch, set, ...])], poorest first
        self.compilers = compilers
        self.baseline = baseline_tag(host, compilers)
        self.prims = prims
        self.pairs = pairs

    def shipped_pairs(self):
        """the pairs of the real library (not the planted test-only ones)"""
        return [pr for pr in self.pairs if not pr.planted]


def buildable(p):
    """Can p be built? It needs an implementation and a self-test; if not,
    say why (the exported-symbol test then notices the missing primitive)."""
    if not p.impls:
        print("notice: no implementation of %s; leaving it out" % p.name)
        return False
    if not os.path.exists(os.path.join(p.dir, "selftest.c")):
        print("notice: %s has no selftest.c; leaving it out" % p.name)
        return False
    return True


def take_inventory(src, host, native, planted, trim, priority_dir, rewrite=None):
    """The inventory of the source tree src for host (native: configure
    runs on host), with or without the planted test pairs, trimmed or not,
    ordered by priority_dir (None: src/priority), compiler lines adapted by
    rewrite (see read_compilers)."""
    compilers = read_compilers(src, host, native, rewrite)
    prims = read_primitives(src)
    find_implementations(src, prims, host, compilers, planted)
    prims = [p for p in prims if buildable(p)]
    classes = host_classes(src, host)
    for p in prims:
        pair_primitive(src, p, compilers, trim, priority_dir, classes)
    return Inventory(host, compilers, prims, number_pairs(prims), classes)
