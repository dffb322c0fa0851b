#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Independent model of the input streams and checksums used by
tests/test-hash_sha512.c and tests/test-hashblocks_sha512.c.

It reproduces testlib.c's pseudo-random stream (splitmix64, 8 little-endian
bytes per word, a partial last word truncated) and its checksum (four 64-bit
lanes fed one byte at a time, the 8-byte little-endian length first), and
computes the expected SHA-512 values with python's hashlib (hash) or with a
separate pure-python SHA-512 compression function (hashblocks, which starts
from arbitrary states that hashlib cannot express; the compression function
is itself checked against hashlib below).

Run it to print the expected checksums that the C tests hard-code:
    python3 tests/checksum_model.py
"""

import hashlib
import struct

MASK = (1 << 64) - 1


# ---- testlib.c: reproducible stream ----

class Rng:
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
            r = self.u64()
            take = min(8, n)
            out += r.to_bytes(8, 'little')[:take]
            n -= take
        return bytes(out)


# ---- testlib.c: checksum ----

def rotl64(x, c):
    return ((x << c) | (x >> (64 - c))) & MASK


class Checksum:
    def __init__(self):
        self.s = [0x6A09E667F3BCC908, 0xBB67AE8584CAA73B,
                  0x3C6EF372FE94F82B, 0xA54FF53A5F1D36F1]

    def _byte(self, b):
        s = self.s
        s[0] = ((s[0] ^ b) * 0x100000001B3) & MASK
        s[1] = (rotl64(s[1] ^ s[0], 23) * 0x9E3779B97F4A7C15) & MASK
        s[2] = ((s[2] + s[1]) * 0xBF58476D1CE4E5B9) & MASK
        s[3] = (rotl64(s[3] ^ s[2], 41) + s[0]) & MASK

    def add(self, data):
        for b in len(data).to_bytes(8, 'little'):
            self._byte(b)
        for b in data:
            self._byte(b)

    def hex(self):
        return b''.join(x.to_bytes(8, 'little') for x in self.s).hex()


# ---- SHA-512 compression (FIPS 180-4 6.4.2), for arbitrary states ----

def _primes(n):
    ps = []
    k = 2
    while len(ps) < n:
        if all(k % p for p in ps):
            ps.append(k)
        k += 1
    return ps


def _iroot(n, k):
    lo, hi = 0, 1 << (n.bit_length() // k + 2)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if mid ** k <= n:
            lo = mid
        else:
            hi = mid - 1
    return lo


# constants derived from their definition rather than copied
K = [_iroot(p << 192, 3) & MASK for p in _primes(80)]
IV = [_iroot(p << 128, 2) & MASK for p in _primes(8)]


def _rotr(x, n):
    return ((x >> n) | (x << (64 - n))) & MASK


def compress(state_bytes, data):
    """hashblocks: returns (new state bytes, len(data) % 128)"""
    h = list(struct.unpack('>8Q', state_bytes))
    nblocks = len(data) // 128
    for blk in range(nblocks):
        w = list(struct.unpack('>16Q', data[128 * blk:128 * blk + 128]))
        for t in range(16, 80):
            s0 = _rotr(w[t - 15], 1) ^ _rotr(w[t - 15], 8) ^ (w[t - 15] >> 7)
            s1 = _rotr(w[t - 2], 19) ^ _rotr(w[t - 2], 61) ^ (w[t - 2] >> 6)
            w.append((s1 + w[t - 7] + s0 + w[t - 16]) & MASK)
        a, b, c, d, e, f, g, hh = h
        for t in range(80):
            S1 = _rotr(e, 14) ^ _rotr(e, 18) ^ _rotr(e, 41)
            ch = (e & f) ^ (~e & g)
            t1 = (hh + S1 + ch + K[t] + w[t]) & MASK
            S0 = _rotr(a, 28) ^ _rotr(a, 34) ^ _rotr(a, 39)
            maj = (a & b) ^ (a & c) ^ (b & c)
            t2 = (S0 + maj) & MASK
            hh, g, f, e, d, c, b, a = g, f, e, (d + t1) & MASK, c, b, a, (t1 + t2) & MASK
        h = [(x + y) & MASK for x, y in zip(h, [a, b, c, d, e, f, g, hh])]
    return struct.pack('>8Q', *h), len(data) % 128


def sha512_via_compress(m):
    n = len(m)
    padded = m + b'\x80' + b'\x00' * ((112 - n - 1) % 128) + (8 * n).to_bytes(16, 'big')
    st, r = compress(struct.pack('>8Q', *IV), padded)
    assert r == 0
    return st


# ---- the streams (keep in sync with the C tests) ----

HASH_SEED = 0x68617368  # "hash"
BLOCKS_SEED = 0x626C6F636B73  # "blocks"


def hash_lengths(short):
    if short:
        return list(range(0, 258)) + [1000, 4096]
    return list(range(0, 1025)) + [2047, 4096, 16383, 16384, 65537]


def blocks_lengths(short):
    if short:
        return list(range(0, 300)) + [1000, 4096]
    return list(range(0, 1025)) + [2047, 4096, 16383, 16384, 65537]


def hash_stream(short):
    """per length L: seed HASH_SEED+L, message = L stream bytes,
    checksum absorbs SHA-512(message)"""
    c = Checksum()
    for L in hash_lengths(short):
        m = Rng(HASH_SEED + L).bytes(L)
        c.add(hashlib.sha512(m).digest())
    return c.hex()


def blocks_stream(short):
    """per length L: seed BLOCKS_SEED+L, state = 64 stream bytes,
    input = next L stream bytes, checksum absorbs the updated state"""
    c = Checksum()
    for L in blocks_lengths(short):
        r = Rng(BLOCKS_SEED + L)
        st = r.bytes(64)
        x = r.bytes(L)
        st, rem = compress(st, x)
        assert rem == L % 128
        c.add(st)
    return c.hex()


def _selfcheck():
    # the model's compression agrees with hashlib
    r = Rng(1)
    for L in list(range(0, 300, 7)) + [1000]:
        m = r.bytes(L)
        assert sha512_via_compress(m) == hashlib.sha512(m).digest(), L
    # the stream matches a hand-computed splitmix64 value (seed 0: first
    # output is the widely published e220a8397b1dcdaf)
    assert Rng(0).u64() == 0xE220A8397B1DCDAF


if __name__ == '__main__':
    _selfcheck()
    print('hash_sha512 full  ', hash_stream(False))
    print('hash_sha512 short ', hash_stream(True))
    print('hashblocks_sha512 full  ', blocks_stream(False))
    print('hashblocks_sha512 short ', blocks_stream(True))
