#!/bin/sh
# SPDX-License-Identifier: MIT
# The safety nets catch the planted implementations (tests/planted/):
# 1. dispatch skips a candidate whose self-test fails and takes the next;
# 2. the valgrind data-flow run reports a secret-dependent branch.
B=$(cd "$(dirname "$0")/.." && pwd)/build/0
fail=0
cc -Wall -Werror -I"$B/package/include" "$B/../../examples/selected.c" -L"$B/package/lib" -l25519 -o "$B/selected" || exit 1
out=$(LD_LIBRARY_PATH="$B/planted" "$B/selected") || exit 1
first=$(echo "$out" | grep -A1 '^hashblocks_sha512' | sed -n 2p)
chosen=$(echo "$out" | grep '^hashblocks_sha512' | awk '{print $2}')
case "$first" in
  *"candidate 0: planted-broken"*) echo "planted-broken is candidate 0" ;;
  *) echo "FAIL: planted-broken is not the first candidate: $first"; fail=1 ;;
esac
if [ "$chosen" = planted-broken ]; then
  echo "FAIL: dispatch chose planted-broken despite its failing self-test"; fail=1
else
  echo "dispatch skipped planted-broken and chose $chosen"
fi
if command -v valgrind >/dev/null; then
  if LD_LIBRARY_PATH="$B/planted" valgrind -q --error-exitcode=99 "$B/package/bin/lib25519-test" verify >"$B/planted-valgrind.log" 2>&1; then
    echo "FAIL: valgrind did not report the planted secret-dependent branch"; fail=1
  elif grep -q 'depends on uninitialised value' "$B/planted-valgrind.log"; then
    echo "valgrind reported the planted secret-dependent branch"
  else
    echo "FAIL: valgrind run failed for another reason:"; tail -n 20 "$B/planted-valgrind.log"; fail=1
  fi
else
  echo "FAIL: valgrind is not installed"; fail=1
fi
[ $fail = 0 ] && echo "check-planted: 3 passed, 0 failed"
exit $fail
