#!/bin/sh
# SPDX-License-Identifier: MIT
# Differential test against OpenSSL and libsodium (libssl-dev, libsodium-dev;
# see scripts/tools/install-deps): tests/openssl-diff.c, linked with the library
# next to BINDIR.
# usage: sh tests/check-openssl.sh [BINDIR]   (default build/0/package/bin)
name=check-openssl
. "$(dirname "$0")/lib.sh"
lib_args "$@"
[ -n "$pkg" ] || { fail "no include/ and lib/ next to $bin"; finish; }
out=${builddir:-$top/build}
mkdir -p "$out"
sodium=
if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libcrypto; then
  missing "pkg-config or OpenSSL's headers (libssl-dev) are not installed"; finish
fi
if pkg-config --exists libsodium; then
  sodium="-DHAVE_SODIUM $(pkg-config --cflags --libs libsodium)"
else
  missing "libsodium-dev is not installed"; finish
fi
if cc -O2 -Wall -Werror -I"$pkg/include" "$top/tests/openssl-diff.c" -L"$pkg/lib" -l25519 -lcrypto $sodium -o "$out/openssl-diff"; then
  ok
else
  fail "tests/openssl-diff.c does not build"; finish
fi
if "$out/openssl-diff"; then ok "openssl-diff"; else fail "openssl-diff"; fi
finish
