#!/bin/sh
# SPDX-License-Identifier: MIT
# The self-checks of the reference model in scripts/model/: RFC 7748,
# RFC 8032 and FIPS 180-4 answers recomputed, the ladder against the Edwards
# arithmetic, the decoding and verification rules, Wycheproof and speccheck
# when ../shared/vectors is present (tests/model25519.py, model_ed25519.py,
# checksum_model.py).
top=$(cd "$(dirname "$0")/.." && pwd) || exit 111
if [ -x /usr/bin/python3 ]; then py=/usr/bin/python3; else py=python3; fi
export PYTHONDONTWRITEBYTECODE=1
log=$(mktemp) || exit 111
trap 'rm -f "$log"' EXIT
passed=0
failed=0
for m in model25519 model_ed25519 checksum_model; do
  if $py "$top/tests/$m.py" >"$log" 2>&1; then
    passed=$((passed + 1))
    tail -n 1 "$log"
  else
    failed=$((failed + 1))
    echo "FAIL: tests/$m.py"
    tail -n 20 "$log"
  fi
done
echo "check-models: $passed passed, $failed failed"
[ $failed = 0 ]
