#!/bin/sh
# SPDX-License-Identifier: MIT
# Verification and key exchange need no randomness: the self-tests the
# dispatcher runs before choosing an implementation use fixed inputs and
# known answers, so a program that only verifies signatures, or only runs
# dh on keys it has, works where the OS's randomness is unavailable, and
# never asks for it.  tests/random/norandom.c makes getrandom fail (ENOSYS,
# EPERM) and every open fail (so /dev/urandom too) with a seccomp filter,
# for several instruction-set masks (other implementations, other
# self-tests); with strace, the trace of those runs must hold no getrandom
# and no open after the filter.  A keypair under the same filter must
# abort: the sandbox really has no randomness.
# usage: sh tests/check-no-randomness.sh [BINDIR]   (default build/0/package/bin)
name=check-no-randomness
. "$(dirname "$0")/lib.sh"
lib_args "$@"
[ -n "$pkg" ] || { fail "no include/ and lib/ next to $bin"; finish; }
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64 | Linux-aarch64) ;;
  *) skip "seccomp filter written for Linux on x86-64 and arm64 only"; finish ;;
esac
out=${builddir:-$top/build}
mkdir -p "$out"
prog=$out/norandom
cc -O2 -Wall -Werror -I"$pkg/include" "$top/tests/random/norandom.c" -L"$pkg/lib" -l25519 -o "$prog" ||
  { fail "tests/random/norandom.c does not build"; finish; }
run() { LD_LIBRARY_PATH="$pkg/lib" "$prog" "$@"; }
for off in "" avx512f "bmi2,adx" "bmi2,adx,avx2,avx512f"; do
  for err in ENOSYS EPERM; do
    for mode in verify dh; do
      got=$(LIB25519_DISABLE=$off run $err ENOENT $mode 2>&1)
      if [ "$got" = "$mode ok" ]; then ok; else fail "$mode with getrandom $err, no open, LIB25519_DISABLE=$off: $got"; fi
    done
  done
done
LD_LIBRARY_PATH="$pkg/lib" "$prog" ENOSYS ENOENT keypair >/dev/null 2>&1
rc=$?
if [ $rc = 134 ]; then ok "keypair aborts in the same sandbox (exit $rc)"; else fail "keypair in the sandbox exited $rc, not by abort"; fi
if command -v strace >/dev/null 2>&1; then
  for mode in verify dh; do
    log=$out/norandom-$mode.strace
    LD_LIBRARY_PATH="$pkg/lib" strace -f -o "$log" -e trace=getrandom,openat,open,prctl "$prog" ENOSYS ENOENT $mode >/dev/null 2>&1
    n=$(grep -c 'getrandom(' "$log")
    after=$(sed -n '/PR_SET_SECCOMP/,$p' "$log" | grep -c 'open')
    if [ "$n" = 0 ] && [ "$after" = 0 ] && grep -q PR_SET_SECCOMP "$log"; then
      ok "$mode: no getrandom, no open after the filter (strace)"
    else
      fail "$mode: $n getrandom calls and $after opens after the filter:"; grep -e getrandom -e open "$log" | tail -n 5
    fi
  done
else
  missing "strace is not installed: system calls not traced"
fi
finish
