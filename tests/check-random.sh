#!/bin/sh
# SPDX-License-Identifier: MIT
# The randomness source (randombytes/randombytes.c): fresh bytes across
# fork and many threads, through the vDSO generator (Linux 6.11+) and
# through the system call (LIB25519_NO_VDSO_GETRANDOM=1); the pool's
# atomics under ThreadSanitizer; with strace installed, also that the vDSO
# path really avoids the system call.
top=$(cd "$(dirname "$0")/.." && pwd)
B=$top/build/0
fail=0 pass=0
cc -O2 -Wall -Werror -I"$B/package/include" "$top/tests/random/random-check.c" -L"$B/package/lib" -l25519 -lpthread \
  -o "$B/random-check" || exit 1
for novdso in 0 1; do
  if LIB25519_NO_VDSO_GETRANDOM=$novdso LD_LIBRARY_PATH="$B/package/lib" "$B/random-check"; then
    pass=$((pass + 1))
  else
    echo "FAIL: random-check with LIB25519_NO_VDSO_GETRANDOM=$novdso"; fail=$((fail + 1))
  fi
done
# the pool's atomics under ThreadSanitizer (clang), the source compiled alone
if command -v clang >/dev/null 2>&1 &&
  clang -O1 -g -fsanitize=thread -I"$top/internal" "$top/tests/random/threads-randombytes.c" \
    "$top/randombytes/randombytes.c" -o "$B/threads-randombytes" -lpthread 2>"$B/threads-randombytes.log"; then
  if "$B/threads-randombytes" >>"$B/threads-randombytes.log" 2>&1 && ! grep -q 'ThreadSanitizer' "$B/threads-randombytes.log"; then
    echo "ThreadSanitizer: no report for 40 threads sharing the generator"; pass=$((pass + 1))
  else
    echo "FAIL: ThreadSanitizer on randombytes:"; tail -n 30 "$B/threads-randombytes.log"; fail=$((fail + 1))
  fi
else
  echo "clang with -fsanitize=thread not available: ThreadSanitizer run skipped"
fi
if command -v strace >/dev/null 2>&1; then
  count() {
    LIB25519_NO_VDSO_GETRANDOM=$1 LD_LIBRARY_PATH="$B/package/lib" strace -f -e trace=getrandom "$B/random-check" 10 2>&1 >/dev/null |
      grep -c 'getrandom(.*, 32, 0)'
  }
  sys=$(count 1) vdso=$(count 0)
  echo "getrandom(32 bytes) system calls for 10 keypairs: $sys without the vDSO, $vdso with it"
  if [ "$sys" -lt 10 ]; then echo "FAIL: the system-call path made only $sys calls"; fail=$((fail + 1)); else pass=$((pass + 1)); fi
  # the vDSO has getrandom on x86-64 from Linux 6.11: then only its seeding may call the kernel
  kv=$(uname -r | sed 's/^\([0-9]*\)\.\([0-9]*\).*/\1 \2/')
  set -- $kv
  if [ "$(uname -m)" = x86_64 ] && { [ "$1" -gt 6 ] || { [ "$1" = 6 ] && [ "$2" -ge 11 ]; }; }; then
    if [ "$vdso" -gt 2 ]; then echo "FAIL: Linux $(uname -r) has vDSO getrandom but $vdso system calls were made"; fail=$((fail + 1)); else pass=$((pass + 1)); fi
  fi
else
  echo "strace not installed: system-call counts not checked"
fi
echo "check-random: $pass passed, $fail failed"
[ $fail = 0 ]
