# SPDX-License-Identifier: MIT
"""Curve25519, v^2 = u^3 + A u^2 + u over GF(p), and X25519 (RFC 7748)."""

from .field import P, inv, le, from_le
from .scalar import clamp

A = 486662
A24 = (A - 2) // 4   # 121665, the ladder's constant in RFC 7748 section 5
BASE_U = 9


def ladder(k, u):
    """u-coordinate of k times a point with u-coordinate u: the constant-
    length ladder of RFC 7748 section 5 over bits 254..0 of k."""
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
    return x2 * inv(z2) % P


def x25519(n, u):
    """X25519 on 32-byte strings: n clamped, bit 255 of u ignored, u reduced."""
    return le(ladder(from_le(clamp(n)), from_le(u) % 2**255))

