/* SPDX-License-Identifier: MIT */
/* The parts of the Ed25519 group code that do not depend on the field
   family: point types, conversions, the doubling and addition formulas,
   selections, encoding and decoding, all written over the fe25519_* API.
   Included by ge25519.h (radix 2^51, portable) and ge25519_64.h (radix
   2^64, amd64 assembly) after they define fe25519 and the constants
   ge25519_d, ge25519_2d and ge25519_sqrtm1 in their own limb format; each
   of them keeps only what really differs (ge25519_precomp_select, whose
   table scan is per family; the assembly group operations of
   ge25519_64.h).  See ge25519.h for the point forms and formulas. */
#ifndef GE25519_COMMON_H
#define GE25519_COMMON_H

typedef struct { fe25519 X, Y, Z, T; } ge25519_p3;
typedef struct { fe25519 X, Y, Z; } ge25519_p2;
typedef struct { fe25519 X, Y, Z, T; } ge25519_p1p1;
typedef struct { fe25519 ypx, ymx, xy2d; } ge25519_precomp;
typedef struct { fe25519 ypx, ymx, Z, T2d; } ge25519_cached;

/* defined by the including family header (its table scan differs) */
static inline void ge25519_precomp_select(ge25519_precomp *t, const ge25519_precomp table[8], signed char b);

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

/* ---------- doubling and addition ----------
   The bounds in the comments are those of the radix-2^51 family
   (fe25519_51.h); fe25519_64.h accepts any 256-bit input. */

/* r = 2p: 4S + 1S(2Z^2) */
static inline void ge25519_p2_dbl(ge25519_p1p1 *r, const ge25519_p2 *p)
{
  fe25519 a, b, c, s, e;

  fe25519_sq(&a, &p->X);
  fe25519_sq(&b, &p->Y);
  fe25519_sq2(&c, &p->Z);
  fe25519_add(&s, &a, &b);          /* A + B, < 2^53 */
  fe25519_add(&e, &p->X, &p->Y);
  fe25519_sq(&e, &e);
  fe25519_sub(&r->X, &e, &s);       /* E = 2XY */
  fe25519_sub(&r->Z, &b, &a);       /* G = B - A */
  fe25519_sub(&r->T, &r->Z, &c);    /* F = G - C */
  fe25519_neg(&r->Y, &s);           /* H = -A - B */
}

/* common tail of the additions: a, b, c as in the header comment of
   ge25519.h, dd = D; negate (public: which function was called) swaps
   G = D + C and F = D - C */
static inline void ge25519_add_finish(ge25519_p1p1 *r, const fe25519 *a, const fe25519 *b,
                                      const fe25519 *c, const fe25519 *dd, int negate)
{
  fe25519 t;
  fe25519_sub(&r->X, b, a);         /* E */
  fe25519_add(&r->Y, b, a);         /* H, < 2^53 */
  if (negate) {
    fe25519_sub(&r->Z, dd, c);      /* G = D - C */
    fe25519_add(&t, dd, c);         /* F = D + C */
  } else {
    fe25519_add(&r->Z, dd, c);      /* G = D + C */
    fe25519_sub(&t, dd, c);         /* F = D - C */
  }
  fe25519_copy(&r->T, &t);
}

/* r = p + q or, when negate, r = p - q, for q given as (y+x, y-x, 2dt)
   with z (NULL: q is affine, z = 1).  -(y+x, y-x, 2dt) = (y-x, y+x, -2dt):
   a subtraction swaps the roles of y+x and y-x, and of G and F.  negate
   and z are public (which function was called) and constants here, since
   this is always inlined into the four functions below: no branch is left,
   and each of them compiles as when written out. */
#if defined(__GNUC__) || defined(__clang__)
#define GE25519_ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define GE25519_ALWAYS_INLINE static inline
#endif
GE25519_ALWAYS_INLINE void ge25519_add_core(ge25519_p1p1 *r, const ge25519_p3 *p,
                                            const fe25519 *ypx, const fe25519 *ymx, const fe25519 *t2d,
                                            const fe25519 *z, int negate)
{
  fe25519 a, b, c, dd;
  fe25519_sub(&a, &p->Y, &p->X);
  fe25519_mul(&a, &a, negate ? ypx : ymx);
  fe25519_add(&b, &p->Y, &p->X);
  fe25519_mul(&b, &b, negate ? ymx : ypx);
  fe25519_mul(&c, &p->T, t2d);
  if (z) {
    fe25519_mul(&dd, &p->Z, z);
    fe25519_add(&dd, &dd, &dd);     /* D = 2 Z1 Z2 */
  } else {
    fe25519_add(&dd, &p->Z, &p->Z); /* D = 2 Z1, < 2^53 */
  }
  ge25519_add_finish(r, &a, &b, &c, &dd, negate);
}

/* r = p + q, q affine precomputed: 3M after the conversion of p */
static inline void ge25519_madd(ge25519_p1p1 *r, const ge25519_p3 *p, const ge25519_precomp *q)
{
  ge25519_add_core(r, p, &q->ypx, &q->ymx, &q->xy2d, 0, 0);
}

/* r = p - q, q affine precomputed */
static inline void ge25519_msub(ge25519_p1p1 *r, const ge25519_p3 *p, const ge25519_precomp *q)
{
  ge25519_add_core(r, p, &q->ypx, &q->ymx, &q->xy2d, 0, 1);
}

/* r = p + q: 4M */
static inline void ge25519_add(ge25519_p1p1 *r, const ge25519_p3 *p, const ge25519_cached *q)
{
  ge25519_add_core(r, p, &q->ypx, &q->ymx, &q->T2d, &q->Z, 0);
}

/* r = p - q */
static inline void ge25519_sub(ge25519_p1p1 *r, const ge25519_p3 *p, const ge25519_cached *q)
{
  ge25519_add_core(r, p, &q->ypx, &q->ymx, &q->T2d, &q->Z, 1);
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

/* s = y with bit 255 = parity of x (RFC 8032 5.1.2), given zi = 1/Z */
static inline void ge25519_p3_tobytes_zi(unsigned char s[32], const ge25519_p3 *p, const fe25519 *zi)
{
  fe25519 x, y;
  fe25519_mul(&x, &p->X, zi);
  fe25519_mul(&y, &p->Y, zi);
  fe25519_tobytes(s, &y);
  s[31] ^= (unsigned char)(fe25519_isnegative(&x) << 7);
}

static inline void ge25519_p3_tobytes(unsigned char s[32], const ge25519_p3 *p)
{
  fe25519 zi;
  fe25519_invert(&zi, &p->Z);
  ge25519_p3_tobytes_zi(s, p, &zi);
}

#ifdef FE25519_HAVE_INVERT_VARTIME
/* the same for a public point (a verification result): variable time */
static inline void ge25519_p3_tobytes_vartime(unsigned char s[32], const ge25519_p3 *p)
{
  fe25519 zi;
  fe25519_invert_vartime(&zi, &p->Z);
  ge25519_p3_tobytes_zi(s, p, &zi);
}
#endif

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


/* ---------- decoding ---------- */

/* 1 iff the low 255 bits of s encode an integer below p = 2^255 - 19 */
static inline int ge25519_y_is_canonical_vartime(const unsigned char s[32])
{
  int i;
  if ((s[31] & 0x7f) != 0x7f) return 1;
  for (i = 30; i >= 1; --i)
    if (s[i] != 0xff) return 1;
  return s[0] < 0xed;
}

/* Decoding in two halves around the exponentiation, so that a caller can
   run the exponentiations of several points together:
   ge25519_frombytes_start_vartime sets Y, Z = 1, u = y^2 - 1,
   v = d y^2 + 1 (never 0), v3 = v^3 and t = u v^7 (returns 0 iff y >= p);
   ge25519_frombytes_finish_vartime takes w = t^((p-5)/8) and sets
   X = u v^3 w (times sqrt(-1) if needed) and T (returns 0 if no x with
   -x^2 + y^2 = 1 + d x^2 y^2 exists, or x = 0 with the sign bit set).
   Both branch on s: for public inputs only. */
static inline int ge25519_frombytes_start_vartime(ge25519_p3 *h, fe25519 *u, fe25519 *v,
                                                  fe25519 *v3, fe25519 *t,
                                                  const unsigned char s[32])
{
  if (!ge25519_y_is_canonical_vartime(s)) return 0;
  fe25519_frombytes(&h->Y, s);
  fe25519_1(&h->Z);

  fe25519_sq(u, &h->Y);
  fe25519_mul(v, u, &ge25519_d);
  fe25519_sub(u, u, &h->Z);          /* y^2 - 1 */
  fe25519_add(v, v, &h->Z);          /* d y^2 + 1 */

  fe25519_sq(v3, v);
  fe25519_mul(v3, v3, v);            /* v^3 */
  fe25519_sq(t, v3);
  fe25519_mul(t, t, v);              /* v^7 */
  fe25519_mul(t, t, u);              /* u v^7 */
  return 1;
}

static inline int ge25519_frombytes_finish_vartime(ge25519_p3 *h, const fe25519 *u, const fe25519 *v,
                                                   const fe25519 *v3, const fe25519 *w, int sign)
{
  fe25519 t, d;

  /* x = u v^3 (u v^7)^((p-5)/8) */
  fe25519_mul(&t, w, v3);
  fe25519_mul(&h->X, &t, u);

  fe25519_sq(&t, &h->X);
  fe25519_mul(&t, &t, v);            /* v x^2 */
  fe25519_sub(&d, &t, u);            /* v x^2 - u */
  if (!fe25519_iszero(&d)) {
    fe25519_add(&d, &t, u);          /* v x^2 + u */
    if (!fe25519_iszero(&d)) return 0;
    fe25519_mul(&h->X, &h->X, &ge25519_sqrtm1);
  }

  if (fe25519_iszero(&h->X) && sign) return 0;
  if (fe25519_isnegative(&h->X) != sign) fe25519_neg(&h->X, &h->X);

  fe25519_mul(&h->T, &h->X, &h->Y);
  return 1;
}

/* Decode s into h.  Returns 1 on success; 0 (h undefined) when the
   encoding is not canonical or not a point: y >= p, no x with
   -x^2 + y^2 = 1 + d x^2 y^2, or x = 0 with the sign bit set.
   Branches on s: for public inputs only. */
static inline int ge25519_frombytes_vartime(ge25519_p3 *h, const unsigned char s[32])
{
  fe25519 u, v, v3, t;

  if (!ge25519_frombytes_start_vartime(h, &u, &v, &v3, &t, s)) return 0;
  fe25519_pow22523(&t, &t);
  return ge25519_frombytes_finish_vartime(h, &u, &v, &v3, &t, s[31] >> 7);
}

#endif
