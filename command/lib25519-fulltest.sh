#!/bin/sh
# SPDX-License-Identifier: MIT
# lib25519-fulltest: lib25519-test for every primitive, THREADS at a time
# (default 2), then the same under valgrind with secrets poisoned (the
# data-flow / constant-time test). Prints "full tests succeeded" last.
# Without valgrind the first half runs, the valgrind half is reported as
# skipped and the exit status is 0, except under CI (CI set), where a
# missing valgrind fails as any missing tool does.
# Options: --no-valgrind skips the data-flow run; --long passes --long on.
THREADS=${THREADS:-2}
dir=$(dirname "$0")
test=$dir/lib25519-test
[ -x "$test" ] || test=lib25519-test
valgrind=yes
long=
for a in "$@"; do
  case "$a" in
    --no-valgrind) valgrind=no ;;
    --long) long=--long ;;
    *) echo "usage: lib25519-fulltest [--no-valgrind] [--long]" >&2; exit 100 ;;
  esac
done
tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp"' EXIT INT TERM
prims=$("$test" --list) && [ -n "$prims" ] || { echo "lib25519-fulltest: cannot list the tests of $test" >&2; exit 111; }

# run "$@" once per primitive, THREADS at a time; logs in $tmp/LABEL-PRIM
runall() {
  label=$1
  shift
  echo "$prims" | xargs -P "$THREADS" -I{} sh -c '
    d=$1; l=$2; p=$3; shift 3
    if "$@" "$p" >"$d/$l-$p" 2>&1; then echo "$l $p: ok"; else echo "$l $p: FAILED"; exit 1; fi
  ' sh "$tmp" "$label" {} "$@"
}

status=0
skipped=
runall test "$test" $long || status=1
if [ $valgrind = yes ]; then
  if command -v valgrind >/dev/null; then
    # valgrind runs ADX code but hides it in its CPUID: see cpuid/disable.h
    LIB25519_VALGRIND_ASSUME=adx runall valgrind valgrind -q --error-exitcode=99 --track-origins=yes "$test" || status=1
  elif [ -n "$CI" ]; then
    # CI has every tool scripts/tools/install-deps installs: a missing one fails
    echo "lib25519-fulltest: valgrind not installed; the data-flow test did not run (CI must have it)" >&2
    status=1
  else
    # the rest ran; say plainly what did not (tests/run-tests.sh counts it)
    skipped="valgrind is not installed: the data-flow (constant-time) test did not run"
  fi
fi
if [ $status != 0 ]; then
  for f in "$tmp"/*; do
    if grep -q -E 'FAIL|ERROR SUMMARY: [1-9]|depends on uninit|Invalid|error' "$f" 2>/dev/null; then
      echo "=== $(basename "$f")"
      grep -E -A12 'FAIL|Conditional jump|Use of uninit|Invalid|ERROR SUMMARY' "$f" | head -n 60
    fi
  done
  echo "full tests FAILED"
  exit 1
fi
if [ -n "$skipped" ]; then
  echo "SKIPPED: $skipped"
  echo "1 checks skipped (the valgrind run)"
  echo "full tests succeeded, except the valgrind run (skipped)"
  exit 0
fi
echo "full tests succeeded"
