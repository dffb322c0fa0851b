/* SPDX-License-Identifier: MIT */
/* The point operations of method/multiscalar_pippenger.h on a group
   family whose formulas are the C ones of group/ge_formulas.h (ge51,
   ge64arm): MS_POINT, MS_CACHED and ms_zero, ms_tobytes, ms_add,
   ms_sub, ms_add_point, ms_dbl_run, ms_odd_multiples, ms_decode and
   the stored block points (MS_STORED, ms_store, ms_add_stored), as that template asks for them.  The includer has included
   its field and group headers and method/multiscalar_common.h, with
   GE_FAMILY and FE_FAMILY defined (and kept defined up to
   multiscalar_pippenger.h: the names below expand through them).  Variable time: every input of
   crypto_multiscalar is public. */
#if !defined(GE_FAMILY) || !defined(FE_FAMILY)
#error "define GE_FAMILY and FE_FAMILY before including method/multiscalar_formulas.h"
#endif
#include "group/ge_interface.h"

#define MS_POINT GE(p3)
#define MS_CACHED GE(cached)

#define ms_zero GE(p3_0)
#define ms_tobytes GE(p3_tobytes_vartime)

/* r = r + c, r = r - c */
static inline void ms_add(GE(p3) *r, const GE(cached) *c)
{
  GE(p1p1) t;
  GE(add)(&t, r, c);
  GE(p1p1_to_p3)(r, &t);
}

static inline void ms_sub(GE(p3) *r, const GE(cached) *c)
{
  GE(p1p1) t;
  GE(sub)(&t, r, c);
  GE(p1p1_to_p3)(r, &t);
}

/* r = r + p */
static inline void ms_add_point(GE(p3) *r, const GE(p3) *p)
{
  GE(cached) c;
  GE(p3_to_cached)(&c, p);
  ms_add(r, &c);
}

/* r = 2^n r, n >= 1: projective doublings, T only after the last one */
static inline void ms_dbl_run(GE(p3) *r, int n)
{
  GE(p2) q;
  GE(p1p1) t;
  GE(p3_to_p2)(&q, r);
  for (;;) {
    GE(p2_dbl)(&t, &q);
    if (--n == 0) break;
    GE(p1p1_to_p2)(&q, &t);
  }
  GE(p1p1_to_p3)(r, &t);
}

/* odd[k] = (2k + 1) p cached for k < 8; p is overwritten */
static inline void ms_odd_multiples(GE(cached) odd[8], GE(p3) *p)
{
  GE(cached) twice;
  GE(p3) s;
  int k;
  GE(p3_to_cached)(&odd[0], p);
  GE(p3_double)(&s, p);
  GE(p3_to_cached)(&twice, &s);
  for (k = 1; k < 8; ++k) {
    ms_add(p, &twice);
    GE(p3_to_cached)(&odd[k], p);
  }
}

/* a block keeps each point affine, as (y+x, y-x, 2dxy): the decoded
   point has Z = 1, so this costs one multiplication, and each bucket
   addition is a mixed one (7M).  MS_TIGHTEN(f) (optional) brings a sum
   back into the bounds of a multiplier output (fe51: one carry) */
#ifndef MS_TIGHTEN
#define MS_TIGHTEN(f) ((void)(f))
#endif
#define MS_STORED GE(precomp)

static inline void ms_store(GE(precomp) *s, const GE(p3) *q)
{
  FE(add)(&s->ypx, &q->Y, &q->X);
  MS_TIGHTEN(&s->ypx);
  FE(sub)(&s->ymx, &q->Y, &q->X);
  FE(mul)(&s->xy2d, &q->T, &GE(2d));
}

/* r = r + s or r - s */
static inline void ms_add_stored(GE(p3) *r, const GE(precomp) *s, int neg)
{
  GE(p1p1) t;
  if (neg) GE(msub)(&t, r, s);
  else GE(madd)(&t, r, s);
  GE(p1p1_to_p3)(r, &t);
}

static inline int ms_decode(GE(p3) *q, const unsigned char *P, int cnt)
{
  (void)cnt;
  return multiscalar_decode_or_C(q, P);
}
