#!/bin/sh
# SPDX-License-Identifier: MIT
# make install into a temporary prefix (and a DESTDIR staging run), then
# build C and C++ programs with pkg-config and -Wall -Werror against the
# installed copy and run them.
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp"' EXIT
fail=0
cd "$top" || exit 111
make -f build/0/Makefile install PREFIX="$tmp/prefix" >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; exit 1; }
make -f build/0/Makefile install PREFIX=/usr DESTDIR="$tmp/stage" >>"$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; exit 1; }
for f in include/lib25519.h lib/lib25519.so.1 lib/lib25519.so lib/lib25519.a lib/pkgconfig/lib25519.pc bin/lib25519-test; do
  [ -e "$tmp/prefix/$f" ] || { echo "FAIL: not installed: $f"; fail=1; }
  [ -e "$tmp/stage/usr/$f" ] || { echo "FAIL: DESTDIR staging lacks usr/$f"; fail=1; }
done
if grep -q "$tmp/stage" "$tmp/stage/usr/lib/pkgconfig/lib25519.pc"; then
  echo "FAIL: DESTDIR leaked into lib25519.pc"; fail=1
fi
if grep -a -q "$top" "$tmp/prefix/lib/lib25519.so.1"; then
  echo "FAIL: the library embeds the build path $top"; fail=1
fi
export PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig"
cat >"$tmp/hash.c" <<'EOC'
#include <stdio.h>
#include <string.h>
#include <lib25519.h>
int main(void)
{
  unsigned char h[lib25519_hash_BYTES];
  static const unsigned char want[8] = {0xdd, 0xaf, 0x35, 0xa1, 0x93, 0x61, 0x7a, 0xba};
  lib25519_hash_sha512(h, (const unsigned char *)"abc", 3);
  if (memcmp(h, want, 8)) return 1;
  if (lib25519_numimpl_hashblocks_sha512() < 2) return 2;
  printf("hashblocks: %s, %lld implementations\n", lib25519_hashblocks_sha512_implementation(),
         lib25519_numimpl_hashblocks_sha512());
  return 0;
}
EOC
cp "$tmp/hash.c" "$tmp/hash.cc"
cc -Wall -Wextra -Werror "$tmp/hash.c" $(pkg-config --cflags --libs lib25519) -o "$tmp/hash-c" || { echo "FAIL: C program did not build"; fail=1; }
c++ -Wall -Wextra -Werror "$tmp/hash.cc" $(pkg-config --cflags --libs lib25519) -o "$tmp/hash-cxx" || { echo "FAIL: C++ program did not build"; fail=1; }
cc -Wall -Wextra -Werror -static "$tmp/hash.c" -I"$tmp/prefix/include" "$tmp/prefix/lib/lib25519.a" -o "$tmp/hash-static" || { echo "FAIL: static link failed"; fail=1; }
for p in hash-c hash-cxx hash-static; do
  LD_LIBRARY_PATH="$tmp/prefix/lib" "$tmp/$p" || { echo "FAIL: $p"; fail=1; }
done
for ex in "$top"/examples/*.c; do
  n=$(basename "$ex" .c)
  cc -Wall -Wextra -Werror "$ex" $(pkg-config --cflags --libs lib25519) -o "$tmp/ex-$n" || { echo "FAIL: example $n did not build"; fail=1; continue; }
  if [ -f "$top/examples/$n.sh" ]; then
    (cd "$tmp" && LD_LIBRARY_PATH="$tmp/prefix/lib" sh "$top/examples/$n.sh" "$tmp/ex-$n") || { echo "FAIL: example $n"; fail=1; }
  else
    LD_LIBRARY_PATH="$tmp/prefix/lib" "$tmp/ex-$n" >/dev/null || { echo "FAIL: example $n"; fail=1; }
  fi
done
make -f build/0/Makefile uninstall PREFIX="$tmp/prefix" >/dev/null 2>&1
left=$(find "$tmp/prefix" -type f | head -5)
[ -z "$left" ] || { echo "FAIL: uninstall left $left"; fail=1; }
[ $fail = 0 ] && echo "check-install: 6 passed, 0 failed"
exit $fail
