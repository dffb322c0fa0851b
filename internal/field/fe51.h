/* SPDX-License-Identifier: MIT */
/* Arithmetic in GF(p), p = 2^255 - 19, radix 2^51, for compilers with
   unsigned __int128: the field interface of field/fe_interface.h with
   prefix fe51.

   An element is f = v[0] + v[1]*2^51 + v[2]*2^102 + v[3]*2^153 + v[4]*2^204
   with unsigned 64-bit limbs; the representation is redundant (limbs may
   exceed 2^51 and the value may exceed p) until fe51_tobytes.

   Limb bounds used in the comments below (every limb of the element):
     TIGHT  : every limb < 2^52.  Produced by 0, 1, frombytes, mul, sq, sq2,
              mul121666, mul_small, sub, neg, invert, pow22523, and kept by
              copy, cmov, cswap.
     MULIN  : every limb < 2^55.  Accepted by mul, sq, sq2, mul121666,
              mul_small, sub, neg and tobytes.
   add does not carry: its output limb is the sum of its input limbs, so the
   caller keeps sums below 2^55.  Any sum of up to eight TIGHT elements is
   MULIN; in particular add(TIGHT, TIGHT) may go straight into mul or sq,
   and add(add(TIGHT,TIGHT),TIGHT) too.

   Every routine is constant time: no branch or memory index depends on the
   limbs.  Outputs may alias inputs everywhere. */
#ifndef FIELD_FE51_H
#define FIELD_FE51_H

#include <stdint.h>
#include "ct/crypto_ct.h"
#include "field/inv25519_safegcd.h"

#ifndef __SIZEOF_INT128__
#error "field/fe51.h needs unsigned __int128; use field/fe26.h"
#endif

typedef struct { uint64_t v[5]; } fe51;

typedef unsigned __int128 fe51_u128;

#define FE51_MASK51 (((uint64_t)1 << 51) - 1)

/* h = 0; TIGHT */
static inline void fe51_0(fe51 *h)
{
  h->v[0] = 0; h->v[1] = 0; h->v[2] = 0; h->v[3] = 0; h->v[4] = 0;
}

/* h = 1; TIGHT */
static inline void fe51_1(fe51 *h)
{
  h->v[0] = 1; h->v[1] = 0; h->v[2] = 0; h->v[3] = 0; h->v[4] = 0;
}

/* h = f; bounds unchanged */
static inline void fe51_copy(fe51 *h, const fe51 *f)
{
  h->v[0] = f->v[0]; h->v[1] = f->v[1]; h->v[2] = f->v[2];
  h->v[3] = f->v[3]; h->v[4] = f->v[4];
}

/* One carry pass: input limbs < 2^63 (anything a 64-bit limb can hold
   without the 19*carry overflowing); output limbs v[1..4] < 2^51 and
   v[0] < 2^51 + 19*2^12 < 2^52, so TIGHT.  Same value mod p. */
static inline void fe51_carry(fe51 *h)
{
  uint64_t c;
  c = h->v[0] >> 51; h->v[0] &= FE51_MASK51; h->v[1] += c;
  c = h->v[1] >> 51; h->v[1] &= FE51_MASK51; h->v[2] += c;
  c = h->v[2] >> 51; h->v[2] &= FE51_MASK51; h->v[3] += c;
  c = h->v[3] >> 51; h->v[3] &= FE51_MASK51; h->v[4] += c;
  c = h->v[4] >> 51; h->v[4] &= FE51_MASK51; h->v[0] += 19 * c;
}

/* h = f + g without carrying: h limb = f limb + g limb.
   Caller keeps every sum < 2^55 (MULIN); e.g. TIGHT + TIGHT < 2^53. */
static inline void fe51_add(fe51 *h, const fe51 *f, const fe51 *g)
{
  h->v[0] = f->v[0] + g->v[0];
  h->v[1] = f->v[1] + g->v[1];
  h->v[2] = f->v[2] + g->v[2];
  h->v[3] = f->v[3] + g->v[3];
  h->v[4] = f->v[4] + g->v[4];
}

/* h = f - g, computed as f + 32p - g and carried.
   Inputs MULIN (< 2^55).  The limbs of 32p are 2^56 - 608 and 2^56 - 32,
   both above 2^55, so no limb underflows; the sum is < 2^57, and the carry
   pass leaves h TIGHT. */
static inline void fe51_sub(fe51 *h, const fe51 *f, const fe51 *g)
{
  h->v[0] = (f->v[0] + ((uint64_t)1 << 56) - 608) - g->v[0];
  h->v[1] = (f->v[1] + ((uint64_t)1 << 56) - 32) - g->v[1];
  h->v[2] = (f->v[2] + ((uint64_t)1 << 56) - 32) - g->v[2];
  h->v[3] = (f->v[3] + ((uint64_t)1 << 56) - 32) - g->v[3];
  h->v[4] = (f->v[4] + ((uint64_t)1 << 56) - 32) - g->v[4];
  fe51_carry(h);
}

/* h = -f; input MULIN, output TIGHT */
static inline void fe51_neg(fe51 *h, const fe51 *f)
{
  fe51 z;
  fe51_0(&z);
  fe51_sub(h, &z, f);
}

/* Reduce five 128-bit column sums, each < 2^120, into h.
   After the first pass each carry is < 2^69, so 19 times the top carry is
   kept in 128 bits; the final limbs are v[1] < 2^51 + 2^25 and the others
   < 2^51: TIGHT. */
static inline void fe51_reduce128(fe51 *h, fe51_u128 t0, fe51_u128 t1,
                                     fe51_u128 t2, fe51_u128 t3, fe51_u128 t4)
{
  uint64_t r0, r1, r2, r3, r4;
  fe51_u128 w;

  t1 += t0 >> 51; r0 = (uint64_t)t0 & FE51_MASK51;
  t2 += t1 >> 51; r1 = (uint64_t)t1 & FE51_MASK51;
  t3 += t2 >> 51; r2 = (uint64_t)t2 & FE51_MASK51;
  t4 += t3 >> 51; r3 = (uint64_t)t3 & FE51_MASK51;
  r4 = (uint64_t)t4 & FE51_MASK51;
  w = (fe51_u128)r0 + (t4 >> 51) * 19;   /* < 2^51 + 2^74 */
  r0 = (uint64_t)w & FE51_MASK51;
  r1 += (uint64_t)(w >> 51);                /* < 2^51 + 2^24 */

  h->v[0] = r0; h->v[1] = r1; h->v[2] = r2; h->v[3] = r3; h->v[4] = r4;
}

/* h = f * g; inputs MULIN (< 2^55), output TIGHT.
   Column sums: products < 2^110, with the factor 19 < 2^114.3, five of
   them < 2^116.7 < 2^120. */
static inline void fe51_mul(fe51 *h, const fe51 *f, const fe51 *g)
{
  uint64_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
  uint64_t g0 = g->v[0], g1 = g->v[1], g2 = g->v[2], g3 = g->v[3], g4 = g->v[4];
  uint64_t g1_19 = 19 * g1, g2_19 = 19 * g2, g3_19 = 19 * g3, g4_19 = 19 * g4; /* < 2^60 */
  fe51_u128 t0, t1, t2, t3, t4;

  t0 = (fe51_u128)f0 * g0 + (fe51_u128)f1 * g4_19 + (fe51_u128)f2 * g3_19
     + (fe51_u128)f3 * g2_19 + (fe51_u128)f4 * g1_19;
  t1 = (fe51_u128)f0 * g1 + (fe51_u128)f1 * g0 + (fe51_u128)f2 * g4_19
     + (fe51_u128)f3 * g3_19 + (fe51_u128)f4 * g2_19;
  t2 = (fe51_u128)f0 * g2 + (fe51_u128)f1 * g1 + (fe51_u128)f2 * g0
     + (fe51_u128)f3 * g4_19 + (fe51_u128)f4 * g3_19;
  t3 = (fe51_u128)f0 * g3 + (fe51_u128)f1 * g2 + (fe51_u128)f2 * g1
     + (fe51_u128)f3 * g0 + (fe51_u128)f4 * g4_19;
  t4 = (fe51_u128)f0 * g4 + (fe51_u128)f1 * g3 + (fe51_u128)f2 * g2
     + (fe51_u128)f3 * g1 + (fe51_u128)f4 * g0;

  fe51_reduce128(h, t0, t1, t2, t3, t4);
}

/* column sums of f^2 (f MULIN): each < 2^116.7 */
static inline void fe51_sqcols(const fe51 *f, fe51_u128 t[5])
{
  uint64_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
  uint64_t f0_2 = 2 * f0, f1_2 = 2 * f1, f2_2 = 2 * f2;
  uint64_t f3_19 = 19 * f3, f4_19 = 19 * f4; /* < 2^60 */

  t[0] = (fe51_u128)f0 * f0 + (fe51_u128)f1_2 * f4_19 + (fe51_u128)f2_2 * f3_19;
  t[1] = (fe51_u128)f0_2 * f1 + (fe51_u128)f2_2 * f4_19 + (fe51_u128)f3 * f3_19;
  t[2] = (fe51_u128)f0_2 * f2 + (fe51_u128)f1 * f1 + (fe51_u128)(2 * f3) * f4_19;
  t[3] = (fe51_u128)f0_2 * f3 + (fe51_u128)f1_2 * f2 + (fe51_u128)f4 * f4_19;
  t[4] = (fe51_u128)f0_2 * f4 + (fe51_u128)f1_2 * f3 + (fe51_u128)f2 * f2;
}

/* h = f^2; input MULIN, output TIGHT */
static inline void fe51_sq(fe51 *h, const fe51 *f)
{
  fe51_u128 t[5];
  fe51_sqcols(f, t);
  fe51_reduce128(h, t[0], t[1], t[2], t[3], t[4]);
}

/* h = 2 f^2; input MULIN, output TIGHT (doubled sums < 2^117.7) */
static inline void fe51_sq2(fe51 *h, const fe51 *f)
{
  fe51_u128 t[5];
  fe51_sqcols(f, t);
  fe51_reduce128(h, t[0] << 1, t[1] << 1, t[2] << 1, t[3] << 1, t[4] << 1);
}

/* h = f^(2^n) for public n >= 1; input MULIN, output TIGHT */
static inline void fe51_sqn(fe51 *h, const fe51 *f, int n)
{
  fe51_sq(h, f);
  while (--n > 0) fe51_sq(h, h);
}

/* h = c f for a public or secret c < 2^20; input MULIN, output TIGHT
   (products < 2^75) */
static inline void fe51_mul_small(fe51 *h, const fe51 *f, uint64_t c)
{
  fe51_reduce128(h, (fe51_u128)f->v[0] * c, (fe51_u128)f->v[1] * c,
                    (fe51_u128)f->v[2] * c, (fe51_u128)f->v[3] * c,
                    (fe51_u128)f->v[4] * c);
}

/* h = 121666 f = ((A+2)/4) f for the Montgomery ladder; MULIN -> TIGHT */
static inline void fe51_mul121666(fe51 *h, const fe51 *f)
{
  fe51_mul_small(h, f, 121666);
}

/* h = the integer w[0] + w[1] 2^64 + ... (four 64-bit words) with bit 255
   ignored (so possibly in [p, 2^255), kept as is); limbs < 2^51, TIGHT */
static inline void fe51_from64(fe51 *h, const uint64_t w[4])
{
  h->v[0] = w[0] & FE51_MASK51;
  h->v[1] = ((w[0] >> 51) | (w[1] << 13)) & FE51_MASK51;
  h->v[2] = ((w[1] >> 38) | (w[2] << 26)) & FE51_MASK51;
  h->v[3] = ((w[2] >> 25) | (w[3] << 39)) & FE51_MASK51;
  h->v[4] = (w[3] >> 12) & FE51_MASK51;
}

/* the same from s[0..31] little-endian */
static inline void fe51_frombytes(fe51 *h, const unsigned char s[32])
{
  uint64_t w[4];
  int i, j;
  for (i = 0; i < 4; ++i) {
    w[i] = 0;
    for (j = 7; j >= 0; --j) w[i] = (w[i] << 8) | s[8 * i + j];
  }
  fe51_from64(h, w);
}

/* w = the unique integer in [0, p) congruent to f, four 64-bit words
   little-endian (bit 255 is always 0).  Input MULIN (any limbs < 2^63
   work). */
static inline void fe51_to64(uint64_t w[4], const fe51 *f)
{
  fe51 t;
  uint64_t q;

  fe51_copy(&t, f);
  fe51_carry(&t);   /* v[1..4] < 2^51, v[0] < 2^52 */
  fe51_carry(&t);   /* now v[1..4] < 2^51 and v[0] < 2^51 + 19: t < 2p */

  /* q = 1 iff t >= p, i.e. iff t + 19 >= 2^255 */
  q = (t.v[0] + 19) >> 51;
  q = (t.v[1] + q) >> 51;
  q = (t.v[2] + q) >> 51;
  q = (t.v[3] + q) >> 51;
  q = (t.v[4] + q) >> 51;

  /* t - q p = t + 19 q - q 2^255: add 19q, carry, drop bit 255 */
  t.v[0] += 19 * q;
  t.v[1] += t.v[0] >> 51; t.v[0] &= FE51_MASK51;
  t.v[2] += t.v[1] >> 51; t.v[1] &= FE51_MASK51;
  t.v[3] += t.v[2] >> 51; t.v[2] &= FE51_MASK51;
  t.v[4] += t.v[3] >> 51; t.v[3] &= FE51_MASK51;
  t.v[4] &= FE51_MASK51;

  w[0] = t.v[0] | (t.v[1] << 51);
  w[1] = (t.v[1] >> 13) | (t.v[2] << 38);
  w[2] = (t.v[2] >> 26) | (t.v[3] << 25);
  w[3] = (t.v[3] >> 39) | (t.v[4] << 12);
  CRYPTO_CT_WIPE(t);   /* the result's limbs (a shared secret, say) */
}

/* the same as 32 bytes little-endian */
static inline void fe51_tobytes(unsigned char s[32], const fe51 *f)
{
  uint64_t w[4];
  int i, j;
  fe51_to64(w, f);
  for (i = 0; i < 4; ++i)
    for (j = 0; j < 8; ++j) s[8 * i + j] = (unsigned char)(w[i] >> (8 * j));
  CRYPTO_CT_WIPE(w);
}

/* f = g if bit == 1, unchanged if bit == 0 (bit must be 0 or 1) */
static inline void fe51_cmov(fe51 *f, const fe51 *g, uint64_t bit)
{
  uint64_t m = crypto_ct_bit_mask_u64(bit);
  int i;
  for (i = 0; i < 5; ++i) f->v[i] ^= m & (f->v[i] ^ g->v[i]);
}

/* swap f and g if bit == 1 (bit must be 0 or 1) */
static inline void fe51_cswap(fe51 *f, fe51 *g, uint64_t bit)
{
  uint64_t m = crypto_ct_bit_mask_u64(bit), x;
  int i;
  for (i = 0; i < 5; ++i) {
    x = m & (f->v[i] ^ g->v[i]);
    f->v[i] ^= x;
    g->v[i] ^= x;
  }
}

/* 1 if f = 0 mod p, else 0; input MULIN */
static inline int fe51_iszero(const fe51 *f)
{
  unsigned char s[32];
  uint64_t acc = 0;
  int i;
  fe51_tobytes(s, f);
  for (i = 0; i < 32; ++i) acc |= s[i];
  return (int)(crypto_ct_zero_mask_u64(acc) & 1);
}

/* low bit of the canonical encoding of f; input MULIN */
static inline int fe51_isnegative(const fe51 *f)
{
  unsigned char s[32];
  fe51_tobytes(s, f);
  return s[0] & 1;
}

/* h = 1/z (0 -> 0), TIGHT; input MULIN.  The constant-time safegcd of
   inv25519_safegcd.h on the canonical value (radix 2^64), a third of the
   time of the 254-squaring chain in this radix. */
static inline void fe51_invert(fe51 *h, const fe51 *z)
{
  uint64_t w[4];
  fe51_to64(w, z);
  inv25519_safegcd(w, w);
  fe51_from64(h, w);
  CRYPTO_CT_WIPE(w);
}

/* the same for public z: the field interface asks every family for one;
   here it is the constant-time inversion (the variable-time safegcd is
   used only where a measurement showed it pays, in the radix-2^64 code) */
static inline void fe51_invert_vartime(fe51 *h, const fe51 *z)
{
  fe51_invert(h, z);
}

/* the chains of the field interface for this family */
#define FE_FAMILY fe51
#include "field/fe_chains.h"
#undef FE_FAMILY

#endif
