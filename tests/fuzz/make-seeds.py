#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Write the seed corpus of the libFuzzer harnesses: tests/fuzz/seeds/TARGET/NAME.

Each file is a small input in the layout the harness documents at its top;
the names say what each seed exercises. Run from anywhere:
    python3 tests/fuzz/make-seeds.py
The Ed25519 arithmetic here is a plain textbook version (RFC 8032), used only
to make valid signatures and special points; it is deterministic, so the
files are the same on every run."""

import hashlib
import os
import shutil

p = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493
d = -121665 * pow(121666, p - 2, p) % p
SQRTM1 = pow(2, (p - 1) // 4, p)


def le(x, n=32):
    return int(x).to_bytes(n, "little")


def recover_x(y, sign):
    """x with x^2 = (y^2-1)/(d y^2+1) and the given parity, or None"""
    if y >= p:
        return None
    x2 = (y * y - 1) * pow(d * y * y + 1, p - 2, p) % p
    if x2 == 0:
        return None if sign else 0
    x = pow(x2, (p + 3) // 8, p)
    if (x * x - x2) % p != 0:
        x = x * SQRTM1 % p
    if (x * x - x2) % p != 0:
        return None
    if (x & 1) != sign:
        x = p - x
    return x


def add(P, Q):
    x1, y1 = P
    x2, y2 = Q
    t = d * x1 * x2 * y1 * y2 % p
    x3 = (x1 * y2 + x2 * y1) * pow(1 + t, p - 2, p) % p
    y3 = (y1 * y2 + x1 * x2) * pow(1 - t, p - 2, p) % p
    return (x3, y3)


def mul(n, P):
    R = (0, 1)
    while n:
        if n & 1:
            R = add(R, P)
        P = add(P, P)
        n >>= 1
    return R


def enc(P):
    x, y = P
    return le(y | ((x & 1) << 255))


Gy = 4 * pow(5, p - 2, p) % p
G = (recover_x(Gy, 0), Gy)


def sha512(b):
    return hashlib.sha512(b).digest()


def keypair(seed):
    h = sha512(seed)
    a = int.from_bytes(h[:32], "little")
    a &= (1 << 254) - 8
    a |= 1 << 254
    return a, h[32:], enc(mul(a, G))


def sign(seed, m):
    a, prefix, A = keypair(seed)
    r = int.from_bytes(sha512(prefix + m), "little") % L
    R = enc(mul(r, G))
    k = int.from_bytes(sha512(R + A + m), "little") % L
    S = (r + k * a) % L
    return R + le(S), A


def small_order_points():
    """encodings of points of small order: the identity, (0, -1), the two
    of order 4 (y = 0) and two of order 8 (L times a curve point, when not
    of order dividing 4)"""
    out = [le(1), le(p - 1), le(0), le(1 << 255)]
    for y in range(2, 200):
        x = recover_x(y, 0)
        if x is None:
            continue
        Q = mul(L, (x, y))
        if mul(4, Q) != (0, 1):
            out.append(enc(Q))
            out.append(enc(((p - Q[0]) % p, Q[1])))
            break
    return out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.join(here, "seeds")
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
    order8_u = [0, 1, p - 1,
                325606250916557431795983626356110631294008115727848805560023387167927233504,
                39382357235489614581723060781553021112529911719440698176882885853963445705823]
    put("nP", "base", le(0x1234567) + le(9))
    for i, u in enumerate(order8_u):
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
