#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Plain big-integer model of the X25519 primitives (RFC 7748), used to
compute and cross-check every known answer that the X25519 tests and
self-tests of lib25519 commit to.  Run it to print the answers and check
them against the constants listed below; it exits nonzero on a mismatch."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checksum_model import Rng, Checksum  # noqa: E402  (testlib.c's stream and checksum)

P = 2**255 - 19
A24 = 121665  # (A - 2) / 4 with A = 486662, as in RFC 7748


def to_int(b):
    return int.from_bytes(b, 'little')


def to_bytes(x):
    return (x % 2**256).to_bytes(32, 'little')


def inv(x):
    """x^(p-2) mod p of a 32-byte input, top bit ignored, 0 -> 0"""
    return pow((x % 2**255) % P, P - 2, P)


def clamp(n):
    n &= ~7
    n &= ~(1 << 255)
    n |= 1 << 254
    return n


def ladder(k, u):
    """u-coordinate of k*(u, .) with the RFC 7748 section 5 ladder"""
    u %= P
    x2, z2, x3, z3 = 1, 0, u, 1
    swap = 0
    for t in reversed(range(255)):
        bit = (k >> t) & 1
        if swap ^ bit:
            x2, x3, z2, z3 = x3, x2, z3, z2
        swap = bit
        a, b = x2 + z2, x2 - z2
        aa, bb = a * a % P, b * b % P
        e = aa - bb
        c, d = x3 + z3, x3 - z3
        da, cb = d * a % P, c * b % P
        x3, z3 = (da + cb) ** 2 % P, u * (da - cb) ** 2 % P
        x2, z2 = aa * bb % P, e * (aa + A24 * e) % P
    if swap:
        x2, z2 = x3, z3
    return x2 * pow(z2, P - 2, P) % P


def x25519(n, u):
    """X25519 on 32-byte strings: n clamped, top bit of u cleared"""
    return to_bytes(ladder(clamp(to_int(n)), to_int(u) % 2**255))


def h(s):
    return bytes.fromhex(s)


# RFC 7748 section 5.2 and 6.1
RFC_5_2 = [
    ('a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4',
     'e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c',
     'c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552'),
    ('4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d',
     'e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493',
     '95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957'),
]
RFC_ITER_1 = '422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079'
RFC_ITER_3 = 'e23a733b38e6854d15786063159a98765511ec440f477fece4aead30609c6b1b'  # model only
RFC_ITER_1000 = '684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51'
# RFC 7748's value; checked by the model only with --long (about half an hour)
RFC_ITER_1000000 = '7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424'
ALICE_SK = '77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a'
ALICE_PK = '8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a'
BOB_SK = '5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb'
BOB_PK = 'de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f'
SHARED = '4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742'

# points of order dividing 8 (bit 255 clear): 0, 1, two of order 8, and the
# non-canonical p-1, p, p+1 (p-1 = -1 is of order 4 on the twist)
SMALL_ORDER = [
    0, 1,
    to_int(h('e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800')),
    to_int(h('5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157')),
    P - 1, P, P + 1,
]

# fixed scalar used for edge inputs in the tests and selftests
EDGE_SCALAR = 'a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4'
EDGE_INPUTS = [
    ('u=0', 0), ('u=1', 1), ('u=2', 2), ('u=9', 9), ('u=p-1', P - 1), ('u=p', P),
    ('u=p+1', P + 1), ('u=p+9', P + 9), ('u=2^255-1', 2**255 - 1),
    ('u=2^256-1', 2**256 - 1), ('u=2^255', 2**255),
]

# scalar edge cases with u = 9: n = 0 clamps to 2^254, n = 2^256-1 to 2^255-8
SCALAR_EDGE = [
    ('n=0', '00' * 32, '2fe57da347cd62431528daac5fbb290730fff684afc4cfc2ed90995f58cb3b74'),
    ('n=2^256-1', 'ff' * 32, '847c0d2c375234f365e660955187a3735a0f7613d1609d3a6a4d8c53aeaa5a22'),
]

# committed expectations of tests/test-*.c (checked below)
# (inputs not listed here are small order or reduce to small order: 0)
EXPECTED = {
    'u=2': '71cacba0b65daf53ddf9c21fb434bc58ee5cfa3954d1b642fc5155048f03466f',
    'u=9': '1c9fd88f45606d932a80c71824ae151d15d73e77de38e8e000852e614fae7019',
    'u=p+9': '1c9fd88f45606d932a80c71824ae151d15d73e77de38e8e000852e614fae7019',
    'u=2^255-1': '76b00406ce7e87774c0038dd8d89b188047977f8828ca1dcb8f98bb5d5d0cf48',
    'u=2^256-1': '76b00406ce7e87774c0038dd8d89b188047977f8828ca1dcb8f98bb5d5d0cf48',
}


# inverses of edge inputs (top bit ignored, then reduced mod p)
POW_KATS = [
    (0, '00' * 32),
    (1, '01' + '00' * 31),
    (2, 'f7' + 'ff' * 30 + '3f'),
    (9, '12c7711cc7711cc7711cc7711cc7711cc7711cc7711cc7711cc7711cc7711c47'),
    (P - 1, 'ec' + 'ff' * 30 + '7f'),
    (P, '00' * 32),
    (P + 1, '01' + '00' * 31),
    (2**255 - 1, '89e3388ee3388ee3388ee3388ee3388ee3388ee3388ee3388ee3388ee3388e23'),
    (2**255, '00' * 32),
    (2**256 - 1, '89e3388ee3388ee3388ee3388ee3388ee3388ee3388ee3388ee3388ee3388e23'),
]

# ---- the reproducible streams of tests/test-*.c (keep in sync) ----

ORDER8 = 'e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800'
P_BYTES = to_bytes(P).hex()


def stream_nP(count):
    """seed "nP"; per item n, then p (32 stream bytes each); every 8th
    item (i % 8 == 7) has bytes 1..31 of p set to 0xff"""
    r = Rng(0x6e50)
    c = Checksum()
    for i in range(count):
        n = r.bytes(32)
        p = bytearray(r.bytes(32))
        if i % 8 == 7:
            p[1:32] = b'\xff' * 31
        c.add(x25519(n, bytes(p)))
    return c.hex()


def stream_pow(count):
    """seed "pow"; per item x (32 stream bytes); i % 8 == 7: bytes 1..31
    set to 0xff; i % 16 == 5: all bytes 0 except the top bit of x[31]"""
    r = Rng(0x706f77)
    c = Checksum()
    for i in range(count):
        x = bytearray(r.bytes(32))
        if i % 8 == 7:
            x[1:32] = b'\xff' * 31
        if i % 16 == 5:
            x[0:31] = bytes(31)
            x[31] &= 0x80
        c.add(to_bytes(inv(to_int(x))))
    return c.hex()


def stream_powbatch(maxbatch):
    """per batch size b = 0..maxbatch: seed "powb" + b, x = 32b stream
    bytes; item j % 5 == 2 zero, item j % 7 == 3 the bytes of p; the
    checksum absorbs the whole 32b-byte output"""
    c = Checksum()
    for b in range(maxbatch + 1):
        r = Rng(0x706f7762 + b)
        x = bytearray(r.bytes(32 * b))
        for j in range(b):
            if j % 5 == 2:
                x[32 * j:32 * j + 32] = bytes(32)
            if j % 7 == 3:
                x[32 * j:32 * j + 32] = h(P_BYTES)
        y = b''.join(to_bytes(inv(to_int(x[32 * j:32 * j + 32]))) for j in range(b))
        c.add(y)
    return c.hex()


def stream_nPbatch(maxbatch):
    """per batch size b = 0..maxbatch: seed "nPb" + b, n = 32b stream bytes,
    then p = 32b stream bytes; item j % 6 == 4 has p = a point of order 8"""
    c = Checksum()
    for b in range(maxbatch + 1):
        r = Rng(0x6e5062 + b)
        n = r.bytes(32 * b)
        p = bytearray(r.bytes(32 * b))
        for j in range(b):
            if j % 6 == 4:
                p[32 * j:32 * j + 32] = h(ORDER8)
        q = b''.join(x25519(n[32 * j:32 * j + 32], bytes(p[32 * j:32 * j + 32]))
                     for j in range(b))
        c.add(q)
    return c.hex()


def stream_nG(count):
    """seed "nG"; per item n (32 stream bytes), output X25519(n, 9)"""
    r = Rng(0x6e47)
    c = Checksum()
    for i in range(count):
        c.add(x25519(r.bytes(32), to_bytes(9)))
    return c.hex()


def stream_dh(count):
    """seed "dh"; per item sk, then pk (32 stream bytes each), output
    X25519(sk, pk)"""
    r = Rng(0x6468)
    c = Checksum()
    for i in range(count):
        sk = r.bytes(32)
        pk = r.bytes(32)
        c.add(x25519(sk, pk))
    return c.hex()


# (name, function, full size, short size under valgrind, committed full, short)
STREAMS = [
    ('nP', stream_nP, 256, 16,
     '573a6618bb304e0e10ba9feb4574a2f538e61f8cc56886600b87ae585f292c93',
     'f8e4655f4113f1bd62e018db106805479d08811c952ee7ab6fdbf06ce6b4256a'),
    ('pow', stream_pow, 512, 16,
     '2238e300f38840d0892e4e27886f371f44aad5fc59df6227483923c94f84381d',
     'e1fdb0c3023586424d5bd3fc910f7ca4475453789c7b4dd60876f84b1e500502'),
    ('powbatch', stream_powbatch, 20, 4,
     'f6fde089d5c8cdc2fcb98544ecc7841531ad65e2ac8441806b5ee141ad7aeed9',
     'e82251154511330098f060cba4f6fb5bc9679226464c4cf83803f816ba9d6192'),
    ('nPbatch', stream_nPbatch, 20, 3,
     '012e266e31513101615c819cd4d0ecbbd0cbf5ff6096c2c94c357868c31b78e5',
     'b6242c6ccc6926b42b45beef9d3d826ec6cb8ccb58d1237a2eae02bf8d5e0250'),
    ('nG', stream_nG, 64, 8,
     'cdc70eb023c0ad46af62b976b6c56198d05a201ec9be3cddc95ff75052dab044',
     '64de1a09de3ea42e9c560cb2d600e00059e2b53ddbe444f6dfa49b71459a6475'),
    ('dh', stream_dh, 32, 4,
     'f8994f6dc72e0a73ebead0a11649b193a677b9080fd51258206e4c9e9df04e48',
     '11ef82d9b592cacc3d78d45c3314c29b554246e5a2861adcfd4e0f7d0fdb1bfb'),
]


def main():
    bad = 0

    def check(what, got, want):
        nonlocal bad
        ok = got == want
        if not ok:
            bad += 1
        print('%s %s %s' % ('ok  ' if ok else 'FAIL', what, got))

    for n, u, out in RFC_5_2:
        check('rfc7748 5.2', x25519(h(n), h(u)).hex(), out)

    k = u = to_bytes(9)
    for i in range(1, 1001):
        k, u = x25519(k, u), k
        if i == 1:
            check('rfc7748 iterated 1', k.hex(), RFC_ITER_1)
    check('rfc7748 iterated 1000', k.hex(), RFC_ITER_1000)
    if '--long' in sys.argv:
        for i in range(1001, 1000001):
            k, u = x25519(k, u), k
        check('rfc7748 iterated 1000000', k.hex(), RFC_ITER_1000000)

    check('alice pk', x25519(h(ALICE_SK), to_bytes(9)).hex(), ALICE_PK)
    check('bob pk', x25519(h(BOB_SK), to_bytes(9)).hex(), BOB_PK)
    check('alice shared', x25519(h(ALICE_SK), h(BOB_PK)).hex(), SHARED)
    check('bob shared', x25519(h(BOB_SK), h(ALICE_PK)).hex(), SHARED)

    k = u = to_bytes(9)
    for i in range(3):
        k, u = x25519(k, u), k
    check('iterated 3 (model)', k.hex(), RFC_ITER_3)

    for name, n, want in SCALAR_EDGE:
        check('scalar edge ' + name, x25519(h(n), to_bytes(9)).hex(), want)

    for name, fn, full, short, want_full, want_short in STREAMS:
        check('stream %s full (%d)' % (name, full), fn(full), want_full)
        check('stream %s short (%d)' % (name, short), fn(short), want_short)

    for u in SMALL_ORDER:
        # 8*u is the neutral element, so every clamped scalar gives 0
        check('small order %x' % u, ladder(8, u) == 0 and
              x25519(h(EDGE_SCALAR), to_bytes(u)) == bytes(32), True)

    for name, u in EDGE_INPUTS:
        got = x25519(h(EDGE_SCALAR), to_bytes(u)).hex()
        if name in EXPECTED:
            check('edge ' + name, got, EXPECTED[name])
        else:
            check('edge ' + name, got, '00' * 32)

    for x, want in POW_KATS:
        check('inv %x' % x, to_bytes(inv(x)).hex(), want)

    # Wycheproof, when the public vectors are around
    import json, os
    here = os.path.dirname(os.path.abspath(__file__))
    vec = os.environ.get('LIB25519_VECTORS',
                         os.path.join(here, '..', '..', 'shared', 'vectors'))
    path = os.path.join(vec, 'wycheproof', 'x25519_test.json')
    if os.path.exists(path):
        with open(path) as f:
            data = json.load(f)
        count = wrong = 0
        for group in data['testGroups']:
            for t in group['tests']:
                count += 1
                if x25519(h(t['private']), h(t['public'])).hex() != t['shared']:
                    wrong += 1
        check('wycheproof %d cases, mismatches' % count, wrong, 0)
    else:
        print('skip wycheproof: %s not found' % path)

    print('%d mismatches' % bad)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
