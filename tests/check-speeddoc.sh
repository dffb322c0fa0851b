#!/bin/sh
# SPDX-License-Identifier: MIT
# 1. doc/speed.md's tables and doc/speed-chart.svg are what scripts/gen/mkspeeddoc
#    and scripts/gen/mkspeedchart make of the committed measurements (nobody
#    edited numbers by hand or forgot to regenerate), and speed.md shows the
#    chart; benchmarks/model/ratios*.txt are what scripts/tools/cpu-model --ratios
#    makes of the model files there.
# 2. A smoke run of the comparison harness (benchmarks/compare/compare.c)
#    against the library under test, loading that same library a second time
#    through --lib (dlopen), 5 rounds: it builds, finds every lib25519 symbol
#    it needs with dlsym, and prints both tables; once more with
#    --avx512f-view. Its figures mean nothing.
name=check-speeddoc
. "$(dirname "$0")/lib.sh"
lib_args "$@"
if [ -x /usr/bin/python3 ]; then py=/usr/bin/python3; else py=python3; fi
if $py "$top/scripts/tools/cpu-model" --ratios --check; then ok; else fail "scripts/tools/cpu-model --ratios --check (make regen rewrites benchmarks/model/ratios*.txt)"; fi
if $py "$top/scripts/gen/mkspeeddoc" --check; then ok; else fail "scripts/gen/mkspeeddoc --check"; fi
if $py "$top/scripts/gen/mkspeedchart" --check; then ok; else fail "scripts/gen/mkspeedchart --check (make regen rewrites doc/speed-chart.svg)"; fi
if grep -q '](speed-chart.svg)' "$top/doc/speed.md"; then ok; else fail "doc/speed.md does not show speed-chart.svg"; fi
if [ -z "$pkg" ] || [ ! -f "$pkg/include/lib25519.h" ]; then
  skip "no include/ and lib/ next to $bin: no harness smoke run"
  finish
fi
if ! printf '#include <openssl/evp.h>\n' | cc -E - >/dev/null 2>&1; then
  missing "OpenSSL headers (libssl-dev): no harness smoke run"
  finish
fi
tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp"' EXIT
sodium=
if pkg-config --exists libsodium 2>/dev/null; then sodium="-DHAVE_SODIUM $(pkg-config --cflags --libs libsodium)"; fi
if cc -O1 -Wall -I"$pkg/include" -I"$top/cpucycles" "$top/benchmarks/compare/compare.c" "$top/cpucycles/cpucycles.c" \
     -L"$pkg/lib" -l25519 -lcrypto -ldl $sodium -o "$tmp/compare" 2>"$tmp/cc.log"; then
  if LD_LIBRARY_PATH=$pkg/lib "$tmp/compare" --rounds 5 --lib "again=$pkg/lib/lib25519.so.1" >"$tmp/out" 2>"$tmp/err" &&
     [ "$(grep -c -E '^(X|Ed) ' "$tmp/out")" = 7 ] && grep -q '^multiscalar (Ed MSM)' "$tmp/out"; then
    ok "compare harness: 7 operations and the AVX2 class view, with a --lib loaded by dlopen"
  else
    cat "$tmp/err"
    fail "compare harness smoke run"
  fi
  if LD_LIBRARY_PATH=$pkg/lib "$tmp/compare" --rounds 5 --avx512f-view --lib "again=$pkg/lib/lib25519.so.1" >"$tmp/out" 2>"$tmp/err" &&
     grep -q '^# AVX-512F class view' "$tmp/out" && ! grep -q '^# AVX2 class view' "$tmp/out" &&
     grep -q '^multiscalar (Ed MSM)' "$tmp/out"; then
    ok "compare harness: the AVX-512F class view in place of the AVX2 one"
  else
    cat "$tmp/err"
    fail "compare harness smoke run with --avx512f-view"
  fi
else
  cat "$tmp/cc.log"
  fail "benchmarks/compare/compare.c did not build"
fi
finish
