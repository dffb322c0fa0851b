#!/bin/sh
# SPDX-License-Identifier: MIT
# ./configure as distributions call it (no build; about 10 s):
#  - the options dh_auto_configure and Fedora's %configure pass are
#    accepted, the meaningless ones with a warning; --libdir=${prefix}/...
#    and --disable-silent-rules reach the Makefile; an unknown option fails;
#  - --host as a GNU triplet: aarch64-linux-gnu picks the cross tools (when
#    installed); a triplet we cannot build for, or a CC that builds for
#    another machine, is refused with a nonzero exit;
#  - AR, RANLIB, NM, OBJDUMP from the environment land in the Makefile;
#  - CPPFLAGS and CFLAGS reach every compile command (make -n V=1);
#  - compile-pair drops a failing pair with a notice, and fails with STRICT=1.
# Uses build/cfg-* (removed afterwards). BINDIR is not used.
name=check-configure
. "$(dirname "$0")/lib.sh"
lib_args "$@"
cd "$top" || exit 111
tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp" "$top"/build/cfg-*' EXIT INT TERM
mk() { sed -n "s/^$1 = //p" "build/$2/Makefile"; }

# Debian's dh_auto_configure (debhelper 13), natively
multiarch=$(uname -m)-linux-gnu
if ./configure --builddir=cfg-deb --no-planted --build="$multiarch" --prefix=/usr '--includedir=${prefix}/include' \
     '--mandir=${prefix}/share/man' '--infodir=${prefix}/share/info' --sysconfdir=/etc --localstatedir=/var \
     --disable-option-checking --disable-silent-rules "--libdir=\${prefix}/lib/$multiarch" --runstatedir=/run \
     --disable-maintainer-mode --disable-dependency-tracking >"$tmp/deb.out" 2>"$tmp/deb.err"; then
  ok "dh_auto_configure's options accepted"
  [ "$(mk LIBDIR cfg-deb)" = "\$(PREFIX)/lib/$multiarch" ] && [ "$(mk PREFIX cfg-deb)" = /usr ] &&
    [ "$(mk MANDIR cfg-deb)" = '$(PREFIX)/share/man' ] && ok "--prefix, --libdir=\${prefix}/..., --mandir in the Makefile" ||
    fail "directories: PREFIX=$(mk PREFIX cfg-deb) LIBDIR=$(mk LIBDIR cfg-deb) MANDIR=$(mk MANDIR cfg-deb)"
  [ "$(mk V cfg-deb)" = 1 ] && ok "--disable-silent-rules: V = 1" || fail "--disable-silent-rules did not set V = 1"
  grep -q 'warning: ignoring --sysconfdir=/etc' "$tmp/deb.err" && ok "--sysconfdir ignored with a warning" ||
    fail "no warning for --sysconfdir: $(cat "$tmp/deb.err")"
else
  cat "$tmp/deb.err"; fail "dh_auto_configure's options refused"
fi

# Fedora's %configure
vendor=$(uname -m)-redhat-linux-gnu
if ./configure --builddir=cfg-fedora --no-planted --build="$vendor" --host="$vendor" --program-prefix= \
     --disable-dependency-tracking --prefix=/usr --exec-prefix=/usr --bindir=/usr/bin --sbindir=/usr/sbin \
     --sysconfdir=/etc --datadir=/usr/share --includedir=/usr/include --libdir=/usr/lib64 --libexecdir=/usr/libexec \
     --localstatedir=/var --runstatedir=/run --sharedstatedir=/var/lib --mandir=/usr/share/man \
     --infodir=/usr/share/info >"$tmp/fedora.out" 2>&1 && [ "$(mk LIBDIR cfg-fedora)" = /usr/lib64 ]; then
  ok "%configure's options accepted (LIBDIR = /usr/lib64)"
else
  cat "$tmp/fedora.out"; fail "%configure's options"
fi

if ./configure --builddir=cfg-bad --no-such-option >"$tmp/bad.out" 2>&1; then fail "an unknown option was accepted"
else ok "an unknown option is refused"; fi

# triplets we cannot build for (m68k: a Debian port whose cross compiler
# scripts/tools/install-deps does not install; the release architectures' are)
if command -v m68k-linux-gnu-gcc >/dev/null 2>&1; then
  skip "m68k-linux-gnu-gcc is installed: the refusal of a missing cross compiler is not tried"
elif ./configure --builddir=cfg-bad --host=m68k-linux-gnu >"$tmp/bad.out" 2>&1; then
  fail "--host=m68k-linux-gnu accepted without m68k-linux-gnu-gcc"
else
  ok "refused: $(tail -n 1 "$tmp/bad.out")"
fi
# Debian's architecture names and triplets: the architecture configure
# names (the build directory, the arm ABI) and its default triplet
for h in i386:i386 i686-linux-gnu:i386 armhf:armhf arm-linux-gnueabihf:armhf arm-linux-gnueabi:armel \
         s390x-linux-gnu:s390x powerpc64le-linux-gnu:ppc64el riscv64-linux-gnu:riscv64; do
  got=$(cd scripts/build && /usr/bin/env python3 -c "import sys; sys.dont_write_bytecode = True; import configure; print(configure.host_arch('${h%%:*}', 'amd64')[0])" 2>&1)
  [ "$got" = "${h#*:}" ] && ok || fail "--host=${h%%:*} is architecture '$got', want ${h#*:}"
done
if [ "$(uname -m)" = x86_64 ]; then
  if CC=gcc ./configure --builddir=cfg-bad --host=aarch64-linux-gnu >"$tmp/bad.out" 2>&1; then
    fail "--host=aarch64-linux-gnu CC=gcc accepted on amd64 (would build an amd64 library)"
  else
    ok "refused: $(tail -n 1 "$tmp/bad.out")"
  fi
  if command -v aarch64-linux-gnu-gcc >/dev/null 2>&1; then
    if ./configure --builddir=cfg-a64 --no-planted --host=aarch64-linux-gnu >"$tmp/a64.out" 2>&1; then
      grep -q 'for arm64' "$tmp/a64.out" && ok "--host=aarch64-linux-gnu builds for arm64" || fail "$(cat "$tmp/a64.out")"
      want=ar
      command -v aarch64-linux-gnu-ar >/dev/null 2>&1 && want=aarch64-linux-gnu-ar
      [ "$(mk AR cfg-a64)" = "$want" ] && ok "AR = $want" || fail "AR = $(mk AR cfg-a64), not $want"
      if grep -q "aarch64-linux-gnu-gcc -Wall" "build/cfg-a64/Makefile" && grep -q "clang --target=aarch64-linux-gnu" "build/cfg-a64/Makefile" &&
         ! grep -E -q "'(gcc|clang) -Wall" "build/cfg-a64/Makefile"; then
        ok "the cross compiler lines"
      else
        fail "compiler lines of the aarch64-linux-gnu build: $(grep -o "'[a-z0-9-]*gcc[^']*'" build/cfg-a64/Makefile | sort -u | head -n 3)"
      fi
    else
      cat "$tmp/a64.out"; fail "--host=aarch64-linux-gnu"
    fi
  else
    missing "aarch64-linux-gnu-gcc is not installed (package gcc-aarch64-linux-gnu): the triplet build is not tried"
  fi
fi

# the binutils and the flags
if AR=my-ar RANLIB=my-ranlib NM=my-nm OBJDUMP=my-objdump CPPFLAGS="-DCFG_CPP_PROBE=1 -D_FORTIFY_SOURCE=2" \
     CFLAGS="-DCFG_C_PROBE=1 -O2" ./configure --builddir=cfg-env --no-planted >"$tmp/env.out" 2>&1; then
  [ "$(mk AR cfg-env)$(mk RANLIB cfg-env)$(mk NM cfg-env)$(mk OBJDUMP cfg-env)" = my-army-ranlibmy-nmmy-objdump ] &&
    ok "AR, RANLIB, NM, OBJDUMP from the environment" || fail "tools: $(grep -E '^(AR|RANLIB|NM|OBJDUMP) =' build/cfg-env/Makefile | tr '\n' ' ')"
  # every compile command (make -n: nothing runs; compile-pair invocations
  # carry the flags they pass on)
  make -n -f build/cfg-env/Makefile V=1 all >"$tmp/n.out" 2>&1
  # (the commands are compiled and linked in one command each)
  grep -E -e ' -c |compile-pair|-o [^ ]*/package/bin/[a-z0-9-]+ ' "$tmp/n.out" >"$tmp/compiles"
  total=$(wc -l <"$tmp/compiles")
  without=$(grep -v -e '-DCFG_CPP_PROBE=1' "$tmp/compiles" | grep -c . )
  withoutc=$(grep -v -e '-DCFG_C_PROBE=1' "$tmp/compiles" | grep -c . )
  if [ "$total" -gt 10 ] && [ "$without" = 0 ] && [ "$withoutc" = 0 ]; then
    ok "CPPFLAGS and CFLAGS on all $total compile commands"
  else
    grep -v -e '-DCFG_CPP_PROBE=1' "$tmp/compiles" | head -n 3
    fail "of $total compile commands, $without lack CPPFLAGS and $withoutc lack CFLAGS"
  fi
  grep -q -F '$(AR) $(ARFLAGS) ' build/cfg-env/Makefile && grep -q '^ARFLAGS = crD' build/cfg-env/Makefile &&
    ok "lib25519.a is written by \$(AR) crD" || fail "the archive rule does not use \$(AR) crD"
else
  cat "$tmp/env.out"; fail "configure with AR, CPPFLAGS, ..."
fi

# a pair that does not compile: dropped, or an error with STRICT=1
printf 'this is not C\n' >"$tmp/broken.c"
if (cd "$tmp" && sh "$top/scripts/build/compile-pair" "$tmp/o1" OKX test/broken "${CC:-cc}" "" broken.c) >"$tmp/cp.out" 2>&1 &&
   grep -q '^notice: dropping test/broken' "$tmp/cp.out" && [ ! -s "$tmp/o1/ok" ]; then
  ok "a failing pair is dropped with a notice"
else
  cat "$tmp/cp.out"; fail "compile-pair without STRICT"
fi
if (cd "$tmp" && STRICT=1 sh "$top/scripts/build/compile-pair" "$tmp/o2" OKX test/broken "${CC:-cc}" "" broken.c) >"$tmp/cp.out" 2>&1; then
  fail "STRICT=1: a failing pair did not fail"
else
  ok "STRICT=1: a failing pair fails the build"
fi
./configure --builddir=cfg-strict --no-planted --strict >/dev/null 2>&1 && [ "$(mk STRICT cfg-strict)" = 1 ] &&
  ok "--strict: STRICT = 1" || fail "--strict did not set STRICT = 1"
finish
