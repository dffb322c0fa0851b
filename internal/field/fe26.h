/* SPDX-License-Identifier: MIT */
/* Arithmetic in GF(p), p = 2^255 - 19, radix 2^25.5, for compilers without
   a 128-bit integer type: plain C99 with 32-bit limbs and 64-bit products.
   The field interface of field/fe_interface.h with prefix fe26.

   An element is f = sum v[i] 2^ceil(25.5 i): limb offsets 0, 26, 51, 77,
   102, 128, 153, 179, 204, 230; even limbs nominally hold 26 bits and odd
   limbs 25 bits.  The representation is redundant until fe26_tobytes.

   Limb bounds used in the comments below:
     TIGHT  : even limbs < 2^26, odd limbs < 2^25, except v[1] < 2^25 + 2^19.
              Produced by 0, 1, frombytes, mul, sq, sq2, mul121666, mul_small,
              sub, neg, invert, pow22523; kept by copy, cmov, cswap.
     MULIN  : even limbs < 13*2^24 (= 3.25*2^26), odd limbs < 13*2^23.
              Accepted by mul, sq, sq2, mul121666, mul_small, sub, neg and
              tobytes.
   add does not carry; the caller keeps its sums MULIN.  Any sum of up to
   three TIGHT elements is MULIN (add(TIGHT,TIGHT), add(add(TIGHT,TIGHT),
   TIGHT)); code written for both headers should stay within that.

   Why MULIN suffices: the factors 19*g (g even limb) and 38*f (f odd limb)
   are < 2^31.95, so every product is a 32x32->64-bit multiplication; the
   largest column sum of a product is < 2^62.4 and of a doubled square
   < 2^63.4, so no 64-bit sum overflows.

   Every routine is constant time; outputs may alias inputs everywhere. */
#ifndef FIELD_FE26_H
#define FIELD_FE26_H

#include <stdint.h>
#include "ct/crypto_ct.h"

typedef struct { uint32_t v[10]; } fe26;

#define FE26_MASK26 (((uint32_t)1 << 26) - 1)
#define FE26_MASK25 (((uint32_t)1 << 25) - 1)

/* h = 0; TIGHT */
static inline void fe26_0(fe26 *h)
{
  int i;
  for (i = 0; i < 10; ++i) h->v[i] = 0;
}

/* h = 1; TIGHT */
static inline void fe26_1(fe26 *h)
{
  fe26_0(h);
  h->v[0] = 1;
}

/* h = f; bounds unchanged */
static inline void fe26_copy(fe26 *h, const fe26 *f)
{
  int i;
  for (i = 0; i < 10; ++i) h->v[i] = f->v[i];
}

/* One carry pass with wrap-around, then v[0] -> v[1] once more.
   Input limbs < 2^31; output TIGHT (v[1] < 2^25 + 2), same value mod p. */
static inline void fe26_carry(fe26 *h)
{
  uint32_t *v = h->v;
  v[1] += v[0] >> 26; v[0] &= FE26_MASK26;
  v[2] += v[1] >> 25; v[1] &= FE26_MASK25;
  v[3] += v[2] >> 26; v[2] &= FE26_MASK26;
  v[4] += v[3] >> 25; v[3] &= FE26_MASK25;
  v[5] += v[4] >> 26; v[4] &= FE26_MASK26;
  v[6] += v[5] >> 25; v[5] &= FE26_MASK25;
  v[7] += v[6] >> 26; v[6] &= FE26_MASK26;
  v[8] += v[7] >> 25; v[7] &= FE26_MASK25;
  v[9] += v[8] >> 26; v[8] &= FE26_MASK26;
  v[0] += 19 * (v[9] >> 25); v[9] &= FE26_MASK25;   /* v[0] < 2^26 + 2^11 */
  v[1] += v[0] >> 26; v[0] &= FE26_MASK26;
}

/* h = f + g without carrying; the caller keeps the sums MULIN */
static inline void fe26_add(fe26 *h, const fe26 *f, const fe26 *g)
{
  h->v[0] = f->v[0] + g->v[0]; h->v[1] = f->v[1] + g->v[1];
  h->v[2] = f->v[2] + g->v[2]; h->v[3] = f->v[3] + g->v[3];
  h->v[4] = f->v[4] + g->v[4]; h->v[5] = f->v[5] + g->v[5];
  h->v[6] = f->v[6] + g->v[6]; h->v[7] = f->v[7] + g->v[7];
  h->v[8] = f->v[8] + g->v[8]; h->v[9] = f->v[9] + g->v[9];
}

/* h = f - g computed as f + 8p - g, then carried.
   Inputs MULIN.  The limbs of 8p are 2^29 - 152, 2^28 - 8, 2^29 - 8,
   2^28 - 8, ..., each above the MULIN bound of its position, so nothing
   underflows; sums < 2^30; output TIGHT. */
static inline void fe26_sub(fe26 *h, const fe26 *f, const fe26 *g)
{
  const uint32_t e0 = ((uint32_t)1 << 29) - 152, e = ((uint32_t)1 << 29) - 8;
  const uint32_t o = ((uint32_t)1 << 28) - 8;
  h->v[0] = (f->v[0] + e0) - g->v[0];
  h->v[1] = (f->v[1] + o) - g->v[1];
  h->v[2] = (f->v[2] + e) - g->v[2];
  h->v[3] = (f->v[3] + o) - g->v[3];
  h->v[4] = (f->v[4] + e) - g->v[4];
  h->v[5] = (f->v[5] + o) - g->v[5];
  h->v[6] = (f->v[6] + e) - g->v[6];
  h->v[7] = (f->v[7] + o) - g->v[7];
  h->v[8] = (f->v[8] + e) - g->v[8];
  h->v[9] = (f->v[9] + o) - g->v[9];
  fe26_carry(h);
}

/* h = -f = 8p - f, carried (fe26_sub with f = 0, without a zeroed
   temporary); input MULIN, output TIGHT */
static inline void fe26_neg(fe26 *h, const fe26 *f)
{
  const uint32_t e0 = ((uint32_t)1 << 29) - 152, e = ((uint32_t)1 << 29) - 8;
  const uint32_t o = ((uint32_t)1 << 28) - 8;
  h->v[0] = e0 - f->v[0]; h->v[1] = o - f->v[1];
  h->v[2] = e - f->v[2]; h->v[3] = o - f->v[3];
  h->v[4] = e - f->v[4]; h->v[5] = o - f->v[5];
  h->v[6] = e - f->v[6]; h->v[7] = o - f->v[7];
  h->v[8] = e - f->v[8]; h->v[9] = o - f->v[9];
  fe26_carry(h);
}

/* Reduce ten 64-bit column sums, each < 2^63.5, into h (TIGHT).
   Carries out of the first pass are < 2^39; the wrapped 19*carry keeps
   the new v[0] sum < 2^45, whose carry into v[1] is < 2^19. */
static inline void fe26_reduce64(fe26 *h, uint64_t t[10])
{
  uint64_t w;
  t[1] += t[0] >> 26; h->v[0] = (uint32_t)t[0] & FE26_MASK26;
  t[2] += t[1] >> 25; h->v[1] = (uint32_t)t[1] & FE26_MASK25;
  t[3] += t[2] >> 26; h->v[2] = (uint32_t)t[2] & FE26_MASK26;
  t[4] += t[3] >> 25; h->v[3] = (uint32_t)t[3] & FE26_MASK25;
  t[5] += t[4] >> 26; h->v[4] = (uint32_t)t[4] & FE26_MASK26;
  t[6] += t[5] >> 25; h->v[5] = (uint32_t)t[5] & FE26_MASK25;
  t[7] += t[6] >> 26; h->v[6] = (uint32_t)t[6] & FE26_MASK26;
  t[8] += t[7] >> 25; h->v[7] = (uint32_t)t[7] & FE26_MASK25;
  t[9] += t[8] >> 26; h->v[8] = (uint32_t)t[8] & FE26_MASK26;
  h->v[9] = (uint32_t)t[9] & FE26_MASK25;
  w = (uint64_t)h->v[0] + 19 * (t[9] >> 25);
  h->v[0] = (uint32_t)w & FE26_MASK26;
  h->v[1] += (uint32_t)(w >> 26);
}

#define FE26_M(a, b) ((uint64_t)(a) * (uint64_t)(b))

/* h = f * g; inputs MULIN, output TIGHT */
static inline void fe26_mul(fe26 *h, const fe26 *f, const fe26 *g)
{
  uint32_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
  uint32_t f5 = f->v[5], f6 = f->v[6], f7 = f->v[7], f8 = f->v[8], f9 = f->v[9];
  uint32_t g0 = g->v[0], g1 = g->v[1], g2 = g->v[2], g3 = g->v[3], g4 = g->v[4];
  uint32_t g5 = g->v[5], g6 = g->v[6], g7 = g->v[7], g8 = g->v[8], g9 = g->v[9];
  /* odd-limb products land at an odd offset sum: one extra factor 2 */
  uint32_t f1_2 = 2 * f1, f3_2 = 2 * f3, f5_2 = 2 * f5, f7_2 = 2 * f7, f9_2 = 2 * f9;
  /* wrapped products: 2^255 = 19 mod p */
  uint32_t g1_19 = 19 * g1, g2_19 = 19 * g2, g3_19 = 19 * g3, g4_19 = 19 * g4;
  uint32_t g5_19 = 19 * g5, g6_19 = 19 * g6, g7_19 = 19 * g7, g8_19 = 19 * g8;
  uint32_t g9_19 = 19 * g9;
  uint64_t t[10];
  t[0] = FE26_M(f0, g0) + FE26_M(f1_2, g9_19) + FE26_M(f2, g8_19)
       + FE26_M(f3_2, g7_19) + FE26_M(f4, g6_19) + FE26_M(f5_2, g5_19)
       + FE26_M(f6, g4_19) + FE26_M(f7_2, g3_19) + FE26_M(f8, g2_19)
       + FE26_M(f9_2, g1_19);
  t[1] = FE26_M(f0, g1) + FE26_M(f1, g0) + FE26_M(f2, g9_19)
       + FE26_M(f3, g8_19) + FE26_M(f4, g7_19) + FE26_M(f5, g6_19)
       + FE26_M(f6, g5_19) + FE26_M(f7, g4_19) + FE26_M(f8, g3_19)
       + FE26_M(f9, g2_19);
  t[2] = FE26_M(f0, g2) + FE26_M(f1_2, g1) + FE26_M(f2, g0)
       + FE26_M(f3_2, g9_19) + FE26_M(f4, g8_19) + FE26_M(f5_2, g7_19)
       + FE26_M(f6, g6_19) + FE26_M(f7_2, g5_19) + FE26_M(f8, g4_19)
       + FE26_M(f9_2, g3_19);
  t[3] = FE26_M(f0, g3) + FE26_M(f1, g2) + FE26_M(f2, g1)
       + FE26_M(f3, g0) + FE26_M(f4, g9_19) + FE26_M(f5, g8_19)
       + FE26_M(f6, g7_19) + FE26_M(f7, g6_19) + FE26_M(f8, g5_19)
       + FE26_M(f9, g4_19);
  t[4] = FE26_M(f0, g4) + FE26_M(f1_2, g3) + FE26_M(f2, g2)
       + FE26_M(f3_2, g1) + FE26_M(f4, g0) + FE26_M(f5_2, g9_19)
       + FE26_M(f6, g8_19) + FE26_M(f7_2, g7_19) + FE26_M(f8, g6_19)
       + FE26_M(f9_2, g5_19);
  t[5] = FE26_M(f0, g5) + FE26_M(f1, g4) + FE26_M(f2, g3)
       + FE26_M(f3, g2) + FE26_M(f4, g1) + FE26_M(f5, g0)
       + FE26_M(f6, g9_19) + FE26_M(f7, g8_19) + FE26_M(f8, g7_19)
       + FE26_M(f9, g6_19);
  t[6] = FE26_M(f0, g6) + FE26_M(f1_2, g5) + FE26_M(f2, g4)
       + FE26_M(f3_2, g3) + FE26_M(f4, g2) + FE26_M(f5_2, g1)
       + FE26_M(f6, g0) + FE26_M(f7_2, g9_19) + FE26_M(f8, g8_19)
       + FE26_M(f9_2, g7_19);
  t[7] = FE26_M(f0, g7) + FE26_M(f1, g6) + FE26_M(f2, g5)
       + FE26_M(f3, g4) + FE26_M(f4, g3) + FE26_M(f5, g2)
       + FE26_M(f6, g1) + FE26_M(f7, g0) + FE26_M(f8, g9_19)
       + FE26_M(f9, g8_19);
  t[8] = FE26_M(f0, g8) + FE26_M(f1_2, g7) + FE26_M(f2, g6)
       + FE26_M(f3_2, g5) + FE26_M(f4, g4) + FE26_M(f5_2, g3)
       + FE26_M(f6, g2) + FE26_M(f7_2, g1) + FE26_M(f8, g0)
       + FE26_M(f9_2, g9_19);
  t[9] = FE26_M(f0, g9) + FE26_M(f1, g8) + FE26_M(f2, g7)
       + FE26_M(f3, g6) + FE26_M(f4, g5) + FE26_M(f5, g4)
       + FE26_M(f6, g3) + FE26_M(f7, g2) + FE26_M(f8, g1)
       + FE26_M(f9, g0);
  fe26_reduce64(h, t);
}

/* column sums of f^2 (f MULIN), each < 2^62.4 */
static inline void fe26_sqcols(const fe26 *f, uint64_t t[10])
{
  uint32_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
  uint32_t f5 = f->v[5], f6 = f->v[6], f7 = f->v[7], f8 = f->v[8], f9 = f->v[9];
  uint32_t f1_2 = 2 * f1, f2_2 = 2 * f2, f3_2 = 2 * f3, f4_2 = 2 * f4, f5_2 = 2 * f5;
  uint32_t f6_2 = 2 * f6, f7_2 = 2 * f7, f8_2 = 2 * f8, f9_2 = 2 * f9;
  uint32_t f6_19 = 19 * f6, f8_19 = 19 * f8;
  uint32_t f5_38 = 38 * f5, f7_38 = 38 * f7, f9_38 = 38 * f9;
  t[0] = FE26_M(f0, f0) + FE26_M(f1_2, f9_38) + FE26_M(f2_2, f8_19)
       + FE26_M(f3_2, f7_38) + FE26_M(f4_2, f6_19) + FE26_M(f5, f5_38);
  t[1] = FE26_M(f0, f1_2) + FE26_M(f2, f9_38) + FE26_M(f3_2, f8_19)
       + FE26_M(f4, f7_38) + FE26_M(f5_2, f6_19);
  t[2] = FE26_M(f0, f2_2) + FE26_M(f1, f1_2) + FE26_M(f3_2, f9_38)
       + FE26_M(f4_2, f8_19) + FE26_M(f5_2, f7_38) + FE26_M(f6, f6_19);
  t[3] = FE26_M(f0, f3_2) + FE26_M(f1, f2_2) + FE26_M(f4, f9_38)
       + FE26_M(f5_2, f8_19) + FE26_M(f6, f7_38);
  t[4] = FE26_M(f0, f4_2) + FE26_M(f1_2, f3_2) + FE26_M(f2, f2)
       + FE26_M(f5_2, f9_38) + FE26_M(f6_2, f8_19) + FE26_M(f7, f7_38);
  t[5] = FE26_M(f0, f5_2) + FE26_M(f1, f4_2) + FE26_M(f2, f3_2)
       + FE26_M(f6, f9_38) + FE26_M(f7_2, f8_19);
  t[6] = FE26_M(f0, f6_2) + FE26_M(f1_2, f5_2) + FE26_M(f2, f4_2)
       + FE26_M(f3, f3_2) + FE26_M(f7_2, f9_38) + FE26_M(f8, f8_19);
  t[7] = FE26_M(f0, f7_2) + FE26_M(f1, f6_2) + FE26_M(f2, f5_2)
       + FE26_M(f3, f4_2) + FE26_M(f8, f9_38);
  t[8] = FE26_M(f0, f8_2) + FE26_M(f1_2, f7_2) + FE26_M(f2, f6_2)
       + FE26_M(f3_2, f5_2) + FE26_M(f4, f4) + FE26_M(f9, f9_38);
  t[9] = FE26_M(f0, f9_2) + FE26_M(f1, f8_2) + FE26_M(f2, f7_2)
       + FE26_M(f3, f6_2) + FE26_M(f4, f5_2);
}

/* h = f^2; input MULIN, output TIGHT */
static inline void fe26_sq(fe26 *h, const fe26 *f)
{
  uint64_t t[10];
  fe26_sqcols(f, t);
  fe26_reduce64(h, t);
}

/* h = 2 f^2; input MULIN, output TIGHT (doubled sums < 2^63.4) */
static inline void fe26_sq2(fe26 *h, const fe26 *f)
{
  uint64_t t[10];
  fe26_sqcols(f, t);
  t[0] <<= 1; t[1] <<= 1; t[2] <<= 1; t[3] <<= 1; t[4] <<= 1;
  t[5] <<= 1; t[6] <<= 1; t[7] <<= 1; t[8] <<= 1; t[9] <<= 1;
  fe26_reduce64(h, t);
}

/* h = f^(2^n) for public n >= 1; input MULIN, output TIGHT */
static inline void fe26_sqn(fe26 *h, const fe26 *f, int n)
{
  fe26_sq(h, f);
  while (--n > 0) fe26_sq(h, h);
}

/* h = c f for c < 2^20; input MULIN, output TIGHT (products < 2^48) */
static inline void fe26_mul_small(fe26 *h, const fe26 *f, uint64_t c)
{
  uint64_t t[10];
  t[0] = (uint64_t)f->v[0] * c; t[1] = (uint64_t)f->v[1] * c;
  t[2] = (uint64_t)f->v[2] * c; t[3] = (uint64_t)f->v[3] * c;
  t[4] = (uint64_t)f->v[4] * c; t[5] = (uint64_t)f->v[5] * c;
  t[6] = (uint64_t)f->v[6] * c; t[7] = (uint64_t)f->v[7] * c;
  t[8] = (uint64_t)f->v[8] * c; t[9] = (uint64_t)f->v[9] * c;
  fe26_reduce64(h, t);
}

/* h = 121666 f = ((A+2)/4) f for the Montgomery ladder; MULIN -> TIGHT */
static inline void fe26_mul121666(fe26 *h, const fe26 *f)
{
  fe26_mul_small(h, f, 121666);
}

/* bit offset of limb i */
#define FE26_OFF(i) ((51 * (i) + 1) / 2)

/* h = the integer s[0..31] little-endian with bit 255 ignored (possibly
   in [p, 2^255), kept as is); limbs at nominal size, TIGHT */
static inline void fe26_frombytes(fe26 *h, const unsigned char s[32])
{
  int i, o;
  uint32_t w;
  for (i = 0; i < 10; ++i) {
    o = FE26_OFF(i);
    /* (o mod 8) + width <= 32 for every limb, and o/8 + 3 <= 31 */
    w = (uint32_t)s[o / 8] | ((uint32_t)s[o / 8 + 1] << 8)
      | ((uint32_t)s[o / 8 + 2] << 16) | ((uint32_t)s[o / 8 + 3] << 24);
    w >>= o % 8;
    h->v[i] = w & ((i & 1) ? FE26_MASK25 : FE26_MASK26);
  }
}

/* s = the unique integer in [0, p) congruent to f, 32 bytes little-endian.
   Input MULIN (any limbs < 2^31 work). */
static inline void fe26_tobytes(unsigned char s[32], const fe26 *f)
{
  fe26 t;
  uint32_t q;
  uint64_t acc;
  int i, bits, n;

  fe26_copy(&t, f);
  fe26_carry(&t);
  fe26_carry(&t);   /* limbs at nominal size, v[1] <= 2^25: t < 2p */

  /* q = 1 iff t >= p, i.e. iff t + 19 >= 2^255 */
  q = (t.v[0] + 19) >> 26;
  for (i = 1; i < 10; ++i) q = (t.v[i] + q) >> ((i & 1) ? 25 : 26);

  /* t - q p = t + 19 q - q 2^255 */
  t.v[0] += 19 * q;
  for (i = 0; i < 9; ++i) {
    if (i & 1) { t.v[i + 1] += t.v[i] >> 25; t.v[i] &= FE26_MASK25; }
    else { t.v[i + 1] += t.v[i] >> 26; t.v[i] &= FE26_MASK26; }
  }
  t.v[9] &= FE26_MASK25;

  acc = 0; bits = 0; n = 0;
  for (i = 0; i < 10; ++i) {
    acc |= (uint64_t)t.v[i] << bits;
    bits += (i & 1) ? 25 : 26;
    while (bits >= 8) { s[n++] = (unsigned char)acc; acc >>= 8; bits -= 8; }
  }
  /* 255 bits: 7 bits are left */
  s[n] = (unsigned char)acc;
  CRYPTO_CT_WIPE(t);   /* the result's limbs (a shared secret, say) */
}

/* f = g if bit == 1, unchanged if bit == 0 (bit must be 0 or 1) */
static inline void fe26_cmov(fe26 *f, const fe26 *g, uint64_t bit)
{
  uint32_t m = (uint32_t)crypto_ct_bit_mask_u64(bit);
  int i;
  for (i = 0; i < 10; ++i) f->v[i] ^= m & (f->v[i] ^ g->v[i]);
}

/* swap f and g if bit == 1 (bit must be 0 or 1) */
static inline void fe26_cswap(fe26 *f, fe26 *g, uint64_t bit)
{
  uint32_t m = (uint32_t)crypto_ct_bit_mask_u64(bit), x;
  int i;
  for (i = 0; i < 10; ++i) {
    x = m & (f->v[i] ^ g->v[i]);
    f->v[i] ^= x;
    g->v[i] ^= x;
  }
}

/* 1 if f = 0 mod p, else 0; input MULIN */
static inline int fe26_iszero(const fe26 *f)
{
  unsigned char s[32];
  uint64_t acc = 0;
  int i;
  fe26_tobytes(s, f);
  for (i = 0; i < 32; ++i) acc |= s[i];
  return (int)(crypto_ct_zero_mask_u64(acc) & 1);
}

/* low bit of the canonical encoding of f; input MULIN */
static inline int fe26_isnegative(const fe26 *f)
{
  unsigned char s[32];
  fe26_tobytes(s, f);
  return s[0] & 1;
}

/* the chains of the field interface for this family */
#define FE_FAMILY fe26
#include "field/fe_chains.h"
#undef FE_FAMILY

/* h = 1/z (0 -> 0): the chain (no faster inversion in this radix) */
static inline void fe26_invert(fe26 *h, const fe26 *z)
{
  fe26_invert_chain(h, z);
}

/* the same for public z (the field interface asks every family for one) */
static inline void fe26_invert_vartime(fe26 *h, const fe26 *z)
{
  fe26_invert_chain(h, z);
}

#endif
