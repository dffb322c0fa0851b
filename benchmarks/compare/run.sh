#!/bin/sh
# SPDX-License-Identifier: MIT
# Build and run the side-by-side comparison (benchmarks/compare/compare.c)
# of this tree's library (build/0), other lib25519-API libraries, OpenSSL
# (libssl-dev) and, when libsodium-dev is installed, libsodium; pinned to one
# CPU (CPU=N, default 1).
# usage: benchmarks/compare/run.sh [OUTPUT-FILE] [--lib NAME=PATH ...] [--rounds N] [--no-avx2-view | --avx512f-view]
#   --lib NAME=PATH  a lib25519-API shared library to load next to ours
#                    (any number). Without any --lib, every DIR/lib25519.so.1
#                    under ../shared/anchors beside the tree is taken, when that
#                    folder exists, named after DIR without "lib25519-".
# CC, COMPARE_FLAGS (extra compiler and linker flags) and RUN (a wrapper
# the program runs under, e.g. qemu-aarch64) are benchmarks/measure.sh's
# testing hooks.
# Each --lib's folder is appended to LD_LIBRARY_PATH (after ours, so the
# program's own lib25519.so.1 stays this tree's), and compare.c loads the
# librandombytes in that folder by path before the library: builds that
# need their own librandombytes find it either way.
top=$(cd "$(dirname "$0")/../.." && pwd)
B=$top/build/0
out=
case "${1-}" in
  "" | -*) ;;
  *) out=$1; shift ;;
esac
libs=0
for a in "$@"; do
  case "$a" in --lib | --lib=*) libs=1 ;; esac
done
anchors=$top/../shared/anchors
if [ "$libs" = 0 ] && [ -d "$anchors" ]; then
  for so in "$anchors"/*/lib25519.so.1; do
    [ -f "$so" ] || continue
    d=$(basename "$(dirname "$so")")
    set -- "$@" --lib "${d#lib25519-}=$(cd "$(dirname "$so")" && pwd)/lib25519.so.1"
  done
fi
ldpath=$B/package/lib
prev=
for a in "$@"; do
  if [ "$prev" = --lib ]; then ldpath=$ldpath:$(dirname "${a#*=}"); fi
  case "$a" in --lib=*) ldpath=$ldpath:$(dirname "${a#--lib=*=}") ;; esac
  prev=$a
done
sodium=
if pkg-config --exists libsodium 2>/dev/null; then sodium="-DHAVE_SODIUM $(pkg-config --cflags --libs libsodium)"; fi
${CC:-cc} -O2 -Wall -I"$B/package/include" -I"$top/cpucycles" "$top/benchmarks/compare/compare.c" "$top/cpucycles/cpucycles.c" \
  -L"$B/package/lib" -l25519 $COMPARE_FLAGS -lcrypto -ldl $sodium -o "$B/compare" || exit 1
if [ -n "$out" ]; then
  # through a temporary file: a failed run leaves no output file behind
  LD_LIBRARY_PATH=$ldpath taskset -c "${CPU:-1}" $RUN "$B/compare" "$@" >"$out.tmp" ||
    { cat "$out.tmp"; rm -f "$out.tmp"; exit 1; }
  mv "$out.tmp" "$out" && cat "$out"
else
  LD_LIBRARY_PATH=$ldpath taskset -c "${CPU:-1}" $RUN "$B/compare" "$@"
fi
