# SPDX-License-Identifier: MIT
"""Scalars: the prime order L of the base point, and clamping."""

L = 2**252 + 27742317777372353535851937790883648493


def clamp(a):
    """RFC 7748 / RFC 8032 clamping of 32 bytes: clear the low three bits
    and bit 255, set bit 254."""
    b = bytearray(a)
    b[0] &= 248
    b[31] &= 127
    b[31] |= 64
    return bytes(b)
