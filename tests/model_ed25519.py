#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Self-check of the Ed25519 side of the model in scripts/model/ (run by
tests/check-models.sh, so by make check):

  - the curve: G and C on it, L G = L C = O, u(G) = 9, enc(G) = 5866..66,
    the 8 torsion points of order dividing 8 with T of order exactly 8;
  - RFC 8032 section 7.1 (tests 1, 2, 3, 1024, SHA(abc)): key pairs,
    deterministic signatures, open accepts them;
  - hedged signatures differ and verify; forgeries (a flipped bit, S + L,
    S >= 2^253) are rejected;
  - nG_merged's Montgomery half equals X25519 of the same clamped scalar,
    the neutral element gives u = 0;
  - the decoding rules (y = p, x = 0 with the sign bit, no square root);
  - tests/vectors/ed25519-wycheproof.txt and ed25519-speccheck.txt
    (VVVVXXXXXXXX: our verification rule).

  --checksums  print the known-answer checksums of tests/kat/*.h instead
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "scripts"))

from model import ed25519, edwards, kat, montgomery, vectors  # noqa: E402
from model.edwards import G, C, O, mul, encode, decode, on_curve  # noqa: E402
from model.field import P, le, from_le  # noqa: E402
from model.scalar import L, clamp  # noqa: E402


def selfcheck():
    passed = failed = 0

    def check(what, ok):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print("FAIL: %s" % what)

    check("G and C on the curve", on_curve(G) and on_curve(C))
    check("L G = L C = O", mul(L, G) == O and mul(L, C) == O)
    check("u(G) = 9", edwards.montgomery_u(G) == 9)
    check("enc(G)", encode(G).hex() == "58" + "66" * 31)
    t = edwards.torsion_points()
    check("torsion", mul(8, t[1]) == O and mul(4, t[1]) != O and t[0] == O
          and all(on_curve(q) for q in t) and len(set(t)) == 8)

    for seed, pk, msg, sig in vectors.RFC8032:
        seed, pk, msg, sig = (bytes.fromhex(x) for x in (seed, pk, msg, sig))
        check("RFC 8032 key pair", ed25519.keypair_from_seed(seed) == (pk, seed + pk))
        check("RFC 8032 signature", ed25519.sign_rfc8032(msg, seed + pk) == sig + msg)
        check("RFC 8032 open", ed25519.sign_open(sig + msg, pk) == msg)
        bad = bytearray(sig + msg)
        bad[5] ^= 4
        check("RFC 8032 flipped bit rejected", ed25519.sign_open(bytes(bad), pk) is None)
        S = from_le(sig[32:])
        check("RFC 8032 S + L rejected", ed25519.sign_open(sig[:32] + le(S + L) + msg, pk) is None)

    pk, sk = ed25519.keypair_from_seed(bytes(range(32)))
    s1 = ed25519.sign(b"abc", sk, bytes(32))
    s2 = ed25519.sign(b"abc", sk, bytes([1]) * 32)
    check("hedged signatures differ and open", s1 != s2 and ed25519.sign_open(s1, pk) == b"abc"
          and ed25519.sign_open(s2, pk) == b"abc")
    check("S >= 2^253 rejected", ed25519.sign_open(s1[:63] + bytes([s1[63] | 0x20]) + s1[64:], pk) is None)
    check("short sm rejected", ed25519.sign_open(s1[:63], pk) is None)

    a = clamp(bytes(range(1, 33)))
    top = bytearray(a)
    top[31] |= 128
    check("merged: Montgomery side is X25519", ed25519.nG_merged(bytes(top)) == montgomery.x25519(a, le(9)))
    check("merged: neutral element gives u = 0", ed25519.nG_merged(bytes(31) + b"\x80") == bytes(32))

    check("decode y = p", decode(le(P)) is None)
    check("decode x = 0 with the sign bit", decode(le(1 | 1 << 255)) is None)
    check("decode 1", decode(le(1)) == O)
    check("decode p - 1", decode(le(P - 1)) == (0, P - 1))
    check("decode y = 2 (no square root)", decode(le(2)) is None)

    wp = vectors.cases("ed25519-wycheproof.txt")
    check("151 Wycheproof ed25519 cases", len(wp) == 151)
    for tc, result, pk, sig, msg, flags in wp:
        check("wycheproof ed25519 %s" % tc,
              (ed25519.sign_open(bytes.fromhex(sig + msg), bytes.fromhex(pk)) is not None) == (result == "valid"))
    got = expected = ""
    for case, verdict, pk, sig, msg in vectors.cases("ed25519-speccheck.txt"):
        got += "V" if ed25519.sign_open(bytes.fromhex(sig + msg), bytes.fromhex(pk)) is not None else "X"
        expected += "V" if verdict == "accept" else "X"
    check("speccheck %s" % got, got == expected == "VVVVXXXXXXXX")
    print("model_ed25519: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def checksums():
    print("nG_merged25519     ", kat.ng_checksum())
    print("mGnP_ed25519       ", kat.mgnp_checksum())
    print("multiscalar_ed25519", kat.ms_checksum())
    return 0


if __name__ == "__main__":
    sys.exit(checksums() if sys.argv[1:] == ["--checksums"] else selfcheck())
