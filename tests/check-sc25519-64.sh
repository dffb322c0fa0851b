#!/bin/sh
# SPDX-License-Identifier: MIT
# Build and run tests/sc64/sc64-test.c: the straight-line scalar arithmetic
# mod L of internal/scalar/sc64.h (used by crypto_sign/ed25519/amd64-mulx-64)
# against the reference loops of internal/scalar/sc25519.h, with each of gcc and
# clang that is installed, at -O2 with -mbmi2 -madx on amd64 (the flags of
# the implementation) and plain -O2 elsewhere; then, when valgrind is
# installed, a run with secret inputs marked undefined so that valgrind
# reports any branch or memory index that depends on them (the library's
# own valgrind test cannot reach this code: valgrind's CPUID has no ADX).
# $1 (the bin dir) is not needed.
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp"' EXIT
case $(uname -m) in
  x86_64|amd64) flags="-mbmi2 -madx" ;;
  *) flags="" ;;
esac
fail=0
ran=0
total_p=0
total_f=0
for cc in gcc clang; do
  command -v $cc >/dev/null 2>&1 || continue
  ran=1
  if ! $cc -O2 -Wall $flags -I"$top/internal" -o "$tmp/sc64-test-$cc" "$top/tests/sc64/sc64-test.c"; then
    echo "check-sc25519-64: FAIL: cannot build with $cc"; fail=1; total_f=$((total_f + 1)); continue
  fi
  "$tmp/sc64-test-$cc" >"$tmp/out" || fail=1
  sed "s/^/$cc: /" "$tmp/out"
  p=$(sed -n 's/^sc64-test: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$tmp/out")
  f=$(sed -n 's/^sc64-test: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$tmp/out")
  [ -n "$p" ] && [ -n "$f" ] || { p=0; f=1; fail=1; }
  total_p=$((total_p + p)); total_f=$((total_f + f))
  if command -v valgrind >/dev/null 2>&1 && [ -f /usr/include/valgrind/memcheck.h ]; then
    if $cc -O2 -Wall $flags -DSC64_TEST_VALGRIND -I"$top/internal" \
        -o "$tmp/sc64-ct-$cc" "$top/tests/sc64/sc64-test.c" &&
       valgrind -q --error-exitcode=99 "$tmp/sc64-ct-$cc" --ct >/dev/null; then
      total_p=$((total_p + 1))
    else
      echo "check-sc25519-64: FAIL: valgrind constant-time run ($cc)"; fail=1
      total_f=$((total_f + 1))
    fi
  fi
done
[ $ran = 1 ] || { echo "check-sc25519-64: no C compiler, skipped"; exit 0; }
echo "check-sc25519-64: $total_p passed, $total_f failed"
exit $fail
