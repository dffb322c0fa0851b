#!/bin/sh
# SPDX-License-Identifier: MIT
# Every object of every compiled pair uses only the instruction sets its
# tag declares (so that the dispatcher's CPU check covers everything it
# runs), and every tag name lists the sets its compiler flags enable.
# tests/isa/isa_check.py does the work (its first comment says what it
# recognises); this runs
#  1. its self-test: probe instructions assembled by gcc and by clang must
#     map to the expected sets (the mapping and the objdump parsing);
#  2. --tags: the -m flags of every compilers/ line against the tag name;
#  3. the check itself on the build of BINDIR: every object of obj/N/ of
#     each pair in the candidate table, and the library's own objects.
# usage: sh tests/check-isa.sh [BINDIR]   (default build/0/package/bin)
name=check-isa
. "$(dirname "$0")/lib.sh"
lib_args "$@"
need_build
if [ -x /usr/bin/python3 ]; then py=/usr/bin/python3; else py=python3; fi
command -v objdump >/dev/null 2>&1 || { missing "objdump (binutils) is not installed"; finish; }
# the Makefile's ARCH, else the directory name (build/ARCH, older builds)
arch=$(sed -n 's/^ARCH = //p' "$builddir/Makefile")
[ -n "$arch" ] || arch=$(basename "$(cd "$builddir" && pwd -P)")
case "$arch" in
  amd64) ;;
  *) skip "the build in $builddir is not amd64: nothing to check"; finish ;;
esac
for cc in gcc clang; do
  if ! command -v $cc >/dev/null 2>&1; then missing "$cc is not installed: its assembler not probed"; continue; fi
  if $py "$top/tests/isa/isa_check.py" --selftest $cc; then ok; else fail "the checker misreads $cc's probes"; fi
done
if $py "$top/tests/isa/isa_check.py" --tags "$top"; then ok; else fail "a compilers/ tag does not name what its flags enable"; fi
start=$(date +%s)
if $py "$top/tests/isa/isa_check.py" "$builddir" --census; then
  ok "every object uses only the sets its tag declares ($(($(date +%s) - start)) s)"
else
  fail "objects use instruction sets their tags do not declare"
fi
finish
