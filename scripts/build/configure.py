# SPDX-License-Identifier: MIT
"""./configure: generate the build tree build/ARCH/ (build/0 points to it).

In order:
  1. the inventory (scripts/build/configure_inventory.py): primitives
     (crypto_OP/api, crypto_OP/PRIM/sizes), implementations
     (crypto_OP/PRIM/IMPL/, IMPL/architectures), compilers (compilers/TAG
     after CC, CFLAGS), and their pairs ordered by priority/CLASS/OP_PRIM (one order per
     instruction-set class of cpuid/classes) and trimmed;
  2. the headers and export list (scripts/build/configure_headers.py);
  3. the dispatcher's candidate table (scripts/build/configure_dispatch.py); the
     dispatcher itself is hand-written C in dispatch/ (doc/internals.md,
     "Self-tests and dispatch");
  4. the Makefile and compile_commands.json (scripts/build/configure_makefile.py;
     build/compile_commands.json points at build/0's, where clangd finds it).

Runs once per configure; the Makefile never calls python again except to
make man pages.
"""

import os
import platform
import re
import shlex
import shutil
import sys

# the source tree is not written to: no __pycache__ next to the modules
sys.dont_write_bytecode = True

import configure_dispatch  # noqa: E402
import configure_headers  # noqa: E402
import configure_inventory  # noqa: E402
import configure_makefile  # noqa: E402
from configure_inventory import die  # noqa: E402

SRC = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# the lib25519 API level implemented: lib25519.h's lib25519_version (the
# project's own release number is the file VERSION, doc/abi.md)
API_VERSION = "20241004"


def release(src):
    """the first line of VERSION: YYYYMMDD, optionally .N (doc/abi.md)"""
    try:
        with open(os.path.join(src, "VERSION")) as f:
            v = f.readline().strip()
    except OSError:
        die("no VERSION file in %s" % src)
    if not re.match(r"^\d{8}(\.\d+)?$", v):
        die("VERSION holds %r, want YYYYMMDD or YYYYMMDD.N" % v)
    return v

USAGE = """usage: ./configure [OPTION]... [VAR=VALUE]...
  --prefix=DIR        install under DIR (default /usr/local)
  --exec-prefix=DIR   bindir and libdir default under DIR (default: prefix)
  --bindir=DIR, --libdir=DIR, --includedir=DIR, --datarootdir=DIR, --mandir=DIR
                      where make install puts each kind of file; may name
                      ${prefix}, ${exec_prefix} or ${datarootdir}, as autoconf's do
  --host=ARCH         a GNU triplet (x86_64-linux-gnu, i686-linux-gnu,
                      arm-linux-gnueabihf, s390x-linux-gnu, ...), a Debian
                      architecture name (amd64, arm64, i386, armhf, armel,
                      ppc64el, s390x, riscv64: its usual triplet), or any
                      other name (portable C, with cc)
  --build=TRIPLET     the machine configure runs on (checked, otherwise informative)
  --disable-silent-rules  make echoes every command by default (V=1)
  --strict            a pair that fails to compile fails the build (also: make STRICT=1)
  --no-trim           keep implementations no CPU would select (benchmarks, tests)
  --no-planted        do not compile the test-only planted implementations
  --builddir=NAME     build in build/NAME and leave build/0 alone (sanitizer or cross builds)
  --priority=DIR      candidate orders from DIR instead of priority/ (tests)
Other autoconf options (--sysconfdir, --localstatedir, --disable-dependency-tracking,
--program-prefix, ...) mean nothing here and are ignored with a warning.
environment (or VAR=VALUE arguments): CC, CFLAGS (appended to every compiler line),
CPPFLAGS (every compile), LDFLAGS (every link), AR, RANLIB, NM, OBJDUMP"""

# directory options that make install uses: option -> make variable
DIR_OPTIONS = {"prefix": "PREFIX", "exec-prefix": "EXEC_PREFIX", "bindir": "BINDIR", "libdir": "LIBDIR",
               "includedir": "INCLUDEDIR", "datarootdir": "DATAROOTDIR", "mandir": "MANDIR"}
# autoconf options that name nothing this build installs or does: accepted,
# with a warning, so that dh_auto_configure and %configure need no override
IGNORED_VALUE_OPTIONS = ("sbindir", "libexecdir", "sysconfdir", "sharedstatedir", "localstatedir",
                         "runstatedir", "oldincludedir", "datadir", "infodir", "localedir", "docdir",
                         "htmldir", "dvidir", "pdfdir", "psdir", "lispdir", "program-prefix",
                         "program-suffix", "program-transform-name", "target", "cache-file", "srcdir")
# passed by every dh_auto_configure; nothing to say about them
SILENT_FLAGS = ("--disable-option-checking", "--quiet", "--silent", "-q", "--enable-silent-rules")
# environment variables that may also be given as VAR=VALUE arguments
ENV_VARIABLES = ("CC", "CFLAGS", "CPPFLAGS", "LDFLAGS", "AR", "RANLIB", "NM", "OBJDUMP")


def warn(msg):
    """a configure warning on stderr"""
    sys.stderr.write("configure: warning: %s\n" % msg)


def parse_args(argv):
    """the options as a dict: dirs (make variable -> value), host, build,
    verbose, strict, trim, planted, builddir, priority"""
    opts = {"dirs": {"PREFIX": "/usr/local"}, "host": None, "build": None, "verbose": False,
            "strict": False, "trim": True, "planted": True, "builddir": None, "priority": None}
    for a in argv:
        key, eq, value = a.partition("=")
        opt = key[2:] if key.startswith("--") else None
        if opt in DIR_OPTIONS and eq:
            opts["dirs"][DIR_OPTIONS[opt]] = value
        elif opt in ("host", "build") and eq:
            opts[opt] = value
        elif opt == "builddir" and eq:
            opts["builddir"] = value
            if not re.match(r"^[A-Za-z0-9_.-]+$", value) or value in (".", "..", "0"):
                die("--builddir takes a plain name under build/")
        elif opt == "priority" and eq:
            opts["priority"] = os.path.abspath(value)
        elif a == "--no-trim":
            opts["trim"] = False
        elif a == "--no-planted":
            opts["planted"] = False
        elif a in ("--strict", "--enable-strict"):
            opts["strict"] = True
        elif a == "--disable-silent-rules":
            opts["verbose"] = True
        elif a in SILENT_FLAGS:
            pass
        elif a in ("-h", "--help"):
            print(USAGE)
            sys.exit(0)
        elif opt in IGNORED_VALUE_OPTIONS and eq:
            if opt == "srcdir" and os.path.realpath(value) != os.path.realpath(SRC):
                die("--srcdir=%s: this tree builds only from its own directory" % value)
            if value and opt not in ("srcdir", "cache-file"):
                warn("ignoring %s: nothing is installed there" % a if opt.endswith("dir")
                     else "ignoring %s: means nothing for this build" % a)
        elif re.match(r"^--(enable|disable|with|without)-[A-Za-z0-9_-]+(=.*)?$", a):
            warn("ignoring %s: means nothing for this build" % a)
        elif not key.startswith("-") and eq and key in ENV_VARIABLES:
            os.environ[key] = value
        else:
            die("unknown option %s (try --help)" % a)
    return opts


def native_arch():
    """the architecture configure runs on, in compilers/ naming"""
    cpu = platform.machine().lower()
    if cpu.startswith("arm") and cpu != "arm64":
        # 32-bit arm: the C library's loader says which ABI this system uses
        return "armhf" if os.path.exists("/lib/ld-linux-armhf.so.3") else "armel"
    return cpu_arch(cpu)


def cpu_arch(cpu, system=""):
    """a CPU name (the first part of a GNU triplet; system: the rest of the
    triplet, which tells the arm ABIs apart) in compilers/ naming: Debian's
    architecture names where it has one"""
    if cpu in ("x86_64", "amd64"):
        return "amd64"
    if cpu in ("aarch64", "arm64"):
        return "arm64"
    if re.match(r"^i[3-6]86$", cpu):
        return "i386"
    if re.match(r"^arm(v[0-9a-z]+)?$", cpu):
        return "armhf" if system.endswith("hf") else "armel"
    if cpu in ("powerpc64le", "ppc64le"):
        return "ppc64el"
    return re.sub(r"[^a-z0-9]", "", cpu) or "default"


# the toolchain prefix of an architecture when --host names no triplet:
# Debian's name for each release architecture (and arm64's short name)
DEFAULT_TRIPLETS = {"amd64": "x86_64-linux-gnu", "arm64": "aarch64-linux-gnu",
                    "i386": "i686-linux-gnu", "armhf": "arm-linux-gnueabihf", "armel": "arm-linux-gnueabi",
                    "ppc64el": "powerpc64le-linux-gnu", "s390x": "s390x-linux-gnu",
                    "riscv64": "riscv64-linux-gnu"}
# ELF e_machine and byte order (1 little, 2 big endian) of the objects for
# an architecture (checked when cross-compiling)
ELF_MACHINES = {"amd64": (62, 1), "arm64": (183, 1), "i386": (3, 1), "armhf": (40, 1), "armel": (40, 1),
                "ppc64el": (21, 1), "s390x": (22, 2), "riscv64": (243, 1)}


def is_triplet(name):
    """cpu-vendor-os or cpu-os (x86_64-linux-gnu, aarch64-unknown-linux-gnu)"""
    return bool(re.match(r"^[a-z0-9_]+(-[A-Za-z0-9_.]+){1,3}$", name))


def host_arch(requested, native):
    """(arch, triplet): --host (a short name or a GNU triplet), else the
    native architecture; triplet is None for a short name"""
    host = requested or native
    if is_triplet(host):
        cpu, _, system = host.partition("-")
        return cpu_arch(cpu, system), host
    return cpu_arch(host), None


def cross_rewriter(triplet):
    """A function that turns a compilers/ line into one for the cross
    toolchain TRIPLET: gcc, cc and OTHER-linux-gnu-gcc become TRIPLET-gcc;
    clang gets (or has its) --target=TRIPLET."""
    def rewrite(line):
        words = line.split()
        prog = words[0]
        if prog in ("gcc", "cc") or re.match(r"^[a-z0-9_]+(-[A-Za-z0-9_.]+)+-gcc$", prog):
            words[0] = triplet + "-gcc"
        elif os.path.basename(prog).startswith("clang"):
            words = [w for w in words if not w.startswith("--target=")]
            words.insert(1, "--target=" + triplet)
        return " ".join(words)
    return rewrite


def pick_tools(triplet):
    """AR, RANLIB, NM, OBJDUMP: the environment's, else TRIPLET-TOOL of a
    cross build when it exists, else the plain name"""
    tools = {}
    for var in ("AR", "RANLIB", "NM", "OBJDUMP"):
        name = var.lower()
        env = os.environ.get(var, "").strip()
        if env:
            tools[var] = env
        elif triplet and shutil.which(triplet + "-" + name):
            tools[var] = triplet + "-" + name
        else:
            tools[var] = name
    return tools


def check_target(inv, arch, what):
    """Refuse a host we cannot build for: the first baseline compiler line
    must compile C, and for the architectures of ELF_MACHINES into objects
    of that machine and byte order."""
    import subprocess
    import tempfile
    line = inv.compilers[inv.baseline][0]
    with tempfile.TemporaryDirectory() as tmp:
        c = os.path.join(tmp, "t.c")
        o = os.path.join(tmp, "t.o")
        with open(c, "w") as f:
            f.write("int lib25519_configure_probe(int x) { return x + 1; }\n")
        try:
            r = subprocess.run(shlex.split(line) + ["-c", c, "-o", o], capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as e:
            die("cannot build for %s: the compiler %s does not run (%s); install it or set CC" % (what, line.split()[0], e))
        if r.returncode != 0:
            die("cannot build for %s: %s cannot compile C:\n%s" % (what, line, r.stderr.strip()))
        with open(o, "rb") as f:
            head = f.read(20)
    want = ELF_MACHINES.get(arch)
    if want is not None and head[:4] == b"\x7fELF":
        got = (int.from_bytes(head[18:20], "little" if head[5] == 1 else "big"), head[5])
        if got != want:
            die("cannot build for %s: %s makes objects for ELF machine %d (%s-endian), not %s; "
                "set CC to a cross compiler"
                % (what, line.split()[0], got[0], "little" if got[1] == 1 else "big", arch))


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
    src = SRC
    opts = parse_args(sys.argv[1:])
    native = native_arch()
    if opts["build"]:
        if not is_triplet(opts["build"]):
            die("--build=%s: not a GNU triplet (e.g. x86_64-linux-gnu)" % opts["build"])
        bcpu, _, bsystem = opts["build"].partition("-")
        if cpu_arch(bcpu, bsystem) != native:
            die("--build=%s, but configure runs on %s" % (opts["build"], native))
    # as autoconf: without --host, the host is the build machine
    host, triplet = host_arch(opts["host"] or opts["build"], native)
    cross = host != native
    if cross and triplet is None:
        triplet = DEFAULT_TRIPLETS.get(host)
    rewrite = cross_rewriter(triplet) if cross and triplet else None
    inv = configure_inventory.take_inventory(src, host, host == native, opts["planted"], opts["trim"],
                                             opts["priority"], rewrite)
    if opts["host"] or opts["build"]:
        check_target(inv, host, opts["host"] or opts["build"])
    tools = pick_tools(triplet if cross else None)
    rel = release(src)
    build = fresh_build_dir(src, host, opts["builddir"])
    configure_headers.write_headers(build, inv, API_VERSION)
    configure_dispatch.write_dispatch(build, inv)
    with open(os.path.join(build, "dispatch", "release.h"), "w") as f:  # for lib25519-speed
        f.write("/* generated by scripts/build/configure.py from VERSION */\n#define LIB25519_RELEASE \"%s\"\n" % rel)
    configure_makefile.write_makefile(src, build, inv, opts, tools, rel)
    if not opts["builddir"]:
        # clangd looks for build/compile_commands.json above every source
        # file: point it at build/0's (written into build/ARCH with the Makefile)
        link = os.path.join(src, "build", "compile_commands.json")
        if os.path.islink(link) or os.path.exists(link):
            os.remove(link)
        os.symlink(os.path.join("0", "compile_commands.json"), link)
    print("configure: %d primitives, %d implementation/compiler pairs for %s%s in %s"
          % (len(inv.prims), len(inv.shipped_pairs()), host, " (%s)" % triplet if cross and triplet else "",
             os.path.relpath(build, src)))


if __name__ == "__main__":
    main()
