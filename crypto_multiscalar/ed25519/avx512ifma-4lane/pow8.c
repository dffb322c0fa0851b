/* SPDX-License-Identifier: MIT */
/* The exponentiation of point decoding, z^((p-5)/8), for eight or
   sixteen field elements at once in the lanes of 512-bit IFMA vectors (a
   translation unit of its own: internal/ifma51.h takes one vector width
   per unit, and multiscalar.c uses 256-bit points).  The chain is
   FE25519_POW22523_CHAIN of internal/fe25519_chains.h; every product is
   carried once, so each is a valid multiplier input. */
#include <stdint.h>
#include <immintrin.h>
#include "crypto_multiscalar.h"
#include "field/fe64.h"
#include "field/fe51x8_ifma.h"
#include "pow8.h"

INLINE void fe8_mul_c(fe8 *h, const fe8 *f, const fe8 *g)
{
  fe8 t;
  fe8_mul(&t, f, g);
  carry5(h, t.v[0], t.v[1], t.v[2], t.v[3], t.v[4]);
}

INLINE void fe8_sq_c(fe8 *h, const fe8 *f)
{
  fe8 t;
  fe8_sq(&t, f);
  carry5(h, t.v[0], t.v[1], t.v[2], t.v[3], t.v[4]);
}

static __attribute__((noinline)) void fe8_sqn_c(fe8 *h, const fe8 *f, int n)
{
  fe8 t = *f;
  do fe8_sq_c(&t, &t); while (--n > 0);
  *h = t;
}

void pow22523_8(uint64_t z[5][16])
{
  fe8 w;
  int k;
  for (k = 0; k < 5; ++k) w.v[k] = _mm512_load_si512((const void *)z[k]);
  FE25519_POW22523_CHAIN(fe8, fe8_mul_c, fe8_sq_c, fe8_sqn_c, &w, &w);
  for (k = 0; k < 5; ++k) _mm512_store_si512((void *)z[k], w.v[k]);
}

/* two chains interleaved: one chain is latency-bound */
typedef struct { fe8 a, b; } fe8x2;

INLINE void fe8x2_mul_c(fe8x2 *h, const fe8x2 *f, const fe8x2 *g)
{
  fe8_mul_c(&h->a, &f->a, &g->a);
  fe8_mul_c(&h->b, &f->b, &g->b);
}

INLINE void fe8x2_sq_c(fe8x2 *h, const fe8x2 *f)
{
  fe8_sq_c(&h->a, &f->a);
  fe8_sq_c(&h->b, &f->b);
}

static __attribute__((noinline)) void fe8x2_sqn_c(fe8x2 *h, const fe8x2 *f, int n)
{
  fe8x2 t = *f;
  do fe8x2_sq_c(&t, &t); while (--n > 0);
  *h = t;
}

void pow22523_16(uint64_t z[5][16])
{
  fe8x2 w;
  int k;
  for (k = 0; k < 5; ++k) {
    w.a.v[k] = _mm512_load_si512((const void *)z[k]);
    w.b.v[k] = _mm512_load_si512((const void *)(z[k] + 8));
  }
  FE25519_POW22523_CHAIN(fe8x2, fe8x2_mul_c, fe8x2_sq_c, fe8x2_sqn_c, &w, &w);
  for (k = 0; k < 5; ++k) {
    _mm512_store_si512((void *)z[k], w.a.v[k]);
    _mm512_store_si512((void *)(z[k] + 8), w.b.v[k]);
  }
}
