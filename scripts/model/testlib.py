# SPDX-License-Identifier: MIT
"""The reproducible stream and the checksum of tests/testlib.c."""

MASK = 2**64 - 1


class Rng:
    """test_rng_seed / test_rng_u64 / test_rng_bytes: splitmix64, each word
    giving 8 little-endian bytes, a partial last word truncated."""

    def __init__(self, seed):
        self.state = seed & MASK

    def u64(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def bytes(self, n):
        out = bytearray()
        while n > 0:
            take = min(8, n)
            out += self.u64().to_bytes(8, "little")[:take]
            n -= take
        return bytes(out)


def _rotl(x, c):
    return ((x << c) | (x >> (64 - c))) & MASK


class Checksum:
    """test_checksum_*: four 64-bit lanes fed one byte at a time; each add()
    absorbs the 8-byte little-endian length first, then the data."""

    def __init__(self):
        self.s = [0x6A09E667F3BCC908, 0xBB67AE8584CAA73B,
                  0x3C6EF372FE94F82B, 0xA54FF53A5F1D36F1]

    def _byte(self, b):
        s = self.s
        s[0] = ((s[0] ^ b) * 0x100000001B3) & MASK
        s[1] = (_rotl(s[1] ^ s[0], 23) * 0x9E3779B97F4A7C15) & MASK
        s[2] = ((s[2] + s[1]) * 0xBF58476D1CE4E5B9) & MASK
        s[3] = (_rotl(s[3] ^ s[2], 41) + s[0]) & MASK

    def add(self, data):
        for b in len(data).to_bytes(8, "little") + bytes(data):
            self._byte(b)

    def hex(self):
        return b"".join(x.to_bytes(8, "little") for x in self.s).hex()
