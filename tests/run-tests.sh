#!/bin/sh
# SPDX-License-Identifier: MIT
# The project's test run (README's test command, `make check`, CI):
# builds if needed, then runs every test step and prints
# "N passed, M failed" last, followed by ", K skipped" when K steps could
# not run here (exit status 77: tools or hardware missing; never in CI for
# a tool scripts/tools/install-deps installs); exits nonzero if any step failed.
# Each tests/check-*.sh and tests/cli-*.sh step gets the package/bin of
# the build under test as BINDIR and counts its own checks with tests/lib.sh;
# a step that passed with some checks skipped is listed before the last line.
# THREADS (default 2) sets the parallelism of lib25519-fulltest.
#
# usage: sh tests/run-tests.sh [--quick]
#   --quick (make check-quick): what a developer runs after a change: every
#   pair built (a pair that does not compile fails the step
#   all-pairs-compiled), lib25519-test over every pair (per primitive,
#   THREADS at a time, no valgrind), the tool tests (tests/cli-*.sh) and the
#   generic-template test (tests/check-generic.sh)
#
# The build under test is build/0 when it is untrimmed (./configure
# --no-trim; configured so when nothing is configured yet). A trimmed
# build/0 (plain ./configure) holds only what some CPU class would select,
# so every step runs on an untrimmed build configured beside it in
# build/check instead, and build/0 itself gets the step lib25519-test-trimmed
# (not in the quick tier).
quick=no
case ${1-} in
  --quick) quick=yes ;;
  "") ;;
  *) echo "usage: sh tests/run-tests.sh [--quick]" >&2; exit 111 ;;
esac
cd "$(dirname "$0")/.." || exit 111
top=$(pwd)
[ -f build/0/Makefile ] || ./configure --no-trim || exit 111
B=$top/build/0
trimmed=
if grep -q '^TRIMMED = 1$' build/0/Makefile; then
  trimmed=$top/build/0
  echo "NOTE: build/0 is TRIMMED (configured without --no-trim): it holds only the"
  echo "NOTE: implementations some CPU class would select. Every implementation is tested"
  echo "NOTE: in build/check instead (./configure --no-trim --builddir=check, made now);"
  [ $quick = yes ] || echo "NOTE: build/0 itself gets lib25519-test (step lib25519-test-trimmed)."
  if [ ! -f build/check/Makefile ] || [ build/0/Makefile -nt build/check/Makefile ]; then
    ./configure --no-trim --builddir=check >build/configure-check.log 2>&1 ||
      { cat build/configure-check.log; echo "configure of build/check failed"; exit 1; }
  fi
  B=$top/build/check
  make -j2 -f build/0/Makefile all >build/make-trimmed.log 2>&1 ||
    { tail -n 40 build/make-trimmed.log; echo "build of build/0 failed"; exit 1; }
fi
if [ $quick = yes ]; then goals=all; else goals="all planted"; fi
make -j2 -f "$B/Makefile" $goals >build/make.log 2>&1 || { tail -n 40 build/make.log; echo "build failed"; exit 1; }
grep '^notice' build/make.log || true
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
# The quick tier is for changes to the code: a pair it broke must not
# pass unnoticed either.
if [ -n "$CI" ] || [ $quick = yes ]; then
  step all-pairs-compiled sh -c "grep '^notice: dropping' '$top/build/make.log'; echo '$compiled of $configured implementation/compiler pairs compiled'; [ $compiled = $configured ]"
elif [ "$compiled" != "$configured" ]; then
  echo "note: $((configured - compiled)) of $configured implementation/compiler pairs did not compile and are not tested"
fi

if [ ! -x "$B/package/bin/lib25519-fulltest" ]; then
  step lib25519-test lib25519-test
elif [ $quick = yes ]; then
  # lib25519-test per primitive, THREADS at a time, without valgrind
  step lib25519-test lib25519-fulltest --no-valgrind
else
  step fulltest lib25519-fulltest
fi
if [ -n "$trimmed" ] && [ $quick = no ]; then
  step lib25519-test-trimmed env LD_LIBRARY_PATH="$trimmed/package/lib" "$trimmed/package/bin/lib25519-test"
fi
if [ $quick = yes ]; then tests="tests/check-generic.sh tests/cli-*.sh"; else tests="tests/check-*.sh tests/cli-*.sh"; fi
for t in $tests; do
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
  echo "$passed passed, $failed failed, $skipped skipped (missing tools; scripts/tools/install-deps installs them)"
fi
[ "$failed" = 0 ]
