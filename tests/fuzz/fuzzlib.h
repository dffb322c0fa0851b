/* SPDX-License-Identifier: MIT */
/* Shared by the libFuzzer harnesses in tests/fuzz/: a failure macro, the
   implementation loop helpers, and a small independent reference for the
   arithmetic the harnesses need to judge answers on their own: integers
   mod L (scalars), integers mod p (point decoding), and deterministic
   RFC 8032 signing. The reference is plain, slow and variable time: it
   only ever sees fuzzer inputs. */
#ifndef FUZZLIB_H
#define FUZZLIB_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lib25519.h>

/* a mismatch is a crash, so libFuzzer keeps the input as an artifact */
#define FUZZ_FAIL(...)                                     \
  do {                                                     \
    fprintf(stderr, "fuzz: %s:%d: ", __FILE__, __LINE__);  \
    fprintf(stderr, __VA_ARGS__);                          \
    fprintf(stderr, "\n");                                 \
    abort();                                               \
  } while (0)

static inline void fuzz_hex(const char *label, const unsigned char *x, long long n)
{
  fprintf(stderr, "  %s ", label);
  for (long long i = 0; i < n; ++i) fprintf(stderr, "%02x", x[i]);
  fprintf(stderr, "\n");
}

/* fail unless got == want; names both implementations */
static inline void fuzz_same(const char *what, const char *impl_got, const unsigned char *got, const char *impl_want,
                             const unsigned char *want, long long n)
{
  if (memcmp(got, want, (size_t)n) == 0) return;
  fuzz_hex(impl_got, got, n);
  fuzz_hex(impl_want, want, n);
  FUZZ_FAIL("%s: %s and %s disagree", what, impl_got, impl_want);
}

/* ---- 256-bit integers: four little-endian 64-bit limbs ---- */

typedef struct { uint64_t v[4]; } u256;

static inline u256 u256_load(const unsigned char *b)
{
  u256 x;
  for (int i = 0; i < 4; ++i) {
    x.v[i] = 0;
    for (int j = 7; j >= 0; --j) x.v[i] = (x.v[i] << 8) | b[8 * i + j];
  }
  return x;
}

static inline void u256_store(unsigned char *b, u256 x)
{
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 8; ++j) b[8 * i + j] = (unsigned char)(x.v[i] >> (8 * j));
}

static inline int u256_cmp(u256 a, u256 b)
{
  for (int i = 3; i >= 0; --i)
    if (a.v[i] != b.v[i]) return a.v[i] < b.v[i] ? -1 : 1;
  return 0;
}

/* a + b, carry out in *carry */
static inline u256 u256_add(u256 a, u256 b, uint64_t *carry)
{
  u256 r;
  unsigned __int128 c = 0;
  for (int i = 0; i < 4; ++i) {
    c += (unsigned __int128)a.v[i] + b.v[i];
    r.v[i] = (uint64_t)c;
    c >>= 64;
  }
  if (carry) *carry = (uint64_t)c;
  return r;
}

/* a - b (mod 2^256) */
static inline u256 u256_sub(u256 a, u256 b)
{
  u256 r;
  uint64_t borrow = 0;
  for (int i = 0; i < 4; ++i) {
    uint64_t d = a.v[i] - b.v[i];
    uint64_t b2 = a.v[i] < b.v[i];
    r.v[i] = d - borrow;
    borrow = b2 | (d < borrow);
  }
  return r;
}

/* 512-bit product as eight 64-bit limbs */
static inline void u256_mul_limbs(uint64_t t[8], u256 a, u256 b)
{
  for (int i = 0; i < 8; ++i) t[i] = 0;
  for (int i = 0; i < 4; ++i) {
    unsigned __int128 c = 0;
    for (int j = 0; j < 4; ++j) {
      c += (unsigned __int128)a.v[i] * b.v[j] + t[i + j];
      t[i + j] = (uint64_t)c;
      c >>= 64;
    }
    t[i + 4] = (uint64_t)c;
  }
}

/* 512-bit product as 64 little-endian bytes */
static inline void u256_mul(unsigned char out[64], u256 a, u256 b)
{
  uint64_t t[8];
  u256_mul_limbs(t, a, b);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) out[8 * i + j] = (unsigned char)(t[i] >> (8 * j));
}

/* ---- scalars mod L = 2^252 + 27742317777372353535851937790883648493 ---- */

static const unsigned char fuzz_L_bytes[32] = {
  0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
  0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10};

static inline u256 fuzz_L(void) { return u256_load(fuzz_L_bytes); }

/* is the 32-byte little-endian integer below L? */
static inline int sc_is_canonical(const unsigned char s[32]) { return u256_cmp(u256_load(s), fuzz_L()) < 0; }

/* out = (little-endian integer of n bytes) mod L, by binary long division */
static inline void sc_reduce(unsigned char out[32], const unsigned char *x, long long n)
{
  u256 r = {{0, 0, 0, 0}}, L = fuzz_L();
  for (long long bit = 8 * n - 1; bit >= 0; --bit) {
    /* r < L < 2^253, so 2r + 1 fits */
    r.v[3] = (r.v[3] << 1) | (r.v[2] >> 63);
    r.v[2] = (r.v[2] << 1) | (r.v[1] >> 63);
    r.v[1] = (r.v[1] << 1) | (r.v[0] >> 63);
    r.v[0] = (r.v[0] << 1) | ((x[bit >> 3] >> (bit & 7)) & 1);
    if (u256_cmp(r, L) >= 0) r = u256_sub(r, L);
  }
  u256_store(out, r);
}

/* out = (a * b + c) mod L for 32-byte a, b, c */
static inline void sc_muladd(unsigned char out[32], const unsigned char a[32], const unsigned char b[32],
                             const unsigned char c[32])
{
  unsigned char prod[64], sum[65];
  uint64_t carry;
  u256_mul(prod, u256_load(a), u256_load(b));
  u256 lo = u256_add(u256_load(prod), u256_load(c), &carry);
  u256 hi = u256_load(prod + 32);
  u256_store(sum, lo);
  u256 one = {{carry, 0, 0, 0}};
  u256_store(sum + 32, u256_add(hi, one, NULL));
  sum[64] = 0;
  sc_reduce(out, sum, 65);
}

/* ---- integers mod p = 2^255 - 19, always fully reduced ---- */

typedef u256 fe;

static inline fe fe_p(void)
{
  fe p = {{0xffffffffffffffedULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL, 0x7fffffffffffffffULL}};
  return p;
}

static inline fe fe_small(uint64_t x)
{
  fe r = {{x, 0, 0, 0}};
  return r;
}

/* reduce any value below 2^256 */
static inline fe fe_reduce(fe x)
{
  uint64_t top = x.v[3] >> 63;
  x.v[3] &= 0x7fffffffffffffffULL;
  x = u256_add(x, fe_small(19 * top), NULL);
  if (u256_cmp(x, fe_p()) >= 0) x = u256_sub(x, fe_p());
  return x;
}

static inline fe fe_add(fe a, fe b) { return fe_reduce(u256_add(a, b, NULL)); }

static inline fe fe_sub(fe a, fe b)
{
  if (u256_cmp(a, b) >= 0) return u256_sub(a, b);
  return u256_sub(u256_add(a, fe_p(), NULL), b);
}

static inline fe fe_mul(fe a, fe b)
{
  uint64_t w[8], t[5];
  u256_mul_limbs(w, a, b);
  /* 2^256 = 38 (mod p): low + 38 high, in five limbs */
  unsigned __int128 c = 0;
  for (int i = 0; i < 4; ++i) {
    c += (unsigned __int128)w[i + 4] * 38 + w[i];
    t[i] = (uint64_t)c;
    c >>= 64;
  }
  t[4] = (uint64_t)c;
  fe r = {{t[0], t[1], t[2], t[3]}};
  uint64_t carry;
  r = u256_add(r, fe_small(t[4] * 38), &carry);
  if (carry) r = u256_add(r, fe_small(38), NULL);
  return fe_reduce(r);
}

/* a^e for a 256-bit exponent, square and multiply */
static inline fe fe_pow(fe a, u256 e)
{
  fe r = fe_small(1);
  for (int bit = 255; bit >= 0; --bit) {
    r = fe_mul(r, r);
    if ((e.v[bit >> 6] >> (bit & 63)) & 1) r = fe_mul(r, a);
  }
  return r;
}

static inline int fe_is_zero(fe a) { return !(a.v[0] | a.v[1] | a.v[2] | a.v[3]); }

/* Is s a valid encoding of an Edwards point as doc/verification.md defines it
   (y < p, some x with x^2 = (y^2 - 1)/(d y^2 + 1), not x = 0 with the sign
   bit set)? */
static inline int ref_point_valid(const unsigned char s[32])
{
  static fe d;
  static int have_d;
  unsigned char yb[32];
  memcpy(yb, s, 32);
  int sign = yb[31] >> 7;
  yb[31] &= 0x7f;
  fe y = u256_load(yb);
  if (u256_cmp(y, fe_p()) >= 0) return 0;
  if (!have_d) {
    /* d = -121665/121666 */
    d = fe_sub(fe_small(0), fe_mul(fe_small(121665), fe_pow(fe_small(121666), u256_sub(fe_p(), fe_small(2)))));
    have_d = 1;
  }
  fe yy = fe_mul(y, y);
  fe u = fe_sub(yy, fe_small(1));
  fe v = fe_add(fe_mul(d, yy), fe_small(1));
  /* x = 0 exactly when u = 0; v is never 0 (-1/d is not a square) */
  if (fe_is_zero(u)) return !sign;
  /* u/v is a square iff u*v is (Euler's criterion, exponent (p-1)/2) */
  u256 e = u256_sub(fe_p(), fe_small(1));
  e.v[0] = (e.v[0] >> 1) | (e.v[1] << 63);
  e.v[1] = (e.v[1] >> 1) | (e.v[2] << 63);
  e.v[2] = (e.v[2] >> 1) | (e.v[3] << 63);
  e.v[3] >>= 1;
  return u256_cmp(fe_pow(fe_mul(u, v), e), fe_small(1)) == 0;
}

/* for a valid encoding: is x = 0 (y = 1 or y = -1), so that -P = P? */
static inline int ref_x_is_zero(const unsigned char s[32])
{
  unsigned char yb[32];
  memcpy(yb, s, 32);
  yb[31] &= 0x7f;
  fe y = u256_load(yb);
  return u256_cmp(y, fe_small(1)) == 0 || u256_cmp(y, u256_sub(fe_p(), fe_small(1))) == 0;
}

/* the Edwards encoding of the base point G (y = 4/5, x even) */
static const unsigned char fuzz_G[32] = {
  0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
  0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66};

/* ---- deterministic RFC 8032 Ed25519 signing through the library's hash
   and base-point multiplication (nG_merged25519 with the top bit clear
   gives the Edwards encoding) ---- */

static inline void ref_keypair(unsigned char pk[32], unsigned char sk[64], const unsigned char seed[32])
{
  unsigned char h[64], a[32];
  lib25519_hash_sha512(h, seed, 32);
  memcpy(a, h, 32);
  a[0] &= 248;
  a[31] &= 127;
  a[31] |= 64;
  lib25519_nG_merged25519(pk, a);
  memcpy(sk, seed, 32);
  memcpy(sk + 32, pk, 32);
}

/* sig = R || S for message m under sk (seed || pk) */
static inline void ref_sign(unsigned char sig[64], const unsigned char *m, long long mlen, const unsigned char sk[64])
{
  unsigned char h[64], a[32], r[32], k[32], hr[64];
  unsigned char *buf = malloc((size_t)mlen + 64);
  if (!buf) abort();
  lib25519_hash_sha512(h, sk, 32);
  memcpy(a, h, 32);
  a[0] &= 248;
  a[31] &= 127;
  a[31] |= 64;
  memcpy(buf, h + 32, 32);
  if (mlen) memcpy(buf + 32, m, (size_t)mlen);
  lib25519_hash_sha512(hr, buf, mlen + 32);
  sc_reduce(r, hr, 64);
  lib25519_nG_merged25519(sig, r); /* r < L < 2^255: Edwards R */
  memcpy(buf, sig, 32);
  memcpy(buf + 32, sk + 32, 32);
  if (mlen) memcpy(buf + 64, m, (size_t)mlen);
  lib25519_hash_sha512(hr, buf, mlen + 64);
  sc_reduce(k, hr, 64);
  sc_muladd(sig + 32, k, a, r);
  free(buf);
}

#endif
