#!/bin/sh
# SPDX-License-Identifier: MIT
# Build and run tests/sc64/sc64-test.c: the straight-line scalar arithmetic
# mod L of internal/scalar/sc64.h (used by crypto_sign/ed25519/fe64-fullsize)
# against the reference loops of internal/scalar/sc25519.h, with each of gcc and
# clang that is installed, at -O2 with -mbmi2 -madx on amd64 (the flags of
# the implementation) and plain -O2 elsewhere; then, when valgrind is
# installed, a run with secret inputs marked undefined so that valgrind
# reports any branch or memory index that depends on them (the library's
# own valgrind test cannot reach this code: valgrind's CPUID has no ADX).
# Each run is done twice: against sc25519.h's 128-bit loops and, with
# -DSC25519_FORCE_LIMB32, against its 32-bit-limb path
# (scalar/sc25519_limb32.h, what 32-bit targets compile), so that path is
# checked for results and for constant time on this machine too.
# BINDIR is not needed: the test compiles the sources itself.
name=check-sc25519-64
. "$(dirname "$0")/lib.sh"
lib_args "$@"
tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp"' EXIT
case $(uname -m) in
  x86_64|amd64) flags="-mbmi2 -madx" ;;
  *) flags="" ;;
esac
ran=0
for run in gcc clang gcc+limb32 clang+limb32; do
  cc=${run%+limb32}
  command -v $cc >/dev/null 2>&1 || continue
  ran=1
  variant=; [ "$run" = "$cc" ] || variant=-DSC25519_FORCE_LIMB32
  if ! $cc -O2 -Wall $flags $variant -I"$top/internal" -o "$tmp/sc64-test-$cc" "$top/tests/sc64/sc64-test.c"; then
    fail "cannot build with $run"; continue
  fi
  "$tmp/sc64-test-$cc" >"$tmp/out"
  rc=$?
  sed "s/^/$run: /" "$tmp/out"
  # the program counts its own checks
  p=$(sed -n 's/^sc64-test: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$tmp/out")
  f=$(sed -n 's/^sc64-test: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$tmp/out")
  if [ -n "$p" ] && [ -n "$f" ]; then
    passed=$((passed + p)); failed=$((failed + f))
    [ $rc = 0 ] || [ "$f" != 0 ] || fail "sc64-test ($run) exited $rc"
  else
    fail "sc64-test ($run) printed no summary (exit $rc)"
  fi
  if command -v valgrind >/dev/null 2>&1 && [ -f /usr/include/valgrind/memcheck.h ]; then
    if $cc -O2 -Wall $flags $variant -DSC64_TEST_VALGRIND -I"$top/internal" \
        -o "$tmp/sc64-ct-$cc" "$top/tests/sc64/sc64-test.c" &&
       valgrind -q --error-exitcode=99 "$tmp/sc64-ct-$cc" --ct >/dev/null; then
      ok
    else
      fail "valgrind constant-time run ($run)"
    fi
  else
    missing "valgrind constant-time run ($run): valgrind is not installed"
  fi
done
[ $ran = 1 ] || skip "neither gcc nor clang is installed"
finish
