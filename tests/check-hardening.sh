#!/bin/sh
# SPDX-License-Identifier: MIT
# The build honours a distribution's hardening flags. For gcc, then clang:
# configure in build/hardened with
#   CPPFLAGS="-D_FORTIFY_SOURCE=2" CFLAGS="-O2 -fstack-protector-strong -fcf-protection"
#   (-fcf-protection on x86-64 only) LDFLAGS="-Wl,-z,relro,-z,now"
# build, run lib25519-test against that library, and check with readelf that
#  - lib25519.so.1 and every command have a GNU_RELRO segment and BIND_NOW,
#  - their GNU_STACK segment is not executable (no RWE),
#  - lib25519.so.1 has no text relocations,
#  - the stack protector reached the library (it imports __stack_chk_fail),
#    which shows that CFLAGS got to the compiler lines of the implementations;
#  - on x86-64, lib25519.so.1 is marked for CET, IBT and SHSTK (readelf -n):
#    the linker keeps the mark only when every object has it, the assembly
#    included (internal/os/asm.h writes its note); and every object of the
#    build that has code has the note itself, so the one that lacks it is
#    named.  Where the C library's own startup files (crti.o, crtn.o) lack
#    the note (Debian 12), configure links the library without them
#    (LIBSTART = -nostartfiles, scripts/build/configure_makefile.py says why);
#    the test checks that configure chose that exactly when the system's
#    startup files are unmarked, and that the library still loads, runs
#    and unloads (dlopen/dlclose, twice) that way.
# The argument (BINDIR) that tests/run-tests.sh passes is not used: this
# test makes its own builds, with --no-planted, and removes build/hardened.
# HARDENING_CC="gcc" limits the run to one compiler.
name=check-hardening
. "$(dirname "$0")/lib.sh"
lib_args "$@"
cd "$top" || exit 111
tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp" "$top/build/hardened"' EXIT
command -v readelf >/dev/null 2>&1 || { missing "readelf (binutils) is not installed"; finish; }

# check_elf LABEL FILE: RELRO, BIND_NOW, non-executable stack
check_elf() {
  label=$1 f=$2 why=
  readelf -lW "$f" >"$tmp/segments" 2>&1 || why="$why unreadable"
  readelf -dW "$f" >"$tmp/dynamic" 2>&1
  grep -q 'GNU_RELRO' "$tmp/segments" || why="$why no-RELRO"
  # -z now shows as BIND_NOW in FLAGS, or NOW in FLAGS_1
  grep -E -q '\(BIND_NOW\)|\(FLAGS\).*BIND_NOW|\(FLAGS_1\).*NOW' "$tmp/dynamic" || why="$why no-BIND_NOW"
  stack=$(grep 'GNU_STACK' "$tmp/segments")
  if [ -z "$stack" ]; then
    why="$why no-GNU_STACK(executable-stack-by-default)"
  elif echo "$stack" | grep -q 'RWE'; then
    why="$why executable-stack"
  fi
  if [ -n "$why" ]; then
    fail "$label: $(basename "$f"):$why"
    return 1
  fi
  return 0
}

cet=
[ "$(uname -m)" = x86_64 ] && cet=" -fcf-protection"

for cc in ${HARDENING_CC:-gcc clang}; do
  if ! command -v "$cc" >/dev/null 2>&1; then
    missing "$cc is not installed"
    continue
  fi
  start=$(date +%s)
  B=build/hardened
  if ! CC=$cc CPPFLAGS="-D_FORTIFY_SOURCE=2" CFLAGS="-O2 -fstack-protector-strong$cet" LDFLAGS="-Wl,-z,relro,-z,now" \
       ./configure --builddir=hardened --no-planted --no-trim >"$tmp/build-$cc.log" 2>&1 ||
     ! make -f "$B/Makefile" -j2 all >>"$tmp/build-$cc.log" 2>&1; then
    tail -n 30 "$tmp/build-$cc.log"
    fail "$cc: hardened build failed"
    continue
  fi
  grep '^notice' "$tmp/build-$cc.log" | sed "s/^/$cc: /"
  # every compiler line carries the flags (configure appends CFLAGS)
  if grep -q -e '-fstack-protector-strong' "$B/Makefile" && grep -q 'relro' "$B/Makefile" &&
     grep -q '^CPPFLAGS = -D_FORTIFY_SOURCE=2$' "$B/Makefile"; then ok
  else fail "$cc: CFLAGS, CPPFLAGS or LDFLAGS missing from $B/Makefile"; fi
  lib=$B/package/lib/lib25519.so.1
  if LD_LIBRARY_PATH="$top/$B/package/lib" "$B/package/bin/lib25519-test" >"$tmp/test-$cc.log" 2>&1 &&
     tail -n 1 "$tmp/test-$cc.log" | grep -q 'all tests succeeded'; then
    ok
  else
    grep -E 'FAIL|fail' "$tmp/test-$cc.log" | head -n 20
    fail "$cc: lib25519-test failed on the hardened build"
  fi
  # the library and every ELF command
  all=yes
  check_elf "$cc" "$lib" || all=no
  for f in "$B"/package/bin/*; do
    head -c 4 "$f" | grep -q 'ELF' || continue
    check_elf "$cc" "$f" || all=no
  done
  [ $all = yes ] && ok
  if readelf -dW "$lib" | grep -q 'TEXTREL'; then fail "$cc: lib25519.so.1 has text relocations"; else ok; fi
  if readelf --dyn-syms -W "$lib" | grep -q '__stack_chk_fail'; then ok
  else fail "$cc: lib25519.so.1 does not use the stack protector: CFLAGS did not reach the compiler"; fi
  if [ -n "$cet" ]; then
    # configure's choice of startup files: without them exactly when the
    # system's crti.o lacks the note
    libstart=$(sed -n 's/^LIBSTART = *//p' "$B/Makefile")
    crti=$($cc -print-file-name=crti.o)
    if readelf -nW "$crti" 2>/dev/null | grep -q 'x86 feature: IBT, SHSTK'; then want=; else want=-nostartfiles; fi
    if [ "$libstart" = "$want" ]; then ok "$cc: library linked with LIBSTART='$libstart' (system crti.o $( [ -n "$want" ] && echo unmarked || echo marked))"
    else fail "$cc: LIBSTART is '$libstart', expected '$want' for $crti"; fi
    # loaded, used and unloaded twice: nothing of the startup files is missed
    cat >"$tmp/dl.c" <<'EOC'
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv)
{
  unsigned char sk[32], pk[32];
  for (int round = 0; round < 2; ++round) {
    void *h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!h) { fprintf(stderr, "%s\n", dlerror()); return 1; }
    void (*nG)(unsigned char *, const unsigned char *) =
        (void (*)(unsigned char *, const unsigned char *))dlsym(h, "lib25519_nG_montgomery25519");
    if (!nG) return 1;
    memset(sk, 0, 32); sk[0] = 8; sk[31] = 64;
    nG(pk, sk);
    if (dlclose(h) != 0) return 1;
  }
  (void)argc;
  return 0;
}
EOC
    if $cc -o "$tmp/dl" "$tmp/dl.c" -ldl >/dev/null 2>&1 && "$tmp/dl" "$top/$lib"; then ok
    else fail "$cc: the hardened lib25519.so.1 does not survive dlopen, a call and dlclose twice"; fi
    if readelf -nW "$lib" | grep -q 'x86 feature: IBT, SHSTK'; then
      ok "$cc: lib25519.so.1 is marked IBT and SHSTK"
    else
      # relink it with the linker's report of the inputs that lack the note
      rm -f "$lib"
      make -f "$B/Makefile" LDFLAGS="-Wl,-z,relro,-z,now -Wl,-z,cet-report=warning" "$top/$lib" >"$tmp/relink-$cc.log" 2>&1
      unmarked=$(grep 'missing IBT and SHSTK' "$tmp/relink-$cc.log" | sed 's/^[^:]*: \([^:]*\): warning.*/\1/' | sort -u)
      ours=$(echo "$unmarked" | grep -F "$top/") || ours=
      if [ -n "$ours" ]; then
        fail "$cc: lib25519.so.1 is not marked IBT and SHSTK, because of:$(echo "$ours" | tr '\n' ' ')"
      elif [ -z "$unmarked" ]; then
        fail "$cc: lib25519.so.1 is not marked IBT and SHSTK, and the linker names no input"
      else
        # the C library's startup files (crti.o, crtn.o of a C library
        # built without CET, as on Debian 12): no shared library linked
        # here is marked.  Show that ours would be, linked without them.
        skip "$cc: lib25519.so.1 not marked: the system's$(echo "$unmarked" | sed 's|.*/| |' | tr -d '\n') lack the note"
        objs="$B/lib/candidates.o $(ls "$B"/lib/*.o | grep -v '/candidates') $(cat "$B"/obj/*/objs)"
        if $cc -shared -nostartfiles -o "$tmp/nostart.so" $objs -lc >"$tmp/nostart-$cc.log" 2>&1 &&
           readelf -nW "$tmp/nostart.so" | grep -q 'x86 feature: IBT, SHSTK'; then
          ok "$cc: the same objects linked without the startup files are marked IBT and SHSTK"
        else
          fail "$cc: even without the startup files the objects do not make a library marked IBT and SHSTK"
        fi
      fi
    fi
    unmarked=
    for o in $(find "$B/obj" "$B/lib" -name '*.o'); do
      [ "$(size -A "$o" 2>/dev/null | awk '$1 == ".text" {print $2}')" = 0 ] && continue
      readelf -nW "$o" 2>/dev/null | grep -q 'x86 feature: IBT, SHSTK' || unmarked="$unmarked ${o#$B/}"
    done
    if [ -z "$unmarked" ]; then ok "$cc: every object with code is marked IBT and SHSTK"
    else fail "$cc: objects without the IBT/SHSTK note:$(echo "$unmarked" | cut -c1-400)"; fi
  fi
  echo "$cc: built, tested and checked in $(($(date +%s) - start)) s"
done

finish
