#!/bin/sh
# SPDX-License-Identifier: MIT
# The shared library exports exactly the names in tests/exported-symbols.txt
# (lib25519 20241004's list), nothing else: no helper or per-implementation
# symbol may leak. When ../shared/reference is present, that list is
# compared too (skipped otherwise). Also: nothing outside the lib25519_
# namespace, and no run-time dependency but libc.
# usage: sh tests/check-exports.sh [BINDIR]   (default build/0/package/bin)
name=check-exports
. "$(dirname "$0")/lib.sh"
lib_args "$@"
lib=$pkg/lib/lib25519.so.1
[ -f "$lib" ] || { fail "no library $lib"; finish; }
actual=$top/build/exports-actual.txt
mkdir -p "$top/build"
# the build's NM (configure: NM, or TRIPLET-nm of a cross build), else nm
nm=
[ -n "$builddir" ] && nm=$(sed -n 's/^NM = //p' "$builddir/Makefile")
nm=${nm:-nm}
$nm -D --defined-only "$lib" | awk '{print $3}' | sed 's/@.*//' | sort >"$actual" || { fail "nm failed"; finish; }
if diff -u "$top/tests/exported-symbols.txt" "$actual"; then
  ok "exports match tests/exported-symbols.txt"
else
  fail "exported symbols differ from tests/exported-symbols.txt"
fi
ref=$top/../shared/reference/lib25519-20241004-exports.txt
if [ -f "$ref" ]; then
  if sort "$ref" | diff -u - "$actual"; then
    ok "exports match lib25519 20241004's list"
  else
    fail "exports differ from lib25519 20241004's list"
  fi
else
  skip "no ../shared/reference beside the tree: compared with the committed list only"
fi
if $nm -D --defined-only "$lib" | awk '{print $3}' | grep -v '^lib25519_'; then
  fail "symbols outside the lib25519_ namespace"
else
  ok
fi
undefined=$($nm -D --undefined-only "$lib" | awk '{print $2}' | sed 's/@.*//' | grep -v -E '^(__cxa_finalize|__gmon_start__|_ITM_.*|__stack_chk_fail|__.*_chk)$' | tr '\n' ' ')
echo "libc functions used: $undefined"
if readelf -d "$lib" | grep NEEDED | grep -v 'libc.so'; then
  fail "run-time dependency other than libc"
else
  ok
fi
finish
