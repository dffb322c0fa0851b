#!/bin/sh
# SPDX-License-Identifier: MIT
# AddressSanitizer + UndefinedBehaviorSanitizer: builds the whole library,
# every implementation (assembly too: it runs, ASan just does not see its
# own accesses), with gcc in build/asan-gcc and with clang in
# build/asan-clang, then runs all of lib25519-test (every primitive, every
# implementation this CPU can run) and, where they are built, the key and
# signature tools, under each. Any sanitizer report fails the check
# (-fno-sanitize-recover=all makes UBSan fatal; LeakSanitizer is on).
#
# usage: sh tests/check-sanitizers.sh [BINDIR]   (BINDIR is not used: own builds)
# environment: SANITIZER_COMPILERS (default "gcc clang"; one of them halves
# the time), THREADS (default 2), LONG=1 runs lib25519-test --long.
name=check-sanitizers
. "$(dirname "$0")/lib.sh"
lib_args "$@"
threads=${THREADS:-2}
long=
[ "${LONG:-0}" = 1 ] && long=--long
san="-fsanitize=address,undefined"
start=$(date +%s)

# the tools' round trip, with the descriptors of doc/man/x25519-cli.1.md and
# ed25519-cli.1.md
tools() {
  tbin=$1
  d=$2
  for t in x25519-keypair x25519-dh ed25519-keypair ed25519-sign ed25519-open; do
    if [ ! -f "$top/command/$t.c" ]; then
      skip "command/$t.c is not in the tree yet: the tools are not tested"
      return 0
    fi
    if [ ! -x "$tbin/$t" ]; then
      fail "$t was not built"
      return 0
    fi
  done
  mkdir -p "$d"
  (
    set -e
    cd "$d"
    "$tbin/x25519-keypair" 5>pk1 9>sk1
    "$tbin/x25519-keypair" 5>pk2 9>sk2
    "$tbin/x25519-dh" 8<sk1 4<pk2 7>k12
    "$tbin/x25519-dh" 8<sk2 4<pk1 7>k21
    cmp -s k12 k21
    "$tbin/ed25519-keypair" 5>epk 9>esk
    printf 'sanitizer round trip' >m
    "$tbin/ed25519-sign" 8<esk <m >sm
    "$tbin/ed25519-open" 4<epk <sm >m2
    cmp -s m m2
    : >empty
    "$tbin/ed25519-sign" 8<esk <empty >sm0
    "$tbin/ed25519-open" 4<epk <sm0 >m0
    cmp -s empty m0
    # forged, short and empty inputs must be refused without a sanitizer report
    cp sm forged
    printf 'X' | dd of=forged bs=1 seek=70 conv=notrunc 2>/dev/null
    if "$tbin/ed25519-open" 4<epk <forged >mf 2>err; then exit 1; fi
    [ ! -s mf ]
    head -c 10 sm >short
    if "$tbin/ed25519-open" 4<epk <short >ms 2>err; then exit 1; fi
    if "$tbin/ed25519-open" 4<epk <empty >me 2>err; then exit 1; fi
    head -c 5 epk >shortpk
    if "$tbin/ed25519-open" 4<shortpk <sm >mp 2>err; then exit 1; fi
    head -c 5 sk1 >shortsk
    if "$tbin/x25519-dh" 8<shortsk 4<pk2 7>k 2>err; then exit 1; fi
    if "$tbin/ed25519-sign" 8<shortsk <m >s 2>err; then exit 1; fi
  ) >"$d/log" 2>&1
  rc=$?
  if [ $rc = 0 ] && ! grep -q -E 'Sanitizer|runtime error' "$d"/*; then
    ok "the tools' round trip and refusals"
  else
    fail "the tools' round trip (see $d):"
    grep -h -E -A15 'Sanitizer|runtime error' "$d"/* | head -n 40
    tail -n 5 "$d/log"
  fi
}

for c in ${SANITIZER_COMPILERS:-gcc clang}; do
  t0=$(date +%s)
  bd=asan-$c
  B=$top/build/$bd
  echo "=== $c: build/$bd"
  if ! command -v "$c" >/dev/null 2>&1; then
    missing "$c is not installed"
    continue
  fi
  rm -rf "$B"
  mkdir -p "$B"
  log=$top/build/$bd.log
  if ! (cd "$top" && CC=$c CFLAGS="$san -fno-sanitize-recover=all -fno-omit-frame-pointer -g" LDFLAGS=$san \
    ./configure --builddir="$bd" --no-planted --no-trim) >"$log" 2>&1; then
    fail "$c: configure failed"
    tail -n 20 "$log"
    continue
  fi
  if ! make -f "$B/Makefile" -j"$threads" all >>"$log" 2>&1; then
    fail "$c: the sanitizer build failed (build/$bd.log)"
    grep -E 'error|Error' "$log" | head -n 20
    continue
  fi
  # a pair that compiles normally but not with sanitizer flags would go untested
  drops=$(grep '^notice: dropping' "$log" | while read -r _ _ label _; do
    if [ -f "$top/build/make.log" ] && grep -q "^notice: dropping $label (compiler: $c " "$top/build/make.log"; then
      :
    else
      echo "$label"
    fi
  done)
  if [ -n "$drops" ]; then
    fail "$c: did not compile with sanitizers (untested):" $drops
  else
    ok "$c: every implementation compiled with $san"
  fi
  echo "$c build: $(($(date +%s) - t0)) s"

  t1=$(date +%s)
  test=$B/package/bin/lib25519-test
  export LD_LIBRARY_PATH="$B/package/lib"
  export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:detect_stack_use_after_return=1:strict_string_checks=1
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  prims=$("$test" --list)
  if [ -z "$prims" ]; then
    fail "$c: lib25519-test --list printed nothing"
    continue
  fi
  rm -rf "$B/logs"
  mkdir -p "$B/logs"
  echo "$prims" | xargs -P "$threads" -I{} sh -c '"$1" $2 "$3" >"$4/$3.log" 2>&1; echo $? >"$4/$3.rc"' \
    sh "$test" "$long" {} "$B/logs"
  for p in $prims; do
    rc=$(cat "$B/logs/$p.rc" 2>/dev/null)
    l=$B/logs/$p.log
    if [ "$rc" = 0 ] && ! grep -q -E 'Sanitizer|runtime error' "$l" && tail -n 1 "$l" | grep -q '^all tests succeeded'; then
      ok "$c: $p ($(grep -c "^$p [0-9]* implementation" "$l") implementations)"
    else
      fail "$c: $p (exit $rc; build/$bd/logs/$p.log):"
      grep -E -B2 -A20 'ERROR: |runtime error|^FAIL' "$l" | head -n 40
    fi
  done
  tools "$B/package/bin" "$B/tools"
  unset LD_LIBRARY_PATH ASAN_OPTIONS UBSAN_OPTIONS
  echo "$c tests: $(($(date +%s) - t1)) s"
done
echo "total: $(($(date +%s) - start)) s"
finish
