#!/bin/sh
# SPDX-License-Identifier: MIT
# Record one lib25519-speed run as benchmarks/NAME.txt: a --no-trim build
# (every implementation is compiled and measured) in build/bench, run pinned
# to one core (CPU=N, default 1). With --avx512-masked every AVX-512 tag is
# masked through LIB25519_DISABLE, so the run stands in for an AVX2-only CPU
# of the same core; lib25519-speed then prints a "lib25519 disable" line and
# scripts/gen/prioritize files the run under the class the masked CPU satisfies.
# With --ifma-masked only AVX-512 IFMA and VBMI are masked: the run stands in
# for an AVX-512F CPU without them (Skylake-SP, Cascade Lake: the amd64-avx512
# class).
# Afterwards it lists the pairs whose figures moved by more than 15% against
# the committed file (scripts/tools/bench-diff); then scripts/gen/prioritize
# && scripts/gen/mkspeeddoc (or make regen).
# benchmarks/measure.sh runs this and then the comparison with the
# distribution's lib25519; its testing hooks HOST, RUN and SPEED_ARGS
# (cross-configure, a wrapper such as qemu-aarch64, lib25519-speed's
# arguments) apply here too.
# usage: benchmarks/record.sh [--avx512-masked | --ifma-masked] NAME
#   e.g. benchmarks/record.sh amd64-zen5-epyc-2vcpu
#        benchmarks/record.sh --avx512-masked amd64-zen5-epyc-2vcpu-avx512-masked
#        benchmarks/record.sh --ifma-masked amd64-zen5-epyc-2vcpu-ifma-masked
top=$(cd "$(dirname "$0")/.." && pwd)
mask=
case "$1" in
  --avx512-masked) mask=avx512f,avx512vl,avx512ifma,avx512vbmi; shift ;;
  --ifma-masked) mask=avx512ifma,avx512vbmi; shift ;;
esac
name=$1
case "$name" in
  ""|*/*|*.txt) echo "usage: benchmarks/record.sh [--avx512-masked | --ifma-masked] NAME (no .txt, no /)" >&2; exit 100 ;;
esac
cd "$top" || exit 111
./configure --no-trim --no-planted --builddir=bench ${HOST:+--host=$HOST} >/dev/null || exit 111
nice make -j2 -f build/bench/Makefile all >/dev/null || exit 111
B=$top/build/bench/package
if [ -n "$mask" ]; then
  LIB25519_DISABLE=$mask LD_LIBRARY_PATH=$B/lib taskset -c "${CPU:-1}" $RUN "$B/bin/lib25519-speed" $SPEED_ARGS >"benchmarks/$name.txt.tmp"
else
  env -u LIB25519_DISABLE LD_LIBRARY_PATH=$B/lib taskset -c "${CPU:-1}" $RUN "$B/bin/lib25519-speed" $SPEED_ARGS >"benchmarks/$name.txt.tmp"
fi || { rm -f "benchmarks/$name.txt.tmp"; exit 1; }
mv "benchmarks/$name.txt.tmp" "benchmarks/$name.txt"
echo "wrote benchmarks/$name.txt"
# against the committed recording: a pair that moved although its code did
# not is a busy stretch of the host, a section to run again before
# prioritizing (scripts/tools/bench-diff says how)
if git show "HEAD:benchmarks/$name.txt" >"benchmarks/$name.txt.head" 2>/dev/null; then
  python3 scripts/tools/bench-diff "benchmarks/$name.txt.head" "benchmarks/$name.txt"
fi
rm -f "benchmarks/$name.txt.head"
