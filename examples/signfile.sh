#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs the signfile example (its path is $1) in the current directory:
# signs an ordinary file and an empty one, and expects a clean failure for a
# file that does not exist.
ex=$1
[ -x "$ex" ] || { echo "usage: signfile.sh PATH-TO-BUILT-signfile" >&2; exit 111; }
printf 'The quick brown fox jumps over the lazy dog.\n' >signfile-input
: >signfile-empty
fail=0
for f in signfile-input signfile-empty; do
  if ! "$ex" "$f" >signfile-out 2>&1; then
    echo "signfile.sh: signing $f failed:"; cat signfile-out; fail=1
  elif ! grep -q '^verified' signfile-out || ! grep -q 'rejected' signfile-out; then
    echo "signfile.sh: unexpected output for $f:"; cat signfile-out; fail=1
  fi
done
"$ex" signfile-does-not-exist >signfile-out 2>&1
[ $? = 2 ] || { echo "signfile.sh: a missing file should exit 2"; fail=1; }
rm -f signfile-input signfile-empty signfile-out
exit $fail
