#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Self-check of the SHA-512 and testlib parts of the model in
scripts/model/ (run by tests/check-models.sh, so by make check):

  - testlib's stream: splitmix64 from seed 0 starts with the widely
    published e220a8397b1dcdaf;
  - the pure-python compression function agrees with hashlib on messages
    of many lengths, and both give the FIPS 180-4 example digests;
  - compressing in pieces at block boundaries gives the same state.

Then it prints the checksums of the hash and hashblocks streams that
scripts/gen/gen-kat writes into tests/kat/hash*_sha512.h."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "scripts"))

from model import kat, sha512, vectors  # noqa: E402
from model.testlib import Rng  # noqa: E402


def main():
    passed = failed = 0

    def check(what, ok):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print("FAIL: %s" % what)

    check("splitmix64 seed 0", Rng(0).u64() == 0xE220A8397B1DCDAF)
    r = Rng(1)
    for n in list(range(0, 300, 7)) + [1000]:
        m = r.bytes(n)
        check("compression = hashlib, length %d" % n, sha512.sha512_via_compress(m) == sha512.sha512(m))
    for m, want in vectors.SHA512:
        check("FIPS 180-4 example of length %d" % len(m),
              sha512.sha512(m).hex() == want and (len(m) > 1000 or sha512.sha512_via_compress(m).hex() == want))
    state = r.bytes(64)
    data = r.bytes(5 * 128 + 9)
    whole = sha512.compress(state, data)
    part, rest = sha512.compress(state, data[:256])
    part, rest = sha512.compress(part, data[256:])
    check("compression in pieces", (part, rest) == whole and rest == 9)

    print("hash_sha512 full  ", kat.hash_stream(False))
    print("hash_sha512 short ", kat.hash_stream(True))
    print("hashblocks_sha512 full  ", kat.blocks_stream(False))
    print("hashblocks_sha512 short ", kat.blocks_stream(True))
    print("checksum_model: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
