# SPDX-License-Identifier: MIT
"""The known-answer tests of tests/test-*.c: their inputs (seeds, counts,
edge cases) and the model's computation of what the library must output.
scripts/gen/gen-kat writes the results into tests/kat/*.h, which the C tests
include; each stream below is mirrored by the C loop named after it."""

from . import ed25519, edwards, montgomery, sha512
from .edwards import encode, G, torsion_points
from .field import P, le, pow_inv25519
from .scalar import L, clamp
from .testlib import Rng, Checksum

ZERO32 = bytes(32)


def seed_of(text):
    """the seeds are ASCII names read as big-endian integers ("nP" = 0x6e50)"""
    return int.from_bytes(text.encode(), "big")


# ---- X25519 side: nP, nPbatch, nG_montgomery, dh, pow, powbatch ----

# (name, seed name, full count, count under valgrind)
X_STREAMS = {
    "nP": ("nP", 256, 16),
    "pow": ("pow", 512, 16),
    "powbatch": ("powb", 20, 4),     # counts: largest batch size
    "nPbatch": ("nPb", 20, 3),
    "nG": ("nG", 64, 8),
    "dh": ("dh", 32, 4),
}


def stream_nP(count):
    """per item n, then p (32 stream bytes each); item i % 8 == 7 has bytes
    1..31 of p set to 0xff"""
    r = Rng(seed_of("nP"))
    c = Checksum()
    for i in range(count):
        n = r.bytes(32)
        p = bytearray(r.bytes(32))
        if i % 8 == 7:
            p[1:32] = b"\xff" * 31
        c.add(montgomery.x25519(n, bytes(p)))
    return c.hex()


def stream_pow(count):
    """per item x (32 stream bytes); i % 8 == 7: bytes 1..31 set to 0xff;
    i % 16 == 5: all bytes 0 except the top bit of x[31]"""
    r = Rng(seed_of("pow"))
    c = Checksum()
    for i in range(count):
        x = bytearray(r.bytes(32))
        if i % 8 == 7:
            x[1:32] = b"\xff" * 31
        if i % 16 == 5:
            x[0:31] = bytes(31)
            x[31] &= 0x80
        c.add(pow_inv25519(bytes(x)))
    return c.hex()


def stream_powbatch(maxbatch):
    """per batch size b = 0..maxbatch: seed "powb" + b, x = 32b stream bytes;
    item j % 5 == 2 zero, item j % 7 == 3 the bytes of p; the checksum
    absorbs the whole 32b-byte output"""
    c = Checksum()
    for b in range(maxbatch + 1):
        x = bytearray(Rng(seed_of("powb") + b).bytes(32 * b))
        for j in range(b):
            if j % 5 == 2:
                x[32 * j:32 * j + 32] = ZERO32
            if j % 7 == 3:
                x[32 * j:32 * j + 32] = le(P)
        c.add(b"".join(pow_inv25519(bytes(x[32 * j:32 * j + 32])) for j in range(b)))
    return c.hex()


def stream_nPbatch(maxbatch):
    """per batch size b = 0..maxbatch: seed "nPb" + b, n = 32b stream bytes,
    then p = 32b stream bytes; item j % 6 == 4 has p = the first point of
    order 8"""
    order8 = le(edwards.order8_u()[0])
    c = Checksum()
    for b in range(maxbatch + 1):
        r = Rng(seed_of("nPb") + b)
        n = r.bytes(32 * b)
        p = bytearray(r.bytes(32 * b))
        for j in range(b):
            if j % 6 == 4:
                p[32 * j:32 * j + 32] = order8
        c.add(b"".join(montgomery.x25519(n[32 * j:32 * j + 32], bytes(p[32 * j:32 * j + 32]))
                       for j in range(b)))
    return c.hex()


def stream_nG(count):
    """per item n (32 stream bytes): X25519(n, 9)"""
    r = Rng(seed_of("nG"))
    c = Checksum()
    for _ in range(count):
        c.add(montgomery.x25519(r.bytes(32), le(montgomery.BASE_U)))
    return c.hex()


def stream_dh(count):
    """per item sk, then pk (32 stream bytes each): X25519(sk, pk)"""
    r = Rng(seed_of("dh"))
    c = Checksum()
    for _ in range(count):
        sk = r.bytes(32)
        pk = r.bytes(32)
        c.add(montgomery.x25519(sk, pk))
    return c.hex()


X_STREAM_FUNCTIONS = {"nP": stream_nP, "pow": stream_pow, "powbatch": stream_powbatch,
                      "nPbatch": stream_nPbatch, "nG": stream_nG, "dh": stream_dh}


def x_stream(name, short):
    seedname, full, valgrind = X_STREAMS[name]
    return X_STREAM_FUNCTIONS[name](valgrind if short else full)


def rfc7748_iterated(count):
    """k after count rounds of k, u = X25519(k, u), k from k = u = 9"""
    k = u = le(montgomery.BASE_U)
    for _ in range(count):
        k, u = montgomery.x25519(k, u), k
    return k


# the scalar of the edge-input tests (RFC 7748 5.2's first one), the u
# inputs (top bit set or not, canonical or not) and the scalar edge cases
EDGE_SCALAR = bytes.fromhex("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4")
EDGE_U = [("u=0", 0), ("u=1", 1), ("u=2", 2), ("u=9", 9), ("u=p-1", P - 1), ("u=p", P),
          ("u=p+1", P + 1), ("u=p+9", P + 9), ("u=2^255-1", 2**255 - 1), ("u=2^255", 2**255),
          ("u=2^256-1", 2**256 - 1)]
# n = 0 clamps to 2^254, n = 2^256-1 to 2^255-8 (both with u = 9)
SCALAR_EDGE = [("n=0", ZERO32), ("n=2^256-1", b"\xff" * 32)]

# pow_inv25519 inputs: top bit ignored, non-canonical ones reduced, 0 -> 0
POW_INPUTS = [("1/0", 0), ("1/1", 1), ("1/2", 2), ("1/9", 9), ("1/(p-1)", P - 1), ("1/p", P),
              ("1/(p+1)", P + 1), ("1/(2^255-1)", 2**255 - 1), ("1/2^255", 2**255),
              ("1/(2^256-1)", 2**256 - 1)]


# ---- Ed25519 side: nG_merged, mGnP, multiscalar ----

NG_SEED = seed_of("nG_merge")
NG_CASES = 512


def _l_plus(delta):
    return le(L + delta)


def _y_above_p(delta, sign):
    return le(P + delta + (sign << 255))


def _random_point(b):
    s = bytearray(b)
    s[31] &= 0x7f
    return ed25519.nG_merged(bytes(s))


def _top(b, op, val):
    b = bytearray(b)
    if op == "and":
        b[31] &= val
    elif op == "or":
        b[31] |= val
    else:
        b[31] ^= val
    return bytes(b)


def ng_input(k):
    """the k-th scalar of test-nG_merged25519.c's ng_input()"""
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
        n = bytearray(b"\xff" * 32)
        n[0] = 0xff - (j % 40)
        if j & 1:
            n[31] = 0x7f
    return bytes(n)


def ng_checksum(cases=NG_CASES):
    c = Checksum()
    for k in range(cases):
        c.add(ed25519.nG_merged(ng_input(k)))
    return c.hex()


MGNP_SEED = seed_of("mGNP_ed2")
MGNP_CASES = 480


def mgnp_input(k):
    """the k-th (m, n, P) of test-mGnP_ed25519.c's mgnp_input()"""
    torsion = [encode(t) for t in torsion_points()]
    r = Rng(MGNP_SEED + k)
    m = bytearray(r.bytes(32))
    n = bytearray(r.bytes(64))
    pt = r.bytes(32)
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
        pt = _y_above_p(v % 19, (v >> 8) & 1)
    elif kind == 8:
        pt = _top(torsion[4] if v & 1 else le(1), "or", 0x80)
    elif kind == 9:
        pt = torsion[v % 8]
    elif kind == 10:
        pt = _y_above_p(v % 2, (v >> 8) & 1)
    elif kind == 11:
        pt = le(v % 64 + (((v >> 8) & 1) << 255))
    elif kind == 12:
        pt = _top(encode(G), "xor", (v & 1) << 7)
    elif kind == 13:
        pt = le(26 + ((v & 1) << 255))
    elif kind == 14:
        pt = _top(_random_point(pt), "xor", 0x80)
    elif kind == 15:
        pt = _random_point(pt)
        if v % 3 == 0:
            n = bytearray(64)
        elif v % 3 == 1:
            n = bytearray(b"\xff" * 64)
        else:
            n = bytearray(le(L, 64))
    else:
        pt = _random_point(pt)
    return bytes(m), bytes(n), pt


def mgnp_checksum(cases=MGNP_CASES):
    c = Checksum()
    for k in range(cases):
        c.add(ed25519.mGnP(*mgnp_input(k)))
    return c.hex()


MS_SEED = seed_of("multisca")
MS_LENS_EXTRA = [63, 64, 65, 100, 127, 128, 129, 191, 192, 193, 255, 256, 257, 300, 500, 1000, 2000]
MS_LENS = list(range(41)) + MS_LENS_EXTRA


def ms_input(length):
    """the (ns, Ps) of test-multiscalar_ed25519.c's ms_input() for this length"""
    torsion = [encode(t) for t in torsion_points()]
    r = Rng(MS_SEED + length)
    allvalid = length % 3 == 0
    validpoints = length % 3 != 2
    ns, Ps = [], []
    for _ in range(length):
        n = bytearray(r.bytes(32))
        pt = r.bytes(32)
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
            pt = torsion[(v >> 24) % 8]
        elif kind == 8:
            pass
        elif kind == 9:
            pt = _y_above_p((v >> 24) % 19, (v >> 32) & 1)
        elif kind == 10:
            pt = _top(torsion[4] if (v >> 24) & 1 else le(1), "or", 0x80)
        elif kind == 11:
            pt = le((v >> 24) % 64 + (((v >> 32) & 1) << 255))
        elif kind == 12:
            pt = _top(encode(G), "xor", ((v >> 24) & 1) << 7)
        elif kind == 13:
            pt = le(26 + (((v >> 24) & 1) << 255))
        elif kind in (14, 15):
            pt = _top(_random_point(pt), "xor", 0x80)
        else:
            pt = _random_point(pt)
        ns.append(bytes(n))
        Ps.append(pt)
    return ns, Ps


def ms_checksum(lens=None):
    c = Checksum()
    for length in MS_LENS if lens is None else lens:
        c.add(ed25519.multiscalar(*ms_input(length)))
    return c.hex()


# ---- SHA-512: hash and hashblocks ----

HASH_SEED = seed_of("hash")
BLOCKS_SEED = seed_of("blocks")
# every length below the bound, then the long ones (full run / under valgrind)
HASH_UPTO = (1025, 258)
BLOCKS_UPTO = (1025, 300)
LONG_FULL = [2047, 4096, 16383, 16384, 65537]
LONG_SHORT = [1000, 4096]


def hash_lengths(short):
    return list(range(HASH_UPTO[short])) + (LONG_SHORT if short else LONG_FULL)


def blocks_lengths(short):
    return list(range(BLOCKS_UPTO[short])) + (LONG_SHORT if short else LONG_FULL)


def hash_stream(short):
    """per length n: seed "hash" + n, message = n stream bytes; the checksum
    absorbs SHA-512(message)"""
    c = Checksum()
    for n in hash_lengths(short):
        c.add(sha512.sha512(Rng(HASH_SEED + n).bytes(n)))
    return c.hex()


def blocks_stream(short):
    """per length n: seed "blocks" + n, state = 64 stream bytes, input = the
    next n stream bytes; the checksum absorbs the updated state"""
    c = Checksum()
    for n in blocks_lengths(short):
        r = Rng(BLOCKS_SEED + n)
        state = r.bytes(64)
        state, rest = sha512.compress(state, r.bytes(n))
        assert rest == n % 128
        c.add(state)
    return c.hex()

