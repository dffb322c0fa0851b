/* SPDX-License-Identifier: MIT */
/* Arithmetic in GF(p), p = 2^255 - 19, radix 2^64 (four 64-bit limbs),
   on top of the AArch64 assembly in internal/field/arm64/fe64arm.S
   (baseline mul/umulh and adds/adcs carry chains).

   The field interface of field/fe_interface.h with prefix fe64arm; the
   assembly entry points are fe64_arm64_*.  Requirements:
     - include the generated "crypto_OP.h" first (CRYPTO_NAMESPACE);
     - the implementation directory has a .S file that includes
       "field/arm64/fe64arm.S" (which defines the fe64_arm64_* functions
       below) and an architectures file with the line "arm64".

   Representation: f = v[0] + v[1] 2^64 + v[2] 2^128 + v[3] 2^192, any
   value in [0, 2^256), standing for f mod p.  Every routine accepts any
   such input and returns a value in [0, 2^256) ("loose"), so there are no
   limb bounds to track: add and sub reduce like mul does.  tobytes,
   iszero, isnegative and invert fully reduce.

   Every routine is constant time.  Outputs may alias inputs. */
#ifndef FIELD_FE64ARM_H
#define FIELD_FE64ARM_H

#include <stdint.h>
#include "ct/crypto_ct.h"
#include "field/inv25519_safegcd.h"

#ifndef CRYPTO_NAMESPACE
#error "include the generated crypto_OP.h before field/fe64arm.h"
#endif

typedef struct { uint64_t v[4]; } fe64arm;

#define FE64ARM_HIDDEN __attribute__((visibility("hidden")))

#define fe64_arm64_mul CRYPTO_NAMESPACE(fe64_arm64_mul)
#define fe64_arm64_sq CRYPTO_NAMESPACE(fe64_arm64_sq)
#define fe64_arm64_nsquare CRYPTO_NAMESPACE(fe64_arm64_nsquare)
#define fe64_arm64_mul121666 CRYPTO_NAMESPACE(fe64_arm64_mul121666)
#define fe64_arm64_add CRYPTO_NAMESPACE(fe64_arm64_add)
#define fe64_arm64_sub CRYPTO_NAMESPACE(fe64_arm64_sub)
#define fe64_arm64_freeze CRYPTO_NAMESPACE(fe64_arm64_freeze)

/* the assembly entry points (internal/field/arm64/fe64arm.S) */
extern void fe64_arm64_mul(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]) FE64ARM_HIDDEN;
extern void fe64_arm64_sq(uint64_t h[4], const uint64_t f[4]) FE64ARM_HIDDEN;
extern void fe64_arm64_nsquare(uint64_t h[4], const uint64_t f[4], long long n) FE64ARM_HIDDEN;
extern void fe64_arm64_mul121666(uint64_t h[4], const uint64_t f[4]) FE64ARM_HIDDEN;
extern void fe64_arm64_add(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]) FE64ARM_HIDDEN;
extern void fe64_arm64_sub(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]) FE64ARM_HIDDEN;
extern void fe64_arm64_freeze(uint64_t h[4], const uint64_t f[4]) FE64ARM_HIDDEN;

static inline void fe64arm_0(fe64arm *h)
{
  h->v[0] = 0; h->v[1] = 0; h->v[2] = 0; h->v[3] = 0;
}

static inline void fe64arm_1(fe64arm *h)
{
  h->v[0] = 1; h->v[1] = 0; h->v[2] = 0; h->v[3] = 0;
}

static inline void fe64arm_copy(fe64arm *h, const fe64arm *f)
{
  h->v[0] = f->v[0]; h->v[1] = f->v[1]; h->v[2] = f->v[2]; h->v[3] = f->v[3];
}

static inline void fe64arm_add(fe64arm *h, const fe64arm *f, const fe64arm *g)
{
  fe64_arm64_add(h->v, f->v, g->v);
}

static inline void fe64arm_sub(fe64arm *h, const fe64arm *f, const fe64arm *g)
{
  fe64_arm64_sub(h->v, f->v, g->v);
}

static inline void fe64arm_neg(fe64arm *h, const fe64arm *f)
{
  static const fe64arm zero = {{0, 0, 0, 0}};
  fe64_arm64_sub(h->v, zero.v, f->v);
}

static inline void fe64arm_mul(fe64arm *h, const fe64arm *f, const fe64arm *g)
{
  fe64_arm64_mul(h->v, f->v, g->v);
}

static inline void fe64arm_sq(fe64arm *h, const fe64arm *f)
{
  fe64_arm64_sq(h->v, f->v);
}

/* h = 2 f^2 */
static inline void fe64arm_sq2(fe64arm *h, const fe64arm *f)
{
  fe64_arm64_sq(h->v, f->v);
  fe64_arm64_add(h->v, h->v, h->v);
}

/* h = f^(2^n), public n >= 1 */
static inline void fe64arm_sqn(fe64arm *h, const fe64arm *f, int n)
{
  fe64_arm64_nsquare(h->v, f->v, n);
}

static inline void fe64arm_mul121666(fe64arm *h, const fe64arm *f)
{
  fe64_arm64_mul121666(h->v, f->v);
}

/* h = c f for c < 2^32 (public or secret) */
static inline void fe64arm_mul_small(fe64arm *h, const fe64arm *f, uint64_t c)
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
static inline void fe64arm_frombytes(fe64arm *h, const unsigned char s[32])
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
static inline void fe64arm_tobytes(unsigned char s[32], const fe64arm *f)
{
  fe64arm t;
  int i, j;
  fe64_arm64_freeze(t.v, f->v);
  for (i = 0; i < 4; ++i)
    for (j = 0; j < 8; ++j) s[8 * i + j] = (unsigned char)(t.v[i] >> (8 * j));
}

/* f = g if bit == 1, unchanged if bit == 0 */
static inline void fe64arm_cmov(fe64arm *f, const fe64arm *g, uint64_t bit)
{
  uint64_t m = crypto_ct_bit_mask_u64(bit);
  int i;
  for (i = 0; i < 4; ++i) f->v[i] ^= m & (f->v[i] ^ g->v[i]);
}

/* swap f and g if bit == 1 */
static inline void fe64arm_cswap(fe64arm *f, fe64arm *g, uint64_t bit)
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
static inline int fe64arm_iszero(const fe64arm *f)
{
  fe64arm t;
  fe64_arm64_freeze(t.v, f->v);
  return (int)(crypto_ct_zero_mask_u64(t.v[0] | t.v[1] | t.v[2] | t.v[3]) & 1);
}

/* low bit of the canonical value of f */
static inline int fe64arm_isnegative(const fe64arm *f)
{
  fe64arm t;
  fe64_arm64_freeze(t.v, f->v);
  return (int)(t.v[0] & 1);
}

/* h = z^(p-2) = 1/z (0 -> 0), fully reduced: constant-time safegcd
   (inv25519_safegcd.h), as in field/fe64.h */
static inline void fe64arm_invert(fe64arm *h, const fe64arm *z)
{
  fe64arm t;
  fe64_arm64_freeze(t.v, z->v);
  inv25519_safegcd(h->v, t.v);
}

/* the same for public z only (verification results): variable time */
static inline void fe64arm_invert_vartime(fe64arm *h, const fe64arm *z)
{
  fe64arm t;
  fe64_arm64_freeze(t.v, z->v);
  inv25519_safegcd_vartime(h->v, t.v);
}

/* the chains of the field interface for this family */
#define FE_FAMILY fe64arm
#include "field/fe_chains.h"
#undef FE_FAMILY

#endif
