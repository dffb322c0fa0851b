#!/bin/sh
# SPDX-License-Identifier: MIT
# make install into a temporary prefix (and a DESTDIR staging run), then
# build C and C++ programs with pkg-config and -Wall -Werror against the
# installed copy and run them.
# usage: sh tests/check-install.sh [BINDIR]   (default build/0/package/bin;
# BINDIR/../.. is the build that is installed)
name=check-install
. "$(dirname "$0")/lib.sh"
lib_args "$@"
need_build
tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp"' EXIT
cd "$top" || exit 111
make -f "$builddir/Makefile" install PREFIX="$tmp/prefix" >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; fail "make install"; finish; }
make -f "$builddir/Makefile" install PREFIX=/usr DESTDIR="$tmp/stage" >>"$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; fail "make install with DESTDIR"; finish; }
ok "make install, with PREFIX and with DESTDIR"
good=yes
for f in include/lib25519.h lib/lib25519.so.1 lib/lib25519.so lib/lib25519.a lib/pkgconfig/lib25519.pc bin/lib25519-test; do
  [ -e "$tmp/prefix/$f" ] || { fail "not installed: $f"; good=no; }
  [ -e "$tmp/stage/usr/$f" ] || { fail "DESTDIR staging lacks usr/$f"; good=no; }
done
[ $good = yes ] && ok "every file installed, also under DESTDIR"
if grep -q "$tmp/stage" "$tmp/stage/usr/lib/pkgconfig/lib25519.pc"; then
  fail "DESTDIR leaked into lib25519.pc"
else
  ok
fi
if grep -a -q "$top" "$tmp/prefix/lib/lib25519.so.1"; then
  fail "the library embeds the build path $top"
else
  ok
fi
export PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig"
# the .pc file's Version is the project's release (VERSION, doc/abi.md)
v=$(pkg-config --modversion lib25519)
if [ "$v" = "$(head -n 1 "$top/VERSION")" ]; then
  ok "lib25519.pc says Version $v, as VERSION"
else
  fail "lib25519.pc's Version is '$v', VERSION says '$(head -n 1 "$top/VERSION")'"
fi
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
# without pkg-config the programs are built with the flags it would give
# (and the pkg-config check counts as skipped)
if command -v pkg-config >/dev/null 2>&1; then
  pcflags=$(pkg-config --cflags --libs lib25519)
else
  missing "pkg-config is not installed: lib25519.pc not tried"
  pcflags="-I$tmp/prefix/include -L$tmp/prefix/lib -l25519"
fi
programs="hash-c hash-static"
cc -Wall -Wextra -Werror "$tmp/hash.c" $pcflags -o "$tmp/hash-c" || fail "C program did not build"
if command -v c++ >/dev/null 2>&1; then
  c++ -Wall -Wextra -Werror "$tmp/hash.cc" $pcflags -o "$tmp/hash-cxx" || fail "C++ program did not build"
  programs="$programs hash-cxx"
else
  missing "c++ (g++) is not installed: the header is not tried as C++"
fi
cc -Wall -Wextra -Werror -static "$tmp/hash.c" -I"$tmp/prefix/include" "$tmp/prefix/lib/lib25519.a" -o "$tmp/hash-static" || fail "static link failed"
for p in $programs; do
  if LD_LIBRARY_PATH="$tmp/prefix/lib" "$tmp/$p"; then ok; else fail "$p"; fi
done
for ex in "$top"/examples/*.c; do
  n=$(basename "$ex" .c)
  cc -Wall -Wextra -Werror "$ex" $pcflags -o "$tmp/ex-$n" || { fail "example $n did not build"; continue; }
  if [ -f "$top/examples/$n.sh" ]; then
    (cd "$tmp" && LD_LIBRARY_PATH="$tmp/prefix/lib" sh "$top/examples/$n.sh" "$tmp/ex-$n") && ok || fail "example $n"
  else
    LD_LIBRARY_PATH="$tmp/prefix/lib" "$tmp/ex-$n" >/dev/null && ok || fail "example $n"
  fi
done
make -f "$builddir/Makefile" uninstall PREFIX="$tmp/prefix" >/dev/null 2>&1
left=$(find "$tmp/prefix" -type f | head -5)
[ -z "$left" ] && ok "uninstall removes every file" || fail "uninstall left $left"
finish
