#!/bin/sh
# SPDX-License-Identifier: MIT
# Statistical timing test (tests/dudect/dudect.c) of the built library:
# every implementation of nP, nG (both), pow, verify and sign on this CPU,
# assembly included, fixed-vs-random secret inputs, Welch's t-test, |t| > 10
# fails. First it proves it can fail: the two test-only leaky functions in
# the harness must be flagged (exit status 1).
#
# usage: sh tests/check-dudect.sh [BINDIR] [--long]
#   BINDIR  the package/bin of the build to test (default build/0/package/bin);
#           its ../lib and ../include are used
#   --long  60 s per target instead of a 50 s total (DUDECT_SECONDS)
# A flagged target is measured once more with twice the time and fails only
# if flagged again (a real leak is flagged every time; the re-run guards a
# CI run against a burst of machine noise).
name=check-dudect
. "$(dirname "$0")/lib.sh"
long=
bindir=
for a in "$@"; do
  case "$a" in
    --long) long=--long ;;
    *) bindir=$a ;;
  esac
done
lib_args "$bindir"
if [ -z "$pkg" ] || [ ! -f "$pkg/include/lib25519.h" ] || [ ! -f "$pkg/lib/lib25519.so.1" ]; then
  fail "no built library next to $bin (want ../include/lib25519.h and ../lib/lib25519.so.1)"
  finish
fi
start=$(date +%s)
out=$top/build/dudect
mkdir -p "$out"
cc=${CC:-cc}
# the lane count of each nPbatch implementation, read from its source: the
# N of its "batch % N" or "c % N" (the width of its vector groups, whose
# last group takes a path by its size); 1 when it has none. The harness
# times every tail size of each (tests/dudect/dudect.c, BATCH_LANES), and
# the sizes its source names after "dudect also times batches" (paths
# that no tail size reaches).
lanes=
for d in "$top"/crypto_nPbatch/montgomery25519/*/; do
  [ -f "$d/nPbatch.c" ] || continue
  w=$(grep -o -E '(batch|c) % [0-9]+' "$d/nPbatch.c" | head -n 1 | sed 's/.*% //')
  also=$(grep -o -E 'dudect also times batches( [0-9]+)+' "$d/nPbatch.c" | head -n 1 | sed 's/.*batches //')
  lanes="$lanes{\"$(basename "$d")\",${w:-1},\"$also\"},"
  echo "nPbatch $(basename "$d"): ${w:-1} lanes${also:+, also batches $also}"
done
if ! $cc -O2 -Wall -I"$pkg/include" "-DBATCH_LANES=$lanes" "$top/tests/dudect/dudect.c" -L"$pkg/lib" -l25519 -lm \
  -o "$out/lib25519-dudect" >"$out/build.log" 2>&1; then
  fail "cannot build tests/dudect/dudect.c:"
  cat "$out/build.log"
  finish
fi
ok "built build/dudect/lib25519-dudect"
d=$out/lib25519-dudect

# the test can fail: both planted leaks must be flagged
for leak in leaky-compare leaky-loop; do
  "$d" --seconds 1 "$leak" >"$out/$leak.log" 2>&1
  rc=$?
  if [ $rc = 1 ] && grep -q "^$leak .* LEAK$" "$out/$leak.log"; then
    ok "$leak is flagged: $(grep "^$leak " "$out/$leak.log" | sed 's/.*max|t| *\([0-9.]*\).*/max|t| \1/')"
  else
    fail "$leak was not flagged (exit $rc):"
    cat "$out/$leak.log"
  fi
done

# the library
if [ -n "$long" ]; then
  "$d" --long >"$out/all.log" 2>&1
else
  "$d" --total-seconds "${DUDECT_SECONDS:-50}" >"$out/all.log" 2>&1
fi
rc=$?
cat "$out/all.log"
case $rc in
  0 | 1) ;;
  *)
    fail "lib25519-dudect failed (exit $rc)"
    finish
    ;;
esac
for t in $(awk '/ (ok|LEAK)$/ {print $1}' "$out/all.log"); do
  if grep -q "^$t .* ok$" "$out/all.log"; then
    ok "$t"
    continue
  fi
  secs=$(grep "^$t " "$out/all.log" | awk '{for (i = 1; i < NF; ++i) if ($(i + 1) == "s") print $i}')
  again=$(awk -v s="$secs" 'BEGIN { s = 2 * s; if (s < 4) s = 4; print s }')
  "$d" --seconds "$again" "$t" >"$out/again.log" 2>&1
  grep "^$t " "$out/again.log"
  if grep -q "^$t .* ok$" "$out/again.log"; then
    ok "$t (flagged once, not on a ${again} s re-run: machine noise)"
  else
    fail "$t: secret-dependent timing (flagged twice)"
  fi
done
[ $passed -gt 3 ] || fail "no library targets were measured"
echo "total: $(($(date +%s) - start)) s"
finish
