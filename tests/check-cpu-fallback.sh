#!/bin/sh
# SPDX-License-Identifier: MIT
# Simulate an older CPU by masking instruction sets (LIB25519_DISABLE): the
# dispatcher must then select only code the remaining CPU can run, and every
# implementation it still lists must pass lib25519-test.
# usage: sh tests/check-cpu-fallback.sh [BINDIR]   (default build/0/package/bin)
name=check-cpu-fallback
. "$(dirname "$0")/lib.sh"
lib_args "$@"
need_build
sel=$builddir/selected
if cc -Wall -Werror -I"$pkg/include" "$top/examples/selected.c" -L"$pkg/lib" -l25519 -o "$sel"; then
  ok
else
  fail "examples/selected.c does not build"; finish
fi
all=bmi1,bmi2,adx,avx2,avx512f,avx512vl,avx512ifma,avx512vbmi
for off in adx bmi1 "bmi2,adx" "avx512ifma" "avx512f" "avx2" "$all"; do
  out=$(LIB25519_DISABLE=$off "$sel") || { fail "selected crashed with $off disabled"; continue; }
  good=yes
  for flag in $(echo "$off" | tr ',' ' '); do
    opt=$flag
    [ "$flag" = bmi1 ] && opt=bmi   # gcc and clang call BMI1 -mbmi
    if echo "$out" | grep -v 'candidate' | grep -q -- "-m$opt\b"; then
      fail "with $off disabled a selected implementation still needs $flag:"
      echo "$out" | grep -v candidate | grep -- "-m$opt"
      good=no
    fi
    if echo "$out" | grep 'candidate' | grep -q -- "-m$opt\b"; then
      fail "with $off disabled an implementation needing $flag is still listed"; good=no
    fi
  done
  [ $good = yes ] && ok "with $off disabled nothing selected or listed needs it"
done
# the AVX2 class (AVX-512 masked): the AVX2 vector code must still be
# listed where the CPU has AVX2 and the build kept it (a --no-trim build)
if grep -qw avx2 /proc/cpuinfo 2>/dev/null && "$sel" | grep candidate | grep -q fe26x4-; then
  if LIB25519_DISABLE=avx512f "$sel" | grep candidate | grep -q fe26x4-; then
    ok "with avx512f disabled the AVX2 implementations are still listed"
  else
    fail "with avx512f disabled the AVX2 implementations are no longer listed"
  fi
fi
if LIB25519_DISABLE=$all "$bin/lib25519-test" >"$builddir/fallback-test.log" 2>&1; then
  ok "lib25519-test passes with $all disabled"
else
  fail "lib25519-test with $all disabled"; tail -n 20 "$builddir/fallback-test.log"
fi
echo "selected on this CPU with everything optional disabled:"
LIB25519_DISABLE=$all "$sel" | grep -v candidate
finish
