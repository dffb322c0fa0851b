# SPDX-License-Identifier: MIT
"""The Ed25519 primitives of lib25519 on byte strings (the contract of doc/api.md and doc/verification.md):
encodings are 32 bytes, a status byte is 1 for valid inputs, 0 otherwise."""

from .edwards import G, C, O, add, neg, mul, encode, decode, montgomery_u
from .field import le, from_le
from .scalar import L, clamp
from .sha512 import sha512


def nG_merged(n):
    """crypto_nG_merged25519: bit 255 of n clear -> enc((n mod L) G);
    set -> the Montgomery u of ((n - 2^255) mod L) G (0 for the neutral element)."""
    v = from_le(n)
    if v >> 255:
        return le(montgomery_u(mul((v - 2**255) % L, G)))
    return encode(mul(v % L, G))


def mGnP(m, n, P):
    """crypto_mGnP_ed25519: enc((m mod L) G - (n mod L) P) and the status
    (m < L and P canonical); an invalid P counts as -C. n is 64 bytes."""
    mv, nv = from_le(m), from_le(n)
    ok = mv < L
    Q = decode(P)
    if Q is None:
        ok = False
        Q = neg(C)
    R = add(mul(mv % L, G), neg(mul(nv % L, Q)))
    return encode(R) + bytes([ok])


def multiscalar(ns, Ps):
    """crypto_multiscalar_ed25519: enc(sum (n[i] mod L) P[i]) and the status
    (every n[i] < L and every P[i] canonical); an invalid P[i] counts as C."""
    ok = True
    R = O
    for n, P in zip(ns, Ps):
        nv = from_le(n)
        if nv >= L:
            ok = False
        Q = decode(P)
        if Q is None:
            ok = False
            Q = C
        R = add(R, mul(nv % L, Q))
    return encode(R) + bytes([ok])


def keypair_from_seed(seed):
    """(pk, sk) of crypto_sign_ed25519_keypair when randombytes gives seed."""
    pk = nG_merged(clamp(sha512(seed)[:32]))
    return pk, seed + pk


def _sign_with_nonce_input(m, sk, extra):
    h = sha512(sk[:32])
    a = from_le(clamp(h[:32]))
    r = from_le(sha512(h[32:] + extra + m)) % L
    R = nG_merged(le(r))
    k = from_le(sha512(R + sk[32:] + m)) % L
    return R + le((r + k * a) % L) + m


def sign(m, sk, z):
    """crypto_sign_ed25519 (hedged): the nonce hashes the 32 fresh random
    bytes z between the secret prefix and the message."""
    return _sign_with_nonce_input(m, sk, z)


def sign_rfc8032(m, sk):
    """The deterministic RFC 8032 signature (for its known answers)."""
    return _sign_with_nonce_input(m, sk, b"")


def sign_open(sm, pk):
    """crypto_sign_ed25519_open: the message, or None. Rejects S >= 2^253
    (the top three bits), then accepts iff mGnP(S, SHA-512(R || A || m), A)
    has status 1 and equals R: cofactorless, A canonical, S < L."""
    if len(sm) < 64 or sm[63] & 0xe0:
        return None
    R, S, m = sm[:32], sm[32:64], sm[64:]
    out = mGnP(S, sha512(R + pk + m), pk)
    if out[32] != 1 or out[:32] != R:
        return None
    return m
