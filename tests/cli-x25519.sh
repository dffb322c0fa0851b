#!/bin/sh
# SPDX-License-Identifier: MIT
# Tests of the x25519-keypair and x25519-dh commands.
# usage: sh tests/cli-x25519.sh [BINDIR]   (default build/0/package/bin; the
# library next to BINDIR is used when there is one, else the caller's
# LD_LIBRARY_PATH)
# Checks: key sizes; A.dh(B.pk) = B.dh(A.pk); the RFC 7748 section 6.1
# shared secret; that a missing descriptor, a short key, or an output
# descriptor open only for reading gives a nonzero exit status, a message
# on stderr and nothing on the output descriptor; that a long key file is
# read for its first 32 bytes, as lib25519's x25519-dh does.
# tests/cli-table.sh pins every exit status and output byte against
# lib25519's tools.
# Prints "cli-x25519: N passed, M failed"; exits nonzero on any failure.

name=cli-x25519
. "$(dirname "$0")/lib.sh"
lib_args "$@"
kp=$bin/x25519-keypair
dh=$bin/x25519-dh
tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp"' EXIT INT TERM

size() { wc -c <"$1" | tr -d ' '; }
hexof() { od -An -tx1 "$1" | tr -d ' \n'; }
# write the bytes of a hex string (POSIX printf with octal escapes)
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

for f in "$kp" "$dh"; do
  [ -x "$f" ] || { fail "$f not found"; finish; }
done

# two key pairs
"$kp" 5>"$tmp/a.pk" 9>"$tmp/a.sk" 2>"$tmp/err" && ok || fail "keypair A failed: $(cat "$tmp/err")"
"$kp" 5>"$tmp/b.pk" 9>"$tmp/b.sk" 2>"$tmp/err" && ok || fail "keypair B failed: $(cat "$tmp/err")"
for f in a.pk a.sk b.pk b.sk; do
  [ "$(size "$tmp/$f")" = 32 ] && ok || fail "$f has $(size "$tmp/$f") bytes, want 32"
done
cmp -s "$tmp/a.sk" "$tmp/b.sk" && fail "two key pairs have the same secret key" || ok

# round trip
"$dh" 8<"$tmp/a.sk" 4<"$tmp/b.pk" 7>"$tmp/ab" 2>"$tmp/err" && ok || fail "A.dh(B.pk) failed: $(cat "$tmp/err")"
"$dh" 8<"$tmp/b.sk" 4<"$tmp/a.pk" 7>"$tmp/ba" 2>"$tmp/err" && ok || fail "B.dh(A.pk) failed: $(cat "$tmp/err")"
[ "$(size "$tmp/ab")" = 32 ] && ok || fail "shared secret has $(size "$tmp/ab") bytes"
cmp -s "$tmp/ab" "$tmp/ba" && ok || fail "A.dh(B.pk) != B.dh(A.pk)"

# RFC 7748 section 6.1
unhex 77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a >"$tmp/alice.sk"
unhex de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f >"$tmp/bob.pk"
"$dh" 8<"$tmp/alice.sk" 4<"$tmp/bob.pk" 7>"$tmp/rfc" 2>"$tmp/err" && ok || fail "RFC 7748 dh failed: $(cat "$tmp/err")"
[ "$(hexof "$tmp/rfc")" = 4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742 ] && ok ||
  fail "RFC 7748 6.1 shared secret: got $(hexof "$tmp/rfc")"

# the secret key through a pipe in two pieces (short reads are retried)
dd if="$tmp/alice.sk" of="$tmp/sk1" bs=16 count=1 2>/dev/null
dd if="$tmp/alice.sk" of="$tmp/sk2" bs=16 skip=1 2>/dev/null
{ cat "$tmp/sk1"; sleep 1; cat "$tmp/sk2"; } | "$dh" 8<&0 4<"$tmp/bob.pk" 7>"$tmp/rfc2" 2>"$tmp/err" && ok ||
  fail "dh with the secret key from a slow pipe failed: $(cat "$tmp/err")"
cmp -s "$tmp/rfc" "$tmp/rfc2" && ok || fail "dh with the secret key from a slow pipe: wrong result"

# fail inputs: expect_failure NAME COMMAND...; the command writes its output
# to $tmp/out and its messages to $tmp/err
expect_failure() {
  what=$1
  shift
  rm -f "$tmp/out"
  : >"$tmp/out"
  if "$@" 2>"$tmp/err"; then
    fail "$what: exit status 0"
    return
  fi
  [ -s "$tmp/err" ] && ok || fail "$what: no message on stderr"
  [ "$(size "$tmp/out")" = 0 ] && ok || fail "$what: wrote $(size "$tmp/out") bytes"
}

dd if="$tmp/a.sk" of="$tmp/short" bs=31 count=1 2>/dev/null
{ cat "$tmp/a.sk"; printf x; } >"$tmp/long"
: >"$tmp/empty"

expect_failure "keypair without fd 5" sh -c '"$1" 5>&- 9>"$2"' sh "$kp" "$tmp/out"
expect_failure "keypair without fd 9" sh -c '"$1" 5>"$2" 9>&-' sh "$kp" "$tmp/out"
expect_failure "keypair with fd 9 read-only" sh -c '"$1" 5>"$2" 9<"$3"' sh "$kp" "$tmp/out" "$tmp/a.sk"
expect_failure "dh without fd 8" sh -c '"$1" 8<&- 4<"$2" 7>"$3"' sh "$dh" "$tmp/b.pk" "$tmp/out"
expect_failure "dh without fd 4" sh -c '"$1" 8<"$2" 4<&- 7>"$3"' sh "$dh" "$tmp/a.sk" "$tmp/out"
expect_failure "dh without fd 7" sh -c '"$1" 8<"$2" 4<"$3" 7>&- >"$4"' sh "$dh" "$tmp/a.sk" "$tmp/b.pk" "$tmp/out"
expect_failure "dh with fd 7 read-only" sh -c '"$1" 8<"$2" 4<"$3" 7<"$4"' sh "$dh" "$tmp/a.sk" "$tmp/b.pk" "$tmp/out"
expect_failure "dh with a short secret key" sh -c '"$1" 8<"$2" 4<"$3" 7>"$4"' sh "$dh" "$tmp/short" "$tmp/b.pk" "$tmp/out"
expect_failure "dh with an empty secret key" sh -c '"$1" 8<"$2" 4<"$3" 7>"$4"' sh "$dh" "$tmp/empty" "$tmp/b.pk" "$tmp/out"
expect_failure "dh with a short public key" sh -c '"$1" 8<"$2" 4<"$3" 7>"$4"' sh "$dh" "$tmp/a.sk" "$tmp/short" "$tmp/out"

# a long key file (a trailing newline, say): its first 32 bytes are the key
{ cat "$tmp/alice.sk"; echo; } >"$tmp/alice.sk.nl"
{ cat "$tmp/bob.pk"; echo; } >"$tmp/bob.pk.nl"
"$dh" 8<"$tmp/alice.sk.nl" 4<"$tmp/bob.pk.nl" 7>"$tmp/rfc3" 2>"$tmp/err" && ok || fail "dh with 33-byte key files failed: $(cat "$tmp/err")"
cmp -s "$tmp/rfc" "$tmp/rfc3" && ok || fail "dh with 33-byte key files: wrong result"

# the messages name the program and the problem; every failure is 111
sh -c '"$1" 8<"$2" 4<"$3" 7>/dev/null' sh "$dh" "$tmp/short" "$tmp/b.pk" 2>"$tmp/err"
status=$?
[ $status = 111 ] && ok || fail "short secret key: exit status $status, want 111"
grep -q '^x25519-dh: .*secret key.*end of file' "$tmp/err" && ok || fail "short secret key message: $(cat "$tmp/err")"
sh -c '"$1" 8<"$2" 4<"$3" 7>/dev/null' sh "$dh" "$tmp/a.sk" "$tmp/short" 2>"$tmp/err"
status=$?
[ $status = 111 ] && ok || fail "short public key: exit status $status, want 111"
grep -q '^x25519-dh: .*public key.*end of file' "$tmp/err" && ok || fail "short public key message: $(cat "$tmp/err")"
sh -c '"$1" 8<&- 4<"$2" 7>/dev/null' sh "$dh" "$tmp/b.pk" 2>"$tmp/err"
status=$?
[ $status = 111 ] && ok || fail "missing fd 8: exit status $status, want 111"
sh -c '"$1" 5>&- 9>/dev/null' sh "$kp" 2>"$tmp/err"
status=$?
[ $status = 111 ] && ok || fail "keypair without fd 5: exit status $status, want 111"
grep -q '^x25519-keypair: ' "$tmp/err" && ok || fail "keypair message: $(cat "$tmp/err")"

# a public key output whose reader has gone: the tool dies of SIGPIPE, as
# lib25519's does (the reader exits at once; the tool starts 0.3 s later),
# and the secret key output is left empty
(sleep 0.3; "$kp" 5>&1 9>"$tmp/sk-pipe" 2>"$tmp/err"; echo $? >"$tmp/status") | true
sleep 0.1
status=$(cat "$tmp/status")
[ "$status" = 141 ] && ok || fail "keypair into a closed pipe: exit status $status, want 141 (SIGPIPE)"
[ "$(size "$tmp/sk-pipe")" = 0 ] && ok || fail "keypair into a closed pipe still wrote the secret key"

finish
