# SPDX-License-Identifier: MIT
# Shared by the tests/*.sh scripts; not run by itself. A script sets its
# name and sources this file first:
#
#   name=check-foo
#   . "$(dirname "$0")/lib.sh"
#
# and ends with `finish`. Every script takes BINDIR as its first argument
# (tests/run-tests.sh passes the package/bin of the build under test);
# lib_args "$@" takes it, or build/0/package/bin when it is absent.
#
# Variables:
#   top       the source tree (absolute)
#   bin       BINDIR, absolute (after lib_args)
#   pkg       BINDIR/.. : its include/ and lib/ (absolute, or empty when
#             BINDIR has no parent with those, e.g. the qemu wrappers)
#   builddir  BINDIR/../.. when it is a configured build (has a Makefile:
#             build/NAME), else empty
# Counting, one call per check:
#   ok [MESSAGE]      passed (prints "ok: MESSAGE" when there is one)
#   fail MESSAGE      failed (prints "FAIL: MESSAGE")
#   skip MESSAGE      could not run here (prints "SKIPPED: MESSAGE")
#   missing MESSAGE   could not run because a tool that scripts/tools/install-deps
#                     installs is absent: skip, but a failure when CI is set
# and at the end:
#   finish            prints "NAME: N passed, M failed" (", K skipped" when
#                     K > 0) and exits: 1 if anything failed, 77 if every
#                     check was skipped (the step could not run at all),
#                     else 0
# A fatal problem before any check can run: `fail "..."; finish`.

top=$(cd "$(dirname "$0")/.." && pwd) || exit 111
: "${name:=$(basename "$0" .sh)}"
passed=0
failed=0
skipped=0

ok() {
  passed=$((passed + 1))
  [ $# = 0 ] || echo "ok: $*"
}
fail() {
  failed=$((failed + 1))
  echo "FAIL: $*"
}
skip() {
  skipped=$((skipped + 1))
  echo "SKIPPED: $*"
}
missing() {
  if [ -n "$CI" ]; then
    fail "$* (CI must have it: scripts/tools/install-deps)"
  else
    skip "$* (scripts/tools/install-deps installs it)"
  fi
}
finish() {
  if [ "$skipped" = 0 ]; then
    echo "$name: $passed passed, $failed failed"
  else
    echo "$name: $passed passed, $failed failed, $skipped skipped"
  fi
  [ "$failed" = 0 ] || exit 1
  [ "$passed" = 0 ] && [ "$skipped" != 0 ] && exit 77
  exit 0
}

# lib_args "$@": BINDIR, the first argument unless it is an option
lib_args() {
  bin=$top/build/0/package/bin
  case "${1-}" in
    "" | -*) ;;
    *) bin=$1 ;;
  esac
  bin=$(cd "$bin" 2>/dev/null && pwd) || { fail "no directory $1"; finish; }
  pkg=
  if [ -d "$bin/../lib" ] || [ -d "$bin/../include" ]; then
    pkg=$(cd "$bin/.." && pwd)
  fi
  builddir=
  if [ -n "$pkg" ] && [ -f "$pkg/../Makefile" ]; then
    builddir=$(cd "$pkg/.." && pwd)
  fi
  # the library next to BINDIR is the one under test
  if [ -n "$pkg" ] && [ -f "$pkg/lib/lib25519.so.1" ]; then
    LD_LIBRARY_PATH="$pkg/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    export LD_LIBRARY_PATH
  fi
}

# need_build: stop (one failure) unless BINDIR belongs to a configured build
need_build() {
  [ -n "$builddir" ] && return 0
  fail "$bin is not the package/bin of a configured build (build/NAME/package/bin)"
  finish
}
