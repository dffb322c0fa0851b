#!/bin/sh
# SPDX-License-Identifier: MIT
# The five tools against a pinned table of what lib25519's own tools do.
# usage: sh tests/cli-table.sh [BINDIR]   (default build/0/package/bin)
#
# Each case is one tool run with its descriptors set up by the shell (exact,
# long and short key files, empty, closed, write-only or read-only
# descriptors, /dev/full, a pipe without a reader, forged and truncated
# signed messages, empty messages, one descriptor shared by two inputs).
# A case's result is its exit status and every byte on standard output and
# on each output descriptor, written as one line:
#   ID rc=STATUS FD=LENGTH[:BYTES] ...
# BYTES is the hex of an output of up to 32 bytes, else the start of its
# SHA-256. Key pairs and signatures are random, so for those the line holds
# what is fixed: lengths, and derived checks (x25519: the public key is the
# secret key times the base point; ed25519: the secret key ends with the
# public key and a signature made with it opens; a signed message: its
# message part and whether it opens under the signer's public key).
#
# The expected lines below were measured with lib25519's tools (Debian's
# x25519 and ed25519 packages, version 0~20260614-1). When a copy of those
# is present in ../shared/anchors/lib25519-20260614-debian (next to the
# tree), the table is run against them too and every line must match there
# as well; otherwise that half is skipped. stderr is not compared (the
# wording is ours), but our tools must say something there on every failure
# and nothing on success.
# Prints "cli-table: N passed, M failed[, K skipped]".

name=cli-table
. "$(dirname "$0")/lib.sh"
lib_args "$@"
tmp=$(mktemp -d) || exit 111
trap 'rm -rf "$tmp"' EXIT INT TERM
if command -v sha256sum >/dev/null 2>&1; then sha="sha256sum"; else sha="shasum -a 256"; fi

hexof() { od -An -tx1 -v "$1" | tr -d ' \n'; }
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
size() { wc -c <"$1" | tr -d ' '; }
# LENGTH[:BYTES] of a deterministic output
describe() {
  n=$(size "$1")
  if [ "$n" = 0 ]; then
    echo 0
  elif [ "$n" -le 32 ]; then
    echo "$n:$(hexof "$1")"
  else
    echo "$n:$($sha <"$1" | cut -c1-16)"
  fi
}

# ---- fixed inputs ----
F=$tmp/in
mkdir "$F" "$F/dir"
# RFC 7748 6.1: Alice's secret key, Bob's public key
unhex 77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a >"$F/xsk"
unhex de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f >"$F/xpk"
unhex 0900000000000000000000000000000000000000000000000000000000000000 >"$F/xbase"
head -c 32 /dev/zero >"$F/xzero"
# RFC 8032 7.1 test 1 (empty message) and test 2 (message 0x72)
unhex 9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60 >"$F/edsk"
unhex d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a >"$F/edpk"
cat "$F/edpk" >>"$F/edsk"
unhex e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b >"$F/sm0"
unhex 3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c >"$F/edpk2"
unhex 92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c0072 >"$F/sm2"
: >"$F/empty"
# key files one byte short, one byte long (a trailing newline), doubled
for k in xsk xpk edsk edpk edpk2; do
  n=$(size "$F/$k")
  head -c $((n - 1)) "$F/$k" >"$F/$k.short"
  { cat "$F/$k"; echo; } >"$F/$k.nl"
  cat "$F/$k" "$F/$k" >"$F/$k.double"
done
# a secret key whose second half is not its public key
{ head -c 32 "$F/edsk"; cat "$F/edpk2"; } >"$F/edsk.otherpk"
# messages: 3 bytes and 10000 bytes
printf abc >"$F/m3"
yes 'lib25519 cli table' | head -c 10000 >"$F/m10k"
# two inputs in one file, for a descriptor shared by two reads
cat "$F/xsk" "$F/xpk" >"$F/xsk+xpk"
# a signed 10000-byte message (made by the tool under test; its open case
# checks that the message comes back)
"$bin/ed25519-sign" 8<"$F/edsk" <"$F/m10k" >"$F/sm10k" || fail "cannot sign the 10000-byte message"
cat "$F/edsk" "$F/m10k" >"$F/edsk+m10k"
cat "$F/edpk2" "$F/sm2" >"$F/edpk2+sm2"
# forgeries of sm2: a bit flipped in R, in S, in the message; cut short
flip() { # FILE BYTE MASK > OUT
  n=$(size "$1")
  head -c "$2" "$1"
  b=$(od -An -tu1 -j "$2" -N 1 "$1" | tr -d ' ')
  unhex "$(printf '%02x' $((b ^ $3)))"
  tail -c $((n - $2 - 1)) "$1"
}
flip "$F/sm2" 3 1 >"$F/sm2.R"
flip "$F/sm2" 40 32 >"$F/sm2.S"
flip "$F/sm2" 64 2 >"$F/sm2.m"
head -c 64 "$F/sm2" >"$F/sm2.64"
head -c 63 "$F/sm2" >"$F/sm2.63"
{ cat "$F/sm2"; printf x; } >"$F/sm2.long"

# ---- the table: ID|KIND|COMMAND|EXPECTED (COMMAND may hold "|") ----
# COMMAND runs under eval with $T (the tools), $F (inputs), $O (outputs);
# its standard output goes to $O/1 unless it says otherwise; a command
# that sets up a pipe writes the tool's status to $O/rc. KIND: "-" (all
# outputs fixed), xkp / edkp (key pairs on fd 5 and 9), sign:PK (a signed
# message on fd 1 from the key whose public key is $F/PK).
cat >"$tmp/table" <<'EOF'
xkp|xkp|"$T/x25519-keypair" 5>"$O/5" 9>"$O/9"|rc=0 1=0 5=32 9=32 derived=ok
xkp-args|xkp|"$T/x25519-keypair" --help 5>"$O/5" 9>"$O/9"|rc=0 1=0 5=32 9=32 derived=ok
xkp-5closed|xkp|"$T/x25519-keypair" 5>&- 9>"$O/9"|rc=111 1=0 9=0
xkp-9closed|xkp|"$T/x25519-keypair" 5>"$O/5" 9>&-|rc=111 1=0 5=0
xkp-5readonly|xkp|"$T/x25519-keypair" 5<"$F/xpk" 9>"$O/9"|rc=111 1=0 9=0
xkp-9readonly|xkp|"$T/x25519-keypair" 5>"$O/5" 9<"$F/xpk"|rc=111 1=0 5=0
xkp-5full|xkp|"$T/x25519-keypair" 5>/dev/full 9>"$O/9"|rc=111 1=0 9=0
xkp-9full|xkp|"$T/x25519-keypair" 5>"$O/5" 9>/dev/full|rc=111 1=0 5=32
xkp-samefile|xkp|"$T/x25519-keypair" 5>"$O/5" 9>&5|rc=0 1=0 5=64
xkp-5pipe|xkp|{ sleep 0.2; "$T/x25519-keypair" 5>&1 9>"$O/9"; echo $? >"$O/rc"; } | true|rc=141 1=0 9=0
xdh|-|"$T/x25519-dh" 8<"$F/xsk" 4<"$F/xpk" 7>"$O/7"|rc=0 1=0 7=32:4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742
xdh-sk33|-|"$T/x25519-dh" 8<"$F/xsk.nl" 4<"$F/xpk" 7>"$O/7"|rc=0 1=0 7=32:4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742
xdh-sk64|-|"$T/x25519-dh" 8<"$F/xsk.double" 4<"$F/xpk" 7>"$O/7"|rc=0 1=0 7=32:4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742
xdh-sk31|-|"$T/x25519-dh" 8<"$F/xsk.short" 4<"$F/xpk" 7>"$O/7"|rc=111 1=0 7=0
xdh-sk0|-|"$T/x25519-dh" 8<"$F/empty" 4<"$F/xpk" 7>"$O/7"|rc=111 1=0 7=0
xdh-pk33|-|"$T/x25519-dh" 8<"$F/xsk" 4<"$F/xpk.nl" 7>"$O/7"|rc=0 1=0 7=32:4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742
xdh-pk31|-|"$T/x25519-dh" 8<"$F/xsk" 4<"$F/xpk.short" 7>"$O/7"|rc=111 1=0 7=0
xdh-pk0|-|"$T/x25519-dh" 8<"$F/xsk" 4<"$F/empty" 7>"$O/7"|rc=111 1=0 7=0
xdh-base|-|"$T/x25519-dh" 8<"$F/xsk" 4<"$F/xbase" 7>"$O/7"|rc=0 1=0 7=32:8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a
xdh-pkzero|-|"$T/x25519-dh" 8<"$F/xsk" 4<"$F/xzero" 7>"$O/7"|rc=0 1=0 7=32:0000000000000000000000000000000000000000000000000000000000000000
xdh-8closed|-|"$T/x25519-dh" 8<&- 4<"$F/xpk" 7>"$O/7"|rc=111 1=0 7=0
xdh-4closed|-|"$T/x25519-dh" 8<"$F/xsk" 4<&- 7>"$O/7"|rc=111 1=0 7=0
xdh-7closed|-|"$T/x25519-dh" 8<"$F/xsk" 4<"$F/xpk" 7>&-|rc=111 1=0
xdh-allclosed|-|"$T/x25519-dh" 8<&- 4<&- 7>&-|rc=111 1=0
xdh-8writeonly|-|"$T/x25519-dh" 8>"$O/8" 4<"$F/xpk" 7>"$O/7"|rc=111 1=0 7=0 8=0
xdh-7readonly|-|"$T/x25519-dh" 8<"$F/xsk" 4<"$F/xpk" 7<"$F/xpk"|rc=111 1=0
xdh-8dir|-|"$T/x25519-dh" 8<"$F/dir" 4<"$F/xpk" 7>"$O/7"|rc=111 1=0 7=0
xdh-7full|-|"$T/x25519-dh" 8<"$F/xsk" 4<"$F/xpk" 7>/dev/full|rc=111 1=0
xdh-shared|-|"$T/x25519-dh" 8<"$F/xsk+xpk" 4<&8 7>"$O/7"|rc=111 1=0 7=0
xdh-slowpipe|-|{ head -c 16 "$F/xsk"; sleep 0.2; tail -c 16 "$F/xsk"; } | "$T/x25519-dh" 8<&0 4<"$F/xpk" 7>"$O/7"|rc=0 1=0 7=32:4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742
xdh-7pipe|-|{ sleep 0.2; "$T/x25519-dh" 8<"$F/xsk" 4<"$F/xpk" 7>&1; echo $? >"$O/rc"; } | true|rc=141 1=0
edkp|edkp|"$T/ed25519-keypair" 5>"$O/5" 9>"$O/9"|rc=0 1=0 5=32 9=64 derived=ok
edkp-5closed|edkp|"$T/ed25519-keypair" 5>&- 9>"$O/9"|rc=111 1=0 9=0
edkp-9closed|edkp|"$T/ed25519-keypair" 5>"$O/5" 9>&-|rc=111 1=0 5=0
edkp-5readonly|edkp|"$T/ed25519-keypair" 5<"$F/edpk" 9>"$O/9"|rc=111 1=0 9=0
edkp-5full|edkp|"$T/ed25519-keypair" 5>/dev/full 9>"$O/9"|rc=111 1=0 9=0
edkp-9full|edkp|"$T/ed25519-keypair" 5>"$O/5" 9>/dev/full|rc=111 1=0 5=32
edkp-9pipe|edkp|{ sleep 0.2; "$T/ed25519-keypair" 5>"$O/5" 9>&1; echo $? >"$O/rc"; } | true|rc=141 1=0 5=32
sign-m0|sign:edpk|"$T/ed25519-sign" 8<"$F/edsk" <"$F/empty"|rc=0 1=64:tail=0:open=ok
sign-m3|sign:edpk|"$T/ed25519-sign" 8<"$F/edsk" <"$F/m3"|rc=0 1=67:tail=3:616263:open=ok
sign-m10k|sign:edpk|"$T/ed25519-sign" 8<"$F/edsk" <"$F/m10k"|rc=0 1=10064:tail=10000:2747ee16b2d067f6:open=ok
sign-sk65|sign:edpk|"$T/ed25519-sign" 8<"$F/edsk.nl" <"$F/m3"|rc=0 1=67:tail=3:616263:open=ok
sign-sk128|sign:edpk|"$T/ed25519-sign" 8<"$F/edsk.double" <"$F/m3"|rc=0 1=67:tail=3:616263:open=ok
sign-sk63|sign:edpk|"$T/ed25519-sign" 8<"$F/edsk.short" <"$F/m3"|rc=111 1=0
sign-sk0|sign:edpk|"$T/ed25519-sign" 8<"$F/empty" <"$F/m3"|rc=111 1=0
sign-otherpk|sign:edpk|"$T/ed25519-sign" 8<"$F/edsk.otherpk" <"$F/m3"|rc=0 1=67:tail=3:616263:open=bad
sign-8closed|sign:edpk|"$T/ed25519-sign" 8<&- <"$F/m3"|rc=111 1=0
sign-8writeonly|sign:edpk|"$T/ed25519-sign" 8>"$O/8" <"$F/m3"|rc=111 1=0 8=0
sign-0closed|sign:edpk|"$T/ed25519-sign" 8<"$F/edsk" <&-|rc=111 1=0
sign-0writeonly|sign:edpk|"$T/ed25519-sign" 8<"$F/edsk" 0>"$O/0"|rc=111 0=0 1=0
sign-1closed|sign:edpk|"$T/ed25519-sign" 8<"$F/edsk" <"$F/m3" >&-|rc=111 1=0
sign-1readonly|sign:edpk|"$T/ed25519-sign" 8<"$F/edsk" <"$F/m3" 1<"$F/m3"|rc=111 1=0
sign-1full|sign:edpk|"$T/ed25519-sign" 8<"$F/edsk" <"$F/m10k" >/dev/full|rc=111 1=0
sign-shared|sign:edpk|"$T/ed25519-sign" <"$F/edsk+m10k" 8<&0|rc=0 1=6032:tail=5968:208d519f4bb442da:open=ok
sign-1pipe|sign:edpk|{ sleep 0.2; "$T/ed25519-sign" 8<"$F/edsk" <"$F/m3"; echo $? >"$O/rc"; } | true|rc=141 1=0
open-m1|-|"$T/ed25519-open" 4<"$F/edpk2" <"$F/sm2"|rc=0 1=1:72
open-m10k|-|"$T/ed25519-open" 4<"$F/edpk" <"$F/sm10k"|rc=0 1=10000:2747ee16b2d067f6
open-m0|-|"$T/ed25519-open" 4<"$F/edpk" <"$F/sm0"|rc=0 1=0
open-m0-1closed|-|"$T/ed25519-open" 4<"$F/edpk" <"$F/sm0" >&-|rc=0 1=0
open-m0-1full|-|"$T/ed25519-open" 4<"$F/edpk" <"$F/sm0" >/dev/full|rc=0 1=0
open-m1-1closed|-|"$T/ed25519-open" 4<"$F/edpk2" <"$F/sm2" >&-|rc=111 1=0
open-m1-1full|-|"$T/ed25519-open" 4<"$F/edpk2" <"$F/sm2" >/dev/full|rc=111 1=0
open-pk33|-|"$T/ed25519-open" 4<"$F/edpk2.nl" <"$F/sm2"|rc=0 1=1:72
open-pk64|-|"$T/ed25519-open" 4<"$F/edpk.double" <"$F/sm0"|rc=0 1=0
open-pk31|-|"$T/ed25519-open" 4<"$F/edpk.short" <"$F/sm0"|rc=111 1=0
open-pk0|-|"$T/ed25519-open" 4<"$F/empty" <"$F/sm0"|rc=111 1=0
open-pk31-forged|-|"$T/ed25519-open" 4<"$F/edpk.short" <"$F/sm2.R"|rc=111 1=0
open-4closed|-|"$T/ed25519-open" 4<&- <"$F/sm0"|rc=111 1=0
open-4writeonly|-|"$T/ed25519-open" 4>"$O/4" <"$F/sm0"|rc=111 1=0 4=0
open-0closed|-|"$T/ed25519-open" 4<"$F/edpk" <&-|rc=111 1=0
open-0writeonly|-|"$T/ed25519-open" 4<"$F/edpk" 0>"$O/0"|rc=111 0=0 1=0
open-forged-R|-|"$T/ed25519-open" 4<"$F/edpk2" <"$F/sm2.R"|rc=100 1=0
open-forged-S|-|"$T/ed25519-open" 4<"$F/edpk2" <"$F/sm2.S"|rc=100 1=0
open-forged-m|-|"$T/ed25519-open" 4<"$F/edpk2" <"$F/sm2.m"|rc=100 1=0
open-wrongpk|-|"$T/ed25519-open" 4<"$F/edpk" <"$F/sm2"|rc=100 1=0
open-cut64|-|"$T/ed25519-open" 4<"$F/edpk2" <"$F/sm2.64"|rc=100 1=0
open-cut63|-|"$T/ed25519-open" 4<"$F/edpk2" <"$F/sm2.63"|rc=100 1=0
open-empty|-|"$T/ed25519-open" 4<"$F/edpk2" <"$F/empty"|rc=100 1=0
open-long|-|"$T/ed25519-open" 4<"$F/edpk2" <"$F/sm2.long"|rc=100 1=0
open-forged-1closed|-|"$T/ed25519-open" 4<"$F/edpk2" <"$F/sm2.R" >&-|rc=100 1=0
open-forged-1full|-|"$T/ed25519-open" 4<"$F/edpk2" <"$F/sm2.R" >/dev/full|rc=100 1=0
open-shared|-|"$T/ed25519-open" <"$F/edpk2+sm2" 4<&0|rc=100 1=0
open-m1-1pipe|-|{ sleep 0.2; "$T/ed25519-open" 4<"$F/edpk2" <"$F/sm2"; echo $? >"$O/rc"; } | true|rc=141 1=0
open-m0-1pipe|-|{ sleep 0.2; "$T/ed25519-open" 4<"$F/edpk" <"$F/sm0"; echo $? >"$O/rc"; } | true|rc=0 1=0
EOF

# fields LINE: id, kind, cmd, expect of a table line
fields() {
  id=${1%%|*}
  rest=${1#*|}
  kind=${rest%%|*}
  rest=${rest#*|}
  expect=${rest##*|}
  cmd=${rest%|*}
}

# run_table TOOLDIR LABEL > RESULTS: one line per case; $tmp/LABEL.err
# lists the cases whose stderr breaks the rule (our tools only)
run_table() {
  T=$1
  : >"$tmp/$2.err"
  while read -r l; do
    fields "$l"
    O=$tmp/out/$2/$id
    mkdir -p "$O"
    (eval "$cmd") </dev/null >"$O/1" 2>"$O/stderr"
    rc=$?
    [ -f "$O/rc" ] && rc=$(cat "$O/rc")
    line="$id rc=$rc"
    for fd in 0 1 4 5 7 8 9; do
      f=$O/$fd
      [ -f "$f" ] || continue
      case $kind in
        xkp | edkp) line="$line $fd=$(size "$f")" ;;
        sign:*)
          if [ "$fd" = 1 ] && [ "$(size "$f")" -ge 64 ]; then
            tail -c +65 "$f" >"$O/tail"
            if "$T/ed25519-open" 4<"$F/${kind#sign:}" <"$f" >"$O/opened" 2>/dev/null && cmp -s "$O/opened" "$O/tail"; then
              o=ok
            else
              o=bad
            fi
            line="$line 1=$(size "$f"):tail=$(describe "$O/tail"):open=$o"
          else
            line="$line $fd=$(describe "$f")"
          fi
          ;;
        *) line="$line $fd=$(describe "$f")" ;;
      esac
    done
    if [ "$kind" = xkp ] && [ -f "$O/5" ] && [ -f "$O/9" ] && [ "$(size "$O/5")" = 32 ] && [ "$(size "$O/9")" = 32 ]; then
      if "$T/x25519-dh" 8<"$O/9" 4<"$F/xbase" 7>"$O/derived" 2>/dev/null && cmp -s "$O/derived" "$O/5"; then
        line="$line derived=ok"
      else
        line="$line derived=bad"
      fi
    fi
    if [ "$kind" = edkp ] && [ -f "$O/5" ] && [ -f "$O/9" ] && [ "$(size "$O/5")" = 32 ] && [ "$(size "$O/9")" = 64 ]; then
      if tail -c 32 "$O/9" | cmp -s - "$O/5" &&
        "$T/ed25519-sign" 8<"$O/9" <"$F/m3" 2>/dev/null | "$T/ed25519-open" 4<"$O/5" 2>/dev/null | cmp -s - "$F/m3"; then
        line="$line derived=ok"
      else
        line="$line derived=bad"
      fi
    fi
    echo "$line"
    # our messages: something on every failure (a death by SIGPIPE aside),
    # nothing on success
    case $rc in
      0) [ -s "$O/stderr" ] && echo "$id: exit status 0 but stderr: $(head -c 200 "$O/stderr")" >>"$tmp/$2.err" ;;
      141) ;;
      *) [ -s "$O/stderr" ] || echo "$id: exit status $rc and nothing on stderr" >>"$tmp/$2.err" ;;
    esac
  done <"$tmp/table"
}

# compare LABEL: each line of RESULTS against the table's expectation
compare() {
  while read -r l; do
    fields "$l"
    got=$(grep "^$id rc=" "$tmp/$1.results")
    if [ "$got" = "$id $expect" ]; then
      ok
    else
      fail "$1 $id: got '${got#"$id "}', want '$expect'"
    fi
  done <"$tmp/table"
}

for t in x25519-keypair x25519-dh ed25519-keypair ed25519-sign ed25519-open; do
  [ -x "$bin/$t" ] || { fail "$bin/$t not found"; finish; }
done
run_table "$bin" ours >"$tmp/ours.results"
compare ours
if [ -s "$tmp/ours.err" ]; then
  while read -r l; do fail "ours: $l"; done <"$tmp/ours.err"
else
  ok
fi

deb=$top/../shared/anchors/lib25519-20260614-debian
if [ -x "$deb/bin/x25519-dh" ] && [ -f "$deb/lib25519.so.1" ]; then
  saved=$LD_LIBRARY_PATH
  LD_LIBRARY_PATH=$deb
  export LD_LIBRARY_PATH
  if "$deb/bin/x25519-keypair" 5>/dev/null 9>/dev/null 2>/dev/null; then
    run_table "$deb/bin" lib25519 >"$tmp/lib25519.results"
    compare lib25519
    if cmp -s "$tmp/ours.results" "$tmp/lib25519.results"; then
      ok "every case gives the same exit status and output bytes as lib25519's tools"
    else
      fail "results differ from lib25519's tools:"
      diff "$tmp/lib25519.results" "$tmp/ours.results" | sed 's/^/  /'
    fi
  else
    skip "lib25519's tools in $deb do not run here"
  fi
  LD_LIBRARY_PATH=$saved
  export LD_LIBRARY_PATH
else
  skip "lib25519's tools not present ($deb): the table is checked against its pinned results only"
fi
finish
