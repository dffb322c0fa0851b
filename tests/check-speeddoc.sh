#!/bin/sh
# SPDX-License-Identifier: MIT
# doc/speed.md's tables are what scripts/mkspeeddoc makes of the committed
# measurements (nobody edited numbers by hand or forgot to regenerate).
top=$(cd "$(dirname "$0")/.." && pwd)
if [ -x /usr/bin/python3 ]; then py=/usr/bin/python3; else py=python3; fi
$py "$top/scripts/mkspeeddoc" --check || exit 1
echo "check-speeddoc: 1 passed, 0 failed"
