/* SPDX-License-Identifier: MIT */
/* The lane-by-lane work of the X25519 lane batches (fe26x4-ladder-batch,
   fe26x4-fe64-ladder-batch, fe26x8-fe64-ladder-batch) on the scalar unit,
   for any number w of lanes: the z = 0 masks, the canonical encoding and
   the shared inversion.  The callers store their vector elements and
   load the results; the vector width is theirs alone.

   lz holds w lane elements in radix 2^25.5, limb-major: limb i of lane j
   is lz[w i + j] (the vector limbs stored one after the other).

   x25519_batch_lane_invert: each lane's limb pairs are radix-2^51 limbs
   (limb 2k at bit 51k, 2k + 1 at 51k + 26), so a lane becomes an fe51 by
   shifts and adds; Montgomery's trick over the lanes leaves one safegcd
   inversion (constant time) and 3 (w - 1) fe51 products, which measured
   cheaper than a lane-form chain of 254 dependent squarings.  With x (not
   NULL, nonzero: the product of a unit's integer-unit items) the same
   inversion serves it too: *x becomes 1 / *x for two more products.
   Whether x is given, and w, depend on the batch size only.
   In: every lane TIGHT and nonzero mod p.  Out: lz holds 1 / lane j in
   lane j, even limbs < 2^26, odd limbs < 2^26 (MULIN); *x is 1 / *x as
   fe51_mul leaves it. */
#ifndef METHOD_X25519_BATCH_LANES_H
#define METHOD_X25519_BATCH_LANES_H

#include <stdint.h>
#include "ct/crypto_ct.h"
#include "field/fe26.h"
#include "field/fe51.h"

#define X25519_BATCH_MAXLANES 8

/* lane j of lz (limbs below 2^32) as an fe26 */
static void x25519_batch_lane_get(fe26 *h, const uint64_t *lz, int w, int j)
{
  int i;
  for (i = 0; i < 10; ++i) h->v[i] = (uint32_t)lz[w * i + j];
}

/* m[j] = all ones where lane j of lz is 0 mod p, else 0 */
static void x25519_batch_lane_zero_masks(uint64_t *m, const uint64_t *lz, int w)
{
  fe26 h;
  int j;

  for (j = 0; j < w; ++j) {
    x25519_batch_lane_get(&h, lz, w, j);
    m[j] = crypto_ct_bit_mask_u64((uint64_t)fe26_iszero(&h));
  }
  CRYPTO_CT_WIPE(h);
}

/* q[32 j..] = the canonical encoding of lane j of lz */
static void x25519_batch_lane_tobytes(unsigned char *q, const uint64_t *lz, int w)
{
  fe26 h;
  int j;

  for (j = 0; j < w; ++j) {
    x25519_batch_lane_get(&h, lz, w, j);
    fe26_tobytes(q + 32 * j, &h);
  }
  CRYPTO_CT_WIPE(h);
}

static void x25519_batch_lane_invert(uint64_t *lz, int w, fe51 *x)
{
  fe51 e[X25519_BATCH_MAXLANES], pre[X25519_BATCH_MAXLANES], inv, t;
  int i, j;

  for (j = 0; j < w; ++j)
    for (i = 0; i < 5; ++i) e[j].v[i] = lz[w * 2 * i + j] + (lz[w * (2 * i + 1) + j] << 26);
  pre[0] = e[0];
  for (j = 1; j < w; ++j) fe51_mul(&pre[j], &pre[j - 1], &e[j]);
  if (x) {
    fe51_mul(&t, &pre[w - 1], x);
    fe51_invert(&inv, &t);               /* 1 / (z_0 ... z_{w-1} x) */
    fe51_mul(&t, &inv, &pre[w - 1]);     /* 1 / x */
    fe51_mul(&inv, &inv, x);             /* 1 / (z_0 ... z_{w-1}) */
    *x = t;
  } else {
    fe51_invert(&inv, &pre[w - 1]);      /* 1 / (z_0 ... z_{w-1}) */
  }
  for (j = w - 1; j >= 0; --j) {
    if (j > 0) {
      fe51_mul(&t, &inv, &pre[j - 1]);   /* 1 / z_j */
      fe51_mul(&inv, &inv, &e[j]);       /* 1 / (z_0 ... z_{j-1}) */
    } else {
      t = inv;
    }
    fe51_carry(&t);                      /* limbs < 2^51, limb 0 < 2^52 */
    for (i = 0; i < 5; ++i) {
      lz[w * 2 * i + j] = t.v[i] & ((1 << 26) - 1);
      lz[w * (2 * i + 1) + j] = t.v[i] >> 26;    /* < 2^26: MULIN */
    }
  }
  CRYPTO_CT_WIPE(e);
  CRYPTO_CT_WIPE(pre);
  CRYPTO_CT_WIPE(inv);
  CRYPTO_CT_WIPE(t);
}

#endif
