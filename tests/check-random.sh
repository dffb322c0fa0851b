#!/bin/sh
# SPDX-License-Identifier: MIT
# The randomness source (randombytes/randombytes.c): fresh bytes across
# fork and many threads, through the vDSO generator (Linux 6.11+) and
# through the system call (LIB25519_NO_VDSO_GETRANDOM=1); the pool's
# atomics under ThreadSanitizer; with strace installed, also that the vDSO
# path really avoids the system call; and the fallback rules: /dev/urandom
# only when getrandom is missing or forbidden, only after /dev/random has
# been readable, and an abort with one line on any other failure.
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
# The fallback rules (randombytes.c), with tests/random/norandom.c's seccomp
# filter forcing each getrandom answer, through the vDSO and without it:
#   getrandom works         -> no device is opened;
#   ENOSYS or EPERM         -> /dev/random opened once and polled, before the
#                              first /dev/urandom; the keys are good;
#   EINVAL or EIO           -> one line on stderr and abort, no device read;
#   ENOSYS, every open fails -> one line on stderr and abort.
if [ "$(uname -s)" = Linux ] && cc -O2 -Wall -Werror -I"$pkg/include" "$top/tests/random/norandom.c" \
     -L"$pkg/lib" -l25519 -o "$out/norandom" 2>"$out/norandom.log"; then
  have_strace=no
  command -v strace >/dev/null 2>&1 && have_strace=yes
  # nr GETRANDOM OPEN: run a keypair and a signature there; rc, stdout,
  # stderr (without a shell's "Aborted") and, with strace, the trace after
  # the filter in $out/nr.*
  nr() {
    if [ $have_strace = yes ]; then
      LIB25519_NO_VDSO_GETRANDOM=$novdso LD_LIBRARY_PATH="$pkg/lib" strace -f -o "$out/nr.trace" \
        -e trace=getrandom,openat,open,poll,prctl "$out/norandom" "$1" "$2" keypair >"$out/nr.out" 2>"$out/nr.err"
    else
      LIB25519_NO_VDSO_GETRANDOM=$novdso LD_LIBRARY_PATH="$pkg/lib" "$out/norandom" "$1" "$2" keypair >"$out/nr.out" 2>"$out/nr.err"
    fi
    rc=$?
    [ $have_strace = yes ] && sed -n '/PR_SET_SECCOMP/,$p' "$out/nr.trace" >"$out/nr.after"
    grep -v '^Aborted' "$out/nr.err" >"$out/nr.msg"
  }
  opened() { [ $have_strace = yes ] && grep -c "open.*\"$1\"" "$out/nr.after"; }
  for novdso in 0 1; do
    v="LIB25519_NO_VDSO_GETRANDOM=$novdso"
    nr allow allow
    if [ $rc = 0 ] && grep -q 'keypair ok' "$out/nr.out"; then ok; else fail "$v: keypair with getrandom working: exit $rc"; fi
    if [ $have_strace = yes ]; then
      if [ "$(opened /dev/urandom)" = 0 ] && [ "$(opened /dev/random)" = 0 ]; then ok
      else fail "$v: a device was opened although getrandom works"; fi
    fi
    for e in ENOSYS EPERM; do
      nr $e allow
      if [ $rc = 0 ] && grep -q 'keypair ok' "$out/nr.out"; then ok; else fail "$v: getrandom $e: exit $rc: $(cat "$out/nr.msg")"; fi
      if [ $have_strace = yes ]; then
        r=$(opened /dev/random) u=$(opened /dev/urandom)
        first_u=$(grep -n 'open.*"/dev/urandom"' "$out/nr.after" | head -n 1 | cut -d: -f1)
        first_p=$(grep -n '^[0-9 ]*poll(\[{fd=' "$out/nr.after" | head -n 1 | cut -d: -f1)
        if [ "$r" = 1 ] && [ "$u" -ge 1 ] && [ -n "$first_p" ] && [ "$first_p" -lt "$first_u" ]; then
          ok "$v, getrandom $e: /dev/random opened and polled once, then /dev/urandom (opened $u times)"
        else
          fail "$v, getrandom $e: /dev/random opened $r times, polled at line ${first_p:-never}, /dev/urandom $u times from line ${first_u:-never}"
        fi
      fi
    done
    for e in EINVAL EIO; do
      nr $e allow
      if [ $rc = 134 ] && [ "$(wc -l <"$out/nr.msg")" = 1 ] &&
         grep -q "^lib25519: no randomness: the getrandom system call failed ($e)" "$out/nr.msg"; then
        ok "$v, getrandom $e: $(cat "$out/nr.msg")"
      else
        fail "$v, getrandom $e: exit $rc, stderr: $(cat "$out/nr.msg")"
      fi
      if [ $have_strace = yes ] && [ "$(opened /dev/urandom)" != 0 ]; then fail "$v, getrandom $e: /dev/urandom was read"; fi
    done
    nr ENOSYS EACCES
    if [ $rc = 134 ] && grep -q '^lib25519: no randomness: .*/dev/random cannot be opened (EACCES)' "$out/nr.msg"; then
      ok "$v, no getrandom and no devices: $(cat "$out/nr.msg")"
    else
      fail "$v, no getrandom and no devices: exit $rc, stderr: $(cat "$out/nr.msg")"
    fi
  done
  [ $have_strace = yes ] || missing "strace is not installed: the devices' use not traced"
else
  skip "no seccomp test program here (Linux only): fallback rules not tested"
fi
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
