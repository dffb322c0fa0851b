/* SPDX-License-Identifier: MIT */
/* The exponentiation of point decoding, z^((p-5)/8), for eight or
   sixteen field elements at once in the lanes of 512-bit IFMA vectors (a
   translation unit of its own: internal/field/fe51_ifma_lanes.h takes one vector width
   per unit, and multiscalar.c uses 256-bit points).  The chain is
   FE_POW22523_CHAIN of internal/field/fe_chains.h; every product is
   carried once, so each is a valid multiplier input. */
#include <stdint.h>
#include <immintrin.h>
#include "crypto_multiscalar.h"
#include "field/fe64.h"
#include "field/fe51x8_ifma.h"
#include "pow8.h"

INLINE void fe51x8_mul_c(fe51x8 *h, const fe51x8 *f, const fe51x8 *g)
{
  fe51x8 t;
  fe51x8_mul(&t, f, g);
  fe51x8_carry5(h, t.v[0], t.v[1], t.v[2], t.v[3], t.v[4]);
}

INLINE void fe51x8_sq_c(fe51x8 *h, const fe51x8 *f)
{
  fe51x8 t;
  fe51x8_sq(&t, f);
  fe51x8_carry5(h, t.v[0], t.v[1], t.v[2], t.v[3], t.v[4]);
}

static __attribute__((noinline)) void fe51x8_sqn_c(fe51x8 *h, const fe51x8 *f, int n)
{
  fe51x8 t = *f;
  do fe51x8_sq_c(&t, &t); while (--n > 0);
  *h = t;
}

void pow22523_8(uint64_t z[5][16])
{
  fe51x8 w;
  int k;
  for (k = 0; k < 5; ++k) w.v[k] = _mm512_load_si512((const void *)z[k]);
  FE_POW22523_CHAIN(fe51x8, fe51x8_mul_c, fe51x8_sq_c, fe51x8_sqn_c, &w, &w);
  for (k = 0; k < 5; ++k) _mm512_store_si512((void *)z[k], w.v[k]);
}

/* two chains interleaved: one chain is latency-bound */
typedef struct { fe51x8 a, b; } fe51x8x2;

INLINE void fe51x8x2_mul_c(fe51x8x2 *h, const fe51x8x2 *f, const fe51x8x2 *g)
{
  fe51x8_mul_c(&h->a, &f->a, &g->a);
  fe51x8_mul_c(&h->b, &f->b, &g->b);
}

INLINE void fe51x8x2_sq_c(fe51x8x2 *h, const fe51x8x2 *f)
{
  fe51x8_sq_c(&h->a, &f->a);
  fe51x8_sq_c(&h->b, &f->b);
}

static __attribute__((noinline)) void fe51x8x2_sqn_c(fe51x8x2 *h, const fe51x8x2 *f, int n)
{
  fe51x8x2 t = *f;
  do fe51x8x2_sq_c(&t, &t); while (--n > 0);
  *h = t;
}

void pow22523_16(uint64_t z[5][16])
{
  fe51x8x2 w;
  int k;
  for (k = 0; k < 5; ++k) {
    w.a.v[k] = _mm512_load_si512((const void *)z[k]);
    w.b.v[k] = _mm512_load_si512((const void *)(z[k] + 8));
  }
  FE_POW22523_CHAIN(fe51x8x2, fe51x8x2_mul_c, fe51x8x2_sq_c, fe51x8x2_sqn_c, &w, &w);
  for (k = 0; k < 5; ++k) {
    _mm512_store_si512((void *)z[k], w.a.v[k]);
    _mm512_store_si512((void *)(z[k] + 8), w.b.v[k]);
  }
}
