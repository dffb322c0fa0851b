#!/bin/sh
# SPDX-License-Identifier: MIT
# The safety nets catch the planted implementations (tests/planted/):
# 1. dispatch skips a candidate whose self-test fails and takes the next;
# 2. when no candidate passes (build/0/planted-only), it aborts with one line;
# 3. the valgrind data-flow run reports a secret-dependent branch.
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
# build/0/planted-only: hashblocks_sha512 has only planted-broken there, so
# every candidate fails its self-test: the first hash must print one line
# naming the primitive and abort (a broken build must not give answers)
cat >"$B/planted-hash.c" <<'EOF'
#include <stdio.h>
#include <lib25519.h>
int main(void)
{
  unsigned char h[64];
  lib25519_hash_sha512(h, (const unsigned char *)"abc", 3);
  printf("hashed: %02x\n", h[0]);
  return 0;
}
EOF
if cc -Wall -Werror -I"$pkg/include" "$B/planted-hash.c" -L"$pkg/lib" -l25519 -o "$B/planted-hash"; then
  LD_LIBRARY_PATH="$B/planted-only" "$B/planted-hash" >"$B/planted-hash.out" 2>"$B/planted-hash.err"
  rc=$?
  # (a shell may add its own "Aborted" to the redirected stderr)
  lines=$(grep -cv '^Aborted' "$B/planted-hash.err")
  if [ $rc -ne 134 ] || grep -q hashed "$B/planted-hash.out"; then
    fail "with only planted-broken, hash_sha512 did not abort (exit $rc): $(cat "$B/planted-hash.out")"
  elif [ "$lines" -ne 1 ] || ! grep -q '^lib25519: every implementation of hashblocks_sha512 failed its self-test' "$B/planted-hash.err"; then
    fail "the abort did not say why in one line: $(cat "$B/planted-hash.err")"
  else
    ok "no candidate passes: aborted with \"$(grep -v '^Aborted' "$B/planted-hash.err")\""
  fi
  # the same program with the real candidates still there works
  if LD_LIBRARY_PATH="$B/planted" "$B/planted-hash" >/dev/null 2>&1; then ok; else fail "planted-hash fails with $B/planted"; fi
else
  fail "the planted-hash program does not build"
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
