#!/bin/sh
# SPDX-License-Identifier: MIT
# doc/speed.md's tables and doc/speed-chart.svg are what scripts/mkspeeddoc
# and scripts/mkspeedchart make of the committed measurements (nobody edited
# numbers by hand or forgot to regenerate), and speed.md shows the chart.
# BINDIR is not used.
name=check-speeddoc
. "$(dirname "$0")/lib.sh"
lib_args "$@"
if [ -x /usr/bin/python3 ]; then py=/usr/bin/python3; else py=python3; fi
if $py "$top/scripts/mkspeeddoc" --check; then ok; else fail "scripts/mkspeeddoc --check"; fi
if $py "$top/scripts/mkspeedchart" --check; then ok; else fail "scripts/mkspeedchart --check (make regen rewrites doc/speed-chart.svg)"; fi
if grep -q '](speed-chart.svg)' "$top/doc/speed.md"; then ok; else fail "doc/speed.md does not show speed-chart.svg"; fi
finish
