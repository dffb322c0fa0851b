#!/bin/sh
# SPDX-License-Identifier: MIT
# The committed generated files are what their generators make: scripts/regen
# rewrites the Ed25519 tables, tests/kat/*.h and the fuzz seeds in a
# temporary copy of the tree and this fails on any difference (a file edited
# by hand, or a generator or the model changed without `make regen`).
# priority/ and doc/speed.md are compared by check-prioritize.sh and
# check-speeddoc.sh with the same generators, so not again here.
# BINDIR is not used.
name=check-regen
. "$(dirname "$0")/lib.sh"
lib_args "$@"
if sh "$top/scripts/regen" --check tables kat seeds; then
  ok
else
  fail "generated files differ from scripts/regen's output (see above; make regen rewrites them)"
fi
finish
