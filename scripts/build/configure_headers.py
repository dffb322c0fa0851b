# SPDX-License-Identifier: MIT
"""configure, part 2a: the headers and the export list.

  include/lib25519.h                 the public header (doc/api.md);
  include-impl/OP_PRIM/crypto_OP.h   what an implementation of OP_PRIM
                                     includes: its namespaced entry points;
  include-call/crypto_OP_PRIM.h      how any implementation calls another
                                     primitive (through the dispatcher);
  exports.txt, lib25519.map          the exported names (the linker's
                                     version script keeps all others local).
"""

import os

from configure_inventory import c_ident
from configure_text import c_string, generated, proto, write_file

GENERATED = generated("configure_headers.py")


def public_names(p):
    """(suffix, ret, params, exported name, name after lib25519_) per function of p"""
    return [(suffix, ret, params, p.pubname(suffix), p.pubname(suffix)[len("lib25519_"):])
            for suffix, ret, params in p.functions]


def public_primitive(p):
    """lib25519.h's part for primitive p: sizes, functions, their
    lib25519_dispatch_ variants, names and enumeration; for the default
    primitive of an operation also the short names (lib25519_nG_...)"""
    o = []
    if p.default:
        for n, v in p.sizes:
            o.append("#define lib25519_%s_%s %s\n" % (p.op, n, v))
        o.append("\n")
    for n, v in p.sizes:
        o.append("#define lib25519_%s_%s %s\n" % (p.name, n, v))
    o.append("\n")
    for suffix, ret, params, pub, bare in public_names(p):
        if p.default:
            o.append("#define lib25519_%s %s\n" % (p.fname(suffix), pub))
            o.append("#define lib25519_dispatch_%s lib25519_dispatch_%s\n\n" % (p.fname(suffix), bare))
        o.append("extern %s;\n" % proto(ret, pub, params))
        o.append("extern %s (*lib25519_dispatch_%s(long long))(%s);\n\n" % (ret, bare, ",".join(params)))
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
    return o


def public_header(prims, host, version):
    """include/lib25519.h"""
    o = [GENERATED,
         "/* SPDX-License-Identifier: MIT */\n",
         "/* The stable API is the one in doc/api.md (lib25519_dh, lib25519_sign, ...).\n"
         "   The other functions here serve tests and benchmarks and may change. */\n\n",
         "#ifndef lib25519_h\n#define lib25519_h\n\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n",
         "#define lib25519_version %s\n" % c_string(version),
         "#define lib25519_arch %s\n\n" % c_string(host),
         "extern void lib25519_cpuid(unsigned int *,long long);\n\n"]
    for p in prims:
        o += public_primitive(p)
    o.append("#ifdef __cplusplus\n}\n#endif\n\n#endif\n")
    return "".join(o)


def exported_symbols(prims):
    """every name the shared library exports, sorted"""
    names = ["lib25519_cpuid"]
    for p in prims:
        for _, _, _, pub, bare in public_names(p):
            names.append(pub)
            names.append("lib25519_dispatch_" + bare)
        names += ["lib25519_%s_implementation" % p.name, "lib25519_%s_compiler" % p.name,
                  "lib25519_dispatch_%s_implementation" % p.name,
                  "lib25519_dispatch_%s_compiler" % p.name, "lib25519_numimpl_%s" % p.name]
    return sorted(names)


def impl_header(p):
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
    for suffix, ret, params in p.entries:
        o.append("#define crypto_%s CRYPTO_NAMESPACE(%s)\n" % (p.fname(suffix), p.fname(suffix)))
    o.append("\n#ifndef __ASSEMBLER__\n")
    for suffix, ret, params in p.entries:
        o.append("extern %s;\n" % proto(ret, "crypto_" + p.fname(suffix), params))
    o.append("#endif\n\n#endif\n")
    return "".join(o)


def caller_header(p):
    """crypto_OP_PRIM.h: how any implementation calls the dispatched primitive"""
    g = "CRYPTO_CALL_H_" + c_ident(p.name)
    o = [GENERATED, "#ifndef %s\n#define %s\n\n#include <lib25519.h>\n\n" % (g, g)]
    for n, v in p.sizes:
        o.append("#define crypto_%s_%s %s\n" % (p.name, n, v))
    for _, _, _, _, bare in public_names(p):
        o.append("#define crypto_%s lib25519_%s\n" % (bare, bare))
    o.append("\n#endif\n")
    return "".join(o)


def write_headers(build, inv, version):
    """Write the headers and the export list of inventory inv into build."""
    write_file(os.path.join(build, "include", "lib25519.h"), public_header(inv.prims, inv.host, version))
    for p in inv.prims:
        write_file(os.path.join(build, "include-impl", p.name, "crypto_%s.h" % p.op), impl_header(p))
        write_file(os.path.join(build, "include-call", "crypto_%s.h" % p.name), caller_header(p))
    syms = exported_symbols(inv.prims)
    write_file(os.path.join(build, "exports.txt"),
               generated("configure_headers.py", "# %s") + "".join(s + "\n" for s in syms))
    write_file(os.path.join(build, "lib25519.map"),
               GENERATED + "{\n  global:\n"
               + "".join("    %s;\n" % s for s in syms) + "  local:\n    *;\n};\n")
