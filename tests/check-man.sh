#!/bin/sh
# SPDX-License-Identifier: MIT
# Man pages and documented examples.
# usage: check-man.sh [BINDIR]   (BINDIR = build/NAME/package/bin; default build/0)
#  1. scripts/build/mkman gives the same bytes on every run;
#  2. `make install` puts every expected page under MANDIR, and every
#     installed command has a page; each names the release in VERSION;
#  3. `man lib25519` works from MANPATH, and every page (aliases too)
#     renders without a single groff or man warning;
#  4. every C example with a main() in doc/api.md and doc/man/*.md compiles
#     with -Wall -Wextra -Werror against the installed copy and exits 0;
#     the shell examples of the command pages run when the commands exist.
name=check-man
. "$(dirname "$0")/lib.sh"
lib_args "$@"
need_build
b=$builddir
tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C.UTF-8 MANWIDTH=80
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3

# 1. deterministic generator
if $py "$top/scripts/build/mkman" "$top/doc/man" "$tmp/m1" && $py "$top/scripts/build/mkman" "$top/doc/man" "$tmp/m2" \
   && diff -r "$tmp/m1" "$tmp/m2" >/dev/null; then
  ok
else
  fail "scripts/build/mkman failed or is not deterministic"
fi

# 2. installed pages
prefix=$tmp/prefix
man=$prefix/share/man
if ! make -f "$b/Makefile" install PREFIX="$prefix" >"$tmp/install.log" 2>&1; then
  tail -n 20 "$tmp/install.log"
  fail "make install failed"
  finish
fi
if [ ! -d "$man/man3" ]; then
  fail "no man pages installed: $b/Makefile predates scripts/build/mkman? run ./configure again"
  finish
fi
want="man3/lib25519.3 man3/lib25519_dh_keypair.3 man3/lib25519_dh.3 man3/lib25519_sign_keypair.3
man3/lib25519_sign.3 man3/lib25519_sign_open.3 man3/lib25519_dh_x25519_keypair.3 man3/lib25519_dh_x25519.3
man3/lib25519_sign_ed25519_keypair.3 man3/lib25519_sign_ed25519.3 man3/lib25519_sign_ed25519_open.3
man1/lib25519-test.1 man1/lib25519-speed.1 man1/lib25519-fulltest.1 man1/x25519-cli.1 man1/x25519-keypair.1
man1/x25519-dh.1 man1/ed25519-cli.1 man1/ed25519-keypair.1 man1/ed25519-sign.1 man1/ed25519-open.1"
notinstalled=
for p in $want; do
  [ -f "$man/$p" ] || notinstalled="$notinstalled $p"
done
for c in "$prefix"/bin/*; do
  [ -f "$man/man1/$(basename "$c").1" ] || notinstalled="$notinstalled man1/$(basename "$c").1"
done
if [ -z "$notinstalled" ]; then ok; else fail "pages not installed:$notinstalled"; fi
# every page's footer names the release in VERSION (doc/abi.md)
release=$(head -n 1 "$top/VERSION")
stale=$(grep -L "^\.TH .* \"lib25519 $release\"" "$man"/man1/*.1 "$man"/man3/*.3 | while read -r f; do
  grep -q '^\.so ' "$f" || echo "${f#"$man"/}"
done)
if [ -z "$stale" ]; then ok "every page says lib25519 $release"; else fail "pages without 'lib25519 $release' in .TH: $stale"; fi

# 3. rendering. man-db's man is preferred; Debian's minimized images replace
# it by a stub, so fall back to groff alone (which then also resolves .so).
have_man=no
if command -v man >/dev/null 2>&1 && MANPATH="$man" man -P cat lib25519 >"$tmp/lib25519.txt" 2>"$tmp/err" \
   && grep -q lib25519_dh_keypair "$tmp/lib25519.txt"; then
  have_man=yes
  ok
elif command -v man >/dev/null 2>&1; then
  fail "MANPATH=$man man -P cat lib25519 did not work: $(head -n 3 "$tmp/err")"
else
  echo "note: man is not installed (Debian package man-db); checking with groff only"
fi
command -v groff >/dev/null 2>&1 || { missing "groff is not installed (Debian package groff-base)"; }
render_fail=
for f in "$man"/man1/* "$man"/man3/*; do
  page=$(basename "$f")
  sec=${page##*.}
  pname=${page%.*}
  if [ $have_man = yes ]; then
    MANPATH="$man" man --warnings -E UTF-8 -P cat "$sec" "$pname" >"$tmp/out" 2>"$tmp/err" || echo "man exited $?" >>"$tmp/err"
    if [ -s "$tmp/err" ] || ! grep -qi -- "$pname" "$tmp/out"; then
      render_fail="$render_fail $page"
      sed "s|^|  $page: |" "$tmp/err" | head -n 5
    fi
  fi
  if command -v groff >/dev/null 2>&1; then
    # all warnings (-ww); run in MANDIR so that ".so man1/x.1" resolves
    (cd "$man" && groff -man -Tutf8 -ww -z "man$sec/$page") >"$tmp/gout" 2>&1
    if [ -s "$tmp/gout" ]; then
      render_fail="$render_fail $page(groff)"
      sed "s|^|  $page: |" "$tmp/gout" | head -n 5
    fi
  fi
done
if [ -z "$render_fail" ]; then ok; else fail "pages with warnings:$render_fail"; fi

# 4. examples from the documentation
$py - "$top" "$tmp/ex" <<'EOF'
import os, re, sys
top, out = sys.argv[1], sys.argv[2]
os.makedirs(out)
srcs = [os.path.join(top, "doc", "api.md")]
mandir = os.path.join(top, "doc", "man")
srcs += [os.path.join(mandir, f) for f in sorted(os.listdir(mandir)) if f.endswith(".md")]
for path in srcs:
    text = open(path, encoding="utf-8").read()
    for i, (lang, body) in enumerate(re.findall(r"^```(\w*)\n(.*?)^```", text, re.S | re.M)):
        base = os.path.basename(path)[:-3].replace(".", "_")
        if lang == "c" and "main(" in body:
            open(os.path.join(out, "%s-%d.c" % (base, i)), "w").write(body)
        elif lang == "sh" and base.endswith("cli_1"):
            open(os.path.join(out, "%s-%d.sh" % (base, i)), "w").write(body)
EOF
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
nex=0
for c in "$tmp"/ex/*.c; do
  [ -f "$c" ] || continue
  nex=$((nex + 1))
  n=$(basename "$c" .c)
  if ! cc -Wall -Wextra -Werror "$c" $(pkg-config --cflags --libs lib25519) -o "$tmp/ex/$n" 2>"$tmp/err"; then
    fail "example $n does not compile:"; head -n 10 "$tmp/err"
  elif ! LD_LIBRARY_PATH="$prefix/lib" "$tmp/ex/$n" >"$tmp/out" 2>&1; then
    fail "example $n failed:"; head -n 5 "$tmp/out"
  else
    ok
  fi
done
[ $nex -ge 6 ] || fail "only $nex C examples found in doc/api.md and doc/man (want one per function page and api.md)"
for s in "$tmp"/ex/*.sh; do
  [ -f "$s" ] || continue
  n=$(basename "$s" .sh)
  cmds=$(grep -o '[a-z0-9]*25519-[a-z]*' "$s" | sort -u)
  absent=
  for c in $cmds; do [ -x "$prefix/bin/$c" ] || absent="$absent $c"; done
  if [ -n "$absent" ]; then
    skip "example $n not run: not built yet:$absent"
    continue
  fi
  mkdir -p "$tmp/run-$n"
  if (cd "$tmp/run-$n" && PATH="$prefix/bin:$PATH" LD_LIBRARY_PATH="$prefix/lib" sh -e "$s") >"$tmp/out" 2>&1; then
    ok
  else
    fail "shell example $n failed:"; head -n 5 "$tmp/out"
  fi
done

make -f "$b/Makefile" uninstall PREFIX="$prefix" >/dev/null 2>&1
finish
