#!/bin/sh
# SPDX-License-Identifier: MIT
# The safety nets catch the planted implementations (tests/planted/):
# 1. dispatch skips a candidate whose self-test fails and takes the next;
# 2. the valgrind data-flow run reports a secret-dependent branch.
# usage: sh tests/check-planted.sh [BINDIR]   (default build/0/package/bin;
# the planted library is BINDIR/../../planted, made by `make planted`)
name=check-planted
. "$(dirname "$0")/lib.sh"
lib_args "$@"
need_build
B=$builddir
if cc -Wall -Werror -I"$pkg/include" "$top/examples/selected.c" -L"$pkg/lib" -l25519 -o "$B/selected"; then
  ok
else
  fail "examples/selected.c does not build"; finish
fi
out=$(LD_LIBRARY_PATH="$B/planted" "$B/selected") || { fail "selected does not run with $B/planted (make planted)"; finish; }
first=$(echo "$out" | grep -A1 '^hashblocks_sha512' | sed -n 2p)
chosen=$(echo "$out" | grep '^hashblocks_sha512' | awk '{print $2}')
case "$first" in
  *"candidate 0: planted-broken"*) ok "planted-broken is candidate 0" ;;
  *) fail "planted-broken is not the first candidate: $first" ;;
esac
if [ "$chosen" = planted-broken ]; then
  fail "dispatch chose planted-broken despite its failing self-test"
else
  ok "dispatch skipped planted-broken and chose $chosen"
fi
if command -v valgrind >/dev/null; then
  if LD_LIBRARY_PATH="$B/planted" valgrind -q --error-exitcode=99 "$bin/lib25519-test" verify >"$B/planted-valgrind.log" 2>&1; then
    fail "valgrind did not report the planted secret-dependent branch"
  elif grep -q 'depends on uninitialised value' "$B/planted-valgrind.log"; then
    ok "valgrind reported the planted secret-dependent branch"
  else
    fail "valgrind run failed for another reason:"; tail -n 20 "$B/planted-valgrind.log"
  fi
else
  missing "valgrind is not installed: the planted secret branch is not looked for"
fi
finish
