#!/bin/sh
# SPDX-License-Identifier: MIT
# The candidate order per instruction-set class (cpuid/classes, priority/CLASS/):
# 1. On this CPU, unmasked, with IFMA and VBMI masked and with every
#    AVX-512 set masked (LIB25519_DISABLE), the dispatcher of the library
#    under test picks, for
#    every primitive, the first pair of priority/CLASS/ that the CPU can run,
#    CLASS being the class scripts/gen/prioritize assigns to that CPU (from the
#    same cpuid words and mask). With AVX-512 masked, a CPU with AVX2, BMI2
#    and ADX is in the AVX2 class, whose order comes from the AVX2-class
#    benchmark files; unmasked on an AVX2-only machine both runs are that class.
# 2. For every class with benchmark files of its own, the committed order
#    lists the pairs measured there exactly as those files alone order them:
#    adding another class's file (e.g. an AVX-512-masked run) never changes
#    what an AVX-512 IFMA machine (Zen 4, Zen 5) selects.
# 3. For every class without files of its own (the Intel AVX-512F class,
#    the mulx and base classes), its first runnable pair per primitive is the
#    one the nearest class with files (the one scripts/gen/prioritize consults
#    first: the same kind of core first, then by distance) finds cheapest
#    among the pairs the class can run.
# 4. Under qemu-x86_64 -cpu Skylake-Client-v4 (an Intel vendor string) the
#    class is amd64-avx2-intel and the dispatcher takes its order; with
#    LIB25519_DISABLE=intel the same CPU is amd64-avx2.
name=check-classes
. "$(dirname "$0")/lib.sh"
lib_args "$@"
cd "$top" || exit 111
if [ -x /usr/bin/python3 ]; then py=/usr/bin/python3; else py=python3; fi
export PYTHONDONTWRITEBYTECODE=1
tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp"' EXIT

# --- 2: the committed orders against each class's own files
for f in benchmarks/*.txt; do
  c=$($py scripts/gen/prioritize --class-of "$f") || { fail "prioritize --class-of $f"; continue; }
  mkdir -p "$tmp/own-$c/bench"
  cp "$f" "$tmp/own-$c/bench/"
done
for d in "$tmp"/own-*; do
  [ -d "$d" ] || continue
  c=${d##*/own-}
  $py scripts/gen/prioritize --benchmarks "$d/bench" --priority "$d/prio" >/dev/null || { fail "prioritize on the files of $c"; continue; }
  if $py tests/classes/check.py own "$d/bench" priority "$d/prio" "$c" >"$tmp/own.log"; then
    ok "class $c: priority/$c/ orders the pairs its own files measured as those files alone do ($(ls "$d/bench" | tr '\n' ' '))"
  else
    grep FAIL "$tmp/own.log"
    fail "class $c: other classes' files change its order"
  fi
done

# --- 3: classes without files follow their nearest class with files
classes=$(awk '!/^#/ && NF { print $1 }' cpuid/classes)
for c in $classes; do
  [ -d "$tmp/own-$c" ] && continue
  arch=$(awk -v c="$c" '$1 == c { print $2 }' cpuid/classes)
  # the architecture's classes in file order, and C's place among them
  # nearest first (the poorer first at equal distance), those with C's
  # kind-of-core tags (intel, apple, inorder) before all others
  near=$(awk -v a="$arch" -v c="$c" '!/^#/ && NF && $2 == a {
      k = ""; for (f = 3; f <= NF; f++) if ($f == "intel" || $f == "apple" || $f == "inorder") k = k " " $f
      n[i] = $1; kind[i++] = k; if ($1 == c) me = i - 1 }
    END { for (pass = 0; pass < 2; pass++)
            for (d = 1; d < i; d++) {
              if (me - d >= 0 && (kind[me - d] == kind[me]) == (pass == 0)) print n[me - d]
              if (me + d < i && (kind[me + d] == kind[me]) == (pass == 0)) print n[me + d] } }' cpuid/classes |
    while read -r x; do [ -d "$tmp/own-$x" ] && { echo "$x"; break; }; done)
  [ -n "$near" ] || continue
  if $py tests/classes/check.py nearest "$tmp/own-$near/prio" priority "$near" "$c" >"$tmp/near.log"; then
    ok "class $c (no files): first runnable pairs are what the files of $near, its nearest class with files, find cheapest"
  else
    grep FAIL "$tmp/near.log"
    fail "class $c: its order contradicts the files of $near"
  fi
done

# --- 1: what the library under test selects, unmasked, IFMA masked and
# AVX-512 masked
if [ -z "$pkg" ] || [ ! -f "$pkg/include/lib25519.h" ]; then
  skip "no include/ and lib/ next to $bin: cannot build the selection probe"
  finish
fi
if ! cc -O1 -Wall -I"$pkg/include" tests/classes/selected.c -L"$pkg/lib" -l25519 -o "$tmp/selected" 2>"$tmp/cc.log"; then
  cat "$tmp/cc.log"
  fail "tests/classes/selected.c did not build"
  finish
fi
for mask in "" avx512ifma,avx512vbmi avx512f,avx512vl,avx512ifma,avx512vbmi; do
  LIB25519_DISABLE=$mask LD_LIBRARY_PATH=$pkg/lib "$tmp/selected" >"$tmp/sel.out" || { fail "selection probe (LIB25519_DISABLE=$mask)"; continue; }
  c=$($py scripts/gen/prioritize --class-of "$tmp/sel.out")
  if $py tests/classes/check.py selection "$tmp/sel.out" priority >"$tmp/sel.log"; then
    picks=$(awk '$1 == "ok" && ($3 == "nP_montgomery25519" || $3 == "nPbatch_montgomery25519" || $3 == "mGnP_ed25519") { printf " %s=%s", $3, $4 }' "$tmp/sel.log")
    none=$(grep -c '^none' "$tmp/sel.log")
    ok "LIB25519_DISABLE=${mask:-(unset)}: class $c, every primitive gets the first runnable pair of priority/$c/ ($picks; $none unmeasured)"
  else
    grep FAIL "$tmp/sel.log"
    fail "LIB25519_DISABLE=${mask:-(unset)}: class $c selection differs from priority/$c/"
  fi
done

# --- 4: an Intel AVX2 core (the vendor of CPUID leaf 0) under qemu-x86_64
# -cpu Skylake-Client-v4 is amd64-avx2-intel and selects that class's
# order; with LIB25519_DISABLE=intel it is amd64-avx2 again
if [ "$(uname -m)" = x86_64 ] && command -v qemu-x86_64 >/dev/null 2>&1; then
  for spec in "Skylake-Client-v4 amd64-avx2-intel" "Skylake-Client-v4+intel amd64-avx2"; do
    set -- $spec
    cpu=${1%%+*}; mask=; [ "$cpu" != "$1" ] && mask=${1#*+}
    if ! qemu-x86_64 -cpu "$cpu" -E LD_LIBRARY_PATH="$pkg/lib" -E LIB25519_DISABLE="$mask" "$tmp/selected" \
        >"$tmp/sel.out" 2>/dev/null; then
      fail "selection probe under qemu-x86_64 -cpu $cpu"; continue
    fi
    c=$($py scripts/gen/prioritize --class-of "$tmp/sel.out")
    if [ "$c" != "$2" ]; then
      fail "qemu-x86_64 -cpu $cpu${mask:+ LIB25519_DISABLE=$mask}: class $c, want $2"
    elif $py tests/classes/check.py selection "$tmp/sel.out" priority >"$tmp/sel.log"; then
      picks=$(awk '$1 == "ok" && ($3 == "nP_montgomery25519" || $3 == "nG_merged25519" || $3 == "mGnP_ed25519") { printf " %s=%s", $3, $4 }' "$tmp/sel.log")
      ok "qemu-x86_64 -cpu $cpu${mask:+ LIB25519_DISABLE=$mask}: class $c, the first runnable pairs of priority/$c/ ($picks)"
    else
      grep FAIL "$tmp/sel.log"
      fail "qemu-x86_64 -cpu $cpu: class $c selection differs from priority/$c/"
    fi
  done
else
  skip "no qemu-x86_64 on an x86_64 host: the Intel class selection is not run"
fi
finish
