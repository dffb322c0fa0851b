/* SPDX-License-Identifier: MIT */
/* batch independent X25519 computations (see crypto_nP/montgomery25519),
   the vector unit and the scalar multiplier at once: blocks of eight
   AVX-512 IFMA ladders (the lanes of fe52x8-ladder-batch,
   method/x25519_batch_fe52.h) and one radix-2^64 mulx/adx ladder
   (field/amd64/fe64_inline.h) stepping through the same loop
   (hybrid_lanes.h).  The eight-lane ladder is bound by the throughput of
   vpmadd52; the scalar ladder runs on the integer multiplier and ALUs,
   which the out-of-order core fills in between.  The two kinds alternate
   one field operation at a time (a vector multiplication, then a scalar
   one): in larger pieces (the vector pairs of fe52x8-ladder-batch, then
   two scalar operations) the core overlapped little of the scalar ladder
   (measured: the ninth item cost about half a single ladder instead of a
   tenth of the block), and a second scalar item per block cost more
   than it saved.

   Constant time: the vector lanes as in fe52x8-ladder-batch; the scalar
   item's bit only becomes an all-ones or all-zero mask for its
   conditional swaps (and, xor: FE64I_CSWAP2), and the byte of the scalar
   read in a step depends on the public step index only.  The inversions
   of a unit are one (Montgomery's trick over both kinds, zero
   denominators masked, hybrid_lanes.h).  Which items go into blocks and
   which the way of fe52x8-ladder-batch depends on the batch size only
   (crypto_nPbatch below); all inputs of a unit are read before its
   outputs are written, so q may alias n or p item for item. */

#include "crypto_nPbatch.h"
#include "field/fe64.h"
#include "field/amd64/fe64_inline.h"

/* the state block of one scalar ladder (byte offsets; 16 elements) */
#define HX1 0
#define HX2 32
#define HZ2 64
#define HX3 96
#define HZ3 128
#define HA 160
#define HB 192
#define HC 224
#define HD 256
#define HAA 288
#define HBB 320
#define HDA 352
#define HCB 384
#define HE 416
#define HT 448
#define HT2 480
typedef struct { uint64_t w[64]; } hyb_state;

#define X25519_BATCH_FE52_MORE "hybrid_lanes.h"
#include "method/x25519_batch_fe52.h"

/* Relative costs (TSC ticks / 100 on Zen 4, lib25519-speed, gcc build):
   a block of eight lanes and one scalar item, an eight-lane group, a
   four-lane group (two to four items), a single nP.  The ninth item of a
   block costs about a tenth of an eight-lane group; the padded groups
   and the tails decide where blocks pay. */
#define COST_BLOCK 1170
#define COST_GROUP8 1080
#define COST_GROUP4 580
#define COST_SINGLE 290

/* what the path of fe52x8-ladder-batch costs for r items */
static long long cost_lanes(long long r)
{
  long long t = r % 8, c = (r / 8) * COST_GROUP8;
  if (t == 1) c += COST_SINGLE;
  else if (t > 4) c += COST_GROUP8;
  else if (t > 1) c += COST_GROUP4;
  return c;
}

/* the items of fe52x8-ladder-batch's path: units of up to 32 items, a
   short group of one (single nP), two to four (four lanes) or five to
   seven (padded eight lanes) */
static void lanes_only(unsigned char *q, const unsigned char *n, const unsigned char *p,
                       long long batch)
{
  long long c, t;
  while (batch > 0) {
    c = batch < 8 * UNIT_GROUPS ? batch : 8 * UNIT_GROUPS;
    t = c % 8;
    if (t > 4) t = 0;
    if (c > t) fe52x8_unit(q, n, p, c - t);
    if (t == 1)
      crypto_nP_montgomery25519(q + 32 * (c - 1), n + 32 * (c - 1), p + 32 * (c - 1));
    else if (t > 1)
      fe52x4_unit(q + 32 * (c - t), n + 32 * (c - t), p + 32 * (c - t), t);
    q += 32 * c;
    n += 32 * c;
    p += 32 * c;
    batch -= c;
  }
}

/* Whole units of four blocks while more than three units' worth is
   left; then, for the rest r, the number of blocks h that minimises the
   cost of h blocks plus fe52x8-ladder-batch's path for r - 9h.  All of
   it depends on the batch size only. */
void crypto_nPbatch(unsigned char *q, const unsigned char *n, const unsigned char *p,
                    long long batch)
{
  const long long unit = 9 * UNIT_GROUPS;
  long long h, best, bestcost, cost, g;

  while (batch >= 3 * unit) {
    fe52x8_hunit(q, n, p, UNIT_GROUPS);
    q += 32 * unit;
    n += 32 * unit;
    p += 32 * unit;
    batch -= unit;
  }
  if (batch <= 0) return;
  best = 0;
  bestcost = cost_lanes(batch);
  for (h = 1; 9 * h <= batch; ++h) {
    cost = h * COST_BLOCK + cost_lanes(batch - 9 * h);
    if (cost < bestcost) {
      best = h;
      bestcost = cost;
    }
  }
  while (best > 0) {
    g = best < UNIT_GROUPS ? best : UNIT_GROUPS;
    fe52x8_hunit(q, n, p, (int)g);
    q += 32 * 9 * g;
    n += 32 * 9 * g;
    p += 32 * 9 * g;
    batch -= 9 * g;
    best -= g;
  }
  lanes_only(q, n, p, batch);
}
