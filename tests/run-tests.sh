#!/bin/sh
# SPDX-License-Identifier: MIT
# The project's test run (README's test command, `make check`, CI):
# builds if needed, then runs every test step and prints
# "N passed, M failed" last, followed by ", K skipped" when K steps could
# not run here (exit status 77: tools or hardware missing; never in CI for
# a tool scripts/install-deps installs); exits nonzero if any step failed.
# Each tests/check-*.sh and tests/cli-*.sh step gets the package/bin of
# build/0 as BINDIR and counts its own checks with tests/lib.sh; a step
# that passed with some checks skipped is listed before the last line.
# THREADS (default 2) sets the parallelism of lib25519-fulltest.
cd "$(dirname "$0")/.." || exit 111
top=$(pwd)
[ -f build/0/Makefile ] || ./configure --no-trim || exit 111
make -j2 all planted >build/make.log 2>&1 || { tail -n 40 build/make.log; echo "build failed"; exit 1; }
grep '^notice' build/make.log || true
B=$top/build/0
export LD_LIBRARY_PATH="$B/package/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export PATH="$B/package/bin:$PATH"
# the public vectors (tests/vectors) must be found: a missing file fails
export LIB25519_TEST_VECTORS="$top/tests/vectors"
passed=0
failed=0
skipped=0
failures=
partial=
step() {
  name=$1
  shift
  start=$(date +%s)
  echo "=== $name"
  "$@" >"$top/build/step-$name.log" 2>&1
  rc=$?
  if [ $rc = 0 ]; then
    passed=$((passed + 1))
    # "NAME: N passed, M failed, K skipped" (tests/lib.sh), or
    # lib25519-test's "K checks skipped"
    inner=$(sed -n -e 's/^[a-z0-9-]*: [0-9]* passed, [0-9]* failed, \([0-9]*\) skipped$/\1/p' \
      -e 's/^\([0-9]*\) checks skipped .*/\1/p' "$top/build/step-$name.log" | tail -n 1)
    if [ -n "$inner" ]; then
      partial="$partial $name($inner)"
      echo "--- $name ok ($(($(date +%s) - start)) s; $inner checks SKIPPED)"
      grep '^SKIPPED' "$top/build/step-$name.log"
    else
      echo "--- $name ok ($(($(date +%s) - start)) s)"
    fi
    tail -n 3 "$top/build/step-$name.log"
  elif [ $rc = 77 ]; then
    # a step that cannot run here (missing tools or hardware); under CI a
    # missing tool is a failure instead (tests/lib.sh: missing)
    skipped=$((skipped + 1))
    echo "--- $name SKIPPED:"
    grep '^SKIPPED' "$top/build/step-$name.log" || tail -n 1 "$top/build/step-$name.log"
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
[ -z "$partial" ] || echo "passed with checks skipped (count in parentheses):$partial"
if [ $skipped = 0 ]; then
  echo "$passed passed, $failed failed"
else
  echo "$passed passed, $failed failed, $skipped skipped (missing tools; scripts/install-deps installs them)"
fi
[ "$failed" = 0 ]
