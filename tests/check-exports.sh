#!/bin/sh
# SPDX-License-Identifier: MIT
# The shared library exports exactly the names in tests/exported-symbols.txt
# (lib25519 20241004's list), nothing else: no helper or per-implementation
# symbol may leak. When ../shared/reference is present, that list is
# compared too.
top=$(cd "$(dirname "$0")/.." && pwd)
lib=$top/build/0/package/lib/lib25519.so.1
nm -D --defined-only "$lib" | awk '{print $3}' | sed 's/@.*//' | sort >"$top/build/exports-actual.txt" || exit 1
fail=0
if ! diff -u "$top/tests/exported-symbols.txt" "$top/build/exports-actual.txt"; then
  echo "FAIL: exported symbols differ from tests/exported-symbols.txt"; fail=1
fi
ref=$top/../shared/reference/lib25519-20241004-exports.txt
if [ -f "$ref" ]; then
  if sort "$ref" | diff -u - "$top/build/exports-actual.txt"; then
    echo "exports match lib25519 20241004's list"
  else
    echo "FAIL: exports differ from lib25519 20241004's list"; fail=1
  fi
else
  echo "reference export list not present; compared with the committed list only"
fi
if nm -D --defined-only "$lib" | awk '{print $3}' | grep -v '^lib25519_'; then
  echo "FAIL: symbols outside the lib25519_ namespace"; fail=1
fi
undefined=$(nm -D --undefined-only "$lib" | awk '{print $2}' | sed 's/@.*//' | grep -v -E '^(__cxa_finalize|__gmon_start__|_ITM_.*|__stack_chk_fail|__.*_chk)$' | tr '\n' ' ')
echo "libc functions used: $undefined"
if readelf -d "$lib" | grep NEEDED | grep -v 'libc.so'; then
  echo "FAIL: run-time dependency other than libc"; fail=1
fi
[ $fail = 0 ] && echo "check-exports: 4 passed, 0 failed"
exit $fail
