#!/bin/sh
# SPDX-License-Identifier: MIT
# The library reads its environment variables (LIB25519_DISABLE,
# LIB25519_NO_VDSO_GETRANDOM, LIB25519_VALGRIND_ASSUME) only through
# internal/os/secure_getenv.h, so a setuid or setgid program ignores the
# ones its caller set:
#  - lib25519.so.1 imports secure_getenv and not getenv (with glibc);
#  - as root: a setgid copy of a small program, run as nobody with
#    LIB25519_DISABLE=bmi2,avx2,avx512f, still selects the implementations
#    of the unmasked CPU, while the plain copy run the same way obeys it
#    (skipped when not root, or when this CPU has none of those sets).
# usage: sh tests/check-secure-getenv.sh [BINDIR]   (default build/0/package/bin)
name=check-secure-getenv
. "$(dirname "$0")/lib.sh"
lib_args "$@"
[ -n "$pkg" ] || { fail "no include/ and lib/ next to $bin"; finish; }
lib=$pkg/lib/lib25519.so.1
if ldd --version 2>&1 | grep -qi 'glibc\|gnu libc'; then
  syms=$(nm -D "$lib" 2>/dev/null | awk '$1 == "U" || $2 == "U" {print $NF}' | sed 's/@.*//')
  if echo "$syms" | grep -qx getenv; then
    fail "lib25519.so.1 imports getenv"
  elif echo "$syms" | grep -qx secure_getenv; then
    ok "lib25519.so.1 imports secure_getenv, not getenv"
  else
    fail "lib25519.so.1 imports neither getenv nor secure_getenv (nm missing?)"
  fi
else
  skip "not glibc: secure_getenv import not checked"
fi
if [ "$(id -u)" != 0 ] || ! command -v setpriv >/dev/null 2>&1; then
  skip "not root (or no setpriv): the setgid run needs both"
  finish
fi
tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
cat >"$tmp/impl.c" <<'END'
#include <stdio.h>
#include <lib25519.h>
int main(void)
{
  printf("%s %s %s\n", lib25519_sign_ed25519_implementation(), lib25519_nP_montgomery25519_implementation(),
         lib25519_hashblocks_sha512_implementation());
  return 0;
}
END
cp "$lib" "$tmp/lib25519.so.1" && chmod 755 "$tmp/lib25519.so.1"
# the rpath, not LD_LIBRARY_PATH, which the loader ignores in a setgid program
if ! cc -I"$pkg/include" "$tmp/impl.c" -L"$tmp" -l:lib25519.so.1 -Wl,-rpath,"$tmp" -o "$tmp/impl"; then
  fail "the test program does not build"; finish
fi
cp "$tmp/impl" "$tmp/impl-setgid" && chgrp 0 "$tmp/impl-setgid" && chmod 2755 "$tmp/impl-setgid"
off=bmi2,avx2,avx512f
as_nobody() { LIB25519_DISABLE=$off setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
full=$("$tmp/impl")
masked=$(as_nobody "$tmp/impl") || { skip "cannot run as uid 65534 here"; finish; }
setgid=$(as_nobody "$tmp/impl-setgid")
echo "CPU: $full; LIB25519_DISABLE=$off: $masked; the same, setgid: $setgid"
if [ "$full" = "$masked" ]; then
  skip "LIB25519_DISABLE=$off changes nothing on this CPU"
elif [ "$setgid" = "$full" ]; then
  ok "the setgid program ignores LIB25519_DISABLE"
else
  fail "the setgid program obeyed LIB25519_DISABLE: $setgid"
fi
finish
