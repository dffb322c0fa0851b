#!/bin/sh
# SPDX-License-Identifier: MIT
# Differential test against OpenSSL (needs libssl-dev; see scripts/install-deps).
top=$(cd "$(dirname "$0")/.." && pwd)
B=$top/build/0
cc -O2 -Wall -Werror -I"$B/package/include" "$top/tests/openssl-diff.c" -L"$B/package/lib" -l25519 -lcrypto -o "$B/openssl-diff" || exit 1
"$B/openssl-diff"
