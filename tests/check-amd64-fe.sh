#!/bin/sh
# SPDX-License-Identifier: MIT
# Build and run tests/amd64/fe64-test.c: the x86-64 BMI2/ADX radix-2^64
# field arithmetic, ladder and group operations (internal/field/amd64/) and the
# safegcd inversion against the portable radix-2^51 code, an ABI check of
# every assembly entry point, and (when valgrind is installed) a run with
# secret inputs marked undefined so that valgrind reports any branch or
# memory index that depends on them.
# Uses each of gcc and clang that is installed. Skipped (exit 0) off
# amd64 or on a CPU without bmi2 and adx. $1 (the bin dir) is not needed.
top=$(cd "$(dirname "$0")/.." && pwd)
case $(uname -m) in
  x86_64|amd64) ;;
  *) echo "check-amd64-fe: not amd64, skipped"; exit 0 ;;
esac
if ! grep -qw bmi2 /proc/cpuinfo 2>/dev/null || ! grep -qw adx /proc/cpuinfo 2>/dev/null; then
  echo "check-amd64-fe: CPU without bmi2/adx, skipped"; exit 0
fi
tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp"' EXIT
fail=0
ran=0
total_p=0
total_f=0
for cc in gcc clang; do
  command -v $cc >/dev/null 2>&1 || continue
  ran=1
  if ! $cc -O2 -Wall -mbmi2 -madx -I"$top/internal" \
      -o "$tmp/fe64-test-$cc" "$top/tests/amd64/fe64-test.c" "$top/tests/amd64/fe64-test-asm.S"; then
    echo "check-amd64-fe: FAIL: cannot build with $cc"; fail=1; total_f=$((total_f + 1)); continue
  fi
  echo "compiler: $cc"
  "$tmp/fe64-test-$cc" >"$tmp/out" || fail=1
  cat "$tmp/out"
  p=$(sed -n 's/^fe64-test: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$tmp/out")
  f=$(sed -n 's/^fe64-test: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$tmp/out")
  [ -n "$p" ] && [ -n "$f" ] || { p=0; f=1; fail=1; }
  total_p=$((total_p + p)); total_f=$((total_f + f))
  # constant-time data flow of the assembly under valgrind, if available
  if command -v valgrind >/dev/null 2>&1 && [ -f /usr/include/valgrind/memcheck.h ]; then
    if $cc -O2 -Wall -mbmi2 -madx -DFE64_TEST_VALGRIND -I"$top/internal" \
        -o "$tmp/fe64-ct-$cc" "$top/tests/amd64/fe64-test.c" "$top/tests/amd64/fe64-test-asm.S" &&
       valgrind -q --error-exitcode=99 "$tmp/fe64-ct-$cc" --ct; then
      total_p=$((total_p + 1))
    else
      echo "check-amd64-fe: FAIL: valgrind constant-time run ($cc)"; fail=1
      total_f=$((total_f + 1))
    fi
  fi
done
[ $ran = 1 ] || { echo "check-amd64-fe: no compiler, skipped"; exit 0; }
[ $fail = 0 ] || [ $total_f != 0 ] || total_f=1
echo "check-amd64-fe: $total_p passed, $total_f failed"
exit $fail
