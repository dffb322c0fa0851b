# SPDX-License-Identifier: MIT
"""Reference model of lib25519 with plain Python integers: the one place
where the curve arithmetic of the project's scripts lives.

  field       arithmetic mod p = 2^255 - 19, little-endian encodings, limbs,
              the pow_inv25519 primitive
  scalar      the group order L and clamping
  montgomery  Curve25519 and X25519 (the RFC 7748 ladder)
  edwards     edwards25519 points: addition, multiples, encoding, decoding
  sha512      SHA-512 (hashlib) and a separate compression function that
              starts from any state (the hashblocks primitive)
  ed25519     the Ed25519 primitives of lib25519 (nG_merged, mGnP,
              multiscalar, keypair, hedged sign, open with our rule)
  testlib     the pseudo-random stream and checksum of tests/testlib.c
  kat         the known-answer tests of tests/test-*.c: inputs and the
              functions that compute their expected values
  vectors     published answers (RFC 7748, RFC 8032, FIPS 180-4) that the
              model is checked against

Users put scripts/ on sys.path and write `from model import edwards`:
scripts/gen/gen-ed25519-*.py (tables), scripts/gen/gen-kat (tests/kat/*.h),
tests/fuzz/make-seeds.py and the self-checks tests/model25519.py,
tests/model_ed25519.py and tests/checksum_model.py (run by make check).
Slow and simple on purpose; standard library only.
"""
