#!/bin/sh
# SPDX-License-Identifier: MIT
# Tests of the ed25519-keypair, ed25519-sign and ed25519-open commands.
# usage: sh tests/cli-ed25519.sh [BINDIR]   (default build/0/package/bin; the
# library next to BINDIR is used when there is one, else the caller's
# LD_LIBRARY_PATH)
# Checks: key sizes; sign/open round trips (empty, short and 1 MB
# messages); the RFC 8032 7.1 test 2 signed message opens; a forged signed
# message (flipped bit in R, S or the message, wrong key, truncated input)
# exits 100 and writes nothing to standard output; as with lib25519's
# tools, a short key file is an I/O error (111) with a message naming the
# key, a long one is read for its first 64 (secret) or 32 (public) bytes;
# missing descriptors give an I/O error. tests/cli-table.sh pins every exit
# status and output byte against lib25519's tools.
# Prints "cli-ed25519: N passed, M failed"; exits nonzero on any failure.

name=cli-ed25519
. "$(dirname "$0")/lib.sh"
lib_args "$@"
kp=$bin/ed25519-keypair
sg=$bin/ed25519-sign
op=$bin/ed25519-open
tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp"' EXIT INT TERM

size() { wc -c <"$1" | tr -d ' '; }
hexof() { od -An -tx1 "$1" | tr -d ' \n'; }
unhex() {
  h=$1
  out=
  while [ -n "$h" ]; do
    b=${h%"${h#??}"}
    h=${h#??}
    out="$out\\$(printf '%03o' "0x$b")"
  done
  printf "$out"
}
# copy of $1 with bit $3 of byte $2 flipped, into $4
flipbit() {
  n=$(size "$1")
  head -c "$2" "$1" >"$4"
  b=$(od -An -tu1 -j "$2" -N 1 "$1" | tr -d ' ')
  unhex "$(printf '%02x' $((b ^ (1 << $3))))" >>"$4"
  tail -c $((n - $2 - 1)) "$1" >>"$4"
}
# $1 = description, $2 = signed message file, $3 = public key file: must be refused
expect_forgery() {
  "$op" 4<"$3" <"$2" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ "$rc" = 100 ] && ok || fail "$1: exit status $rc, want 100"
  [ "$(size "$tmp/out")" = 0 ] && ok || fail "$1: wrote $(size "$tmp/out") bytes to stdout"
  [ -s "$tmp/err" ] && ok || fail "$1: no message on stderr"
}

for f in "$kp" "$sg" "$op"; do
  [ -x "$f" ] || { fail "$f not found"; finish; }
done

# key pair
"$kp" 5>"$tmp/pk" 9>"$tmp/sk" 2>"$tmp/err" && ok || fail "keypair failed: $(cat "$tmp/err")"
[ "$(size "$tmp/pk")" = 32 ] && ok || fail "pk has $(size "$tmp/pk") bytes, want 32"
[ "$(size "$tmp/sk")" = 64 ] && ok || fail "sk has $(size "$tmp/sk") bytes, want 64"
tail -c 32 "$tmp/sk" | cmp -s - "$tmp/pk" && ok || fail "second half of sk is not pk"
"$kp" 5>"$tmp/pk2" 9>"$tmp/sk2" 2>"$tmp/err" && ok || fail "second keypair failed"
cmp -s "$tmp/sk" "$tmp/sk2" && fail "two key pairs are equal" || ok

# round trips
: >"$tmp/m0"
printf 'hello, world\n' >"$tmp/m1"
head -c 1000000 /dev/urandom >"$tmp/m2"
for m in m0 m1 m2; do
  "$sg" 8<"$tmp/sk" <"$tmp/$m" >"$tmp/$m.sm" 2>"$tmp/err" && ok || fail "sign $m failed: $(cat "$tmp/err")"
  [ "$(size "$tmp/$m.sm")" = $(($(size "$tmp/$m") + 64)) ] && ok || fail "sign $m: wrong output size"
  "$op" 4<"$tmp/pk" <"$tmp/$m.sm" >"$tmp/$m.out" 2>"$tmp/err" && ok || fail "open $m failed: $(cat "$tmp/err")"
  cmp -s "$tmp/$m" "$tmp/$m.out" && ok || fail "open $m: message differs"
done
# hedged: two signatures of one message differ
"$sg" 8<"$tmp/sk" <"$tmp/m1" >"$tmp/m1.sm2" && ok || fail "second signature failed"
cmp -s "$tmp/m1.sm" "$tmp/m1.sm2" && fail "two signatures of one message are equal" || ok

# RFC 8032 7.1 test 2
unhex 3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c >"$tmp/rfc.pk"
unhex 92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c0072 >"$tmp/rfc.sm"
"$op" 4<"$tmp/rfc.pk" <"$tmp/rfc.sm" >"$tmp/rfc.out" 2>"$tmp/err" && ok || fail "RFC 8032 test 2 rejected: $(cat "$tmp/err")"
[ "$(hexof "$tmp/rfc.out")" = 72 ] && ok || fail "RFC 8032 test 2: got message $(hexof "$tmp/rfc.out")"

# forgeries
flipbit "$tmp/m1.sm" 3 0 "$tmp/f1"
expect_forgery "flipped bit in R" "$tmp/f1" "$tmp/pk"
flipbit "$tmp/m1.sm" 40 5 "$tmp/f2"
expect_forgery "flipped bit in S" "$tmp/f2" "$tmp/pk"
flipbit "$tmp/m1.sm" 70 1 "$tmp/f3"
expect_forgery "flipped bit in the message" "$tmp/f3" "$tmp/pk"
expect_forgery "wrong public key" "$tmp/m1.sm" "$tmp/pk2"
head -c 63 "$tmp/m1.sm" >"$tmp/f4"
expect_forgery "input shorter than a signature" "$tmp/f4" "$tmp/pk"

# wrong key lengths
head -c 63 "$tmp/sk" >"$tmp/sk.short"
cat "$tmp/sk" "$tmp/pk" >"$tmp/sk.long"
head -c 31 "$tmp/pk" >"$tmp/pk.short"
cat "$tmp/pk" "$tmp/pk" >"$tmp/pk.long"
"$sg" 8<"$tmp/sk.short" <"$tmp/m1" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 111 ] && ok || fail "sign with sk.short: exit status $rc, want 111"
[ "$(size "$tmp/out")" = 0 ] && ok || fail "sign with sk.short wrote output"
grep -q "secret key.*end of file" "$tmp/err" && ok || fail "sign with sk.short: message does not name the secret key: $(cat "$tmp/err")"
"$op" 4<"$tmp/pk.short" <"$tmp/m1.sm" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 111 ] && ok || fail "open with pk.short: exit status $rc, want 111"
[ "$(size "$tmp/out")" = 0 ] && ok || fail "open with pk.short wrote output"
grep -q "public key.*end of file" "$tmp/err" && ok || fail "open with pk.short: message does not name the public key: $(cat "$tmp/err")"
# a long key file: its first bytes are the key
"$sg" 8<"$tmp/sk.long" <"$tmp/m1" >"$tmp/long.sm" 2>"$tmp/err" && ok || fail "sign with sk.long failed: $(cat "$tmp/err")"
"$op" 4<"$tmp/pk.long" <"$tmp/long.sm" >"$tmp/out" 2>"$tmp/err" && ok || fail "open with pk.long failed: $(cat "$tmp/err")"
cmp -s "$tmp/out" "$tmp/m1" && ok || fail "sign/open with long key files: message differs"

# missing descriptors
"$kp" 9>"$tmp/sk3" 5>&- 2>"$tmp/err"
[ $? = 111 ] && ok || fail "keypair without fd 5: want exit 111"
[ "$(size "$tmp/sk3")" = 0 ] && ok || fail "keypair without fd 5 still wrote the secret key"
"$sg" <"$tmp/m1" 8<&- >"$tmp/out" 2>"$tmp/err"
[ $? = 111 ] && ok || fail "sign without fd 8: want exit 111"
"$op" <"$tmp/m1.sm" 4<&- >"$tmp/out" 2>"$tmp/err"
[ $? = 111 ] && ok || fail "open without fd 4: want exit 111"
[ "$(size "$tmp/out")" = 0 ] && ok || fail "open without fd 4 wrote output"

# a closed standard output is an I/O error
"$sg" 8<"$tmp/sk" <"$tmp/m1" >&- 2>"$tmp/err"
[ $? = 111 ] && ok || fail "sign with stdout closed: want exit 111"

finish
