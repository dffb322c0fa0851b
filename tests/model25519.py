#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Self-check of the X25519 side of the model in scripts/model/ (run by
tests/check-models.sh, so by make check):

  - RFC 7748 section 5.2 (both vectors, the iterated test after 1 and 1000
    rounds; 1000000 with --long, about half an hour) and section 6.1;
  - the ladder against the Edwards arithmetic: X25519(n, 9) is the u of
    clamp(n) G, for the RFC scalars and a few stream ones;
  - points of small order give 0 for every clamped scalar, and the two
    order-8 u-coordinates have order exactly 8;
  - pow_inv25519: x (1/x) = 1 on a stream of inputs, 0 and p give 0;
  - every Wycheproof x25519 case of tests/vectors/x25519-wycheproof.txt.

With --print it also prints the stream checksums that scripts/gen/gen-kat
writes into tests/kat/*.h."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "scripts"))

from model import edwards, field, kat, montgomery, vectors  # noqa: E402
from model.field import P, le, from_le  # noqa: E402
from model.scalar import clamp  # noqa: E402
from model.testlib import Rng  # noqa: E402


def main(argv):
    passed = failed = 0

    def check(what, ok):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print("FAIL: %s" % what)

    h = bytes.fromhex
    nine = le(montgomery.BASE_U)
    for n, u, out in vectors.RFC7748_5_2:
        check("RFC 7748 5.2 " + n[:8], montgomery.x25519(h(n), h(u)).hex() == out)

    rounds = 1000000 if "--long" in argv else 1000
    k = u = nine
    for i in range(1, rounds + 1):
        k, u = montgomery.x25519(k, u), k
        if i in vectors.RFC7748_ITER:
            check("RFC 7748 iterated %d" % i, k.hex() == vectors.RFC7748_ITER[i])

    check("RFC 7748 6.1 Alice", montgomery.x25519(h(vectors.ALICE_SK), nine).hex() == vectors.ALICE_PK)
    check("RFC 7748 6.1 Bob", montgomery.x25519(h(vectors.BOB_SK), nine).hex() == vectors.BOB_PK)
    check("RFC 7748 6.1 shared", montgomery.x25519(h(vectors.ALICE_SK), h(vectors.BOB_PK)).hex() == vectors.SHARED
          and montgomery.x25519(h(vectors.BOB_SK), h(vectors.ALICE_PK)).hex() == vectors.SHARED)

    r = Rng(0x6d6f6e74)
    for n in [h(vectors.ALICE_SK), h(vectors.BOB_SK), bytes(32), b"\xff" * 32] + [r.bytes(32) for _ in range(4)]:
        want = edwards.montgomery_u(edwards.mul(from_le(clamp(n)), edwards.G))
        check("X25519(n, 9) = u(clamp(n) G)", montgomery.x25519(n, nine) == le(want))

    order8 = edwards.order8_u()
    for u in order8:
        check("order of %x is 8" % u, montgomery.ladder(4, u) == 0 and montgomery.ladder(2, u) != 0)
    for u in [0, 1, P - 1, P, P + 1] + order8:
        check("small order u = %x" % u, montgomery.ladder(8, u) == 0
              and montgomery.x25519(kat.EDGE_SCALAR, le(u)) == bytes(32)
              and montgomery.x25519(r.bytes(32), le(u)) == bytes(32))

    for x in [0, P, 2**255, 2**255 + P]:
        check("1/%x = 0" % x, field.pow_inv25519(le(x)) == bytes(32))
    for _ in range(64):
        x = r.bytes(32)
        y = from_le(field.pow_inv25519(x))
        v = from_le(x) % 2**255 % P
        check("x (1/x) = 1", v == 0 or v * y % P == 1)

    wp = vectors.cases("x25519-wycheproof.txt")
    check("518 Wycheproof x25519 cases", len(wp) == 518)
    for tc, result, private, public, shared, flags in wp:
        check("wycheproof x25519 %s" % tc, montgomery.x25519(h(private), h(public)).hex() == shared)

    if "--print" in argv:
        for name in kat.X_STREAMS:
            print("stream %-9s full %s  short %s" % (name, kat.x_stream(name, False), kat.x_stream(name, True)))
    print("model25519: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
