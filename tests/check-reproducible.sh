#!/bin/sh
# SPDX-License-Identifier: MIT
# Reproducible builds. Configures and builds the same source tree twice, in
# build/repro1 and build/repro2 (two different absolute paths), at two
# different times, in two time zones and locales and with two umasks, and
# requires byte-identical results: lib25519.so.1 above all, but also
# lib25519.a, lib25519.h, the commands and the man pages. Also: the library
# embeds neither the source nor the build path.
# The builds run in a snapshot of the source tree (copied to a temporary
# directory, without build/ and .git), so that edits made while the test
# runs cannot make the two builds differ, and the real build/ is untouched.
#
# Three rounds are available (REPRO_ROUNDS, default "distro default"):
#  distro  what a distribution passes: debug information, and prefix maps
#          that hide the build paths, each build mapping its own directory
#          (CFLAGS="-g -O2 -ffile-prefix-map=SRC=. -ffile-prefix-map=BUILDDIR=build").
#          Debian's dpkg-buildflags does this with the unpacked source
#          path, which differs from one build to the next (with clang,
#          plus -fno-integrated-as: see below);
#  plain   no CFLAGS at all;
#  default the default configuration (plain ./configure: gcc and clang,
#          planted pairs, no CFLAGS) in two snapshots at two different
#          absolute paths (build/0 in each, as a packager builds): the
#          unstripped lib25519.so.1 and lib25519.a must be identical, and
#          the library must carry a build ID (the build's own prefix maps
#          and relative .S names make this work; nothing is passed).
# The default round covers what plain would find, except a path the build
# embeds that the prefix maps hide; tests/check-install.sh catches that
# one (it looks for the source path, which contains build/, in the
# library). REPRO_ROUNDS="plain distro" runs both (twice the time).
#
# To stay within a few minutes on two cores the distro round builds with
# CC=gcc only (half the implementation/compiler pairs) and --no-planted; set
# REPRO_CC=clang to check the other compiler there (the default round has
# both). The argument (BINDIR) that
# tests/run-tests.sh passes is not used: this test makes its own builds.
# REPRO_KEEP=1 keeps the snapshot (its path is printed), for looking into a
# difference.
name=check-reproducible
. "$(dirname "$0")/lib.sh"
lib_args "$@"
here=$top
cc=${REPRO_CC:-gcc}
command -v "$cc" >/dev/null 2>&1 || { missing "$cc is not installed"; finish; }
tmp=$(mktemp -d) || exit 111
if [ -n "$REPRO_KEEP" ]; then
  echo "snapshot kept in $tmp/src"
else
  trap 'rm -rf "$tmp"' EXIT
fi
mkdir "$tmp/src" && (cd "$here" && tar cf - --exclude=./build --exclude=./.git .) | (cd "$tmp/src" && tar xf -) ||
  { fail "cannot copy the source tree"; finish; }
top=$tmp/src
cd "$top" || exit 111
unset SOURCE_DATE_EPOCH CFLAGS CPPFLAGS LDFLAGS CC AR RANLIB

# build ROUND NAME TZ LOCALE UMASK
build() {
  round=$1 bname=$2 tz=$3 loc=$4 mask=$5
  start=$(date +%s)
  flags=
  [ "$round" = distro ] && flags="-g -O2 -ffile-prefix-map=$top=. -ffile-prefix-map=$top/build/$bname=build"
  # clang's integrated assembler (clang 14) ignores the prefix maps in the
  # debug information of .S files; the GNU assembler honours them. This is
  # the flag doc/install.md tells packagers to add.
  [ "$round" = distro ] && [ "$($cc --version 2>/dev/null | grep -c -i clang)" != 0 ] && flags="$flags -fno-integrated-as"
  (
    umask "$mask"
    export TZ="$tz" LC_ALL="$loc" CC="$cc"
    [ -n "$flags" ] && export CFLAGS="$flags"
    ./configure --builddir="$bname" --no-planted --prefix=/usr >"$top/build/$bname.log" 2>&1 &&
      make -f "build/$bname/Makefile" -j2 all >>"$top/build/$bname.log" 2>&1
  ) || { tail -n 20 "$top/build/$bname.log"; return 1; }
  echo "$round: built build/$bname with CC=$cc in $(($(date +%s) - start)) s"
}

# compare ROUND: the two package directories
compare() {
  round=$1
  p1=build/repro1/package
  p2=build/repro2/package
  # the one that matters most gets its own verdict
  if cmp -s "$p1/lib/lib25519.so.1" "$p2/lib/lib25519.so.1"; then
    ok
  else
    fail "$round: lib25519.so.1 differs between build/repro1 and build/repro2"
    # name the differing sections, to help find the cause
    for s in $(readelf -S -W "$p1/lib/lib25519.so.1" | sed -n 's/^ *\[ *[0-9]*\] \([^ ]*\) .*/\1/p'); do
      objcopy -O binary --only-section="$s" "$p1/lib/lib25519.so.1" "$tmp/s1" 2>/dev/null
      objcopy -O binary --only-section="$s" "$p2/lib/lib25519.so.1" "$tmp/s2" 2>/dev/null
      cmp -s "$tmp/s1" "$tmp/s2" || echo "  section $s differs"
    done
    for p in "$top/build/repro1" "$top/build/repro2"; do
      strings -a "$p/package/lib/lib25519.so.1" | grep -F "$p" | head -n 2 | sed 's/^/  contains: /'
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
  if [ -z "$differ" ]; then ok; else fail "$round: files that differ:$differ"; fi
  # no path of this machine inside the libraries
  leak=
  for f in "$p1/lib/lib25519.so.1" "$p1/lib/lib25519.a"; do
    for path in "$top/build/repro1" "$top"; do
      if grep -a -q -F "$path" "$f"; then leak="$leak $(basename "$f"):$path"; break; fi
    done
  done
  if [ -z "$leak" ]; then ok; else fail "$round: embedded paths:$leak"; fi
}

# default: the default configuration in two directories; only the two
# libraries are compared (the commands were compared above)
default_round() {
  other=$tmp/elsewhere/at-a-longer/path
  mkdir -p "$other" && (cd "$top" && tar cf - --exclude=./build .) | (cd "$other" && tar xf -) ||
    { fail "default: cannot copy the snapshot"; return; }
  for d in "$top" "$other"; do
    start=$(date +%s)
    (cd "$d" && ./configure >"$tmp/default.log" 2>&1 && make -j2 all >>"$tmp/default.log" 2>&1) ||
      { tail -n 20 "$tmp/default.log"; fail "default: build in $d failed"; return; }
    echo "default: built $d/build/0 (gcc and clang) in $(($(date +%s) - start)) s"
  done
  for f in lib25519.so.1 lib25519.a; do
    if cmp "$top/build/0/package/lib/$f" "$other/build/0/package/lib/$f"; then
      ok "default: $f identical from two directories (unstripped)"
    else
      fail "default: $f differs between $top and $other"
    fi
  done
  lib=$top/build/0/package/lib/lib25519.so.1
  if readelf -n "$lib" 2>/dev/null | grep -q 'Build ID'; then ok "default: lib25519.so.1 has a build ID"
  else fail "default: lib25519.so.1 has no build ID"; fi
  if readelf -S -W "$lib" 2>/dev/null | grep -q '\.symtab'; then ok
  else fail "default: lib25519.so.1 is stripped (no .symtab): the comparison proves less"; fi
}

mkdir -p build
for round in ${REPRO_ROUNDS:-distro default}; do
  case $round in plain|distro) ;; default) default_round; continue ;; *) fail "unknown round $round"; finish ;; esac
  build "$round" repro1 UTC C 022 || { fail "$round: build in build/repro1 failed"; finish; }
  sleep 1   # make sure the clock moved, in case anything records the time
  build "$round" repro2 Pacific/Kiritimati C.UTF-8 077 || { fail "$round: build in build/repro2 failed"; finish; }
  compare "$round"
done
finish
