/* SPDX-License-Identifier: MIT */
/* The lane-wise helpers of the four-lane X25519 batches
   (crypto_nPbatch/montgomery25519/fe26x4-ladder-batch, and the four-lane
   groups of method/x25519_batch_fe26x4_fe64.h): the z = 0 lane mask, the
   select by a lane mask, the canonical encoding of the four lanes and the
   shared inversion.  Each lane goes through the scalar radix-2^25.5 code
   (field/fe26.h) or radix 2^51 (field/fe51.h), branch-free. */
#ifndef METHOD_X25519_BATCH_FE26X4_H
#define METHOD_X25519_BATCH_FE26X4_H

#include <stdint.h>
#include <immintrin.h>
#include "ct/crypto_ct.h"
#include "method/x25519_batch_lanes.h"
#include "field/fe26.h"
#include "field/fe26x4_avx2.h"
#include "field/fe51.h"

/* lane masks of z = 0 mod p (all ones where the lane's z is 0 mod p) */
static __m256i fe26x4_zero_lanes(const fe26x4 *z)
{
  uint64_t lz[10][4] __attribute__((aligned(32)));
  uint64_t m[4] __attribute__((aligned(32)));
  int i;

  for (i = 0; i < 10; ++i) _mm256_store_si256((__m256i *)lz[i], z->v[i]);
  x25519_batch_lane_zero_masks(m, &lz[0][0], 4);
  CRYPTO_CT_WIPE(lz);
  return _mm256_load_si256((const __m256i *)m);
}

/* f = g in the lanes where mask is all ones */
static void fe26x4_select(fe26x4 *f, const fe26x4 *g, __m256i mask)
{
  int i;
  for (i = 0; i < 10; ++i) f->v[i] = _mm256_blendv_epi8(f->v[i], g->v[i], mask);
}

/* q[32j..] = the canonical encoding of lane j of r, j < 4 */
static void fe26x4_store4(unsigned char *q, const fe26x4 *r)
{
  uint64_t lr[10][4] __attribute__((aligned(32)));
  int i;

  for (i = 0; i < 10; ++i) _mm256_store_si256((__m256i *)lr[i], r->v[i]);
  x25519_batch_lane_tobytes(q, &lr[0][0], 4);
  CRYPTO_CT_WIPE(lr);
}

/* r = 1/z lane by lane (z nonzero in every lane): Montgomery's trick
   over the four lanes on the scalar unit
   (method/x25519_batch_lanes.h).  z TIGHT, r MULIN.  With x (not
   NULL, nonzero) the same inversion serves it too: *x becomes 1 / *x
   (whether x is given depends on the batch size only). */
static void fe26x4_invert4(fe26x4 *r, const fe26x4 *z, fe51 *x)
{
  uint64_t lz[10][4] __attribute__((aligned(32)));
  int i;

  for (i = 0; i < 10; ++i) _mm256_store_si256((__m256i *)lz[i], z->v[i]);
  x25519_batch_lane_invert(&lz[0][0], 4, x);
  for (i = 0; i < 10; ++i) r->v[i] = _mm256_load_si256((const __m256i *)lz[i]);
  CRYPTO_CT_WIPE(lz);
}

#endif
