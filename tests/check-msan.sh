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
#    the radix-2^64 field and group code (internal/field/amd64/fe64_mulx.S,
#    internal/group/amd64/ge64_mulx.S: the AVX-512 IFMA implementations,
#    which valgrind cannot run, among them), the copy gets the same
#    functions in C (tests/msan/fe64_c.h, ge64_c.h) and the implementation
#    is checked;
#  - the coverage is computed and compared: every AVX-512 pair build/0
#    compiled (its Makefile and pairs.h, whatever this CPU) must have its
#    implementation in the MSan build, else the step fails; both lists
#    are printed. On a CPU with a pair's extensions lib25519-test must
#    also have run it; elsewhere it is only compiled (as on Zen 3);
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
: >"$work/own-asm"
cp "$top/tests/msan/fe64_c.h" "$src/internal/field/fe64_c.h"
cp "$top/tests/msan/ge64_c.h" "$src/internal/group/ge64_c.h"
for d in $asm; do
  # an implementation whose only assembly is the radix-2^64 field and
  # group code (a .S holding, outside comments, nothing but includes of
  # os/asm.h, its crypto_OP.h, internal/field/amd64/fe64_mulx.S and
  # internal/group/amd64/ge64_mulx.S) gets tests/msan/fe64_c.h and
  # ge64_c.h, the same functions in C, so the C around it (the AVX-512
  # IFMA code among it) is checked here
  fieldonly=1
  for s in "$src/$d"/*.S; do
    # the lines outside /* */ comments that are not one of those includes
    if awk '{ line = ""; while (length($0)) {
                if (incomment) { i = index($0, "*/"); if (!i) { $0 = ""; break } $0 = substr($0, i + 2); incomment = 0 }
                else { i = index($0, "/*"); if (!i) { line = line $0; $0 = ""; break }
                       line = line substr($0, 1, i - 1); $0 = substr($0, i + 2); incomment = 1 } }
              print line }' "$s" |
      grep -v -E '^[[:space:]]*$|^#include "(os/asm\.h|crypto_[a-zA-Z0-9]*\.h|field/amd64/fe64_mulx\.S|group/amd64/ge64_mulx\.S)"[[:space:]]*$' |
      grep -q .; then
      fieldonly=0
    fi
  done
  if [ $fieldonly = 1 ]; then
    for s in "$src/$d"/*.S; do
      { grep '^#include "crypto_' "$s"; echo '#include "field/fe64_c.h"'
        if grep -q '^#include "group/amd64/ge64_mulx\.S"' "$s"; then echo '#include "group/ge64_c.h"'; fi
      } >"${s%.S}.c"
      rm -f "$s"
    done
    echo "note: $d: its field/group assembly replaced by tests/msan/fe64_c.h and ge64_c.h, the rest checked"
  else
    echo "note: $d has assembly of its own: left out here"
    rm -rf "${src:?}/$d"
    o=${d#crypto_}
    echo "${o%%/*}_${o#*/}" >>"$work/own-asm"
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

# Coverage, computed from the build configurations (not from this CPU,
# so it is checked on any machine): every AVX-512 pair the main build
# compiled (build/0; valgrind has no AVX-512, so it executes none of them)
# must have its implementation in this MSan build. A pair is AVX-512 when
# its compiler line asks for an AVX-512 extension.
# pairs MAKEFILE PAIRS_H: "label compiler line" of every compiled pair
pairs() {
  sed -n "s/.*compile-pair \$(B)\/obj\/\([0-9]*\) [A-Z_0-9]* \([^ ]*\) '\([^']*\)'.*/\1 \2 \3/p" "$1" |
    while read -r id label cc; do
      grep -q "^#define LIB25519_OK_$id 1" "$2" && echo "$label $cc"
    done
}
main=$top/build/0
if [ -f "$main/Makefile" ] && [ -f "$main/dispatch/pairs.h" ]; then
  pairs "$main/Makefile" "$main/dispatch/pairs.h" | grep -e '-mavx512' | sort >"$work/avx512-pairs"
  pairs "$B/Makefile" "$B/dispatch/pairs.h" | cut -d' ' -f1 | sort -u >"$work/covered"
  echo "AVX-512 pairs compiled in build/0 (valgrind cannot execute them): $(wc -l <"$work/avx512-pairs")"
  sed 's/^/  /' "$work/avx512-pairs"
  echo "implementations in this MSan build (data-flow checked): $(wc -l <"$work/covered")"
  sed 's/^/  /' "$work/covered"
  # uncovered COVERED: the AVX-512 implementations not in the list COVERED
  uncovered() { cut -d' ' -f1 "$work/avx512-pairs" | sort -u | grep -v -x -F -f "$1"; }
  # an AVX-512 implementation with assembly of its own (a generated
  # ladder loop: fe26x8-fe64-ladder-batch) cannot be here; it is named,
  # not failed (tests/check-dudect.sh times it), and only that exception
  ownasm=$(uncovered "$work/covered" | grep -x -F -f "$work/own-asm")
  if [ -n "$ownasm" ]; then
    echo "AVX-512 implementations left out for assembly of their own (no data-flow check here; check-dudect covers them): $(echo $ownasm)"
    cat "$work/own-asm" >>"$work/covered"
  fi
  uncovered=$(uncovered "$work/covered")
  # the comparison can fail: an AVX-512 implementation taken out of the
  # covered list must be reported
  first=$(head -n 1 "$work/avx512-pairs" | cut -d' ' -f1)
  if [ -n "$first" ]; then
    grep -v -x -F "$first" "$work/covered" >"$work/covered-minus-one"
    if [ "$(uncovered "$work/covered-minus-one")" = "$first" ]; then
      ok "the comparison reports $first when it is taken out of the covered list"
    else
      fail "the comparison does not report $first taken out of the covered list"
    fi
  fi
  if [ -n "$uncovered" ]; then
    fail "AVX-512 implementations with no data-flow check (not in the MSan build): $(echo $uncovered)"
  elif [ -s "$work/avx512-pairs" ]; then
    ok "every AVX-512 implementation of build/0 ($(cut -d' ' -f1 "$work/avx512-pairs" | sort -u | wc -l)) is in the MSan build"
  else
    fail "build/0 has no AVX-512 pair: nothing to compare the coverage with"
  fi
else
  fail "no main build (build/0) to compare the MSan coverage with"
fi

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
# which AVX-512 implementations ran: lib25519-test runs every pair the
# CPU supports, so on a CPU with a pair's extensions its implementation
# must show in the log of its primitive; elsewhere it only compiled here
if [ -s "$work/avx512-pairs" ]; then
  flags=" $(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null | sed 's/^[^:]*://') "
  while read -r label cc; do
    prim=${label%%/*}
    impl=${label#*/}
    if grep -q -x -F "$label" "$work/own-asm"; then
      echo "  left out (assembly of its own): $label"
      continue
    fi
    lacks=
    for m in $cc; do
      case $m in
        -march=*|-mtune=*|-mprefer-*|-mno-*) ;;
        -mbmi) case $flags in *" bmi1 "*) ;; *) lacks="$lacks bmi1" ;; esac ;;
        -m*) case $flags in *" ${m#-m} "*) ;; *) lacks="$lacks ${m#-m}" ;; esac ;;
      esac
    done
    if [ -n "$lacks" ]; then
      echo "  not run here (this CPU lacks$lacks): $label"
    elif grep -q "^$prim [0-9]* implementation $impl " "$work/logs/$prim.log" 2>/dev/null; then
      ok "$label ran under MSan"
    else
      fail "$label: this CPU has its extensions but lib25519-test did not run it under MSan"
    fi
  done <<PAIRS
$(sort -u -k1,1 "$work/avx512-pairs")
PAIRS
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
