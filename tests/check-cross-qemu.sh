#!/bin/sh
# SPDX-License-Identifier: MIT
# Debian's other release architectures, tested on this amd64 machine: for
# each of i386 (32-bit x86, no __int128), armhf (32-bit arm, no __int128)
# and s390x (64-bit big-endian), cross-compiles with Debian's cross gcc
# (configure --host=TRIPLET, untrimmed) into build/ARCH-qemu and checks
#   - the build: every pair compiles, except, on the 32-bit targets, the
#     pairs that need unsigned __int128 (the fe51 family), which the
#     compiler refuses; every primitive then still has a pair (the fe26
#     family: radix 2^25.5, 32-bit limbs);
#   - no call to a multiply or divide routine of libgcc (__muldi3,
#     __udivdi3, __divdi3, __umoddi3, __moddi3, __udivmoddi4, __divmoddi4,
#     __aeabi_lmul, __aeabi_uldivmod, __aeabi_ldivmod, and the 32-bit
#     divisions __aeabi_idiv, __aeabi_uidiv, ... of arm cores without a
#     divide instruction): a 32-bit compiler makes them for 64-bit `*`,
#     `/` and `%` (and arm for any `/`), and their time may depend on the
#     operands.  Every object of the library is
#     checked, those of mGnP and multiscalar excepted (their inputs are
#     public by contract: variable time, doc/security.md), where such calls
#     are listed but allowed;
#   - lib25519-test over every pair (the known-answer checksums are those
#     of the amd64 build, so the outputs are the same), with the sign
#     differential test shortened to LIB25519_TEST_SIGN_DIFF=100 inputs per
#     class (the full 4000 run natively); the implementation the
#     dispatcher picks for each field-arithmetic primitive on the 32-bit
#     targets is an fe26 one;
#   - the command-line tools' own tests (tests/cli-*.sh through small
#     wrappers) and the examples compiled against the build.
# Programs run under user-mode qemu (qemu-arm, qemu-s390x) with the cross
# toolchain's sysroot as QEMU_LD_PREFIX; i386 programs run natively through
# the sysroot's loader when the kernel runs 32-bit x86 programs, else under
# qemu-i386.  Each lib25519-test runs in the background while the next
# architecture builds (the step uses both cores).  LIB25519_CROSS_ARCHES="ARCH ..." picks other architectures
# (also ppc64el, riscv64, armel: `make check-more-arches`).
# Needs the cross gcc of each architecture and qemu-user (scripts/tools/install-deps
# installs them); without them the architecture is skipped (exit 77 if
# all are), except in CI, where that fails.  BINDIR is not used.
name=check-cross-qemu
. "$(dirname "$0")/lib.sh"
# BINDIR (the first argument) is not used: the builds are its own
cd "$top" || exit 111
tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp"' EXIT INT TERM

# ARCH -> GNU triplet, qemu, 32-bit (no __int128)
arch_info() {
  case $1 in
    i386) echo "i686-linux-gnu qemu-i386 32" ;;
    armhf) echo "arm-linux-gnueabihf qemu-arm 32" ;;
    armel) echo "arm-linux-gnueabi qemu-arm 32" ;;
    s390x) echo "s390x-linux-gnu qemu-s390x 64" ;;
    ppc64el) echo "powerpc64le-linux-gnu qemu-ppc64le 64" ;;
    riscv64) echo "riscv64-linux-gnu qemu-riscv64 64" ;;
    *) return 1 ;;
  esac
}

# 64-bit multiply and divide, and (arm without a divide instruction) 32-bit divide
LIBCALLS='__muldi3|__udivdi3|__divdi3|__umoddi3|__moddi3|__udivmoddi4|__divmoddi4|__aeabi_lmul|__aeabi_uldivmod|__aeabi_ldivmod'
LIBCALLS="$LIBCALLS|__aeabi_idiv|__aeabi_uidiv|__aeabi_idivmod|__aeabi_uidivmod|__divsi3|__udivsi3|__modsi3|__umodsi3"


# build_arch ARCH: the build and its static checks; then lib25519-test is
# started in the background (so that it runs while the next architecture
# builds), its output in $tmp/ARCH.test
build_arch() {
  arch=$1
  set -- $(arch_info "$arch") || { fail "unknown architecture $arch"; return; }
  triplet=$1 qemu=$2 bits=$3
  if ! command -v "$triplet-gcc" >/dev/null || ! command -v "$qemu" >/dev/null; then
    missing "$arch: $triplet-gcc or $qemu is not installed (packages gcc-$triplet, qemu-user)"
    return
  fi
  B=$top/build/$arch-qemu
  log=$tmp/$arch
  rm -rf "$B"
  start=$(date +%s)
  if ./configure --host="$triplet" --no-trim --builddir="$arch-qemu" >"$log.configure" 2>&1 &&
     make -f "$B/Makefile" -j2 >"$log.make" 2>&1; then
    ok "$arch: cross build ($(($(date +%s) - start)) s)"
  else
    cat "$log.configure"; tail -n 30 "$log.make"
    fail "$arch: cross build"
    return
  fi
  # which pairs did not compile, and why
  grep '^notice: dropping' "$log.make" >"$log.dropped"
  if [ "$bits" = 32 ]; then
    grep -v '__int128' "$log.dropped" >"$log.bad"
    n=$(grep -c . "$log.dropped")
    if [ -s "$log.bad" ]; then
      cat "$log.bad"; fail "$arch: pairs that did not compile for a reason other than __int128"
    elif grep ' [A-Za-z0-9_]*/fe26-' "$log.dropped"; then
      fail "$arch: an fe26 pair did not compile"
    else
      ok "$arch: $n pairs left out (they need __int128), the rest compiled"
    fi
  else
    [ -s "$log.dropped" ] && { cat "$log.dropped"; fail "$arch: pairs did not compile"; } || ok
  fi
  head -c 20 "$B/package/lib/lib25519.so.1" >"$log.head"
  case $arch in
    i386) want=0300 ;; armhf|armel) want=2800 ;; s390x) want=0016 ;;
    ppc64el) want=1500 ;; riscv64) want=f300 ;;
  esac
  [ "$(od -An -tx1 -j18 -N2 "$log.head" | tr -d ' ')" = "$want" ] && ok || fail "$arch: lib25519.so.1 has the wrong ELF machine"

  # 64-bit multiply and divide routines
  : >"$log.calls"
  for o in "$B"/obj/*/*.o "$B"/lib/*.o; do
    calls=$("$triplet-nm" -u "$o" 2>/dev/null | awk '{print $NF}' | grep -E "^($LIBCALLS)\$" | tr '\n' ' ')
    [ -n "$calls" ] || continue
    if "$triplet-nm" -g --defined-only "$o" | grep -Eq ' lib25519_impl_(mGnP|multiscalar)_ed25519_'; then
      echo "$arch: allowed (public inputs): ${o#$B/}: $calls"
    else
      echo "${o#$B/}: $calls" >>"$log.calls"
    fi
  done
  if [ -s "$log.calls" ]; then
    cat "$log.calls"; fail "$arch: objects call multiply/divide routines"
  else
    ok "$arch: no library object on secrets calls a multiply/divide routine"
  fi

  # how to run a program of this architecture
  export QEMU_LD_PREFIX=/usr/$triplet
  export LD_LIBRARY_PATH="$B/package/lib"
  run=$qemu
  if [ "$arch" = i386 ] && [ -x "/usr/$triplet/lib/ld-linux.so.2" ] &&
     "/usr/$triplet/lib/ld-linux.so.2" --library-path "/usr/$triplet/lib:$B/package/lib" \
       "$B/package/bin/lib25519-test" --list >/dev/null 2>&1 </dev/null; then
    run="/usr/$triplet/lib/ld-linux.so.2 --library-path /usr/$triplet/lib:$B/package/lib"
  fi
  echo "$arch: programs run with: $run"
  echo "$run" >"$log.run"
  date +%s >"$log.start"
  (LIB25519_TEST_SIGN_DIFF=100 LIB25519_TEST_VECTORS="$top/tests/vectors" \
     $run "$B/package/bin/lib25519-test" >"$log.test" 2>&1
   date +%s >"$log.end") &
  unset QEMU_LD_PREFIX LD_LIBRARY_PATH
}

# check_arch ARCH: once its lib25519-test has ended, its result, then the
# tools and the examples
check_arch() {
  arch=$1
  set -- $(arch_info "$arch")
  triplet=$1 qemu=$2 bits=$3
  B=$top/build/$arch-qemu
  log=$tmp/$arch
  [ -f "$log.run" ] || return 0
  run=$(cat "$log.run")
  export QEMU_LD_PREFIX=/usr/$triplet
  export LD_LIBRARY_PATH="$B/package/lib"
  if tail -n 1 "$log.test" | grep -q 'all tests succeeded'; then
    ok "$arch: lib25519-test: $(grep -c '^[A-Za-z0-9_]* [0-9]* implementation ' "$log.test") implementation/compiler pairs ($(($(cat "$log.end") - $(cat "$log.start"))) s)"
  else
    grep -i fail "$log.test" | head -n 20; tail -n 5 "$log.test"; fail "$arch: lib25519-test"
  fi
  if [ "$bits" = 32 ]; then
    for p in pow_inv25519 powbatch_inv25519 nP_montgomery25519 nG_merged25519 mGnP_ed25519 multiscalar_ed25519; do
      sel=$(sed -n "s/^$p selected implementation \([^ ]*\) .*/\1/p" "$log.test")
      case $sel in
        fe26-*) ok ;;
        *) fail "$arch: the dispatcher picks '$sel' for $p, not an fe26 implementation" ;;
      esac
    done
  fi

  # the command tools, each started through a wrapper
  mkdir -p "$tmp/bin-$arch"
  for t in x25519-keypair x25519-dh ed25519-keypair ed25519-sign ed25519-open; do
    printf '#!/bin/sh\nexec %s "%s" "$@"\n' "$run" "$B/package/bin/$t" >"$tmp/bin-$arch/$t"
    chmod +x "$tmp/bin-$arch/$t"
  done
  for c in tests/cli-x25519.sh tests/cli-ed25519.sh tests/cli-table.sh; do
    if sh "$c" "$tmp/bin-$arch" >"$log.cli" 2>&1; then ok; echo "$arch: $(tail -n 1 "$log.cli")"; else cat "$log.cli"; fail "$arch: $c"; fi
  done

  # programs cross-compiled against the build
  for ex in examples/*.c; do
    n=$(basename "$ex" .c)
    if ! "$triplet-gcc" -Wall -Wextra -Werror "$ex" -I"$B/package/include" -L"$B/package/lib" -l25519 -o "$tmp/ex-$arch-$n"; then
      fail "$arch: example $n did not cross-compile"; continue
    fi
    printf '#!/bin/sh\nexec %s "%s" "$@"\n' "$run" "$tmp/ex-$arch-$n" >"$tmp/run-$arch-$n"
    chmod +x "$tmp/run-$arch-$n"
    if [ -f "examples/$n.sh" ]; then
      (cd "$tmp" && sh "$top/examples/$n.sh" "$tmp/run-$arch-$n") >"$log.ex" 2>&1 && ok || { cat "$log.ex"; fail "$arch: example $n"; }
    else
      "$tmp/run-$arch-$n" >/dev/null && ok || fail "$arch: example $n"
    fi
  done
  unset QEMU_LD_PREFIX LD_LIBRARY_PATH
}

arches=${LIB25519_CROSS_ARCHES:-i386 armhf s390x}
for a in $arches; do
  build_arch "$a"
done
wait
for a in $arches; do
  check_arch "$a"
done
finish
