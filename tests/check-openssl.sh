#!/bin/sh
# SPDX-License-Identifier: MIT
# Differential test against OpenSSL and libsodium (libssl-dev, libsodium-dev;
# see scripts/install-deps).
top=$(cd "$(dirname "$0")/.." && pwd)
B=$top/build/0
sodium=
if pkg-config --exists libsodium; then
  sodium="-DHAVE_SODIUM $(pkg-config --cflags --libs libsodium)"
else
  echo "FAIL: libsodium-dev is not installed (scripts/install-deps installs it)"; exit 1
fi
cc -O2 -Wall -Werror -I"$B/package/include" "$top/tests/openssl-diff.c" -L"$B/package/lib" -l25519 -lcrypto $sodium -o "$B/openssl-diff" || exit 1
"$B/openssl-diff"
