#!/bin/sh
# SPDX-License-Identifier: MIT
# 1. scripts/prioritize reproduces the committed priority/ files exactly.
# 2. Editing a benchmark so that another implementation is fastest changes
#    the order configure gives the dispatcher.
# BINDIR is not used: the test configures its own tree (build/prio-test).
name=check-prioritize
. "$(dirname "$0")/lib.sh"
lib_args "$@"
cd "$top" || exit 111
if [ -x /usr/bin/python3 ]; then py=/usr/bin/python3; else py=python3; fi
if $py scripts/prioritize --check; then ok "priority/ is what scripts/prioritize makes of benchmarks/"; else fail "scripts/prioritize --check"; fi
tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp"; rm -rf "$top/build/prio-test"' EXIT
mkdir "$tmp/bench" "$tmp/prio"
cp benchmarks/*.txt "$tmp/bench/" 2>/dev/null
f=$(ls "$tmp"/bench/*.txt 2>/dev/null | head -n 1)
if [ -z "$f" ]; then
  fail "no benchmark files in benchmarks/"; finish
fi
# the currently fastest nP pair, and the slowest one
first=$(grep -v '^#' priority/nP_montgomery25519 | head -n 1)
last=$(grep -v '^#' priority/nP_montgomery25519 | tail -n 1)
lastimpl=${last%% *}
# make every measurement of the slowest pair 1 cycle
$py - "$f" "$last" <<'EOP'
import sys
path, target = sys.argv[1], sys.argv[2]
idx = set()
lines = open(path).read().split("\n")
for l in lines:
    w = l.split()
    if len(w) > 4 and w[0] == "nP_montgomery25519" and w[2] == "implementation" and " ".join(w[3:4] + w[5:]) == target:
        idx.add(w[1])
out = []
for l in lines:
    w = l.split()
    if len(w) > 3 and w[0] == "nP_montgomery25519" and w[1] in idx and w[2].isdigit():
        w[3] = "1"
        l = " ".join(w)
    out.append(l)
open(path, "w").write("\n".join(out))
EOP
$py scripts/prioritize --benchmarks "$tmp/bench" --priority "$tmp/prio" >/dev/null || fail "scripts/prioritize on the edited benchmarks"
newfirst=$(grep -v '^#' "$tmp/prio/nP_montgomery25519" | head -n 1)
if [ "$newfirst" != "$last" ]; then
  fail "after making '$last' fastest, prioritize put '$newfirst' first"
else
  ok
fi
./configure --no-trim --builddir=prio-test --priority="$tmp/prio" >/dev/null || fail "configure with the new priorities"
cand=$(grep -A1 'nP_montgomery25519_candidates\[\] = {' build/prio-test/dispatch/candidates.c | tail -n 1)
cand=$(grep -A2 'nP_montgomery25519_candidates\[\] = {' build/prio-test/dispatch/candidates.c | grep -o '"[^"]*"' | head -n 1)
if [ "$cand" != "\"$lastimpl\"" ]; then
  fail "configure's first nP candidate is $cand, want \"$lastimpl\""
else
  ok "changing a benchmark moved $lastimpl from last to first (was: $first)"
fi
finish
