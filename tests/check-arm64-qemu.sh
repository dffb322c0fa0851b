#!/bin/sh
# SPDX-License-Identifier: MIT
# The arm64 build, tested on this amd64 machine: cross-compiles with Debian's
# aarch64-linux-gnu-gcc and clang --target=aarch64-linux-gnu (every arm64
# implementation/compiler pair, untrimmed) into build/arm64-qemu and runs,
# under user-mode qemu, lib25519-test (every pair, both compilers; the
# default qemu CPU model "max" has every optional arm64 extension), the
# dispatch fallback on a CPU model without the SHA512 instructions
# (cortex-a72) and with them masked (LIB25519_DISABLE=sha512), the class
# of an in-order core (cortex-a53: arm64-inorder) and its selection, the
# command-line tools' own tests (tests/cli-*.sh through small qemu
# wrappers), the examples compiled against the cross build, and the stack
# scan for secrets left behind (tests/stack/stack-check.c).
# Needs gcc-aarch64-linux-gnu and qemu-user (scripts/tools/install-deps installs
# them). Without them it exits 77 (skipped), except in CI, where it fails.
# BINDIR is not used: the test makes its own build.
name=check-arm64-qemu
. "$(dirname "$0")/lib.sh"
lib_args "$@"
cd "$top" || exit 111
if ! command -v aarch64-linux-gnu-gcc >/dev/null || ! command -v qemu-aarch64 >/dev/null; then
  missing "aarch64-linux-gnu-gcc or qemu-aarch64 is not installed (packages gcc-aarch64-linux-gnu, qemu-user)"
  finish
fi
B=$top/build/arm64-qemu
tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp"' EXIT INT TERM

rm -rf "$B"
if ./configure --host=arm64 --no-trim --builddir=arm64-qemu >"$tmp/configure.log" 2>&1 &&
   make -f "$B/Makefile" -j2 >"$tmp/make.log" 2>&1; then
  ok
else
  cat "$tmp/configure.log"; tail -n 30 "$tmp/make.log"
  fail "cross build"
  finish
fi
# the GNU triplet (as dh_auto_configure passes it) configures the same build
if ./configure --host=aarch64-linux-gnu --no-trim --builddir=arm64-triplet >"$tmp/triplet.log" 2>&1 &&
   sed 's|/build/arm64-triplet|/build/arm64-qemu|g' "$top/build/arm64-triplet/Makefile" | cmp -s - "$B/Makefile"; then
  ok "--host=aarch64-linux-gnu configures the same build as --host=arm64"
else
  cat "$tmp/triplet.log"; fail "--host=aarch64-linux-gnu differs from --host=arm64"
fi
rm -rf "$top/build/arm64-triplet"
dropped=$(grep -c '^notice: dropping' "$tmp/make.log")
[ "$dropped" = 0 ] && ok || { grep '^notice: dropping' "$tmp/make.log"; fail "$dropped arm64 pairs did not compile"; }
file "$B/package/lib/lib25519.so.1" 2>/dev/null | grep -q aarch64 || [ "$(od -An -tx1 -j18 -N2 "$B/package/lib/lib25519.so.1" | tr -d ' ')" = b700 ] &&
  ok || fail "lib25519.so.1 is not an aarch64 object"

# the guest's loader and libc come from the cross toolchain's sysroot
export QEMU_LD_PREFIX=/usr/aarch64-linux-gnu
export LD_LIBRARY_PATH="$B/package/lib"
if qemu-aarch64 "$B/package/bin/lib25519-test" >"$tmp/test.log" 2>&1 && tail -n 1 "$tmp/test.log" | grep -q 'all tests succeeded'; then
  ok
  echo "lib25519-test under qemu: $(grep -c '^[A-Za-z0-9_]* [0-9]* implementation ' "$tmp/test.log") implementation/compiler pairs tested"
else
  tail -n 20 "$tmp/test.log"; fail "lib25519-test under qemu"
fi

# every arm64-specific implementation (an architectures file with arm64
# lines) was built with both compilers of each line and tested
for a in crypto_*/*/*/architectures; do
  lines=$(grep -c '^arm64' "$a")
  [ "$lines" -gt 0 ] || continue
  d=${a%/architectures}; impl=${d##*/}; d=${d%/*}; prim=${d##*/}; op=${d%/*}; op=${op#crypto_}
  n=$(grep -c "^${op}_$prim [0-9]* implementation $impl compiler " "$tmp/test.log")
  [ "$n" = $((2 * lines)) ] && ok || fail "${op}_$prim $impl: $n of $((2 * lines)) pairs (gcc, clang) in lib25519-test"
done

# dispatch: the SHA512-instruction pair is a candidate only where the CPU
# reports the instructions, the scalar arm64 one everywhere; every
# candidate the CPU may run hashes right
cat >"$tmp/which.c" <<'EOF'
#include <stdio.h>
#include <string.h>
#include <lib25519.h>
int main(void)
{
  unsigned char st[64], in[128];
  long long i, n = lib25519_numimpl_hashblocks_sha512();
  memset(in, 0x61, sizeof in);
  for (i = 0; i < n; ++i) {
    memset(st, 0, sizeof st);
    lib25519_dispatch_hashblocks_sha512(i)(st, in, sizeof in);
    printf("%s %02x%02x%02x%02x\n", lib25519_dispatch_hashblocks_sha512_implementation(i), st[0], st[1], st[2], st[3]);
  }
  return 0;
}
EOF
if aarch64-linux-gnu-gcc "$tmp/which.c" -I"$B/package/include" -L"$B/package/lib" -l25519 -o "$tmp/which"; then
  # "max+disable" is -cpu max with LIB25519_DISABLE=sha512
  for c in "max yes" "cortex-a72 no" "max+disable no"; do
    set -- $c
    cpu=${1%+disable}; dis=; [ "$cpu" != "$1" ] && dis=sha512
    LIB25519_DISABLE=$dis qemu-aarch64 -cpu "$cpu" "$tmp/which" >"$tmp/which.out"
    has=no; grep -q '^arm64-sha512-insns ' "$tmp/which.out" && has=yes
    if [ "$(cut -d' ' -f2 "$tmp/which.out" | sort -u | wc -l)" != 1 ]; then
      cat "$tmp/which.out"; fail "-cpu $1: the candidates disagree"
    elif [ "$has" != "$2" ]; then
      fail "-cpu $1: arm64-sha512-insns a candidate: $has, expected $2"
    elif ! grep -q '^arm64-scalar-unrolled ' "$tmp/which.out"; then
      fail "-cpu $1: arm64-scalar-unrolled (base integer unit) is not a candidate"
    else
      ok; echo "qemu -cpu $1: $(wc -l <"$tmp/which.out") hashblocks candidates agree, arm64-sha512-insns among them: $has"
    fi
  done
  if QEMU_CPU=cortex-a72 qemu-aarch64 "$B/package/bin/lib25519-test" hashblocks hash >"$tmp/a72.log" 2>&1 &&
     tail -n 1 "$tmp/a72.log" | grep -q 'all tests succeeded' && ! grep -q arm64-sha512-insns "$tmp/a72.log"; then
    ok
  else
    tail -n 5 "$tmp/a72.log"; fail "lib25519-test hashblocks hash on -cpu cortex-a72"
  fi
else
  fail "dispatch probe did not cross-compile"
fi

# the class a core gets (cpuid/classes): an in-order Cortex-A53 is
# arm64-inorder (MIDR_EL1, read through the kernel's emulation, which
# qemu-user provides too), a core with Apple's MIDR (qemu's max with the
# MIDR of an M1 performance core) arm64-apple, the out-of-order A72 and
# either with LIB25519_DISABLE=inorder,apple are arm64-base; each picks, for every primitive,
# the first pair of priority/CLASS/ it can run (tests/classes/check.py)
if [ -x /usr/bin/python3 ]; then py=/usr/bin/python3; else py=python3; fi
if aarch64-linux-gnu-gcc -O1 tests/classes/selected.c -I"$B/package/include" -L"$B/package/lib" -l25519 -o "$tmp/selected"; then
  for c in "cortex-a53 arm64-inorder" "cortex-a72 arm64-base" "cortex-a53+disable arm64-base" \
      "max,midr=0x611f0221 arm64-apple" "max,midr=0x611f0221+disable arm64-base"; do
    set -- $c
    cpu=${1%+disable}; dis=; [ "$cpu" != "$1" ] && dis=inorder,apple
    LIB25519_DISABLE=$dis qemu-aarch64 -cpu "$cpu" "$tmp/selected" >"$tmp/sel.out" || { fail "-cpu $1: selection probe"; continue; }
    got=$($py scripts/gen/prioritize --class-of "$tmp/sel.out")
    if [ "$got" != "$2" ]; then
      fail "-cpu $1: class $got, expected $2"
    elif $py tests/classes/check.py selection "$tmp/sel.out" priority >"$tmp/sel.log"; then
      ok; echo "qemu -cpu $1: class $got, every primitive gets the first runnable pair of priority/$got/ ($(awk '$1 == "ok" && $3 == "nP_montgomery25519" { print "nP " $4 " " $5 }' "$tmp/sel.log"))"
    else
      grep FAIL "$tmp/sel.log"; fail "-cpu $1: selection differs from priority/$got/"
    fi
  done
else
  fail "selection probe did not cross-compile"
fi

# the command tools, each started through qemu by a wrapper that keeps the
# caller's descriptors
mkdir "$tmp/bin"
for t in x25519-keypair x25519-dh ed25519-keypair ed25519-sign ed25519-open; do
  printf '#!/bin/sh\nexec qemu-aarch64 "%s" "$@"\n' "$B/package/bin/$t" >"$tmp/bin/$t"
  chmod +x "$tmp/bin/$t"
done
for c in tests/cli-x25519.sh tests/cli-ed25519.sh tests/cli-table.sh; do
  if sh "$c" "$tmp/bin" >"$tmp/cli.log" 2>&1; then ok; tail -n 1 "$tmp/cli.log"; else cat "$tmp/cli.log"; fail "$c under qemu"; fi
done

# programs cross-compiled against the build
for ex in examples/*.c; do
  n=$(basename "$ex" .c)
  if ! aarch64-linux-gnu-gcc -Wall -Wextra -Werror "$ex" -I"$B/package/include" -L"$B/package/lib" -l25519 -o "$tmp/ex-$n"; then
    fail "example $n did not cross-compile"; continue
  fi
  printf '#!/bin/sh\nexec qemu-aarch64 "%s" "$@"\n' "$tmp/ex-$n" >"$tmp/run-$n"
  chmod +x "$tmp/run-$n"
  if [ -f "examples/$n.sh" ]; then
    (cd "$tmp" && sh "$top/examples/$n.sh" "$tmp/run-$n") && ok || fail "example $n under qemu"
  else
    "$tmp/run-$n" >/dev/null && ok || fail "example $n under qemu"
  fi
done

# secrets left on the stack by the arm64 pairs (tests/stack/stack-check.c,
# as check-stack.sh does natively): every pair, planted leak first so that
# the scan is seen to work. qemu-user cannot start a thread on a 64 KiB
# stack, so the threads get 1 MiB here (the 64 KiB bound is checked natively)
if aarch64-linux-gnu-gcc -O1 -Wall -I"$B/package/include" tests/stack/stack-check.c -o "$tmp/stack-check" \
     -L"$B/package/lib" -l25519 -lpthread 2>"$tmp/stack-cc.log"; then
  if qemu-aarch64 "$tmp/stack-check" 1048576 planted >"$tmp/stack-planted.out" 2>&1; then
    fail "stack-check under qemu did not find the planted leak"
  else
    ok "stack-check under qemu finds the planted leak"
  fi
  if qemu-aarch64 "$tmp/stack-check" 1048576 >"$tmp/stack.out" 2>&1; then
    ok "no secret left on the stack by any arm64 pair ($(grep -c ' depth ' "$tmp/stack.out") calls)"
  else
    grep '^FAIL' "$tmp/stack.out" | head -n 20; fail "stack-check under qemu"
  fi
else
  cat "$tmp/stack-cc.log"; fail "stack-check.c did not cross-compile"
fi

finish
