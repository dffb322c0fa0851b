#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Reference model of the Ed25519 side of lib25519, with plain integers.

Slow and simple on purpose: every rule of SPEC.md section 2 written out once
so the C code can be checked against it.

  nG_merged(n)            crypto_nG_merged25519
  mGnP(m, n, P)           crypto_mGnP_ed25519 (33 bytes: point, status)
  multiscalar(ns, Ps)     crypto_multiscalar_ed25519
  keypair_from_seed(s)    crypto_sign_ed25519_keypair with fixed randomness
  sign(m, sk, z)          crypto_sign_ed25519 with the 32 fresh random bytes z
  sign_open(sm, pk)       crypto_sign_ed25519_open (message or None)

Run as a script to check the model against known answers (RFC 8032 and the
public vectors when ../shared/vectors is present).
"""

import hashlib
import os
import sys

p = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493
d = (-121665 * pow(121666, p - 2, p)) % p
SQRTM1 = pow(2, (p - 1) // 4, p)


def inv(x):
    return pow(x, p - 2, p)


def sqrt_ratio(u, v):
    """x with v x^2 = u, or None when u/v is not a square (v != 0)."""
    x = (u * pow(v, 3, p) * pow(u * pow(v, 7, p), (p - 5) // 8, p)) % p
    if (v * x * x - u) % p == 0:
        return x
    x = x * SQRTM1 % p
    if (v * x * x - u) % p == 0:
        return x
    return None


# points as affine pairs (x, y); the neutral element is (0, 1)
O = (0, 1)


def add(P, Q):
    x1, y1 = P
    x2, y2 = Q
    t = d * x1 * x2 * y1 * y2 % p
    x3 = (x1 * y2 + x2 * y1) * inv(1 + t) % p
    y3 = (y1 * y2 + x1 * x2) * inv(1 - t) % p
    return (x3, y3)


def neg(P):
    return ((-P[0]) % p, P[1])


def _xadd(A, B):
    # extended coordinates (X, Y, Z, T), x = X/Z, y = Y/Z, xy = T/Z
    X1, Y1, Z1, T1 = A
    X2, Y2, Z2, T2 = B
    a = (Y1 - X1) * (Y2 - X2) % p
    b = (Y1 + X1) * (Y2 + X2) % p
    c = 2 * d * T1 * T2 % p
    e = 2 * Z1 * Z2 % p
    E, F, G_, H = b - a, e - c, e + c, b + a
    return (E * F % p, G_ * H % p, F * G_ % p, E * H % p)


def mul(n, P):
    """n P by double-and-add in extended coordinates (not constant time)."""
    R = (0, 1, 1, 0)
    Q = (P[0], P[1], 1, P[0] * P[1] % p)
    while n > 0:
        if n & 1:
            R = _xadd(R, Q)
        Q = _xadd(Q, Q)
        n >>= 1
    zi = inv(R[2])
    return (R[0] * zi % p, R[1] * zi % p)


def on_curve(P):
    x, y = P
    return (-x * x + y * y - 1 - d * x * x * y * y) % p == 0


def point_from_y(y, sign):
    """Point with the given y and x parity, or None (not for y >= p)."""
    u = (y * y - 1) % p
    v = (d * y * y + 1) % p
    x = sqrt_ratio(u, v)
    if x is None:
        return None
    if x == 0 and sign:
        return None
    if x & 1 != sign:
        x = p - x
    return (x, y)


Gy = 4 * inv(5) % p
G = point_from_y(Gy, 0)
C = point_from_y(26, 0)   # the stand-in for invalid encodings (SPEC 2)


def encode(P):
    x, y = P
    return (y | ((x & 1) << 255)).to_bytes(32, 'little')


def decode(s):
    """SPEC 2 decoding: None for y >= p, no x, or x = 0 with the sign bit set."""
    v = int.from_bytes(s, 'little')
    y = v & (2**255 - 1)
    sign = v >> 255
    if y >= p:
        return None
    return point_from_y(y, sign)


def montgomery_u(P):
    """u = (1+y)/(1-y), with 1/0 taken as 0 (so the neutral element gives 0)."""
    x, y = P
    return (1 + y) * pow((1 - y) % p, p - 2, p) % p


def nG_merged(n):
    v = int.from_bytes(n, 'little')
    if v >> 255:
        u = montgomery_u(mul((v - 2**255) % L, G))
        return u.to_bytes(32, 'little')
    return encode(mul(v % L, G))


def mGnP(m, n, P):
    mv = int.from_bytes(m, 'little')
    nv = int.from_bytes(n, 'little')
    ok = mv < L
    Q = decode(P)
    if Q is None:
        ok = False
        Q = neg(C)
    R = add(mul(mv % L, G), neg(mul(nv % L, Q)))
    return encode(R) + bytes([1 if ok else 0])


def multiscalar(ns, Ps):
    """ns, Ps: lists of 32-byte strings of the same length."""
    ok = True
    R = O
    for n, P in zip(ns, Ps):
        nv = int.from_bytes(n, 'little')
        if nv >= L:
            ok = False
        Q = decode(P)
        if Q is None:
            ok = False
            Q = C
        R = add(R, mul(nv % L, Q))
    return encode(R) + bytes([1 if ok else 0])


def sha512(x):
    return hashlib.sha512(x).digest()


def clamp(h32):
    a = bytearray(h32)
    a[0] &= 248
    a[31] &= 127
    a[31] |= 64
    return bytes(a)


def keypair_from_seed(seed):
    a = clamp(sha512(seed)[:32])
    pk = nG_merged(a)
    return pk, seed + pk


def sign(m, sk, z):
    """Hedged signature with the 32 fresh random bytes z (as lib25519_sign)."""
    h = sha512(sk[:32])
    a = int.from_bytes(clamp(h[:32]), 'little')
    r = int.from_bytes(sha512(h[32:] + z + m), 'little') % L
    R = nG_merged(r.to_bytes(32, 'little'))
    k = int.from_bytes(sha512(R + sk[32:] + m), 'little') % L
    S = (r + k * a) % L
    return R + S.to_bytes(32, 'little') + m


def sign_rfc8032(m, sk):
    """Deterministic RFC 8032 signature (for the known answers)."""
    h = sha512(sk[:32])
    a = int.from_bytes(clamp(h[:32]), 'little')
    r = int.from_bytes(sha512(h[32:] + m), 'little') % L
    R = nG_merged(r.to_bytes(32, 'little'))
    k = int.from_bytes(sha512(R + sk[32:] + m), 'little') % L
    S = (r + k * a) % L
    return R + S.to_bytes(32, 'little') + m


def sign_open(sm, pk):
    """The message, or None on rejection (SPEC 2, cofactorless)."""
    if len(sm) < 64:
        return None
    if sm[63] & 0xe0:
        return None
    R, S, m = sm[:32], sm[32:64], sm[64:]
    h = sha512(R + pk + m)
    out = mGnP(S, h, pk)
    if out[32] != 1:
        return None
    if out[:32] != R:
        return None
    return m


RFC8032 = [
    # (secret seed, public key, message, signature), RFC 8032 section 7.1
    ("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
     "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
     "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
    ("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
     "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
     "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
     "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
    ("c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
     "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
     "af82",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac"
     "18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"),
]


def _selfcheck():
    count = 0
    assert on_curve(G) and on_curve(C)
    assert mul(L, G) == O and mul(L, C) == O
    assert montgomery_u(G) == 9
    assert encode(G).hex() == "58" + "66" * 31
    # RFC 8032 section 7.1
    for seed, pk, msg, sig in RFC8032:
        seed, pk, msg, sig = (bytes.fromhex(x) for x in (seed, pk, msg, sig))
        assert keypair_from_seed(seed) == (pk, seed + pk)
        assert sign_rfc8032(msg, seed + pk) == sig + msg
        assert sign_open(sig + msg, pk) == msg
        count += 1
    # hedged signatures verify and differ
    sk = keypair_from_seed(bytes(range(32)))[1]
    s1 = sign(b"abc", sk, bytes(32))
    s2 = sign(b"abc", sk, bytes([1]) * 32)
    assert s1 != s2 and sign_open(s1, sk[32:]) == b"abc" and sign_open(s2, sk[32:]) == b"abc"
    count += 1
    # merged: Montgomery side equals X25519 of the clamped scalar
    a = clamp(bytes(range(1, 33)))
    top = bytearray(a)
    top[31] |= 128
    assert int.from_bytes(nG_merged(bytes(top)), 'little') == montgomery_u(mul(int.from_bytes(a, 'little'), G))
    assert nG_merged(bytes(31) + b"\x80") == bytes(32)   # neutral element: u = 0
    count += 1
    # decoding rules
    assert decode((p).to_bytes(32, 'little')) is None          # y = p (means 0)
    assert decode((1 | 1 << 255).to_bytes(32, 'little')) is None  # x = 0, sign 1
    assert decode((1).to_bytes(32, 'little')) == O
    assert decode((p - 1).to_bytes(32, 'little')) == (0, p - 1)
    assert decode((2).to_bytes(32, 'little')) is None           # y = 2: no x
    count += 1
    vec = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "vectors")
    vec = os.environ.get("LIB25519_VECTORS", vec)
    if os.path.isdir(vec):
        import json
        wp = json.load(open(os.path.join(vec, "wycheproof", "ed25519_test.json")))
        for g in wp["testGroups"]:
            pk = bytes.fromhex(g["publicKey"]["pk"])
            for t in g["tests"]:
                sm = bytes.fromhex(t["sig"]) + bytes.fromhex(t["msg"])
                got = sign_open(sm, pk) is not None
                assert got == (t["result"] == "valid"), t["tcId"]
                count += 1
        sc = json.load(open(os.path.join(vec, "speccheck", "cases.json")))
        got = ""
        for c in sc:
            sm = bytes.fromhex(c["signature"]) + bytes.fromhex(c["message"])
            got += "V" if sign_open(sm, bytes.fromhex(c["pub_key"])) is not None else "X"
        assert got == "VVVVXXXXXXXX", got
        count += 1
    else:
        print("model_ed25519: vectors not found, skipping them")
    print("model_ed25519: %d passed, 0 failed" % count)


if __name__ == "__main__":
    _selfcheck()
