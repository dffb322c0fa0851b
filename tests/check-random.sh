#!/bin/sh
# SPDX-License-Identifier: MIT
# The randomness source (randombytes/randombytes.c): fresh bytes across
# fork and many threads, through the vDSO generator (Linux 6.11+) and
# through the system call (LIB25519_NO_VDSO_GETRANDOM=1); the pool's
# atomics under ThreadSanitizer; with strace installed, also that the vDSO
# path really avoids the system call.
# usage: sh tests/check-random.sh [BINDIR]   (default build/0/package/bin)
name=check-random
. "$(dirname "$0")/lib.sh"
lib_args "$@"
[ -n "$pkg" ] || { fail "no include/ and lib/ next to $bin"; finish; }
out=${builddir:-$top/build}
mkdir -p "$out"
cc -O2 -Wall -Werror -I"$pkg/include" "$top/tests/random/random-check.c" -L"$pkg/lib" -l25519 -lpthread \
  -o "$out/random-check" || { fail "tests/random/random-check.c does not build"; finish; }
for novdso in 0 1; do
  if LIB25519_NO_VDSO_GETRANDOM=$novdso LD_LIBRARY_PATH="$pkg/lib" "$out/random-check"; then
    ok
  else
    fail "random-check with LIB25519_NO_VDSO_GETRANDOM=$novdso"
  fi
done
# the pool's atomics under ThreadSanitizer (clang), the source compiled alone
if ! command -v clang >/dev/null 2>&1; then
  missing "clang is not installed: ThreadSanitizer run"
elif clang -O1 -g -fsanitize=thread -I"$top/internal" "$top/tests/random/threads-randombytes.c" \
    "$top/randombytes/randombytes.c" -o "$out/threads-randombytes" -lpthread 2>"$out/threads-randombytes.log"; then
  if "$out/threads-randombytes" >>"$out/threads-randombytes.log" 2>&1 && ! grep -q 'ThreadSanitizer' "$out/threads-randombytes.log"; then
    ok "ThreadSanitizer: no report for 40 threads sharing the generator"
  else
    fail "ThreadSanitizer on randombytes:"; tail -n 30 "$out/threads-randombytes.log"
  fi
else
  skip "clang cannot build with -fsanitize=thread here: ThreadSanitizer run"
fi
if command -v strace >/dev/null 2>&1; then
  count() {
    LIB25519_NO_VDSO_GETRANDOM=$1 LD_LIBRARY_PATH="$pkg/lib" strace -f -e trace=getrandom "$out/random-check" 10 2>&1 >/dev/null |
      grep -c 'getrandom(.*, 32, 0)'
  }
  sys=$(count 1) vdso=$(count 0)
  echo "getrandom(32 bytes) system calls for 10 keypairs: $sys without the vDSO, $vdso with it"
  if [ "$sys" -lt 10 ]; then fail "the system-call path made only $sys calls"; else ok; fi
  # the vDSO has getrandom on x86-64 from Linux 6.11: then only its seeding may call the kernel
  kv=$(uname -r | sed 's/^\([0-9]*\)\.\([0-9]*\).*/\1 \2/')
  set -- $kv
  if [ "$(uname -m)" = x86_64 ] && { [ "$1" -gt 6 ] || { [ "$1" = 6 ] && [ "$2" -ge 11 ]; }; }; then
    if [ "$vdso" -gt 2 ]; then fail "Linux $(uname -r) has vDSO getrandom but $vdso system calls were made"; else ok; fi
  fi
else
  skip "strace is not installed: system-call counts not checked"
fi
finish
