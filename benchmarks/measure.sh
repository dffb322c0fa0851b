#!/bin/sh
# SPDX-License-Identifier: MIT
# The first measurement on a machine we have no figures of (an arm64
# board or server, say), in one command:
#   1. benchmarks/record.sh NAME: every implementation/compiler pair timed
#      by lib25519-speed, written to benchmarks/NAME.txt (the file
#      scripts/gen/prioritize ranks pairs from; a measured file outranks the
#      MODELLED ones);
#   2. this tree's default build (build/0, ./configure && make, when there
#      is none yet) against the distribution's lib25519, side by side
#      (benchmarks/compare/run.sh), written to benchmarks/compare/NAME.txt.
# The distribution's library is /usr/lib/MULTIARCH/lib25519.so.1 (Debian
# and Ubuntu: apt install lib25519-1; MULTIARCH from the compiler, e.g.
# aarch64-linux-gnu), named after ID in /etc/os-release; DISTRO_LIB=PATH
# names another. compare needs OpenSSL's headers (libssl-dev); libsodium's
# (libsodium-dev) are optional. Hours on a slow board: run it in screen.
# Afterwards: sh scripts/gen/regen priority speeddoc speedchart map, and commit
# both files (doc/speed.md, "Measuring on real hardware").
# usage: benchmarks/measure.sh NAME [--rounds N] [--lib NAME=PATH ...]
#   e.g. benchmarks/measure.sh arm64-cortex-a76-pi5
# Testing hooks (the script itself under qemu-user on another machine):
# HOST=ARCH configures both builds with --host=ARCH, RUN=WRAPPER runs the
# programs under it (e.g. qemu-aarch64 with QEMU_LD_PREFIX set),
# SPEED_ARGS are given to lib25519-speed (e.g. --quick dh_x25519), CC
# and COMPARE_FLAGS compile compare.c.
top=$(cd "$(dirname "$0")/.." && pwd) || exit 111
name=$1
case "$name" in
  ""|-*|*/*|*.txt) echo "usage: benchmarks/measure.sh NAME [--rounds N] [--lib NAME=PATH ...] (NAME: no .txt, no /)" >&2; exit 100 ;;
esac
shift
cd "$top" || exit 111
sh benchmarks/record.sh "$name" || { echo "measure: benchmarks/record.sh failed" >&2; exit 1; }
if [ ! -f build/0/package/lib/lib25519.so.1 ]; then
  { ./configure ${HOST:+--host=$HOST} && nice make -j2 -f build/0/Makefile all; } >/dev/null ||
    { echo "measure: building build/0 failed" >&2; exit 1; }
fi
lib=${DISTRO_LIB:-}
if [ -z "$lib" ]; then
  multiarch=$(${CC:-cc} -print-multiarch 2>/dev/null)
  [ -n "$multiarch" ] || multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null)
  lib=/usr/lib/$multiarch/lib25519.so.1
fi
distro=$( (. /etc/os-release 2>/dev/null && echo "${ID:-}") )
set -- --lib "${distro:-distribution}=$lib" "$@"
if [ ! -f "$lib" ]; then
  echo "measure: no $lib (apt install lib25519-1, or DISTRO_LIB=PATH): ours alone" >&2
  shift 2
fi
sh benchmarks/compare/run.sh "benchmarks/compare/$name.txt" "$@" ||
  { echo "measure: benchmarks/compare/run.sh failed" >&2; exit 1; }
echo "wrote benchmarks/$name.txt and benchmarks/compare/$name.txt"
