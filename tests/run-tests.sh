#!/bin/sh
# SPDX-License-Identifier: MIT
# The project's test run (README's test command, `make check`, CI):
# builds if needed, then runs every test step and prints
# "N passed, M failed" last (and "K skipped" when a step lacked its tools:
# exit status 77); exits nonzero if any step failed.
# THREADS (default 2) sets the parallelism of lib25519-fulltest.
cd "$(dirname "$0")/.." || exit 111
top=$(pwd)
[ -f build/0/Makefile ] || ./configure --no-trim || exit 111
make -j2 all planted >build/make.log 2>&1 || { tail -n 40 build/make.log; echo "build failed"; exit 1; }
grep '^notice' build/make.log || true
B=$top/build/0
export LD_LIBRARY_PATH="$B/package/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export PATH="$B/package/bin:$PATH"
passed=0
failed=0
skipped=0
failures=
step() {
  name=$1
  shift
  start=$(date +%s)
  echo "=== $name"
  "$@" >"$top/build/step-$name.log" 2>&1
  rc=$?
  if [ $rc = 0 ]; then
    passed=$((passed + 1))
    echo "--- $name ok ($(($(date +%s) - start)) s)"
    tail -n 3 "$top/build/step-$name.log"
  elif [ $rc = 77 ]; then
    # a step that cannot run here (missing tools); never in CI
    skipped=$((skipped + 1))
    echo "--- $name SKIPPED: $(tail -n 1 "$top/build/step-$name.log")"
  else
    failed=$((failed + 1))
    failures="$failures $name"
    echo "--- $name FAILED ($(($(date +%s) - start)) s); last lines of build/step-$name.log:"
    tail -n 40 "$top/build/step-$name.log"
  fi
}

# A pair that fails to compile is left out of the library by design (other
# machines, other compilers), but then it is not tested either. CI has the
# toolchain of doc/install.md, so there every configured pair must be in
# the dispatcher: counted in pairs.h, which also catches a pair lost
# without a notice (as two concurrent sub-makes once did).
configured=$(grep -c '/ok: ' "$B/Makefile")
compiled=$(grep -c '^#define' "$B/dispatch/pairs.h")
if [ -n "$CI" ]; then
  step all-pairs-compiled sh -c "echo '$compiled of $configured implementation/compiler pairs compiled'; [ $compiled = $configured ]"
elif [ "$compiled" != "$configured" ]; then
  echo "note: $((configured - compiled)) of $configured implementation/compiler pairs did not compile and are not tested"
fi

if [ -x "$B/package/bin/lib25519-fulltest" ]; then
  step fulltest lib25519-fulltest
else
  step lib25519-test lib25519-test
fi
for t in tests/check-*.sh tests/cli-*.sh; do
  [ -f "$t" ] || continue
  n=$(basename "$t" .sh)
  step "$n" sh "$t" "$B/package/bin"
done

echo
[ -z "$failures" ] || echo "failed steps:$failures"
if [ $skipped = 0 ]; then
  echo "$passed passed, $failed failed"
else
  echo "$passed passed, $failed failed, $skipped skipped (missing tools; scripts/install-deps installs them)"
fi
[ "$failed" = 0 ]
