#!/bin/sh
# SPDX-License-Identifier: MIT
# doc/speed.md's tables are what scripts/mkspeeddoc makes of the committed
# measurements (nobody edited numbers by hand or forgot to regenerate).
# BINDIR is not used.
name=check-speeddoc
. "$(dirname "$0")/lib.sh"
lib_args "$@"
if [ -x /usr/bin/python3 ]; then py=/usr/bin/python3; else py=python3; fi
if $py "$top/scripts/mkspeeddoc" --check; then ok; else fail "scripts/mkspeeddoc --check"; fi
finish
