#!/bin/sh
# SPDX-License-Identifier: MIT
# 1. scripts/gen/prioritize reproduces the committed priority/ files exactly.
# 2. Editing a benchmark so that another implementation is fastest changes
#    the order of that file's class (priority/CLASS/), and configure gives
#    the dispatcher that order for the class (rank 0 in candidates.c).
# 3. The summary lib25519-speed ends its run with (and its "lib25519
#    release" header line) is ignored: a benchmark with them appended gives
#    the same priority/ files (scripts/gen/mkspeeddoc reads only "selected" and
#    "cpucycles implementation" lines, which the summary has none of).
# 4. A MODELLED file (scripts/tools/cpu-model) weighs less than measured ones: a
#    copy of the edited file of 2 marked MODELLED leaves its class's order
#    as the measured files give it.
# 5. scripts/tools/bench-diff, run on the file of 2 before and after the
#    edit, names the edited pair.
# BINDIR is not used: the test configures its own tree (build/prio-test).
name=check-prioritize
. "$(dirname "$0")/lib.sh"
lib_args "$@"
cd "$top" || exit 111
if [ -x /usr/bin/python3 ]; then py=/usr/bin/python3; else py=python3; fi
if $py scripts/gen/prioritize --check; then ok "priority/ is what scripts/gen/prioritize makes of benchmarks/"; else fail "scripts/gen/prioritize --check"; fi
tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp"; rm -rf "$top/build/prio-test"' EXIT
mkdir "$tmp/bench" "$tmp/prio"
cp benchmarks/*.txt "$tmp/bench/" 2>/dev/null
# the first measured file (a MODELLED one cannot show 4: its class may
# have no measured file)
f=$(grep -L -E '^(lib25519 version|cpucycles implementation).*MODELLED' "$tmp"/bench/*.txt 2>/dev/null | head -n 1)
if [ -z "$f" ]; then
  fail "no measured benchmark files in benchmarks/"; finish
fi
# the class of that file, its currently fastest nP pair, and the slowest one
class=$($py scripts/gen/prioritize --class-of "$f")
first=$(grep -v '^#' "priority/$class/nP_montgomery25519" | head -n 1)
last=$(grep -v '^#' "priority/$class/nP_montgomery25519" | tail -n 1)
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
$py scripts/gen/prioritize --benchmarks "$tmp/bench" --priority "$tmp/prio" >/dev/null || fail "scripts/gen/prioritize on the edited benchmarks"
newfirst=$(grep -v '^#' "$tmp/prio/$class/nP_montgomery25519" | head -n 1)
if [ "$newfirst" != "$last" ]; then
  fail "after making '$last' fastest, prioritize put '$newfirst' first"
else
  ok
fi
# 5: scripts/tools/bench-diff (benchmarks/record.sh runs it) names the pair
# whose figures the edit changed, and only that pair
moved=$($py scripts/tools/bench-diff "benchmarks/$(basename "$f")" "$f")
want="nP_montgomery25519 $lastimpl "
if [ "$(printf '%s\n' "$moved" | grep -c "^$want")" -ge 1 ] && printf '%s\n' "$moved" | tail -n 1 | grep -q '^bench-diff: [1-2] pairs moved'; then
  ok "bench-diff names the edited pair ($lastimpl)"
else
  fail "bench-diff on the edited benchmark printed: $moved"
fi
# 4: a MODELLED copy of that edited file (scripts/tools/cpu-model's header) next
# to the measured files does not change the order of their class: a model
# counts less than any measurement
mkdir "$tmp/bench4" "$tmp/prio4"
cp benchmarks/*.txt "$tmp/bench4/"
sed -e '1s/^lib25519 version .*/lib25519 version MODELLED (not measured): scripts\/tools\/cpu-model test copy/' \
  "$f" >"$tmp/bench4/zz-MODELLED-copy.txt"
$py scripts/gen/prioritize --benchmarks "$tmp/bench4" --priority "$tmp/prio4" >/dev/null || fail "scripts/gen/prioritize with a MODELLED file"
if [ "$(grep -v '^#' "$tmp/prio4/$class/nP_montgomery25519")" = "$(grep -v '^#' "priority/$class/nP_montgomery25519")" ]; then
  ok "a MODELLED file does not reorder class $class, which has measured files"
else
  fail "a MODELLED file changed the order of class $class (it must weigh less than measurements)"
fi
# 3: the tail of a real run (dh_x25519 and sign_ed25519, --quick) appended
if [ -x "$bin/lib25519-speed" ]; then
  mkdir "$tmp/bench3" "$tmp/prio3"
  cp benchmarks/*.txt "$tmp/bench3/"
  "$bin/lib25519-speed" --quick dh_x25519 sign_ed25519 >"$tmp/run.txt" 2>/dev/null
  if grep -q '^summary of the selected implementations' "$tmp/run.txt" && grep -q '^lib25519 release ' "$tmp/run.txt"; then
    ok "lib25519-speed prints its release and a summary"
  else
    fail "lib25519-speed printed no 'lib25519 release' line or no summary"
  fi
  f3=$(ls "$tmp"/bench3/*.txt | head -n 1)
  { grep '^lib25519 release ' "$tmp/run.txt"; sed -n '/^summary of the selected/,$p' "$tmp/run.txt"; } >>"$f3"
  $py scripts/gen/prioritize --benchmarks "$tmp/bench3" --priority "$tmp/prio3" >/dev/null || fail "scripts/gen/prioritize with a summary appended"
  if diff -r priority "$tmp/prio3" >/dev/null; then
    ok "the summary and release lines do not change priority/"
  else
    fail "appending lib25519-speed's summary changed what scripts/gen/prioritize writes"
  fi
else
  skip "no $bin/lib25519-speed: the summary lines are not checked"
fi
./configure --no-trim --builddir=prio-test --priority="$tmp/prio" >/dev/null || fail "configure with the new priorities"
# the nP candidate of rank 0 in the class's order (its index in the classes table)
cand=$($py - build/prio-test/dispatch/candidates.c "$class" <<'EOP'
import re, sys
text = open(sys.argv[1]).read()
classes = re.findall(r'^  \{"([^"]+)", [^}]*\},$', text.split("lib25519_internal_classes[]", 1)[1].split("};", 1)[0], re.M)
k = classes.index(sys.argv[2])
arr = text.split("nP_montgomery25519_candidates[] = {", 1)[1].split("LIB25519_END_OF_CANDIDATES", 1)[0]
for impl, ranks in re.findall(r'\{"([^"]+)", "[^"]*", [^{]*\{[^}]*\},\s*\{([0-9, ]+)\}\}', arr):
    if int(ranks.split(",")[k]) == 0:
        print(impl)
EOP
)
if [ "$cand" != "$lastimpl" ]; then
  fail "configure's first nP candidate for class $class is '$cand', want '$lastimpl'"
else
  ok "changing a benchmark moved $lastimpl from last to first in class $class (was: $first)"
fi
finish
