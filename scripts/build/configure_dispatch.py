# SPDX-License-Identifier: MIT
"""configure, part 2b: the dispatcher's candidate table.

The dispatcher is hand-written C (dispatch/dispatch.c, dispatch.h); this
writes only what depends on the inventory, into build/ARCH/dispatch/:

  candidates.c   per primitive: the C types of its functions, the entry
                 points of its pairs, the candidate array best first, and
                 one LIB25519_DISPATCH_* macro line per exported function
                 (dispatch.h expands them into the wrappers);
  selftest_P.c   per primitive: crypto_OP/PRIM/selftest.c run on one
                 candidate (its own file, as every selftest.c defines a
                 static function named selftest).
"""

import os
import re

from configure_inventory import feature_words
from configure_text import c_string, generated, param_list, write_file

GENERATED = generated("configure_dispatch.py")

CANDIDATES_HEAD = GENERATED + """/* The instruction-set classes of this architecture (cpuid/classes), and
   the candidates of every primitive in the order of the richest class
   (priority/CLASS/, then unmeasured pairs, portable ones last), each with
   its rank in the order of every class; and the exported functions.
   Only data and macro lines: the macros are in dispatch/dispatch.h, every
   decision (CPU check, self-test, the remembered choice, the fallback) is in
   dispatch/dispatch.c. Compiled once for the library, once with
   -DLIB25519_WITH_PLANTED for the test-only library with planted pairs,
   and once more with -DLIB25519_ONLY_PLANTED too for the test-only library
   in which the primitives that have planted pairs have only those. */
#include <lib25519.h>
#include "dispatch.h"
#include "pairs.h"

"""


def shown_compiler(line):
    """the compiler line as lib25519_*_compiler() reports it: without the
    path-remapping flags distributions put in CFLAGS (they hold the build
    directory, which must not end up in the library: reproducible builds)"""
    return " ".join(w for w in line.split()
                    if not re.match(r"^-f(file|debug|macro|profile)-prefix-map=", w))


def features_expr(tag):
    """the CPU_FEATURE_* bits of a tag as a C expression ('0' for default)"""
    return " | ".join("CPU_FEATURE_%s" % w for w in feature_words(tag) if w != "default") or "0"


def guard(pr):
    """the #if line that keeps pair pr out when it did not compile (pairs.h),
    a planted pair out of the real library, and, with LIB25519_ONLY_PLANTED
    (the test library in which a primitive with planted pairs has nothing
    else, so that a failing self-test has no candidate to fall back on),
    the real pairs of such a primitive"""
    if pr.planted:
        return "#if defined(%s) && defined(LIB25519_WITH_PLANTED)\n" % pr.okmacro
    if any(q.planted for q in pr.prim.pairs):
        return "#if defined(%s) && !defined(LIB25519_ONLY_PLANTED)\n" % pr.okmacro
    return "#ifdef %s\n" % pr.okmacro


def entry_name(pr, suffix):
    """the C name of one entry point of pair pr"""
    return pr.prefix + pr.prim.fname(suffix)


def function_types(p):
    """typedef P_fK: the C function type of entry K of p"""
    o = ["_Static_assert(%d <= LIB25519_MAXFUNCTIONS, \"%s: raise LIB25519_MAXFUNCTIONS\");\n"
         % (len(p.entries), p.name)]
    for k, (_, ret, params) in enumerate(p.entries):
        o.append("typedef %s %s_f%d(%s);\n" % (ret, p.name, k, ",".join(params)))
    return o


def entry_declarations(p):
    """extern declarations of the entry points of every pair of p"""
    o = []
    for pr in p.pairs:
        o.append(guard(pr))
        for k, (suffix, _, _) in enumerate(p.entries):
            o.append("extern %s_f%d %s;\n" % (p.name, k, entry_name(pr, suffix)))
        o.append("#endif\n")
    return o


def class_table(inv):
    """lib25519_internal_classes[]: the name and instruction sets of every
    class of the host, poorest first (the dispatcher takes the last one the
    CPU satisfies)"""
    o = ["/* instruction-set classes (cpuid/classes), poorest first */\n",
         "_Static_assert(%d <= LIB25519_MAXCLASSES, \"cpuid/classes: raise LIB25519_MAXCLASSES\");\n"
         % len(inv.classes),
         "const struct lib25519_class lib25519_internal_classes[] = {\n"]
    for name, sets in inv.classes:
        o.append("  {%s, %s},\n" % (c_string(name), features_expr("+".join(sets))))
    o.append("};\nconst int lib25519_internal_numclasses = %d;\n\n" % len(inv.classes))
    return "".join(o)


def candidate_array(p):
    """P_candidates[]: name, compiler, needed instruction sets, entry
    points and rank per class of each pair, in the richest class's order"""
    o = ["static const struct lib25519_candidate %s_candidates[] = {\n" % p.name]
    for pr in p.pairs:
        entries = ",\n    ".join("LIB25519_ENTRY(%s)" % entry_name(pr, s) for s, _, _ in p.entries)
        o.append("%s  {%s, %s, %s,\n   {%s},\n   {%s}},\n#endif\n"
                 % (guard(pr), c_string(pr.impl), c_string(shown_compiler(pr.compiler)),
                    features_expr(pr.tag), entries, ", ".join(str(r) for r in pr.ranks)))
    o.append("  LIB25519_END_OF_CANDIDATES\n};\n")
    return o


def wrapper_lines(p):
    """LIB25519_DISPATCH_PRIMITIVE and one LIB25519_DISPATCH_*FUNCTION line
    per function of p (the wrappers, expanded by dispatch/dispatch.h)"""
    o = ["LIB25519_DISPATCH_PRIMITIVE(%s)\n" % p.name]
    for k, (suffix, ret, params) in enumerate(p.functions):
        name = p.pubname(suffix)[len("lib25519_"):]
        named = "(%s)" % param_list(params, names=True)
        args = "(%s)" % ", ".join("a%d" % i for i in range(len(params)))
        if ret == "void":
            o.append("LIB25519_DISPATCH_VOID_FUNCTION(%s, %d, %s, %s, %s)\n" % (p.name, k, name, named, args))
        else:
            o.append("LIB25519_DISPATCH_FUNCTION(%s, %d, %s, %s, %s, %s)\n" % (p.name, k, ret, name, named, args))
    return o


def candidates_part(p):
    """candidates.c's part for primitive p"""
    o = ["/* ---- %s: crypto_%s/%s, %d candidates, richest class's order ---- */\n\n"
         % (p.name, p.op, p.prim, len(p.pairs))]
    o += function_types(p) + ["\n"]
    o += entry_declarations(p) + ["\n"]
    o += candidate_array(p) + ["\n"]
    o += wrapper_lines(p) + ["\n"]
    return "".join(o)


def selftest_wrapper(p):
    """selftest_P.c: crypto_OP/PRIM/selftest.c run on one candidate, its
    entry points (the exported functions, then the 'selftest' entries of
    crypto_OP/api) converted back to their C types"""
    args = ",\n                  ".join("(%s (*)(%s))c->f[%d]" % (ret, ",".join(params), i)
                                       for i, (_, ret, params) in enumerate(p.entries))
    return (GENERATED +
            "/* %s: the known-answer self-test the dispatcher (dispatch/dispatch.c)\n"
            "   runs on a candidate before choosing it; 0 when it passes */\n"
            "#include <lib25519.h>\n"
            "#include \"dispatch.h\"\n"
            "#include \"%s\"\n\n"
            "int lib25519_selftest_%s(const struct lib25519_candidate *c)\n{\n"
            "  return selftest(%s);\n}\n"
            % (p.name, os.path.join(p.dir, "selftest.c"), p.name, args))


def write_dispatch(build, inv):
    """Write candidates.c and the selftest_P.c files of inventory inv."""
    d = os.path.join(build, "dispatch")
    for p in inv.prims:
        write_file(os.path.join(d, "selftest_%s.c" % p.name), selftest_wrapper(p))
    write_file(os.path.join(d, "candidates.c"),
               CANDIDATES_HEAD + class_table(inv) + "".join(candidates_part(p) for p in inv.prims))
