# SPDX-License-Identifier: MIT
"""edwards25519: -x^2 + y^2 = 1 + d x^2 y^2 over GF(p), points as affine
pairs (x, y), the neutral element (0, 1)."""

from .field import P, inv, sqrt_ratio, le, from_le
from .scalar import L

D = -121665 * inv(121666) % P
O = (0, 1)


def on_curve(pt):
    x, y = pt
    return (-x * x + y * y - 1 - D * x * x * y * y) % P == 0


def add(a, b):
    """The twisted Edwards addition law (a = -1), complete on this curve."""
    x1, y1 = a
    x2, y2 = b
    t = D * x1 * x2 * y1 * y2 % P
    return ((x1 * y2 + x2 * y1) * inv(1 + t) % P,
            (y1 * y2 + x1 * x2) * inv(1 - t) % P)


def neg(pt):
    return (-pt[0] % P, pt[1])


def _ext_add(a, b):
    # extended coordinates (X, Y, Z, T): x = X/Z, y = Y/Z, x y = T/Z
    X1, Y1, Z1, T1 = a
    X2, Y2, Z2, T2 = b
    pa = (Y1 - X1) * (Y2 - X2) % P
    pb = (Y1 + X1) * (Y2 + X2) % P
    pc = 2 * D * T1 * T2 % P
    pd = 2 * Z1 * Z2 % P
    e, f, g, h = pb - pa, pd - pc, pd + pc, pb + pa
    return (e * f % P, g * h % P, f * g % P, e * h % P)


def mul(n, pt):
    """n pt for n >= 0, by double-and-add (one inversion at the end)."""
    r = (0, 1, 1, 0)
    q = (pt[0], pt[1], 1, pt[0] * pt[1] % P)
    while n > 0:
        if n & 1:
            r = _ext_add(r, q)
        q = _ext_add(q, q)
        n >>= 1
    zi = inv(r[2])
    return (r[0] * zi % P, r[1] * zi % P)


def point_from_y(y, sign):
    """The point with this y (0 <= y < p) whose x has the given parity, or
    None: no such x, or x = 0 with sign 1."""
    x = sqrt_ratio((y * y - 1) % P, (D * y * y + 1) % P)
    if x is None or (x == 0 and sign):
        return None
    if x & 1 != sign:
        x = P - x
    return (x, y)


def encode(pt):
    x, y = pt
    return le(y | (x & 1) << 255)


def decode(s):
    """Decoding of 32 bytes: None for y >= p (non-canonical), y without a
    square root, or x = 0 with the sign bit set."""
    v = from_le(s)
    y = v & (2**255 - 1)
    if y >= P:
        return None
    return point_from_y(y, v >> 255)


def precomp(pt):
    """the affine "precomp" form of the C tables: (y + x, y - x, 2 d x y)"""
    x, y = pt
    return ((y + x) % P, (y - x) % P, 2 * D * x * y % P)


def montgomery_u(pt):
    """u = (1 + y)/(1 - y) of the birationally equivalent Curve25519 point;
    1/0 counts as 0, so the neutral element gives 0."""
    return (1 + pt[1]) * inv(1 - pt[1]) % P


G = point_from_y(4 * inv(5) % P, 0)   # the base point: y = 4/5, x even
C = point_from_y(26, 0)                # lib25519's stand-in for invalid encodings

_torsion = []


def torsion_points():
    """k T for k = 0..7, T the first point of order 8 found as L Q for the
    points Q of y = 3, 4, ... with even x."""
    if not _torsion:
        y = 3
        while True:
            q = point_from_y(y, 0)
            if q is not None:
                t = mul(L, q)
                if mul(4, t) != O:
                    break
            y += 1
        _torsion.extend(mul(k, t) for k in range(8))
    return list(_torsion)


def order8_u():
    """The two u-coordinates of the points of order 8 on Curve25519, in
    increasing order."""
    t = torsion_points()
    return sorted({montgomery_u(t[1]), montgomery_u(t[3])})
