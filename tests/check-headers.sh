#!/bin/sh
# SPDX-License-Identifier: MIT
# Headers stand alone or say what they need: every header of internal/ and
# of the implementation directories, included alone into an empty C file
# (gcc -fsyntax-only, with every amd64 instruction set the tree uses, or the
# arm64 cross gcc for arm64 headers), either compiles or stops at an #error
# (the header's own check of what its includer must define or include
# first, or one of a header it includes). Any other error means a header
# that silently takes something from its includer. An assembly-only header
# (os/asm.h) is tried as assembler-with-cpp as well. Uses the generated
# headers of the build next to BINDIR. About 10 s.
name=check-headers
. "$(dirname "$0")/lib.sh"
lib_args "$@"
case $(uname -m) in
  x86_64|amd64) ;;
  *) skip "not amd64: the headers are checked on amd64"; finish ;;
esac
if [ -z "$builddir" ] || [ ! -d "$builddir/include-impl" ]; then
  fail "no configured build next to $bin (its generated headers are needed)"; finish
fi
tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp"' EXIT
gen="-I$builddir/include -I$builddir/include-call"
for d in "$builddir"/include-impl/*; do gen="$gen -I$d"; done
amd64="gcc -march=x86-64 -mavx2 -mbmi -mbmi2 -madx -mavx512f -mavx512vl -mavx512ifma"
arm64=
if command -v aarch64-linux-gnu-gcc >/dev/null 2>&1; then
  arm64="aarch64-linux-gnu-gcc -march=armv8-a"
else
  missing "aarch64-linux-gnu-gcc: the arm64 headers are not checked"
fi
n=0
bad=0
noarm=0
cd "$top" || exit 111
for h in $(find internal crypto_* -name '*.h' | sort); do
  case $h in
    internal/*) inc=${h#internal/}; own= ;;
    *) inc=$(basename "$h"); own="-I$(dirname "$h")" ;;
  esac
  # arm64 headers: under an arm64/ folder, the fe64arm/ge64arm families,
  # or in an implementation whose architectures file names only arm64
  dir=$(dirname "$h")
  cc=$amd64
  case $h in
    */arm64/* | *arm.h | *arm64*) cc=$arm64 ;;
  esac
  if [ -f "$dir/architectures" ] && ! grep -q '^amd64' "$dir/architectures"; then cc=$arm64; fi
  if [ -z "$cc" ]; then noarm=$((noarm + 1)); continue; fi
  n=$((n + 1))
  printf '#include "%s"\n' "$inc" >"$tmp/t.c"
  if $cc -fsyntax-only -Wall $own $gen -Iinternal "$tmp/t.c" >"$tmp/log" 2>&1; then
    continue
  fi
  first=$(grep -m1 'error' "$tmp/log")
  case $first in
    *"error: #error"*) continue ;;
  esac
  if $cc -x assembler-with-cpp -E $own $gen -Iinternal "$tmp/t.c" >/dev/null 2>&1 && grep -q '^\s*\.' "$h"; then
    continue
  fi
  echo "$h: $first"
  bad=$((bad + 1))
done
if [ $bad = 0 ]; then
  ok "$n headers compile alone or stop at their own #error"
else
  fail "$bad of $n headers need something from their includer without checking it (above)"
fi
# the check itself: a header using a parameter it does not check fails
mkdir -p "$tmp/p"
printf 'static inline int f(void) { return PLANTED_PARAMETER; }\n' >"$tmp/p/planted.h"
printf '#include "planted.h"\n' >"$tmp/t.c"
if $amd64 -fsyntax-only -I"$tmp/p" "$tmp/t.c" 2>&1 | grep -m1 error | grep -q -v '#error'; then
  ok "a planted header that uses an unchecked parameter is caught"
else
  fail "the planted unchecked header was not caught"
fi
finish
