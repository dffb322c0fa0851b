#!/bin/sh
# SPDX-License-Identifier: MIT
# Build and run the side-by-side comparison against OpenSSL (libssl-dev) and,
# when libsodium-dev is installed, libsodium; pinned to one CPU (CPU=N, default 0).
# usage: benchmarks/compare/run.sh [OUTPUT-FILE]
top=$(cd "$(dirname "$0")/../.." && pwd)
B=$top/build/0
sodium=
if pkg-config --exists libsodium 2>/dev/null; then sodium="-DHAVE_SODIUM $(pkg-config --cflags --libs libsodium)"; fi
cc -O2 -Wall -I"$B/package/include" -I"$top/cpucycles" "$top/benchmarks/compare/compare.c" "$top/cpucycles/cpucycles.c" \
  -L"$B/package/lib" -l25519 -lcrypto $sodium -o "$B/compare" || exit 1
if [ -n "$1" ]; then
  LD_LIBRARY_PATH="$B/package/lib" taskset -c "${CPU:-0}" "$B/compare" | tee "$1"
else
  LD_LIBRARY_PATH="$B/package/lib" taskset -c "${CPU:-0}" "$B/compare"
fi
