#!/bin/sh
# SPDX-License-Identifier: MIT
# The committed generated files are what their generators make: scripts/gen/regen
# rewrites the Ed25519 tables, tests/kat/*.h, the fuzz seeds and the generated
# assembly (fe26x4-ladder-asm's ladder.S) in a
# temporary copy of the tree and this fails on any difference (a file edited
# by hand, or a generator or the model changed without `make regen`).
# tests/vectors/*.txt too, when the upstream files they are converted from
# are present (../shared/vectors, or $LIB25519_UPSTREAM_VECTORS).
# doc/map.md (scripts/gen/mkmap) too, when every compiler of compilers/ is here,
# the arm64 cross compilers included (it runs each with -MM).
# priority/ and doc/speed.md are compared by check-prioritize.sh and
# check-speeddoc.sh with the same generators, so not again here.
# BINDIR is not used.
name=check-regen
. "$(dirname "$0")/lib.sh"
lib_args "$@"
parts="tables kat seeds asm"
if command -v gcc >/dev/null && command -v clang >/dev/null && command -v aarch64-linux-gnu-gcc >/dev/null; then
  parts="$parts map"
else
  missing "doc/map.md not compared: it needs gcc, clang and aarch64-linux-gnu-gcc"
fi
if [ -d "${LIB25519_UPSTREAM_VECTORS:-$top/../shared/vectors}" ]; then
  parts="$parts vectors"
else
  skip "tests/vectors not compared: the upstream Wycheproof and speccheck files are not here"
fi
if sh "$top/scripts/gen/regen" --check $parts; then
  ok
else
  fail "generated files differ from scripts/gen/regen's output (see above; make regen rewrites them)"
fi
finish
