/* SPDX-License-Identifier: MIT */
/* Arithmetic in GF(p), p = 2^255 - 19, radix 2^64 (four 64-bit limbs),
   on top of the x86-64 BMI2/ADX assembly in internal/field/amd64/fe64_mulx.S.

   The field interface of field/fe_interface.h with prefix fe64; the
   assembly entry points are fe64_mulx_*.  Requirements:
     - include the generated "crypto_OP.h" first (CRYPTO_NAMESPACE);
     - the implementation directory has a .S file that includes
       "amd64/fe64_mulx.S" (which defines the fe64_* functions below)
       and an architectures file with the line "amd64 bmi2 adx".

   Representation: f = v[0] + v[1] 2^64 + v[2] 2^128 + v[3] 2^192, any
   value in [0, 2^256), standing for f mod p.  Every routine accepts any
   such input and returns a value in [0, 2^256) ("loose"), so there are no
   limb bounds to track: add and sub reduce like mul does.  tobytes,
   iszero, isnegative and invert fully reduce.

   Every routine is constant time.  Outputs may alias inputs. */
#ifndef FIELD_FE64_H
#define FIELD_FE64_H

#include <stdint.h>
#include "ct/crypto_ct.h"
#include "field/inv25519_safegcd.h"

#ifndef CRYPTO_NAMESPACE
#error "include the generated crypto_OP.h before field/fe64.h"
#endif

typedef struct { uint64_t v[4]; } fe64;

#define FE64_HIDDEN __attribute__((visibility("hidden")))

#define fe64_mulx_mul CRYPTO_NAMESPACE(fe64_mulx_mul)
#define fe64_mulx_sq CRYPTO_NAMESPACE(fe64_mulx_sq)
#define fe64_mulx_nsquare CRYPTO_NAMESPACE(fe64_mulx_nsquare)
#define fe64_mulx_mul121666 CRYPTO_NAMESPACE(fe64_mulx_mul121666)
#define fe64_mulx_add CRYPTO_NAMESPACE(fe64_mulx_add)
#define fe64_mulx_sub CRYPTO_NAMESPACE(fe64_mulx_sub)
#define fe64_mulx_freeze CRYPTO_NAMESPACE(fe64_mulx_freeze)

/* the assembly entry points (internal/field/amd64/fe64_mulx.S) */
extern void fe64_mulx_mul(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]) FE64_HIDDEN;
extern void fe64_mulx_sq(uint64_t h[4], const uint64_t f[4]) FE64_HIDDEN;
extern void fe64_mulx_nsquare(uint64_t h[4], const uint64_t f[4], long long n) FE64_HIDDEN;
extern void fe64_mulx_mul121666(uint64_t h[4], const uint64_t f[4]) FE64_HIDDEN;
extern void fe64_mulx_add(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]) FE64_HIDDEN;
extern void fe64_mulx_sub(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]) FE64_HIDDEN;
extern void fe64_mulx_freeze(uint64_t h[4], const uint64_t f[4]) FE64_HIDDEN;

static inline void fe64_0(fe64 *h)
{
  h->v[0] = 0; h->v[1] = 0; h->v[2] = 0; h->v[3] = 0;
}

static inline void fe64_1(fe64 *h)
{
  h->v[0] = 1; h->v[1] = 0; h->v[2] = 0; h->v[3] = 0;
}

static inline void fe64_copy(fe64 *h, const fe64 *f)
{
  h->v[0] = f->v[0]; h->v[1] = f->v[1]; h->v[2] = f->v[2]; h->v[3] = f->v[3];
}

static inline void fe64_add(fe64 *h, const fe64 *f, const fe64 *g)
{
  fe64_mulx_add(h->v, f->v, g->v);
}

static inline void fe64_sub(fe64 *h, const fe64 *f, const fe64 *g)
{
  fe64_mulx_sub(h->v, f->v, g->v);
}

static inline void fe64_neg(fe64 *h, const fe64 *f)
{
  static const fe64 zero = {{0, 0, 0, 0}};
  fe64_mulx_sub(h->v, zero.v, f->v);
}

static inline void fe64_mul(fe64 *h, const fe64 *f, const fe64 *g)
{
  fe64_mulx_mul(h->v, f->v, g->v);
}

static inline void fe64_sq(fe64 *h, const fe64 *f)
{
  fe64_mulx_sq(h->v, f->v);
}

/* h = 2 f^2 */
static inline void fe64_sq2(fe64 *h, const fe64 *f)
{
  fe64_mulx_sq(h->v, f->v);
  fe64_mulx_add(h->v, h->v, h->v);
}

/* h = f^(2^n), public n >= 1 */
static inline void fe64_sqn(fe64 *h, const fe64 *f, int n)
{
  fe64_mulx_nsquare(h->v, f->v, n);
}

static inline void fe64_mul121666(fe64 *h, const fe64 *f)
{
  fe64_mulx_mul121666(h->v, f->v);
}

/* h = c f for c < 2^32 (public or secret) */
static inline void fe64_mul_small(fe64 *h, const fe64 *f, uint64_t c)
{
  unsigned __int128 t;
  uint64_t r[4], top;
  int i;
  top = 0;
  for (i = 0; i < 4; ++i) {
    t = (unsigned __int128)f->v[i] * c + top;
    r[i] = (uint64_t)t;
    top = (uint64_t)(t >> 64);
  }
  /* top < 2^32: fold 38 top, at most one more carry of 38 */
  t = (unsigned __int128)r[0] + 38 * top;
  r[0] = (uint64_t)t; top = (uint64_t)(t >> 64);
  for (i = 1; i < 4; ++i) {
    t = (unsigned __int128)r[i] + top;
    r[i] = (uint64_t)t; top = (uint64_t)(t >> 64);
  }
  r[0] += 38 * top;
  for (i = 0; i < 4; ++i) h->v[i] = r[i];
}

/* h = the integer s[0..31] little-endian with bit 255 ignored */
static inline void fe64_frombytes(fe64 *h, const unsigned char s[32])
{
  int i, j;
  for (i = 0; i < 4; ++i) {
    uint64_t w = 0;
    for (j = 7; j >= 0; --j) w = (w << 8) | s[8 * i + j];
    h->v[i] = w;
  }
  h->v[3] &= 0x7fffffffffffffffULL;
}

/* s = canonical encoding of f (bit 255 = 0) */
static inline void fe64_tobytes(unsigned char s[32], const fe64 *f)
{
  fe64 t;
  int i, j;
  fe64_mulx_freeze(t.v, f->v);
  for (i = 0; i < 4; ++i)
    for (j = 0; j < 8; ++j) s[8 * i + j] = (unsigned char)(t.v[i] >> (8 * j));
}

/* f = g if bit == 1, unchanged if bit == 0 */
static inline void fe64_cmov(fe64 *f, const fe64 *g, uint64_t bit)
{
  uint64_t m = crypto_ct_bit_mask_u64(bit);
  int i;
  for (i = 0; i < 4; ++i) f->v[i] ^= m & (f->v[i] ^ g->v[i]);
}

/* swap f and g if bit == 1 */
static inline void fe64_cswap(fe64 *f, fe64 *g, uint64_t bit)
{
  uint64_t m = crypto_ct_bit_mask_u64(bit), x;
  int i;
  for (i = 0; i < 4; ++i) {
    x = m & (f->v[i] ^ g->v[i]);
    f->v[i] ^= x;
    g->v[i] ^= x;
  }
}

/* 1 if f = 0 mod p, else 0 */
static inline int fe64_iszero(const fe64 *f)
{
  fe64 t;
  fe64_mulx_freeze(t.v, f->v);
  return (int)(crypto_ct_zero_mask_u64(t.v[0] | t.v[1] | t.v[2] | t.v[3]) & 1);
}

/* low bit of the canonical value of f */
static inline int fe64_isnegative(const fe64 *f)
{
  fe64 t;
  fe64_mulx_freeze(t.v, f->v);
  return (int)(t.v[0] & 1);
}

/* h = z^(p-2) = 1/z (0 -> 0), fully reduced: constant-time safegcd
   (inv25519_safegcd.h), faster here than the 254-squaring chain */
static inline void fe64_invert(fe64 *h, const fe64 *z)
{
  fe64 t;
  fe64_mulx_freeze(t.v, z->v);
  inv25519_safegcd(h->v, t.v);
  CRYPTO_CT_WIPE(t);
}

/* the same for public z only (verification results): variable time */
static inline void fe64_invert_vartime(fe64 *h, const fe64 *z)
{
  fe64 t;
  fe64_mulx_freeze(t.v, z->v);
  inv25519_safegcd_vartime(h->v, t.v);
}

/* the chains of the field interface for this family */
#define FE_FAMILY fe64
#include "field/fe_chains.h"
#undef FE_FAMILY

#endif
