/* SPDX-License-Identifier: MIT */
/* The parts of the Ed25519 group code that do not depend on the field
   family: point types, conversions, selections, encoding. Included by
   ge25519.h (radix 2^51, portable) and ge25519_64.h (radix 2^64, amd64
   assembly) after they define fe25519 and the constants ge25519_d,
   ge25519_2d and ge25519_sqrtm1 in their own limb format; each of them
   then defines the functions declared below. See ge25519.h for the point
   forms and formulas. */
#ifndef GE25519_COMMON_H
#define GE25519_COMMON_H

typedef struct { fe25519 X, Y, Z, T; } ge25519_p3;
typedef struct { fe25519 X, Y, Z; } ge25519_p2;
typedef struct { fe25519 X, Y, Z, T; } ge25519_p1p1;
typedef struct { fe25519 ypx, ymx, xy2d; } ge25519_precomp;
typedef struct { fe25519 ypx, ymx, Z, T2d; } ge25519_cached;

/* defined by the including family header */
static inline void ge25519_p2_dbl(ge25519_p1p1 *r, const ge25519_p2 *p);
static inline void ge25519_madd(ge25519_p1p1 *r, const ge25519_p3 *p, const ge25519_precomp *q);
static inline void ge25519_msub(ge25519_p1p1 *r, const ge25519_p3 *p, const ge25519_precomp *q);
static inline void ge25519_add(ge25519_p1p1 *r, const ge25519_p3 *p, const ge25519_cached *q);
static inline void ge25519_sub(ge25519_p1p1 *r, const ge25519_p3 *p, const ge25519_cached *q);
static inline void ge25519_precomp_select(ge25519_precomp *t, const ge25519_precomp table[8], signed char b);
static inline int ge25519_y_is_canonical_vartime(const unsigned char s[32]);
static inline int ge25519_frombytes_vartime(ge25519_p3 *h, const unsigned char s[32]);

static inline void ge25519_p3_0(ge25519_p3 *h)
{
  fe25519_0(&h->X);
  fe25519_1(&h->Y);
  fe25519_1(&h->Z);
  fe25519_0(&h->T);
}

static inline void ge25519_precomp_0(ge25519_precomp *h)
{
  fe25519_1(&h->ypx);
  fe25519_1(&h->ymx);
  fe25519_0(&h->xy2d);
}

/* 3M */
static inline void ge25519_p1p1_to_p2(ge25519_p2 *r, const ge25519_p1p1 *p)
{
  fe25519_mul(&r->X, &p->X, &p->T);
  fe25519_mul(&r->Y, &p->Y, &p->Z);
  fe25519_mul(&r->Z, &p->Z, &p->T);
}

/* 4M */
static inline void ge25519_p1p1_to_p3(ge25519_p3 *r, const ge25519_p1p1 *p)
{
  fe25519_mul(&r->X, &p->X, &p->T);
  fe25519_mul(&r->Y, &p->Y, &p->Z);
  fe25519_mul(&r->Z, &p->Z, &p->T);
  fe25519_mul(&r->T, &p->X, &p->Y);
}

static inline void ge25519_p3_to_p2(ge25519_p2 *r, const ge25519_p3 *p)
{
  fe25519_copy(&r->X, &p->X);
  fe25519_copy(&r->Y, &p->Y);
  fe25519_copy(&r->Z, &p->Z);
}

/* 1M */
static inline void ge25519_p3_to_cached(ge25519_cached *r, const ge25519_p3 *p)
{
  fe25519_add(&r->ypx, &p->Y, &p->X);
  fe25519_sub(&r->ymx, &p->Y, &p->X);
  fe25519_copy(&r->Z, &p->Z);
  fe25519_mul(&r->T2d, &p->T, &ge25519_2d);
}

/* r = -p */
static inline void ge25519_p3_neg(ge25519_p3 *r, const ge25519_p3 *p)
{
  fe25519_neg(&r->X, &p->X);
  fe25519_copy(&r->Y, &p->Y);
  fe25519_copy(&r->Z, &p->Z);
  fe25519_neg(&r->T, &p->T);
}

static inline void ge25519_p3_dbl(ge25519_p1p1 *r, const ge25519_p3 *p)
{
  ge25519_p2 q;
  ge25519_p3_to_p2(&q, p);
  ge25519_p2_dbl(r, &q);
}

/* convenience wrappers returning p3 */
static inline void ge25519_p3_add(ge25519_p3 *r, const ge25519_p3 *p, const ge25519_p3 *q)
{
  ge25519_cached c;
  ge25519_p1p1 t;
  ge25519_p3_to_cached(&c, q);
  ge25519_add(&t, p, &c);
  ge25519_p1p1_to_p3(r, &t);
}

static inline void ge25519_p3_double(ge25519_p3 *r, const ge25519_p3 *p)
{
  ge25519_p1p1 t;
  ge25519_p3_dbl(&t, p);
  ge25519_p1p1_to_p3(r, &t);
}

static inline void ge25519_precomp_cmov(ge25519_precomp *t, const ge25519_precomp *u, uint64_t bit)
{
  fe25519_cmov(&t->ypx, &u->ypx, bit);
  fe25519_cmov(&t->ymx, &u->ymx, bit);
  fe25519_cmov(&t->xy2d, &u->xy2d, bit);
}

static inline void ge25519_p3_cmov(ge25519_p3 *t, const ge25519_p3 *u, uint64_t bit)
{
  fe25519_cmov(&t->X, &u->X, bit);
  fe25519_cmov(&t->Y, &u->Y, bit);
  fe25519_cmov(&t->Z, &u->Z, bit);
  fe25519_cmov(&t->T, &u->T, bit);
}

/* s = y with bit 255 = parity of x (RFC 8032 5.1.2) */
static inline void ge25519_p3_tobytes(unsigned char s[32], const ge25519_p3 *p)
{
  fe25519 zi, x, y;
  fe25519_invert(&zi, &p->Z);
  fe25519_mul(&x, &p->X, &zi);
  fe25519_mul(&y, &p->Y, &zi);
  fe25519_tobytes(s, &y);
  s[31] ^= (unsigned char)(fe25519_isnegative(&x) << 7);
}

/* The output of crypto_nG_merged25519: the Edwards encoding of p when
   montgomery = 0, its Montgomery u (0 for the neutral element) when
   montgomery = 1.  One inversion, of Z or of Z - Y chosen in constant time,
   so the mode may be secret too. */
static inline void ge25519_p3_tobytes_merged(unsigned char s[32], const ge25519_p3 *p, uint64_t montgomery)
{
  fe25519 den, zmy, x, y, u;
  unsigned char se[32], sm[32];
  uint64_t mask = crypto_ct_bit_mask_u64(montgomery);
  int i;

  fe25519_copy(&den, &p->Z);
  fe25519_sub(&zmy, &p->Z, &p->Y);
  fe25519_cmov(&den, &zmy, montgomery);
  fe25519_invert(&den, &den);

  fe25519_mul(&x, &p->X, &den);
  fe25519_mul(&y, &p->Y, &den);
  fe25519_tobytes(se, &y);
  se[31] ^= (unsigned char)(fe25519_isnegative(&x) << 7);

  fe25519_add(&u, &p->Z, &p->Y);
  fe25519_mul(&u, &u, &den);
  fe25519_tobytes(sm, &u);

  for (i = 0; i < 32; ++i)
    s[i] = (unsigned char)((se[i] & ~mask) | (sm[i] & mask));
}

#endif
