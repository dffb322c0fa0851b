# SPDX-License-Identifier: MIT
"""SHA-512: hashlib for whole messages, and the FIPS 180-4 compression
function written out, for the hashblocks primitive (any starting state,
which hashlib cannot take)."""

import hashlib
import struct

MASK = 2**64 - 1


def sha512(m):
    return hashlib.sha512(m).digest()


def _primes(n):
    found = []
    k = 2
    while len(found) < n:
        if all(k % q for q in found):
            found.append(k)
        k += 1
    return found


def _iroot(n, k):
    """floor(n^(1/k))"""
    lo, hi = 0, 1 << (n.bit_length() // k + 2)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if mid ** k <= n:
            lo = mid
        else:
            hi = mid - 1
    return lo


# FIPS 180-4 4.2.3 and 5.3.5, from their definitions: the first 64 bits of
# the fractional parts of the cube roots of the first 80 primes and of the
# square roots of the first 8
K = [_iroot(q << 192, 3) & MASK for q in _primes(80)]
IV = [_iroot(q << 128, 2) & MASK for q in _primes(8)]
IV_BYTES = struct.pack(">8Q", *IV)


def _rotr(x, n):
    return ((x >> n) | (x << (64 - n))) & MASK


def compress(state, data):
    """crypto_hashblocks_sha512: the 64-byte big-endian state after the whole
    128-byte blocks of data, and len(data) % 128 (the bytes left over)."""
    h = list(struct.unpack(">8Q", state))
    for blk in range(len(data) // 128):
        w = list(struct.unpack(">16Q", data[128 * blk:128 * blk + 128]))
        for t in range(16, 80):
            s0 = _rotr(w[t - 15], 1) ^ _rotr(w[t - 15], 8) ^ (w[t - 15] >> 7)
            s1 = _rotr(w[t - 2], 19) ^ _rotr(w[t - 2], 61) ^ (w[t - 2] >> 6)
            w.append((s1 + w[t - 7] + s0 + w[t - 16]) & MASK)
        a, b, c, d, e, f, g, hh = h
        for t in range(80):
            t1 = (hh + (_rotr(e, 14) ^ _rotr(e, 18) ^ _rotr(e, 41)) + ((e & f) ^ (~e & g)) + K[t] + w[t]) & MASK
            t2 = ((_rotr(a, 28) ^ _rotr(a, 34) ^ _rotr(a, 39)) + ((a & b) ^ (a & c) ^ (b & c))) & MASK
            hh, g, f, e, d, c, b, a = g, f, e, (d + t1) & MASK, c, b, a, (t1 + t2) & MASK
        h = [(x + y) & MASK for x, y in zip(h, [a, b, c, d, e, f, g, hh])]
    return struct.pack(">8Q", *h), len(data) % 128


def pad(m):
    """m followed by the FIPS 180-4 padding for its length."""
    n = len(m)
    return m + b"\x80" + bytes((111 - n) % 128) + (8 * n).to_bytes(16, "big")


def sha512_via_compress(m):
    state, rest = compress(IV_BYTES, pad(m))
    assert rest == 0
    return state
