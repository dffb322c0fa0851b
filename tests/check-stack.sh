#!/bin/sh
# SPDX-License-Identifier: MIT
# Secrets left on the stack, and the stack bound (doc/security.md,
# "Memory hygiene" and "Stack and heap"):
#
# - tests/stack/stack-check.c runs every primitive through every
#   implementation/compiler pair this CPU can run (gcc and clang builds
#   alike), each call alone on a pthread with a 64 KiB stack of its own
#   (a guard page below), then scans that stack for the secret scalars,
#   a mod L, the nonce r, the clamped X25519 scalars (whole or any 16-byte
#   half; after dh, nP and nPbatch the shared secrets, also as limbs in
#   radix 2^64, 2^51, 2^52, 2^25.5) and fails on a find; it also fails on
#   any overflow (SIGSEGV). For nG_merged25519 (n, n + L) and for
#   nG_montgomery25519, nP, nPbatch and dh (clamped c, 8L - c) it runs two
#   secrets with the same output from the same stack contents and fails on
#   any byte below the caller's frame that differs.
#   It runs once per LIB25519_DISABLE setting below, each of which makes
#   the dispatcher pick different callees (nG, hashblocks, nP) inside
#   sign, dh and nPbatch. Sizes: nPbatch 64, multiscalar 20000 points.
# - planted leaks (calls that leave their scalar in their own frame as
#   bytes, as radix-2^25.5 limbs, as 8 bytes that differ between two
#   secrets) must be found, so each check is known to see what it looks for;
# - the library references no malloc, calloc, realloc or free.
name=check-stack
. "$(dirname "$0")/lib.sh"
lib_args "$@"
[ -n "$pkg" ] || { fail "no include/ and lib/ next to $bin"; finish; }

tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp"' EXIT

CC=${CC:-cc}
# -O1 and the volatile reads of stack-check.c: the scan is not optimised away
if ! $CC -O1 -Wall -I"$pkg/include" "$top/tests/stack/stack-check.c" -o "$tmp/stack-check" \
     -L"$pkg/lib" -l25519 -lpthread 2>"$tmp/cc.err"; then
  cat "$tmp/cc.err"
  fail "stack-check.c does not compile"
  finish
fi

# the planted leaks must be caught: bytes, limbs, a differing stack
if "$tmp/stack-check" 65536 planted >"$tmp/planted.out" 2>&1; then
  fail "the planted leaks were not found by the scan"
else
  for what in "planted 0 planted - left planted scalar" "planted-limbs 0 planted - left [0-9]* of the 10 limbs (radix 2^25.5) of planted element" \
              "planted-diff 0 planted -: 8 bytes below the caller's frame depend on the secret"; do
    if grep -q "FAIL: $what" "$tmp/planted.out"; then
      ok "the planted leak is found: $(grep "FAIL: $what" "$tmp/planted.out" | sed 's/^FAIL: //')"
    else
      cat "$tmp/planted.out"
      fail "the planted leak was not found as: $what"
    fi
  done
fi

for dis in "" avx512ifma avx512f avx2 adx bmi2,adx bmi2,adx,avx2,avx512f,avx512vl,avx512ifma,avx512vbmi; do
  if LIB25519_DISABLE=$dis "$tmp/stack-check" 65536 >"$tmp/out" 2>&1; then
    ok "LIB25519_DISABLE=$dis: no secret left on a 64 KiB stack, no overflow ($(grep -c ' depth ' "$tmp/out") calls), no differing byte ($(grep -c ' differing ' "$tmp/out") comparisons)"
  else
    grep "FAIL" "$tmp/out" | head -20
    tail -1 "$tmp/out"
    fail "LIB25519_DISABLE=$dis: stack-check failed (status $?)"
  fi
  if [ -z "$dis" ]; then
    echo "deepest stack per primitive (bytes below the caller's frame, all pairs of this CPU):"
    grep '^max ' "$tmp/out" | sed 's/^max /  /'
  fi
done

# no heap in the library
lib=$pkg/lib/lib25519.so.1
if ! command -v nm >/dev/null 2>&1; then
  missing "nm (binutils)"
elif [ -f "$lib" ]; then
  heap=$(nm -D -u "$lib" | awk '{print $NF}' | sed 's/@.*//' | grep -E '^(malloc|calloc|realloc|free|reallocarray|posix_memalign|aligned_alloc|memalign|valloc)$' || true)
  if [ -z "$heap" ]; then
    ok "lib25519.so.1 references no allocator"
  else
    fail "lib25519.so.1 references $(echo $heap)"
  fi
else
  skip "no $lib"
fi

finish
