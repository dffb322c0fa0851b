#!/bin/sh
# SPDX-License-Identifier: MIT
# Build and run tests/amd64/fe64-test.c: the x86-64 BMI2/ADX radix-2^64
# field arithmetic, ladder and group operations (internal/field/amd64/) and the
# safegcd inversion against the portable radix-2^51 code, an ABI check of
# every assembly entry point, and (when valgrind is installed) a run with
# secret inputs marked undefined so that valgrind reports any branch or
# memory index that depends on them.
# Uses each of gcc and clang that is installed. Skipped (exit 77) off
# amd64 or on a CPU without bmi2 and adx. BINDIR is not needed: the test
# compiles the sources itself.
name=check-amd64-fe
. "$(dirname "$0")/lib.sh"
lib_args "$@"
case $(uname -m) in
  x86_64|amd64) ;;
  *) skip "not amd64"; finish ;;
esac
if ! grep -qw bmi2 /proc/cpuinfo 2>/dev/null || ! grep -qw adx /proc/cpuinfo 2>/dev/null; then
  skip "CPU without bmi2/adx"; finish
fi
tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp"' EXIT
# with -mavx2 as well where the CPU has it: the inversion then keeps its
# d, e, f, g on the vector unit (inv25519_safegcd.h, SAFEGCD_VEC)
isas=base
grep -qw avx2 /proc/cpuinfo 2>/dev/null && isas="base avx2"
ran=0
for cc in gcc clang; do
  command -v $cc >/dev/null 2>&1 || continue
  ran=1
  for isa in $isas; do
  flags=
  [ $isa = avx2 ] && flags=-mavx2
  if ! $cc -O2 -Wall -mbmi2 -madx $flags -I"$top/internal" \
      -o "$tmp/fe64-test-$cc" "$top/tests/amd64/fe64-test.c" "$top/tests/amd64/fe64-test-asm.S"; then
    fail "cannot build with $cc $flags"; continue
  fi
  echo "compiler: $cc $flags"
  "$tmp/fe64-test-$cc" >"$tmp/out"
  rc=$?
  cat "$tmp/out"
  # the program counts its own checks
  p=$(sed -n 's/^fe64-test: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$tmp/out")
  f=$(sed -n 's/^fe64-test: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$tmp/out")
  if [ -n "$p" ] && [ -n "$f" ]; then
    passed=$((passed + p)); failed=$((failed + f))
    [ $rc = 0 ] || [ "$f" != 0 ] || fail "fe64-test ($cc $flags) exited $rc"
  else
    fail "fe64-test ($cc $flags) printed no summary (exit $rc)"
  fi
  # constant-time data flow of the assembly under valgrind, if available
  if command -v valgrind >/dev/null 2>&1 && [ -f /usr/include/valgrind/memcheck.h ]; then
    if $cc -O2 -Wall -mbmi2 -madx $flags -DFE64_TEST_VALGRIND -I"$top/internal" \
        -o "$tmp/fe64-ct-$cc" "$top/tests/amd64/fe64-test.c" "$top/tests/amd64/fe64-test-asm.S" &&
       valgrind -q --error-exitcode=99 "$tmp/fe64-ct-$cc" --ct; then
      ok
    else
      fail "valgrind constant-time run ($cc $flags)"
    fi
  else
    missing "valgrind constant-time run ($cc $flags): valgrind is not installed"
  fi
  done
done
[ $ran = 1 ] || skip "neither gcc nor clang is installed"
finish
