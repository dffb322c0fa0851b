/* SPDX-License-Identifier: MIT */
/* The lane-wise helpers of the eight-lane X25519 batch
   (crypto_nPbatch/montgomery25519/fe26x8-fe64-ladder-batch, their only
   user since the C eight-lane batch went): the z = 0 lane mask, the
   canonical encoding of the eight lanes and the shared inversion
   (Montgomery's trick over the lanes).  Each lane goes through the
   scalar radix-2^25.5 code (field/fe26.h) or radix 2^51 (field/fe51.h),
   branch-free. */
#ifndef METHOD_X25519_BATCH_FE26X8_H
#define METHOD_X25519_BATCH_FE26X8_H

#include <stdint.h>
#include <immintrin.h>
#include "ct/crypto_ct.h"
#include "method/x25519_batch_lanes.h"
#include "field/fe26.h"
#include "field/fe26x8_avx512.h"
#include "field/fe51.h"

/* bit j set where lane j's z is 0 mod p */
static __mmask8 fe26x8_zero_lanes(const fe26x8 *z)
{
  uint64_t lz[10][8] __attribute__((aligned(64)));
  uint64_t m[8] __attribute__((aligned(64)));
  __m512i mv;
  int i;

  for (i = 0; i < 10; ++i) _mm512_store_si512((void *)lz[i], z->v[i]);
  x25519_batch_lane_zero_masks(m, &lz[0][0], 8);
  CRYPTO_CT_WIPE(lz);
  mv = _mm512_load_si512((const void *)m);
  return _mm512_test_epi64_mask(mv, mv);
}

/* q[32j..] = the canonical encoding of lane j of r, j < 8 */
static void fe26x8_store8(unsigned char *q, const fe26x8 *r)
{
  uint64_t lr[10][8] __attribute__((aligned(64)));
  int i;

  for (i = 0; i < 10; ++i) _mm512_store_si512((void *)lr[i], r->v[i]);
  x25519_batch_lane_tobytes(q, &lr[0][0], 8);
  CRYPTO_CT_WIPE(lr);
}

/* r = 1/z lane by lane (z nonzero in every lane): Montgomery's trick
   over the eight lanes on the scalar unit
   (method/x25519_batch_lanes.h).  z TIGHT, r MULIN.  With x (not
   NULL, nonzero: the product of a unit's integer-unit items) the same
   inversion serves it too, *x becomes 1 / *x, for two more products
   (whether x is given depends on the batch size only). */
static void fe26x8_invert8(fe26x8 *r, const fe26x8 *z, fe51 *x)
{
  uint64_t lz[10][8] __attribute__((aligned(64)));
  int i;

  for (i = 0; i < 10; ++i) _mm512_store_si512((void *)lz[i], z->v[i]);
  x25519_batch_lane_invert(&lz[0][0], 8, x);
  for (i = 0; i < 10; ++i) r->v[i] = _mm512_load_si512((const void *)lz[i]);
  CRYPTO_CT_WIPE(lz);
}

#endif
