#!/bin/sh
# SPDX-License-Identifier: MIT
# Differential fuzzing with libFuzzer (tests/fuzz/): builds the library with
# clang -fsanitize=fuzzer-no-link,address,undefined in build/fuzz, links
# every harness tests/fuzz/fuzz_*.c against its lib25519.a, and runs each
# for FUZZ_SECONDS (default 20), two at a time, starting from the committed
# seeds (tests/fuzz/seeds/TARGET, made by tests/fuzz/make-seeds.py). Each
# harness checks every compiled implementation against the others and
# against its own reference (see the top of each harness); a disagreement,
# crash or sanitizer report fails the check and leaves the input in
# build/fuzz/artifacts/.
#
# usage: sh tests/check-fuzz.sh [BINDIR]   (BINDIR is not used: own build)
# environment:
#   FUZZ_SECONDS=600   longer runs (per target); new inputs that reach new
#                      code accumulate in build/fuzz-corpus/TARGET, which
#                      survives rebuilds (delete it to start from the seeds)
#   FUZZ_TARGETS="nP decode"   run only these
#   THREADS (default 2)        targets run at once
# Reproduce a failure: build/fuzz/fuzz_TARGET build/fuzz/artifacts/FILE
name=check-fuzz
. "$(dirname "$0")/lib.sh"
lib_args "$@"
# the summary, after the time taken
stop() {
  echo "total: $(($(date +%s) - start)) s"
  finish
}
start=$(date +%s)
secs=${FUZZ_SECONDS:-20}
threads=${THREADS:-2}
cc=${FUZZ_CC:-clang}
san="-fsanitize=address,undefined"
F=$top/build/fuzz

if ! command -v "$cc" >/dev/null 2>&1; then
  missing "$cc is not installed: libFuzzer needs clang"
  stop
fi
rm -rf "$F"
mkdir -p "$F"
# libFuzzer itself (Debian: libclang-rt-14-dev, a Recommends of clang)
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >"$F/probe.c"
if ! "$cc" -fsanitize=fuzzer,address "$F/probe.c" -o "$F/probe" >"$F/probe.log" 2>&1; then
  fail "$cc cannot link -fsanitize=fuzzer (libFuzzer missing; Debian package libclang-rt-14-dev):"
  cat "$F/probe.log"
  stop
fi

if ! (cd "$top" && CC=$cc CFLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -g" \
  LDFLAGS=$san ./configure --builddir=fuzz --no-planted --no-trim) >"$F.log" 2>&1; then
  fail "configure failed"
  tail -n 20 "$F.log"
  stop
fi
# configure starts build/fuzz afresh
mkdir -p "$F"
if ! make -f "$F/Makefile" -j"$threads" all >>"$F.log" 2>&1; then
  fail "the fuzzing build failed (build/fuzz.log)"
  grep -E 'error|Error' "$F.log" | head -n 20
  stop
fi
if grep '^notice: dropping' "$F.log"; then
  fail "implementation/compiler pairs above did not compile for fuzzing and are not covered"
fi
pkg=$F/package
ok "build/fuzz built in $(($(date +%s) - start)) s"

targets=${FUZZ_TARGETS:-$(cd "$top/tests/fuzz" && ls fuzz_*.c | sed 's/^fuzz_//; s/\.c$//')}
built=
for t in $targets; do
  if "$cc" -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -g -O1 -Wall \
    -I"$pkg/include" -I"$top/tests/fuzz" "$top/tests/fuzz/fuzz_$t.c" "$pkg/lib/lib25519.a" \
    -o "$F/fuzz_$t" >"$F/build-$t.log" 2>&1; then
    built="$built $t"
  else
    fail "harness fuzz_$t does not build:"
    head -n 20 "$F/build-$t.log"
  fi
done

tools=yes
for t in x25519-dh ed25519-sign ed25519-open; do
  [ -x "$pkg/bin/$t" ] || tools=no
done
if [ $tools = yes ]; then
  export FUZZ_TOOLS_DIR="$pkg/bin"
  export LD_LIBRARY_PATH="$pkg/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  echo "note: fuzz_tools runs the tools in $pkg/bin"
else
  echo "note: the tools (command/x25519-dh.c, ed25519-sign.c, ed25519-open.c) are not built yet:"
  echo "      fuzz_tools checks only the library calls with the tools' input layouts"
fi

corpus=$top/build/fuzz-corpus
mkdir -p "$corpus" "$F/artifacts" "$F/logs"
echo "running:$built, $secs s each, $threads at a time"
t0=$(date +%s)
for t in $built; do echo "$t"; done | xargs -P "$threads" -I{} sh -c '
  F=$1; t=$2; secs=$3; top=$4; corpus=$5
  mkdir -p "$corpus/$t"
  ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    "$F/fuzz_$t" -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 -max_len=4096 \
    -print_final_stats=1 -artifact_prefix="$F/artifacts/$t-" \
    "$corpus/$t" "$top/tests/fuzz/seeds/$t" >"$F/logs/$t.log" 2>&1
  echo $? >"$F/logs/$t.rc"
' sh "$F" {} "$secs" "$top" "$corpus"
for t in $built; do
  rc=$(cat "$F/logs/$t.rc" 2>/dev/null)
  runs=$(grep 'stat::number_of_executed_units' "$F/logs/$t.log" | awk '{print $2}')
  cov=$(grep -o 'cov: [0-9]*' "$F/logs/$t.log" | tail -n 1)
  if [ "$rc" = 0 ] && [ -n "$runs" ]; then
    ok "fuzz_$t: $runs inputs, $cov"
  else
    fail "fuzz_$t (exit $rc; build/fuzz/logs/$t.log):"
    grep -E -A30 '^fuzz:|ERROR: |runtime error|Test unit written' "$F/logs/$t.log" | head -n 50
  fi
done
echo "fuzzing: $(($(date +%s) - t0)) s"
stop
