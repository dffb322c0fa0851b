# SPDX-License-Identifier: MIT
"""./configure: generate the build tree build/ARCH/ (build/0 points to it).

In order:
  1. the inventory (scripts/configure_inventory.py): primitives
     (crypto_OP/api, crypto_OP/PRIM/sizes), implementations
     (crypto_OP/PRIM/IMPL/, IMPL/architectures), compilers (compilers/TAG
     after CC, CFLAGS), and their pairs ordered by priority/CLASS/OP_PRIM (one order per
     instruction-set class of cpuid/classes) and trimmed;
  2. the headers and export list (scripts/configure_headers.py);
  3. the dispatcher's candidate table (scripts/configure_dispatch.py); the
     dispatcher itself is hand-written C in dispatch/ (doc/internals.md,
     "Self-tests and dispatch");
  4. the Makefile (scripts/configure_makefile.py).

Runs once per configure; the Makefile never calls python again except to
make man pages.
"""

import os
import platform
import re
import shutil
import sys

# the source tree is not written to: no __pycache__ next to the modules
sys.dont_write_bytecode = True

import configure_dispatch  # noqa: E402
import configure_headers  # noqa: E402
import configure_inventory  # noqa: E402
import configure_makefile  # noqa: E402
from configure_inventory import die  # noqa: E402

# the release this tree implements (scripts/mkman reads it from here)
VERSION = "20241004"

USAGE = ("usage: ./configure [--prefix=DIR] [--host=amd64|arm64|ARCH] [--no-trim] [--no-planted] [--builddir=NAME] [--priority=DIR]\n"
         "  --priority=DIR   candidate orders from DIR instead of priority/ (tests)\n"
         "  --builddir=NAME  build in build/NAME and leave build/0 alone (sanitizer or cross builds)\n"
         "environment: CC, CFLAGS, LDFLAGS (appended to every compiler line)")


def parse_args(argv):
    """the options as a dict: prefix, host, trim, planted, builddir, priority"""
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
            print(USAGE)
            sys.exit(0)
        else:
            die("unknown option %s (try --help)" % a)
    return opts


def native_arch():
    """the architecture configure runs on, in compilers/ naming"""
    m = platform.machine().lower()
    if m in ("x86_64", "amd64"):
        return "amd64"
    if m in ("aarch64", "arm64"):
        return "arm64"
    return re.sub(r"[^a-z0-9]", "", m) or "default"


def host_arch(requested, native):
    """--host (with the usual aliases), else the native architecture"""
    host = requested or native
    return {"aarch64": "arm64", "x86_64": "amd64"}.get(host, host)


def fresh_build_dir(src, host, builddir):
    """Empty build/HOST (or build/BUILDDIR); without --builddir point
    build/0 at it."""
    build = os.path.join(src, "build", builddir or host)
    if os.path.exists(build):
        shutil.rmtree(build)
    os.makedirs(build)
    if not builddir:
        link = os.path.join(src, "build", "0")
        if os.path.islink(link) or os.path.exists(link):
            os.remove(link)
        os.symlink(host, link)
    return build


def main():
    src = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    opts = parse_args(sys.argv[1:])
    native = native_arch()
    host = host_arch(opts["host"], native)
    inv = configure_inventory.take_inventory(src, host, host == native, opts["planted"], opts["trim"],
                                             opts["priority"])
    build = fresh_build_dir(src, host, opts["builddir"])
    configure_headers.write_headers(build, inv, VERSION)
    configure_dispatch.write_dispatch(build, inv)
    configure_makefile.write_makefile(src, build, inv, opts["prefix"], VERSION)
    print("configure: %d primitives, %d implementation/compiler pairs for %s in %s"
          % (len(inv.prims), len(inv.shipped_pairs()), host, os.path.relpath(build, src)))


if __name__ == "__main__":
    main()
