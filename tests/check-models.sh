#!/bin/sh
# SPDX-License-Identifier: MIT
# The self-checks of the reference model in scripts/model/: RFC 7748,
# RFC 8032 and FIPS 180-4 answers recomputed, the ladder against the Edwards
# arithmetic, the decoding and verification rules, the Wycheproof and
# speccheck cases of tests/vectors (tests/model25519.py, model_ed25519.py,
# checksum_model.py); and the parsers and generators of the CPU model tool,
# scripts/tools/cpu-model, without qemu or llvm-mca (tests/cpu_model_check.py).
# BINDIR is not used.
name=check-models
. "$(dirname "$0")/lib.sh"
lib_args "$@"
if [ -x /usr/bin/python3 ]; then py=/usr/bin/python3; else py=python3; fi
export PYTHONDONTWRITEBYTECODE=1
log=$(mktemp) || exit 111
trap 'rm -f "$log"' EXIT
for m in model25519 model_ed25519 checksum_model cpu_model_check; do
  if $py "$top/tests/$m.py" >"$log" 2>&1; then
    ok "$(tail -n 1 "$log")"
  else
    tail -n 20 "$log"
    fail "tests/$m.py"
  fi
done
finish
