#!/bin/sh
# SPDX-License-Identifier: MIT
# Reproducible builds: configure and build the same source tree twice, in
# build/repro1 and build/repro2 (two different absolute paths), at two
# different times, in two time zones and locales and with two umasks, and
# require byte-identical results: lib25519.so.1 above all, but also
# lib25519.a, lib25519.h, the commands and the man pages.
# Also: neither library embeds the source or the build path.
#
# To stay within a few minutes on two cores this builds with CC=gcc only
# (half the implementation/compiler pairs) and --no-planted; set
# REPRO_CC=clang to check the other compiler. The argument (BINDIR) that
# tests/run-tests.sh passes is not used: this test makes its own builds.
# Leaves nothing behind (build/repro1 and build/repro2 are removed) unless
# REPRO_KEEP=1 is set, for looking into a difference.
top=$(cd "$(dirname "$0")/.." && pwd) || exit 111
cd "$top" || exit 111
cc=${REPRO_CC:-gcc}
command -v "$cc" >/dev/null 2>&1 || { echo "check-reproducible: $cc not found"; exit 111; }
tmp=$(mktemp -d) || exit 111
if [ -n "$REPRO_KEEP" ]; then trap 'rm -rf "$tmp"' EXIT; else trap 'rm -rf "$tmp" "$top/build/repro1" "$top/build/repro2"' EXIT; fi
unset SOURCE_DATE_EPOCH
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { echo "FAIL: $*"; failed=$((failed + 1)); }

build() {
  name=$1 tz=$2 loc=$3 mask=$4
  start=$(date +%s)
  (
    umask "$mask"
    export TZ="$tz" LC_ALL="$loc" CC="$cc"
    ./configure --builddir="$name" --no-planted --prefix=/usr >"$top/build/$name.log" 2>&1 &&
      make -f "build/$name/Makefile" -j2 all >>"$top/build/$name.log" 2>&1
  ) || { tail -n 20 "$top/build/$name.log"; return 1; }
  echo "built build/$name with CC=$cc in $(($(date +%s) - start)) s"
}

mkdir -p build
build repro1 UTC C 022 || { bad "build in build/repro1 failed"; echo "check-reproducible: $passed passed, $failed failed"; exit 1; }
sleep 1   # make sure the clock moved, in case anything records the time
build repro2 Pacific/Kiritimati C.UTF-8 077 || { bad "build in build/repro2 failed"; echo "check-reproducible: $passed passed, $failed failed"; exit 1; }
[ -n "$REPRO_KEEP" ] || rm -f build/repro1.log build/repro2.log

p1=build/repro1/package
p2=build/repro2/package
# the one that matters most gets its own verdict
if cmp -s "$p1/lib/lib25519.so.1" "$p2/lib/lib25519.so.1"; then
  ok
else
  bad "lib25519.so.1 differs between build/repro1 and build/repro2"
  # point at the first differing section, to help find the cause
  for s in $(readelf -S -W "$p1/lib/lib25519.so.1" | sed -n 's/^ *\[ *[0-9]*\] \([^ ]*\) .*/\1/p'); do
    objcopy -O binary --only-section="$s" "$p1/lib/lib25519.so.1" "$tmp/s1" 2>/dev/null
    objcopy -O binary --only-section="$s" "$p2/lib/lib25519.so.1" "$tmp/s2" 2>/dev/null
    cmp -s "$tmp/s1" "$tmp/s2" || echo "  section $s differs"
  done
fi
# everything else in the package directory
(cd "$p1" && find . -type f ! -name .stamp | sort) >"$tmp/list1"
(cd "$p2" && find . -type f ! -name .stamp | sort) >"$tmp/list2"
differ=
cmp -s "$tmp/list1" "$tmp/list2" || differ=" (the file lists differ)"
for f in $(cat "$tmp/list1"); do
  [ "$f" = ./lib/lib25519.so.1 ] && continue
  cmp -s "$p1/$f" "$p2/$f" || differ="$differ ${f#./}"
done
if [ -z "$differ" ]; then ok; else bad "files that differ:$differ"; fi
# no paths of this machine inside the libraries
leak=
for f in "$p1/lib/lib25519.so.1" "$p1/lib/lib25519.a"; do
  for path in "$top/build/repro1" "$top"; do
    if grep -a -q -F "$path" "$f"; then leak="$leak $(basename "$f"):$path"; break; fi
  done
done
if [ -z "$leak" ]; then ok; else bad "embedded paths:$leak"; fi

echo "check-reproducible: $passed passed, $failed failed"
[ $failed = 0 ]
