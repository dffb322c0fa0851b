#!/bin/sh
# SPDX-License-Identifier: MIT
# The committed generated files are what their generators make: scripts/regen
# rewrites the Ed25519 tables, tests/kat/*.h and the fuzz seeds in a
# temporary copy of the tree and this fails on any difference (a file edited
# by hand, or a generator or the model changed without `make regen`).
# priority/ and doc/speed.md are compared by check-prioritize.sh and
# check-speeddoc.sh with the same generators, so not again here.
top=$(cd "$(dirname "$0")/.." && pwd) || exit 111
sh "$top/scripts/regen" --check tables kat seeds || exit 1
echo "check-regen: 1 passed, 0 failed"
