/* SPDX-License-Identifier: MIT */
/* The C layer of the radix-2^64 field families over assembly (fe64 on
   x86-64 BMI2/ADX, field/fe64.h; fe64arm on AArch64, field/fe64arm.h),
   written once: the field interface of field/fe_interface.h except invert
   and invert_vartime, as inline wrappers around seven assembly entry
   points and a few limb loops in C.

   The family header defines, before including this file,
     the element type FE_FAMILY: typedef struct { uint64_t v[4]; } FE_FAMILY;
     FE_FAMILY              its prefix (fe64, fe64arm);
     FE64_ASM(op)           the name of assembly entry point op, one of
                            mul, sq, nsquare, mul121666, add, sub, freeze
                            (e.g. FE_PASTE(fe64_mulx, op) = fe64_mulx_mul),
   declared with the signatures
     mul, add, sub:   (uint64_t h[4], const uint64_t f[4], const uint64_t g[4])
     sq, mul121666, freeze:   (uint64_t h[4], const uint64_t f[4])
     nsquare:         (uint64_t h[4], const uint64_t f[4], long long n)
   where h = f g, f^2, f^(2^n), 121666 f, f + g, f - g in [0, 2^256), and
   freeze gives the canonical value in [0, p); and includes
   ct/crypto_ct.h.

   Representation: f = v[0] + v[1] 2^64 + v[2] 2^128 + v[3] 2^192, any
   value in [0, 2^256), standing for f mod p; every routine accepts any
   such input and returns a value in [0, 2^256).  Constant time; outputs
   may alias inputs. */
#if !defined(FE_FAMILY) || !defined(FE64_ASM)
#error "define FE_FAMILY and FE64_ASM(op) (the family header does) before including field/fe64_asm_layer.h"
#endif
#include <stdint.h>
#include "field/fe_interface.h"

static inline void FE(0)(FE_T *h)
{
  h->v[0] = 0; h->v[1] = 0; h->v[2] = 0; h->v[3] = 0;
}

static inline void FE(1)(FE_T *h)
{
  h->v[0] = 1; h->v[1] = 0; h->v[2] = 0; h->v[3] = 0;
}

static inline void FE(copy)(FE_T *h, const FE_T *f)
{
  h->v[0] = f->v[0]; h->v[1] = f->v[1]; h->v[2] = f->v[2]; h->v[3] = f->v[3];
}

static inline void FE(add)(FE_T *h, const FE_T *f, const FE_T *g)
{
  FE64_ASM(add)(h->v, f->v, g->v);
}

static inline void FE(sub)(FE_T *h, const FE_T *f, const FE_T *g)
{
  FE64_ASM(sub)(h->v, f->v, g->v);
}

static inline void FE(neg)(FE_T *h, const FE_T *f)
{
  static const FE_T zero = {{0, 0, 0, 0}};
  FE64_ASM(sub)(h->v, zero.v, f->v);
}

static inline void FE(mul)(FE_T *h, const FE_T *f, const FE_T *g)
{
  FE64_ASM(mul)(h->v, f->v, g->v);
}

static inline void FE(sq)(FE_T *h, const FE_T *f)
{
  FE64_ASM(sq)(h->v, f->v);
}

/* h = 2 f^2 */
static inline void FE(sq2)(FE_T *h, const FE_T *f)
{
  FE64_ASM(sq)(h->v, f->v);
  FE64_ASM(add)(h->v, h->v, h->v);
}

/* h = f^(2^n), public n >= 1 */
static inline void FE(sqn)(FE_T *h, const FE_T *f, int n)
{
  FE64_ASM(nsquare)(h->v, f->v, n);
}

static inline void FE(mul121666)(FE_T *h, const FE_T *f)
{
  FE64_ASM(mul121666)(h->v, f->v);
}

/* h = c f for c < 2^32 (public or secret) */
static inline void FE(mul_small)(FE_T *h, const FE_T *f, uint64_t c)
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
static inline void FE(frombytes)(FE_T *h, const unsigned char s[32])
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
static inline void FE(tobytes)(unsigned char s[32], const FE_T *f)
{
  FE_T t;
  int i, j;
  FE64_ASM(freeze)(t.v, f->v);
  for (i = 0; i < 4; ++i)
    for (j = 0; j < 8; ++j) s[8 * i + j] = (unsigned char)(t.v[i] >> (8 * j));
  CRYPTO_CT_WIPE(t);   /* the result's limbs (a shared secret, say) */
}

/* f = g if bit == 1, unchanged if bit == 0 */
static inline void FE(cmov)(FE_T *f, const FE_T *g, uint64_t bit)
{
  uint64_t m = crypto_ct_bit_mask_u64(bit);
  int i;
  for (i = 0; i < 4; ++i) f->v[i] ^= m & (f->v[i] ^ g->v[i]);
}

/* swap f and g if bit == 1 */
static inline void FE(cswap)(FE_T *f, FE_T *g, uint64_t bit)
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
static inline int FE(iszero)(const FE_T *f)
{
  FE_T t;
  FE64_ASM(freeze)(t.v, f->v);
  return (int)(crypto_ct_zero_mask_u64(t.v[0] | t.v[1] | t.v[2] | t.v[3]) & 1);
}

/* low bit of the canonical value of f */
static inline int FE(isnegative)(const FE_T *f)
{
  FE_T t;
  FE64_ASM(freeze)(t.v, f->v);
  return (int)(t.v[0] & 1);
}
