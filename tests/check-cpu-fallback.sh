#!/bin/sh
# SPDX-License-Identifier: MIT
# Simulate an older CPU by masking instruction sets (LIB25519_DISABLE): the
# dispatcher must then select only code the remaining CPU can run, and every
# implementation it still lists must pass lib25519-test.
B=$(cd "$(dirname "$0")/.." && pwd)/build/0
top=$(cd "$(dirname "$0")/.." && pwd)
fail=0
cc -Wall -Werror -I"$B/package/include" "$top/examples/selected.c" -L"$B/package/lib" -l25519 -o "$B/selected" || exit 1
all=bmi2,adx,avx2,avx512f,avx512vl,avx512ifma,avx512vbmi
for off in adx "bmi2,adx" "avx512ifma" "$all"; do
  out=$(LIB25519_DISABLE=$off "$B/selected") || { echo "FAIL: selected crashed with $off disabled"; fail=1; continue; }
  for flag in $(echo "$off" | tr ',' ' '); do
    if echo "$out" | grep -v 'candidate' | grep -q -- "-m$flag\b"; then
      echo "FAIL: with $off disabled a selected implementation still needs $flag:"
      echo "$out" | grep -v candidate | grep -- "-m$flag"
      fail=1
    fi
    if echo "$out" | grep 'candidate' | grep -q -- "-m$flag\b"; then
      echo "FAIL: with $off disabled an implementation needing $flag is still listed"; fail=1
    fi
  done
done
if LIB25519_DISABLE=$all "$B/package/bin/lib25519-test" >"$B/fallback-test.log" 2>&1; then
  echo "lib25519-test passes with $all disabled"
else
  echo "FAIL: lib25519-test with $all disabled"; tail -n 20 "$B/fallback-test.log"; fail=1
fi
echo "selected on this CPU with everything optional disabled:"
LIB25519_DISABLE=$all "$B/selected" | grep -v candidate
[ $fail = 0 ] && echo "check-cpu-fallback: 5 passed, 0 failed"
exit $fail
