#!/bin/sh
# SPDX-License-Identifier: MIT
# Every file path named in a comment or a doc exists (tests/check_paths.py:
# paths from the top or from internal/, relative links, bare file names),
# so that a renamed or removed file leaves no reference behind. First the
# checker is shown to find a planted missing path and a planted missing
# bare name in a small tree of its own. BINDIR is not used. Under a second.
name=check-paths
. "$(dirname "$0")/lib.sh"
lib_args "$@"
if [ -x /usr/bin/python3 ]; then py=/usr/bin/python3; else py=python3; fi
tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/internal/field" "$tmp/doc"
echo '/* see field/fe51.h and internal/field/fe99.h */' >"$tmp/internal/field/fe51.h"
printf 'Read `doc/a.md`, [b](b.md) and `gone_table.h`.\n' >"$tmp/doc/a.md"
$py "$top/tests/check_paths.py" "$tmp" >"$tmp/out" 2>&1
if grep -q 'internal/field/fe99.h' "$tmp/out" && grep -q 'doc/a.md:1: b.md' "$tmp/out" &&
   grep -q 'gone_table.h' "$tmp/out" && [ "$(grep -c '^missing' "$tmp/out")" = 3 ]; then
  ok "the checker finds a planted missing path, link and bare name (and nothing else)"
else
  cat "$tmp/out"
  fail "the checker on a planted tree"
fi
if $py "$top/tests/check_paths.py" "$top"; then
  ok "every path named in a comment or a doc exists"
else
  fail "paths named in comments or docs that do not exist (above)"
fi
finish
