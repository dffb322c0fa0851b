#!/bin/sh
# SPDX-License-Identifier: MIT
# MemorySanitizer data-flow test: the constant-time check for code valgrind
# cannot run (valgrind 3.19 has no AVX-512, and under it the CPU reports none,
# so AVX-512 implementations are never exercised there). It covers every C
# implementation this CPU can run, AVX-512 or not.
#
# How: lib25519-test poisons secret inputs (test_poison) and the library
# marks its randomness secret and its public results declassified
# (crypto_secret/crypto_declassify). Built with clang -fsanitize=memory those
# marks become MSan shadow updates (tests/msan/msan-poison.patch), and MSan
# reports any poisoned value reaching a conditional branch, a memory address
# or a libc call: the constant-time property.
#
# The build is a copy of the source tree in build/msan/src (configure
# --builddir=msan there), because
#  - implementations with assembly (.S) are left out: MSan does not see
#    inside assembly, and their stores would leave stale shadow behind, giving
#    false reports in the C code that reads their outputs; valgrind and
#    tests/check-dudect.sh cover them.  Except: where the only assembly is
#    the field arithmetic internal/field/amd64/fe64_mulx.S (the AVX-512 IFMA
#    implementations, which valgrind cannot run), the copy gets the same
#    functions in C (tests/msan/fe64_c.h) and the implementation is checked;
#  - until the lead applies tests/msan/msan-poison.patch to the tree, it is
#    applied to the copy.
# Then: lib25519-test for every primitive must pass with no MSan report, and
# the planted leaky verify_32 (tests/planted/) must be reported, proving the
# poisoning reaches the library.
#
# usage: sh tests/check-msan.sh [BINDIR]   (BINDIR is not used: own build)
# environment: MSAN_CC (default clang), THREADS (default 2).
name=check-msan
. "$(dirname "$0")/lib.sh"
lib_args "$@"
cc=${MSAN_CC:-clang}
threads=${THREADS:-2}
start=$(date +%s)

if ! command -v "$cc" >/dev/null 2>&1; then
  missing "$cc is not installed: MemorySanitizer needs clang"
  finish
fi

work=$top/build/msan
rm -rf "$work"
mkdir -p "$work" || exit 111

# does this clang have a working MemorySanitizer?
printf '#include <sanitizer/msan_interface.h>\nint main(void){int x=1;__msan_poison(&x,sizeof x);return x>0?7:8;}\n' >"$work/probe.c"
if ! "$cc" -fsanitize=memory -g "$work/probe.c" -o "$work/probe" >"$work/probe.log" 2>&1; then
  fail "$cc cannot build with -fsanitize=memory:"
  cat "$work/probe.log"
  finish
fi
"$work/probe" >"$work/probe.out" 2>&1
if grep -q 'MemorySanitizer: use-of-uninitialized-value' "$work/probe.out"; then
  ok "$cc -fsanitize=memory works and reports a poisoned branch"
else
  fail "MemorySanitizer did not report a branch on a poisoned value:"
  cat "$work/probe.out"
  finish
fi

flags="-fsanitize=memory -fsanitize-memory-track-origins -fno-omit-frame-pointer -g"
# -fsanitize-memory-param-retval (default from clang 16) reports a poisoned
# argument or return value at the call itself; passing secrets to functions
# is fine for constant time (verify_32 even returns a secret-dependent
# result, declassified by its caller), so keep the old, lazy semantics.
if "$cc" -fsanitize=memory -fno-sanitize-memory-param-retval -c "$work/probe.c" -o "$work/probe.o" 2>/dev/null; then
  flags="$flags -fno-sanitize-memory-param-retval"
fi

# the source copy
src=$work/src
mkdir -p "$src"
(cd "$top" && tar --exclude=./build --exclude=./.git -cf - .) | (cd "$src" && tar -xf -) || {
  fail "cannot copy the source tree"
  finish
}
asm=$(cd "$src" && find crypto_* -name '*.S' 2>/dev/null | xargs -r -n1 dirname | sort -u)
cp "$top/tests/msan/fe64_c.h" "$src/internal/field/fe64_c.h"
for d in $asm; do
  # an implementation whose only assembly is the radix-2^64 field code
  # (a .S holding nothing but comments, its crypto_OP.h and
  # internal/field/amd64/fe64_mulx.S) gets tests/msan/fe64_c.h, the same functions in C,
  # so the C around it (the AVX-512 IFMA code among it) is checked here
  fieldonly=1
  for s in "$src/$d"/*.S; do
    if grep -v -E '^[[:space:]]*$|^/\*|^   |^#include "crypto_[a-zA-Z0-9]*\.h"$|^#include "field/amd64/fe64_mulx\.S"$' "$s" | grep -q .; then
      fieldonly=0
    fi
  done
  if [ $fieldonly = 1 ]; then
    for s in "$src/$d"/*.S; do
      { grep '^#include "crypto_' "$s"; echo '#include "field/fe64_c.h"'; } >"${s%.S}.c"
      rm -f "$s"
    done
    echo "note: $d: its field assembly replaced by tests/msan/fe64_c.h, the rest checked"
  else
    echo "note: $d is assembly: not covered here (valgrind and dudect cover it)"
    rm -rf "${src:?}/$d"
  fi
done

have=0
for f in tests/testlib.c internal/ct/crypto_declassify.h internal/ct/crypto_ct.h; do
  grep -q memory_sanitizer "$src/$f" && have=$((have + 1))
done
if [ $have = 3 ]; then
  echo "note: the tree has MSan poisoning (tests/msan/msan-poison.patch applied)"
elif [ $have = 0 ]; then
  if command -v patch >/dev/null 2>&1; then
    apply="patch -p1 --forward --quiet"
  else
    apply="git apply -p1"
  fi
  if (cd "$src" && $apply <"$top/tests/msan/msan-poison.patch") >"$work/patch.log" 2>&1; then
    echo "note: tests/msan/msan-poison.patch applied to the copy (not yet to the tree)"
  else
    fail "tests/msan/msan-poison.patch does not apply; update it or apply its change by hand:"
    cat "$work/patch.log"
    finish
  fi
else
  fail "only $have of testlib.c, crypto_declassify.h, crypto_ct.h know memory_sanitizer; see tests/msan/msan-poison.patch"
  finish
fi

echo "building build/msan (copy in build/msan/src) with $cc $flags"
if ! (cd "$src" && CC=$cc CFLAGS=$flags LDFLAGS="-fsanitize=memory" ./configure --builddir=msan --no-trim) >"$work/configure.log" 2>&1; then
  fail "configure failed:"
  tail -n 20 "$work/configure.log"
  finish
fi
B=$src/build/msan
if ! make -f "$B/Makefile" -j"$threads" all planted >"$work/make.log" 2>&1; then
  fail "the MSan build failed:"
  tail -n 30 "$work/make.log"
  finish
fi
if grep '^notice: dropping' "$work/make.log"; then
  fail "implementation/compiler pairs above did not compile under MSan and are not tested"
else
  ok "every implementation compiled with $cc -fsanitize=memory"
fi
echo "build: $(($(date +%s) - start)) s"

test=$B/package/bin/lib25519-test
prims=$(LD_LIBRARY_PATH=$B/package/lib "$test" --list)
if [ -z "$prims" ]; then
  fail "lib25519-test --list printed nothing"
  finish
fi
mkdir -p "$work/logs"
t0=$(date +%s)
echo "$prims" | LD_LIBRARY_PATH=$B/package/lib MSAN_OPTIONS=halt_on_error=1:exitcode=77 \
  xargs -P "$threads" -I{} sh -c '"$1" "$2" >"$3/$2.log" 2>&1; echo $? >"$3/$2.rc"' sh "$test" {} "$work/logs"
for p in $prims; do
  rc=$(cat "$work/logs/$p.rc" 2>/dev/null)
  log=$work/logs/$p.log
  if [ "$rc" = 0 ] && ! grep -q 'WARNING: MemorySanitizer' "$log" && tail -n 1 "$log" | grep -q '^all tests succeeded'; then
    n=$(grep -c "^$p [0-9]* implementation" "$log")
    ok "$p under MSan ($n implementations)"
    grep "^$p [0-9]* implementation .*avx512" "$log" | sed 's/^/  AVX-512: /'
  else
    fail "$p under MSan (exit $rc); build/msan/logs/$p.log:"
    grep -E -A25 'WARNING: MemorySanitizer|^FAIL' "$log" | head -n 60
  fi
done
echo "tests: $(($(date +%s) - t0)) s"
if ! grep -q avx512 /proc/cpuinfo 2>/dev/null; then
  echo "note: this CPU has no AVX-512: AVX-512 implementations were not exercised"
fi

# proof: the planted secret-dependent verify_32 must be reported
LD_LIBRARY_PATH=$B/planted MSAN_OPTIONS=halt_on_error=1:exitcode=77 "$test" verify >"$work/planted.log" 2>&1
rc=$?
if grep -q 'implementation planted-leaky' "$work/planted.log" \
  && grep -q 'MemorySanitizer: use-of-uninitialized-value' "$work/planted.log" && [ $rc != 0 ]; then
  ok "MSan reports the planted leaky verify_32 (exit $rc)"
else
  fail "MSan did not report the planted leaky verify_32 (exit $rc); build/msan/planted.log:"
  tail -n 20 "$work/planted.log"
fi
echo "total: $(($(date +%s) - start)) s"
finish
