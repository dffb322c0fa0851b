#!/bin/sh
# SPDX-License-Identifier: MIT
# Build and run tests/amd64/fe64-test.c: the x86-64 BMI2/ADX radix-2^64
# field arithmetic and ladder (internal/amd64/) against the portable
# radix-2^51 code, plus an ABI check of every assembly entry point.
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
for cc in gcc clang; do
  command -v $cc >/dev/null 2>&1 || continue
  ran=1
  if ! $cc -O2 -Wall -mbmi2 -madx -I"$top/internal" \
      -I"$top/crypto_nP/montgomery25519/c64-51-ladder" \
      -o "$tmp/fe64-test-$cc" "$top/tests/amd64/fe64-test.c" "$top/tests/amd64/fe64-test-asm.S"; then
    echo "check-amd64-fe: FAIL: cannot build with $cc"; fail=1; continue
  fi
  echo "compiler: $cc"
  "$tmp/fe64-test-$cc" || fail=1
done
[ $ran = 1 ] || { echo "check-amd64-fe: no compiler, skipped"; exit 0; }
exit $fail
