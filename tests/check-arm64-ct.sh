#!/bin/sh
# SPDX-License-Identifier: MIT
# Constant-time evidence for the arm64 assembly, which valgrind cannot run
# here: every assembly file under internal/*/arm64/, and every .S of an
# arm64 implementation directory (crypto_*/*/arm64-*/, whose includes of the
# generated crypto_OP.h get a stub) is assembled with the cross gcc and
# with clang, disassembled (aarch64-linux-gnu-objdump -d),
# and each function is checked for
#   - conditional branches (b.cond, cbz, cbnz, tbz, tbnz): only the ones
#     listed in ALLOWED_BRANCHES below, each on a public loop counter;
#   - register-indexed memory accesses ([xN, xM] or [xN, wM, ...]): only
#     the ones listed in ALLOWED_INDEXED, each indexed by public data;
#   - indirect branches (br, blr) and variable-latency division (udiv,
#     sdiv): none at all.
# The C parts of the arm64 implementations (the fe64arm.h wrappers) are
# shared with amd64, where valgrind and MSan check them (doc/security.md);
# the arm64 inversion is assembly (internal/field/arm64/
# inv25519_safegcd_arm64.S, a file under internal/*/arm64/) and checked here.
# BINDIR is not used. Needs gcc-aarch64-linux-gnu (and binutils), else skips.
name=check-arm64-ct
. "$(dirname "$0")/lib.sh"
lib_args "$@"
cd "$top" || exit 111
if ! command -v aarch64-linux-gnu-gcc >/dev/null || ! command -v aarch64-linux-gnu-objdump >/dev/null; then
  missing "aarch64-linux-gnu-gcc or aarch64-linux-gnu-objdump is not installed (package gcc-aarch64-linux-gnu)"
  finish
fi
tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp"' EXIT INT TERM

# function:mnemonic and why the branch is public
ALLOWED_BRANCHES='
fe64arm_asm_nsquare:b.le n = 1: n is the public count of squarings
fe64arm_asm_nsquare:b.ne the loop over the public count n
x25519_ladder_arm64:b.ge the loop over the bit index i = 253..3 (public)
x25519_ladder_fe26x2_arm64:b.ge the loop over the bit index i = 253..3 (public)
ge64arm_asm_comb_madd:cbz n = 1 or 2 (no pipelined addition) and init = 0: n and init are public arguments
ge64arm_asm_comb_madd:b.ne the loop over the rows, on the public count n
ge64arm_asm_dbl_p3:b.ne the loop over the doublings, on the public count n
fe64arm_asm_inv25519:b.ne the loop over the 10 batches of divsteps (public count)
sha512_arm64_blocks:b.ne the loops over the four 16-round groups and over the blocks (public counts)
'
# function:mnemonic and why the index is public
ALLOWED_INDEXED='
x25519_ladder_arm64:ldrb k[i >> 3]: the byte offset is the public bit index
x25519_ladder_fe26x2_arm64:ldrb k[(i - 1) >> 3]: the byte offset is the public bit index
'

compilers="aarch64-linux-gnu-gcc"
command -v clang >/dev/null && compilers="$compilers clang"
# Every arm64 assembly file is either checked below or listed here with
# the reason; an arm64 .S file in neither list fails the test. The arm64
# files: every .S under internal/*/arm64/ and every .S of an
# implementation whose architectures file names arm64.
# path and why it is not checked on its own
NOT_CHECKED='
internal/field/arm64/fe64arm_macros.S macros only (no code until expanded): checked in every file that expands them
internal/method/arm64/x25519_ladder_regs.S macros only (no code until expanded): checked in x25519_ladder_arm64.S, which expands them
'
all=$( (find internal -path '*/arm64/*.S'
        for d in crypto_*/*/*/; do
          grep -qw arm64 "$d/architectures" 2>/dev/null && ls "$d"*.S 2>/dev/null
        done) | sed 's,//*,/,g' | sort -u)
files=
for f in $all; do
  if printf '%s\n' "$NOT_CHECKED" | grep -q "^$f "; then
    echo "not checked on its own: $(printf '%s\n' "$NOT_CHECKED" | grep "^$f ")"
  else
    files="$files $f"
  fi
done
for f in $(printf '%s\n' "$NOT_CHECKED" | cut -d' ' -f1); do
  printf '%s\n' "$all" | grep -q -x -F "$f" || { fail "$f is listed as not checked but is no arm64 assembly file"; }
done
[ -n "$files" ] || { fail "no arm64 assembly found"; finish; }
echo "arm64 assembly files: $(echo $all | wc -w), checked: $(echo $files | wc -w)"
implfiles=$(printf '%s\n' $files | grep '^crypto_')
# the generated crypto_OP.h of an implementation, reduced to the namespace
mkdir "$tmp/stub"
for f in $implfiles; do
  for h in $(sed -n 's/^#include "\(crypto_[a-zA-Z0-9_]*\.h\)"/\1/p' "$f"); do
    printf '#ifndef CRYPTO_NAMESPACE\n#define CRYPTO_NAMESPACE(x) x\n#endif\n' >"$tmp/stub/$h"
  done
done
checked=0
for cc in $compilers; do
  for f in $files; do
    b=$(echo "${f%.S}" | tr '/' '_')
    printf '#define CRYPTO_NAMESPACE(x) x\n#include "%s"\n' "$top/$f" >"$tmp/$b.S"
    if [ "$cc" = clang ]; then set -- --target=aarch64-linux-gnu; else set --; fi
    if ! "$cc" "$@" -c -Iinternal -I"$tmp/stub" "$tmp/$b.S" -o "$tmp/$b-$cc.o" 2>"$tmp/err"; then
      cat "$tmp/err"; fail "$f does not assemble with $cc"; continue
    fi
    aarch64-linux-gnu-objdump -d --no-show-raw-insn "$tmp/$b-$cc.o" >"$tmp/$b-$cc.dis"
    # function<TAB>mnemonic<TAB>operands for every instruction
    awk '/^[0-9a-f]+ <.*>:$/ { fn = $2; gsub(/[<>:]/, "", fn); next }
         /^ *[0-9a-f]+:\t/ { split($0, a, "\t"); print fn "\t" a[2] "\t" a[3] }' "$tmp/$b-$cc.dis" >"$tmp/$b-$cc.ins"
    nfn=$(cut -f1 "$tmp/$b-$cc.ins" | sort -u | wc -l)
    bad=0
    while IFS='	' read -r fn mn ops; do
      case "$mn" in
        b.*|cbz|cbnz|tbz|tbnz)
          if ! printf '%s\n' "$ALLOWED_BRANCHES" | grep -q "^$fn:$mn "; then
            echo "$f ($cc): $fn: conditional branch $mn $ops is not in the list"; bad=1
          fi ;;
        br|blr|udiv|sdiv)
          echo "$f ($cc): $fn: $mn $ops is not allowed in constant-time code"; bad=1 ;;
        ld*|st*)
          if printf '%s' "$ops" | grep -Eq '\[[a-z0-9]+, *[xw][0-9]+'; then
            if ! printf '%s\n' "$ALLOWED_INDEXED" | grep -q "^$fn:$mn "; then
              echo "$f ($cc): $fn: register-indexed $mn $ops is not in the list"; bad=1
            fi
          fi ;;
      esac
    done <"$tmp/$b-$cc.ins"
    if [ "$bad" = 0 ]; then
      checked=$((checked + 1)); ok; echo "$f ($cc): $nfn functions, $(wc -l <"$tmp/$b-$cc.ins") instructions: branches and indexes as listed"
    else
      fail "$f ($cc)"
    fi
  done
done

# the check itself must catch what it is for: a planted secret branch and
# a planted table load
cat >"$tmp/planted.S" <<'EOF'
	.text
	.globl fe64arm_asm_planted
fe64arm_asm_planted:
	cbz	x1, 1f
	ldr	x2, [x0, x1, lsl #3]
1:	ret
EOF
aarch64-linux-gnu-gcc -c "$tmp/planted.S" -o "$tmp/planted.o" &&
  aarch64-linux-gnu-objdump -d --no-show-raw-insn "$tmp/planted.o" |
  awk '/^ *[0-9a-f]+:\t/ { split($0, a, "\t"); print a[2] "\t" a[3] }' >"$tmp/planted.ins"
if grep -q '^cbz' "$tmp/planted.ins" && grep -Eq '^ldr	.*\[x0, x1' "$tmp/planted.ins"; then
  ok
else
  fail "the disassembly parser does not see a planted branch and indexed load"
fi

finish
