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
    # (secret seed, public key, message, signature), RFC 8032 section 7.1:
    # tests 1, 2, 3, 1024 (a 1023-byte message) and SHA(abc)
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
    ("f5e5767cf153319517630f226876b86c8160cc583bc013744c6bf255f5cc0ee5",
     "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e",
     "08b8b2b733424243760fe426a4b54908632110a66c2f6591eabd3345e3e4eb98"
     "fa6e264bf09efe12ee50f8f54e9f77b1e355f6c50544e23fb1433ddf73be84d8"
     "79de7c0046dc4996d9e773f4bc9efe5738829adb26c81b37c93a1b270b20329d"
     "658675fc6ea534e0810a4432826bf58c941efb65d57a338bbd2e26640f89ffbc"
     "1a858efcb8550ee3a5e1998bd177e93a7363c344fe6b199ee5d02e82d522c4fe"
     "ba15452f80288a821a579116ec6dad2b3b310da903401aa62100ab5d1a36553e"
     "06203b33890cc9b832f79ef80560ccb9a39ce767967ed628c6ad573cb116dbef"
     "efd75499da96bd68a8a97b928a8bbc103b6621fcde2beca1231d206be6cd9ec7"
     "aff6f6c94fcd7204ed3455c68c83f4a41da4af2b74ef5c53f1d8ac70bdcb7ed1"
     "85ce81bd84359d44254d95629e9855a94a7c1958d1f8ada5d0532ed8a5aa3fb2"
     "d17ba70eb6248e594e1a2297acbbb39d502f1a8c6eb6f1ce22b3de1a1f40cc24"
     "554119a831a9aad6079cad88425de6bde1a9187ebb6092cf67bf2b13fd65f270"
     "88d78b7e883c8759d2c4f5c65adb7553878ad575f9fad878e80a0c9ba63bcbcc"
     "2732e69485bbc9c90bfbd62481d9089beccf80cfe2df16a2cf65bd92dd597b07"
     "07e0917af48bbb75fed413d238f5555a7a569d80c3414a8d0859dc65a46128ba"
     "b27af87a71314f318c782b23ebfe808b82b0ce26401d2e22f04d83d1255dc51a"
     "ddd3b75a2b1ae0784504df543af8969be3ea7082ff7fc9888c144da2af58429e"
     "c96031dbcad3dad9af0dcbaaaf268cb8fcffead94f3c7ca495e056a9b47acdb7"
     "51fb73e666c6c655ade8297297d07ad1ba5e43f1bca32301651339e22904cc8c"
     "42f58c30c04aafdb038dda0847dd988dcda6f3bfd15c4b4c4525004aa06eeff8"
     "ca61783aacec57fb3d1f92b0fe2fd1a85f6724517b65e614ad6808d6f6ee34df"
     "f7310fdc82aebfd904b01e1dc54b2927094b2db68d6f903b68401adebf5a7e08"
     "d78ff4ef5d63653a65040cf9bfd4aca7984a74d37145986780fc0b16ac451649"
     "de6188a7dbdf191f64b5fc5e2ab47b57f7f7276cd419c17a3ca8e1b939ae49e4"
     "88acba6b965610b5480109c8b17b80e1b7b750dfc7598d5d5011fd2dcc5600a3"
     "2ef5b52a1ecc820e308aa342721aac0943bf6686b64b2579376504ccc493d97e"
     "6aed3fb0f9cd71a43dd497f01f17c0e2cb3797aa2a2f256656168e6c496afc5f"
     "b93246f6b1116398a346f1a641f3b041e989f7914f90cc2c7fff357876e506b5"
     "0d334ba77c225bc307ba537152f3f1610e4eafe595f6d9d90d11faa933a15ef1"
     "369546868a7f3a45a96768d40fd9d03412c091c6315cf4fde7cb68606937380d"
     "b2eaaa707b4c4185c32eddcdd306705e4dc1ffc872eeee475a64dfac86aba41c"
     "0618983f8741c5ef68d3a101e8a3b8cac60c905c15fc910840b94c00a0b9d0",
     "0aab4c900501b3e24d7cdf4663326a3a87df5e4843b2cbdb67cbf6e460fec350"
     "aa5371b1508f9f4528ecea23c436d94b5e8fcd4f681e30a6ac00a9704a188a03"),
    ("833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
     "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
     "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
     "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b589"
     "09351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704"),
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


# ---- known-answer streams of the C tests (keep in sync with them) ----

TORSION_HEX = [
    "0100000000000000000000000000000000000000000000000000000000000000",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
    "0000000000000000000000000000000000000000000000000000000000000080",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
    "0000000000000000000000000000000000000000000000000000000000000000",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
]


def torsion_points():
    """k T for k = 0..7, T the first point of order 8 found from y = 3 up"""
    y = 3
    while True:
        Q = decode(y.to_bytes(32, 'little'))
        if Q is not None:
            T = mul(L, Q)
            if mul(4, T) != O:
                return [mul(k, T) for k in range(8)]
        y += 1


def _l_plus(delta):
    return (L + delta).to_bytes(32, 'little')


def _y_above_p(delta, sign):
    return (p + delta + (sign << 255)).to_bytes(32, 'little')


def _random_point(P):
    s = bytearray(P)
    s[31] &= 0x7f
    return nG_merged(bytes(s))


def _set_top(b, op, val):
    b = bytearray(b)
    if op == 'and':
        b[31] &= val
    elif op == 'or':
        b[31] |= val
    else:
        b[31] ^= val
    return bytes(b)


NG_SEED = 0x6e475f6d65726765
NG_CASES = 512


def ng_input(k):
    from checksum_model import Rng
    j = k // 8
    n = bytearray(Rng(NG_SEED + k).bytes(32))
    kind = k % 8
    if kind == 1:
        n[31] &= 0x7f
    elif kind == 2:
        n[31] |= 0x80
    elif kind == 3:
        n = bytearray(clamp(bytes(n)))
        if j & 1:
            n[31] |= 0x80
    elif kind == 4:
        n = bytearray(32)
        n[0] = j % 20
        if j & 1:
            n[31] = 0x80
    elif kind == 5:
        n = bytearray(_l_plus(j % 7 - 3))
    elif kind == 6:
        n = bytearray(_l_plus(j % 7 - 3))
        n[31] |= 0x80
    elif kind == 7:
        n = bytearray(b'\xff' * 32)
        n[0] = 0xff - (j % 40)
        if j & 1:
            n[31] = 0x7f
    return bytes(n)


MGNP_SEED = 0x6d474e505f656432
MGNP_CASES = 480
BASE_HEX = "58" + "66" * 31


def mgnp_input(k):
    from checksum_model import Rng
    r = Rng(MGNP_SEED + k)
    m = bytearray(r.bytes(32))
    n = bytearray(r.bytes(64))
    P = r.bytes(32)
    v = r.u64()
    mk = (k // 16) % 4
    if mk == 0:
        m[31] &= 0x0f
    elif mk == 2:
        m = bytearray(_l_plus(v % 3 - 1))
    elif mk == 3:
        m[31] &= 0x1f
    kind = k % 16
    if kind == 6:
        pass
    elif kind == 7:
        P = _y_above_p(v % 19, (v >> 8) & 1)
    elif kind == 8:
        P = bytes.fromhex(TORSION_HEX[4]) if v & 1 else (1).to_bytes(32, 'little')
        P = _set_top(P, 'or', 0x80)
    elif kind == 9:
        P = bytes.fromhex(TORSION_HEX[v % 8])
    elif kind == 10:
        P = _y_above_p(v % 2, (v >> 8) & 1)
    elif kind == 11:
        P = (v % 64 + ((((v >> 8) & 1)) << 255)).to_bytes(32, 'little')
    elif kind == 12:
        P = _set_top(bytes.fromhex(BASE_HEX), 'xor', (v & 1) << 7)
    elif kind == 13:
        P = (26 + ((v & 1) << 255)).to_bytes(32, 'little')
    elif kind == 14:
        P = _set_top(_random_point(P), 'xor', 0x80)
    elif kind == 15:
        P = _random_point(P)
        if v % 3 == 0:
            n = bytearray(64)
        elif v % 3 == 1:
            n = bytearray(b'\xff' * 64)
        else:
            n = bytearray(L.to_bytes(64, 'little'))
    else:
        P = _random_point(P)
    return bytes(m), bytes(n), P


MS_SEED = 0x6d756c7469736361
MS_LENS = list(range(41)) + [63, 64, 65, 100, 127, 128, 129, 191, 192, 193, 255, 256, 257, 300, 500, 1000, 2000]


def ms_input(length):
    from checksum_model import Rng
    r = Rng(MS_SEED + length)
    allvalid = length % 3 == 0
    validpoints = length % 3 != 2
    ns, Ps = [], []
    for i in range(length):
        n = bytearray(r.bytes(32))
        P = r.bytes(32)
        v = r.u64()
        sk = (v >> 8) % 8
        if sk == 5:
            if allvalid:
                n[31] &= 0x0f
        elif sk == 6:
            n = bytearray(32)
        elif sk == 7:
            n = bytearray(_l_plus(-1 - (v >> 16) % 2 if allvalid else (v >> 16) % 3 - 1))
        else:
            n[31] &= 0x0f
        kind = v % 4 if validpoints else v % 16
        if kind == 3:
            P = bytes.fromhex(TORSION_HEX[(v >> 24) % 8])
        elif kind == 8:
            pass
        elif kind == 9:
            P = _y_above_p((v >> 24) % 19, (v >> 32) & 1)
        elif kind == 10:
            P = bytes.fromhex(TORSION_HEX[4]) if (v >> 24) & 1 else (1).to_bytes(32, 'little')
            P = _set_top(P, 'or', 0x80)
        elif kind == 11:
            P = ((v >> 24) % 64 + (((v >> 32) & 1) << 255)).to_bytes(32, 'little')
        elif kind == 12:
            P = _set_top(bytes.fromhex(BASE_HEX), 'xor', ((v >> 24) & 1) << 7)
        elif kind == 13:
            P = (26 + (((v >> 24) & 1) << 255)).to_bytes(32, 'little')
        elif kind in (14, 15):
            P = _set_top(_random_point(P), 'xor', 0x80)
        else:
            P = _random_point(P)
        ns.append(bytes(n))
        Ps.append(P)
    return ns, Ps


def checksums():
    """the expected checksums hard-coded in the C tests"""
    from checksum_model import Checksum
    assert [encode(T).hex() for T in torsion_points()] == TORSION_HEX
    c = Checksum()
    for k in range(NG_CASES):
        c.add(nG_merged(ng_input(k)))
    print("nG_merged25519   ", c.hex())
    c = Checksum()
    for k in range(MGNP_CASES):
        c.add(mGnP(*mgnp_input(k)))
    print("mGnP_ed25519     ", c.hex())
    c = Checksum()
    for length in MS_LENS:
        c.add(multiscalar(*ms_input(length)))
    print("multiscalar_ed25519", c.hex())


if __name__ == "__main__":
    if sys.argv[1:] == ["--checksums"]:
        checksums()
    else:
        _selfcheck()
