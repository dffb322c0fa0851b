# SPDX-License-Identifier: MIT
"""The field GF(p), p = 2^255 - 19: elements are Python ints in [0, p)."""

P = 2**255 - 19
SQRTM1 = pow(2, (P - 1) // 4, P)   # a square root of -1


def inv(x):
    """1/x as x^(p-2); 0 has no inverse and gives 0."""
    return pow(x % P, P - 2, P)


def sqrt_ratio(u, v):
    """x with v x^2 = u (v nonzero), or None when u/v is not a square.
    Of the two roots, the one from the candidate (u/v)^((p+3)/8)."""
    x = u * pow(v, 3, P) * pow(u * pow(v, 7, P), (P - 5) // 8, P) % P
    if (v * x * x - u) % P == 0:
        return x
    x = x * SQRTM1 % P
    if (v * x * x - u) % P == 0:
        return x
    return None


def le(x, n=32):
    """x as n little-endian bytes (x need not be reduced)."""
    return int(x).to_bytes(n, "little")


def from_le(b):
    return int.from_bytes(b, "little")


def limbs(v, bits, count):
    """v split into count limbs of the given width, least significant first."""
    return [(v >> (bits * i)) & ((1 << bits) - 1) for i in range(count)]


def limbs26(v):
    """v < 2^255 as the ten limbs of radix 2^25.5 (internal/field/fe26.h):
    limb i at bit ceil(25.5 i), 26 bits wide when i is even, 25 when odd."""
    return [(v >> ((51 * i + 1) // 2)) & ((1 << (25 if i & 1 else 26)) - 1) for i in range(10)]


def pow_inv25519(x):
    """crypto_pow_inv25519 on 32 bytes: the top bit is ignored, the rest is
    reduced mod p and inverted (0 and p give 0)."""
    return le(inv(from_le(x) % 2**255))
