#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Write the seed corpus of the libFuzzer harnesses: tests/fuzz/seeds/TARGET/NAME.

Each file is a small input in the layout the harness documents at its top;
the names say what each seed exercises. Run from anywhere:
    python3 tests/fuzz/make-seeds.py
The valid signatures and special points come from the model in
scripts/model/; everything is deterministic, so the files are the same on
every run (scripts/gen/regen rewrites them, tests/check-regen.sh compares)."""

import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts"))

from model import ed25519  # noqa: E402
from model.edwards import G, encode as enc, mul, neg, order8_u, torsion_points  # noqa: E402
from model.field import P as p, le  # noqa: E402
from model.scalar import L  # noqa: E402
from model.sha512 import sha512  # noqa: E402


def sign(seed, m):
    """the RFC 8032 signature of m and the public key of seed"""
    A, sk = ed25519.keypair_from_seed(seed)
    return ed25519.sign_rfc8032(m, sk)[:64], A


def small_order_points():
    """encodings of points of small order: the identity, (0, -1), the two
    of order 4 (y = 0) and two of order 8"""
    T = torsion_points()[1]
    return [le(1), le(p - 1), le(0), le(1 << 255), enc(T), enc(neg(T))]


def main():
    root = os.path.join(HERE, "seeds")
    if os.path.isdir(root):
        shutil.rmtree(root)
    seeds = {}

    def put(target, name, data):
        seeds.setdefault(target, []).append((name, bytes(data)))

    seed1 = bytes(range(32))
    seed2 = sha512(b"lib25519 fuzz seed")[:32]
    msg = b"fuzzing lib25519"
    sig1, A1 = sign(seed1, msg)
    sig0, A0 = sign(seed2, b"")
    smallo = small_order_points()

    # sign_open: even first byte = raw pk || sm; odd = made (seed op pos2 val msg)
    put("sign_open", "raw-valid", b"\0" + A1 + sig1 + msg)
    put("sign_open", "raw-valid-empty-message", b"\0" + A0 + sig0)
    S = int.from_bytes(sig1[32:], "little")
    put("sign_open", "raw-S-plus-L", b"\0" + A1 + sig1[:32] + le(S + L) + msg)
    put("sign_open", "raw-short", b"\0" + A1 + sig1[:40])
    put("sign_open", "raw-small-order-pk", b"\0" + smallo[0] + smallo[0] + le(0) + msg)
    put("sign_open", "raw-noncanonical-pk", b"\0" + le(p + 1) + sig1 + msg)
    for op in range(6):
        put("sign_open", "made-op%d" % op, bytes([1]) + seed1 + bytes([op, 70, 0, 0x40]) + msg + bytes(32))

    # mGnP: m (32) n (64) P (32)
    put("mGnP", "valid", le(12345) + le(678, 64) + A1)
    put("mGnP", "m-equals-L", le(L) + le(1, 64) + enc(G))
    put("mGnP", "m-max", b"\xff" * 32 + b"\xff" * 64 + A0)
    put("mGnP", "P-y-equals-p", le(5) + le(7, 64) + le(p))
    put("mGnP", "P-not-on-curve", le(5) + le(7, 64) + le(2))
    put("mGnP", "P-small-order", le(5) + le(7, 64) + smallo[-1])
    put("mGnP", "P-identity-sign-bit", le(5) + le(7, 64) + le(1 | 1 << 255))

    # decode: P (32)
    for i, e in enumerate(smallo):
        put("decode", "small-order-%d" % i, e)
    put("decode", "base", enc(G))
    put("decode", "y-equals-p", le(p))
    put("decode", "y-equals-p-plus-1", le(p + 1))
    put("decode", "all-ones", b"\xff" * 32)
    put("decode", "y-minus-1-sign", le((p - 1) | 1 << 255))
    put("decode", "C", le(26))
    put("decode", "not-on-curve", le(2))

    # multiscalar: control byte, then pairs n (32) P (32)
    put("multiscalar", "empty", b"\0")
    put("multiscalar", "one", b"\0" + le(3) + enc(G))
    put("multiscalar", "two", b"\0" + le(3) + enc(G) + le(L - 1) + A1)
    pairs = b"".join(le(int.from_bytes(sha512(bytes([i]))[:32], "little") % L) + enc(mul(i + 2, G)) for i in range(8))
    put("multiscalar", "eight-times-four", b"\3" + pairs)
    put("multiscalar", "invalid-point", b"\0" + le(3) + le(p) + le(4) + enc(G))
    put("multiscalar", "scalar-L", b"\1" + le(L) + enc(G))

    # nP: n (32) P (32)
    put("nP", "base", le(0x1234567) + le(9))
    for i, u in enumerate([0, 1, p - 1] + order8_u()):
        put("nP", "low-order-%d" % i, sha512(b"n")[:32] + le(u))
    put("nP", "u-equals-p", sha512(b"n")[:32] + le(p))
    put("nP", "u-top-bit", sha512(b"n")[:32] + le(9 | 1 << 255))
    put("nP", "twist", sha512(b"n")[:32] + le(2))
    put("nP", "all-ones", b"\xff" * 64)

    # tools: selector, split, then the file contents
    put("tools", "x25519-dh", bytes([0, 32]) + sha512(b"sk")[:32] + le(9))
    put("tools", "x25519-dh-short-sk", bytes([0, 31]) + sha512(b"sk")[:32] + le(9))
    put("tools", "ed25519-sign", bytes([1, 64]) + seed1 + A1 + msg)
    put("tools", "ed25519-sign-mismatched-pk", bytes([1, 64]) + seed1 + A0 + msg)
    put("tools", "ed25519-open", bytes([2, 32]) + A1 + sig1 + msg)
    put("tools", "ed25519-open-forged", bytes([2, 32]) + A1 + sig1 + b"Fuzzing lib25519")
    put("tools", "ed25519-open-short-pk", bytes([2, 31]) + A1 + sig1 + msg)

    for target, files in sorted(seeds.items()):
        os.makedirs(os.path.join(root, target))
        for name, data in files:
            with open(os.path.join(root, target, name), "wb") as f:
                f.write(data)
    print("make-seeds: %d files in %s" % (sum(len(v) for v in seeds.values()), os.path.relpath(root)))


if __name__ == "__main__":
    main()
