/* SPDX-License-Identifier: MIT */
/* Template: the Ed25519 group code that does not depend on the field
   family, written once over the field interface (field/fe_interface.h):
   point types, conversions, the doubling and addition formulas,
   selections, encoding and decoding.  Included by group/ge51.h (radix
   2^51, portable) and group/ge64.h (radix 2^64, amd64 assembly) with
   FE_FAMILY and GE_FAMILY defined, after they define the constants GE(d),
   GE(2d) and GE(sqrtm1) in their own limbs; each keeps only what really
   differs (GE(precomp_select), whose table scan is per family; the
   assembly group operations of group/ge64.h).  See group/ge51.h for the
   point forms and formulas.  No include guard: one inclusion per family. */
#if !defined(GE_FAMILY) || !defined(FE_FAMILY)
#error "define GE_FAMILY and FE_FAMILY (the group family header does) before including group/ge_formulas.h"
#endif
#include "group/ge_interface.h"

typedef struct { FE_T X, Y, Z, T; } GE(p3);
typedef struct { FE_T X, Y, Z; } GE(p2);
typedef struct { FE_T X, Y, Z, T; } GE(p1p1);
typedef struct { FE_T ypx, ymx, xy2d; } GE(precomp);
typedef struct { FE_T ypx, ymx, Z, T2d; } GE(cached);

/* defined by the including family header (its table scan differs) */
static inline void GE(precomp_select)(GE(precomp) *t, const GE(precomp) table[8], signed char b);

static inline void GE(p3_0)(GE(p3) *h)
{
  FE(0)(&h->X);
  FE(1)(&h->Y);
  FE(1)(&h->Z);
  FE(0)(&h->T);
}

static inline void GE(precomp_0)(GE(precomp) *h)
{
  FE(1)(&h->ypx);
  FE(1)(&h->ymx);
  FE(0)(&h->xy2d);
}

/* 3M */
static inline void GE(p1p1_to_p2)(GE(p2) *r, const GE(p1p1) *p)
{
  FE(mul)(&r->X, &p->X, &p->T);
  FE(mul)(&r->Y, &p->Y, &p->Z);
  FE(mul)(&r->Z, &p->Z, &p->T);
}

/* 4M */
static inline void GE(p1p1_to_p3)(GE(p3) *r, const GE(p1p1) *p)
{
  FE(mul)(&r->X, &p->X, &p->T);
  FE(mul)(&r->Y, &p->Y, &p->Z);
  FE(mul)(&r->Z, &p->Z, &p->T);
  FE(mul)(&r->T, &p->X, &p->Y);
}

static inline void GE(p3_to_p2)(GE(p2) *r, const GE(p3) *p)
{
  FE(copy)(&r->X, &p->X);
  FE(copy)(&r->Y, &p->Y);
  FE(copy)(&r->Z, &p->Z);
}

/* 1M */
static inline void GE(p3_to_cached)(GE(cached) *r, const GE(p3) *p)
{
  FE(add)(&r->ypx, &p->Y, &p->X);
  FE(sub)(&r->ymx, &p->Y, &p->X);
  FE(copy)(&r->Z, &p->Z);
  FE(mul)(&r->T2d, &p->T, &GE(2d));
}

/* r = -p */
static inline void GE(p3_neg)(GE(p3) *r, const GE(p3) *p)
{
  FE(neg)(&r->X, &p->X);
  FE(copy)(&r->Y, &p->Y);
  FE(copy)(&r->Z, &p->Z);
  FE(neg)(&r->T, &p->T);
}

/* ---------- doubling and addition ----------
   The bounds in the comments are those of the radix-2^51 family
   (field/fe51.h); field/fe64.h accepts any 256-bit input. */

/* r = 2p: 4S + 1S(2Z^2) */
static inline void GE(p2_dbl)(GE(p1p1) *r, const GE(p2) *p)
{
  FE_T a, b, c, s, e;

  FE(sq)(&a, &p->X);
  FE(sq)(&b, &p->Y);
  FE(sq2)(&c, &p->Z);
  FE(add)(&s, &a, &b);          /* A + B, < 2^53 */
  FE(add)(&e, &p->X, &p->Y);
  FE(sq)(&e, &e);
  FE(sub)(&r->X, &e, &s);       /* E = 2XY */
  FE(sub)(&r->Z, &b, &a);       /* G = B - A */
  FE(sub)(&r->T, &r->Z, &c);    /* F = G - C */
  FE(neg)(&r->Y, &s);           /* H = -A - B */
}

/* common tail of the additions: a, b, c as in the header comment of
   group/ge51.h, dd = D; negate (public: which function was called) swaps
   G = D + C and F = D - C */
static inline void GE(add_finish)(GE(p1p1) *r, const FE_T *a, const FE_T *b,
                                      const FE_T *c, const FE_T *dd, int negate)
{
  FE_T t;
  FE(sub)(&r->X, b, a);         /* E */
  FE(add)(&r->Y, b, a);         /* H, < 2^53 */
  if (negate) {
    FE(sub)(&r->Z, dd, c);      /* G = D - C */
    FE(add)(&t, dd, c);         /* F = D + C */
  } else {
    FE(add)(&r->Z, dd, c);      /* G = D + C */
    FE(sub)(&t, dd, c);         /* F = D - C */
  }
  FE(copy)(&r->T, &t);
}

/* r = p + q or, when negate, r = p - q, for q given as (y+x, y-x, 2dt)
   with z (NULL: q is affine, z = 1).  -(y+x, y-x, 2dt) = (y-x, y+x, -2dt):
   a subtraction swaps the roles of y+x and y-x, and of G and F.  negate
   and z are public (which function was called) and constants here, since
   this is always inlined into the four functions below: no branch is left,
   and each of them compiles as when written out. */
#ifndef GE_ALWAYS_INLINE
#if defined(__GNUC__) || defined(__clang__)
#define GE_ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define GE_ALWAYS_INLINE static inline
#endif
#endif
GE_ALWAYS_INLINE void GE(add_core)(GE(p1p1) *r, const GE(p3) *p,
                                            const FE_T *ypx, const FE_T *ymx, const FE_T *t2d,
                                            const FE_T *z, int negate)
{
  FE_T a, b, c, dd;
  FE(sub)(&a, &p->Y, &p->X);
  FE(mul)(&a, &a, negate ? ypx : ymx);
  FE(add)(&b, &p->Y, &p->X);
  FE(mul)(&b, &b, negate ? ymx : ypx);
  FE(mul)(&c, &p->T, t2d);
  if (z) {
    FE(mul)(&dd, &p->Z, z);
    FE(add)(&dd, &dd, &dd);     /* D = 2 Z1 Z2 */
  } else {
    FE(add)(&dd, &p->Z, &p->Z); /* D = 2 Z1, < 2^53 */
  }
  GE(add_finish)(r, &a, &b, &c, &dd, negate);
}

/* r = p + q, q affine precomputed: 3M after the conversion of p */
static inline void GE(madd)(GE(p1p1) *r, const GE(p3) *p, const GE(precomp) *q)
{
  GE(add_core)(r, p, &q->ypx, &q->ymx, &q->xy2d, 0, 0);
}

/* r = p - q, q affine precomputed */
static inline void GE(msub)(GE(p1p1) *r, const GE(p3) *p, const GE(precomp) *q)
{
  GE(add_core)(r, p, &q->ypx, &q->ymx, &q->xy2d, 0, 1);
}

/* r = p + q: 4M */
static inline void GE(add)(GE(p1p1) *r, const GE(p3) *p, const GE(cached) *q)
{
  GE(add_core)(r, p, &q->ypx, &q->ymx, &q->T2d, &q->Z, 0);
}

/* r = p - q */
static inline void GE(sub)(GE(p1p1) *r, const GE(p3) *p, const GE(cached) *q)
{
  GE(add_core)(r, p, &q->ypx, &q->ymx, &q->T2d, &q->Z, 1);
}

static inline void GE(p3_dbl)(GE(p1p1) *r, const GE(p3) *p)
{
  GE(p2) q;
  GE(p3_to_p2)(&q, p);
  GE(p2_dbl)(r, &q);
}

/* convenience wrappers returning p3 */
static inline void GE(p3_add)(GE(p3) *r, const GE(p3) *p, const GE(p3) *q)
{
  GE(cached) c;
  GE(p1p1) t;
  GE(p3_to_cached)(&c, q);
  GE(add)(&t, p, &c);
  GE(p1p1_to_p3)(r, &t);
}

static inline void GE(p3_double)(GE(p3) *r, const GE(p3) *p)
{
  GE(p1p1) t;
  GE(p3_dbl)(&t, p);
  GE(p1p1_to_p3)(r, &t);
}

static inline void GE(precomp_cmov)(GE(precomp) *t, const GE(precomp) *u, uint64_t bit)
{
  FE(cmov)(&t->ypx, &u->ypx, bit);
  FE(cmov)(&t->ymx, &u->ymx, bit);
  FE(cmov)(&t->xy2d, &u->xy2d, bit);
}

static inline void GE(p3_cmov)(GE(p3) *t, const GE(p3) *u, uint64_t bit)
{
  FE(cmov)(&t->X, &u->X, bit);
  FE(cmov)(&t->Y, &u->Y, bit);
  FE(cmov)(&t->Z, &u->Z, bit);
  FE(cmov)(&t->T, &u->T, bit);
}

/* s = y with bit 255 = parity of x (RFC 8032 5.1.2), given zi = 1/Z */
static inline void GE(p3_tobytes_zi)(unsigned char s[32], const GE(p3) *p, const FE_T *zi)
{
  FE_T x, y;
  FE(mul)(&x, &p->X, zi);
  FE(mul)(&y, &p->Y, zi);
  FE(tobytes)(s, &y);
  s[31] ^= (unsigned char)(FE(isnegative)(&x) << 7);
}

static inline void GE(p3_tobytes)(unsigned char s[32], const GE(p3) *p)
{
  FE_T zi;
  FE(invert)(&zi, &p->Z);
  GE(p3_tobytes_zi)(s, p, &zi);
}

/* the same for a public point (a verification result): variable time
   where the field has a faster variable-time inversion */
static inline void GE(p3_tobytes_vartime)(unsigned char s[32], const GE(p3) *p)
{
  FE_T zi;
  FE(invert_vartime)(&zi, &p->Z);
  GE(p3_tobytes_zi)(s, p, &zi);
}

/* The output of crypto_nG_merged25519: the Edwards encoding of p when
   montgomery = 0, its Montgomery u (0 for the neutral element) when
   montgomery = 1.  One inversion, of Z or of Z - Y chosen in constant time,
   so the mode may be secret too. */
static inline void GE(p3_tobytes_merged)(unsigned char s[32], const GE(p3) *p, uint64_t montgomery)
{
  FE_T den, zmy, x, y, u;
  unsigned char se[32], sm[32];
  uint64_t mask = crypto_ct_bit_mask_u64(montgomery);
  int i;

  FE(copy)(&den, &p->Z);
  FE(sub)(&zmy, &p->Z, &p->Y);
  FE(cmov)(&den, &zmy, montgomery);
  FE(invert)(&den, &den);

  FE(mul)(&x, &p->X, &den);
  FE(mul)(&y, &p->Y, &den);
  FE(tobytes)(se, &y);
  se[31] ^= (unsigned char)(FE(isnegative)(&x) << 7);

  FE(add)(&u, &p->Z, &p->Y);
  FE(mul)(&u, &u, &den);
  FE(tobytes)(sm, &u);

  for (i = 0; i < 32; ++i)
    s[i] = (unsigned char)((se[i] & ~mask) | (sm[i] & mask));
}


/* ---------- decoding ---------- */

/* 1 iff the low 255 bits of s encode an integer below p = 2^255 - 19 */
static inline int GE(y_is_canonical_vartime)(const unsigned char s[32])
{
  int i;
  if ((s[31] & 0x7f) != 0x7f) return 1;
  for (i = 30; i >= 1; --i)
    if (s[i] != 0xff) return 1;
  return s[0] < 0xed;
}

/* Decoding in two halves around the exponentiation, so that a caller can
   run the exponentiations of several points together:
   GE(frombytes_start_vartime) sets Y, Z = 1, u = y^2 - 1,
   v = d y^2 + 1 (never 0), v3 = v^3 and t = u v^7 (returns 0 iff y >= p);
   GE(frombytes_finish_vartime) takes w = t^((p-5)/8) and sets
   X = u v^3 w (times sqrt(-1) if needed) and T (returns 0 if no x with
   -x^2 + y^2 = 1 + d x^2 y^2 exists, or x = 0 with the sign bit set).
   Both branch on s: for public inputs only. */
static inline int GE(frombytes_start_vartime)(GE(p3) *h, FE_T *u, FE_T *v,
                                                  FE_T *v3, FE_T *t,
                                                  const unsigned char s[32])
{
  if (!GE(y_is_canonical_vartime)(s)) return 0;
  FE(frombytes)(&h->Y, s);
  FE(1)(&h->Z);

  FE(sq)(u, &h->Y);
  FE(mul)(v, u, &GE(d));
  FE(sub)(u, u, &h->Z);          /* y^2 - 1 */
  FE(add)(v, v, &h->Z);          /* d y^2 + 1 */

  FE(sq)(v3, v);
  FE(mul)(v3, v3, v);            /* v^3 */
  FE(sq)(t, v3);
  FE(mul)(t, t, v);              /* v^7 */
  FE(mul)(t, t, u);              /* u v^7 */
  return 1;
}

static inline int GE(frombytes_finish_vartime)(GE(p3) *h, const FE_T *u, const FE_T *v,
                                                   const FE_T *v3, const FE_T *w, int sign)
{
  FE_T t, d;

  /* x = u v^3 (u v^7)^((p-5)/8) */
  FE(mul)(&t, w, v3);
  FE(mul)(&h->X, &t, u);

  FE(sq)(&t, &h->X);
  FE(mul)(&t, &t, v);            /* v x^2 */
  FE(sub)(&d, &t, u);            /* v x^2 - u */
  if (!FE(iszero)(&d)) {
    FE(add)(&d, &t, u);          /* v x^2 + u */
    if (!FE(iszero)(&d)) return 0;
    FE(mul)(&h->X, &h->X, &GE(sqrtm1));
  }

  if (FE(iszero)(&h->X) && sign) return 0;
  if (FE(isnegative)(&h->X) != sign) FE(neg)(&h->X, &h->X);

  FE(mul)(&h->T, &h->X, &h->Y);
  return 1;
}

/* Decode s into h.  Returns 1 on success; 0 (h undefined) when the
   encoding is not canonical or not a point: y >= p, no x with
   -x^2 + y^2 = 1 + d x^2 y^2, or x = 0 with the sign bit set.
   Branches on s: for public inputs only. */
static inline int GE(frombytes_vartime)(GE(p3) *h, const unsigned char s[32])
{
  FE_T u, v, v3, t;

  if (!GE(frombytes_start_vartime)(h, &u, &v, &v3, &t, s)) return 0;
  FE(pow22523)(&t, &t);
  return GE(frombytes_finish_vartime)(h, &u, &v, &v3, &t, s[31] >> 7);
}
