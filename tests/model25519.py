#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Plain big-integer model of the X25519 primitives (RFC 7748), used to
compute and cross-check every known answer that the X25519 tests and
self-tests of lib25519 commit to.  Run it to print the answers and check
them against the constants listed below; it exits nonzero on a mismatch."""

import sys

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
RFC_ITER_1000 = '684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51'
RFC_ITER_1000000 = '7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f543424'
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

# committed expectations of tests/test-*.c (checked below)
# (inputs not listed here are small order or reduce to small order: 0)
EXPECTED = {
    'u=2': '71cacba0b65daf53ddf9c21fb434bc58ee5cfa3954d1b642fc5155048f03466f',
    'u=9': '1c9fd88f45606d932a80c71824ae151d15d73e77de38e8e000852e614fae7019',
    'u=p+9': '1c9fd88f45606d932a80c71824ae151d15d73e77de38e8e000852e614fae7019',
    'u=2^255-1': '76b00406ce7e87774c0038dd8d89b188047977f8828ca1dcb8f98bb5d5d0cf48',
    'u=2^256-1': '76b00406ce7e87774c0038dd8d89b188047977f8828ca1dcb8f98bb5d5d0cf48',
}


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

    for x in [0, 1, 2, P - 1, P, P + 1, 2**255 - 1, 2**256 - 1, 9]:
        print('inv %x = %s' % (x, to_bytes(inv(x)).hex()))

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
