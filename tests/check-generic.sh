#!/bin/sh
# SPDX-License-Identifier: MIT
# Build and run tests/generic/generic-test.c: the generic code of
# internal/ (the field chains, the X25519 ladder and the Edwards group
# formulas, all templates over the field interface) instantiated for every
# field family (fe26, fe51, fe64) in one program, which checks that the
# families agree on every input.  With each of gcc and clang.  The fe64
# family needs x86-64 with BMI2 and ADX: elsewhere the step is skipped
# (exit 77).  $1 (the bin dir) is not needed.
top=$(cd "$(dirname "$0")/.." && pwd)
case $(uname -m) in
  x86_64|amd64) ;;
  *) echo "check-generic: not amd64, skipped"; exit 77 ;;
esac
if ! grep -qw bmi2 /proc/cpuinfo 2>/dev/null || ! grep -qw adx /proc/cpuinfo 2>/dev/null; then
  echo "check-generic: CPU without bmi2/adx, skipped"; exit 77
fi
tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
for cc in gcc clang; do
  command -v $cc >/dev/null 2>&1 || continue
  if ! $cc -O2 -Wall -Werror -Wno-unused-function -mbmi2 -madx -I"$top/internal" -o "$tmp/generic-$cc" \
      "$top/tests/generic/generic-test.c" "$top/tests/amd64/fe64-test-asm.S"; then
    echo "check-generic: FAIL: cannot build with $cc"; failed=$((failed + 1)); continue
  fi
  if "$tmp/generic-$cc" >"$tmp/out"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
  echo "$cc: $(tail -n 1 "$tmp/out")"
done
echo "check-generic: $passed passed, $failed failed"
[ $failed = 0 ] && [ $passed -gt 0 ]
