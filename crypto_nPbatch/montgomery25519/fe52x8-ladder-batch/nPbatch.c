/* SPDX-License-Identifier: MIT */
/* batch independent X25519 computations (see crypto_nP/montgomery25519),
   eight Montgomery ladders at once with AVX-512 IFMA: lane j of every
   __m512i belongs to item j of a group of eight.  The arithmetic, the
   ladders, the shared inversion and the tails' four-lane instance are in
   method/x25519_batch_fe52.h (representation, bounds and constant-time
   notes there). */

#include "crypto_nPbatch.h"
#include "ct/crypto_ct.h"
#include "method/x25519_batch_fe52.h"

/* A batch goes in units of up to 32 items (four groups of eight).  The
   t = c mod 8 items of a unit's short group cost a whole eight-lane
   ladder, about 2.5 single ladders or 1.8 four-lane ones: t = 1 goes
   through the single nP, t = 2..4 through the four-lane instance, and
   t = 5..7 stay a padded eight-lane group.  The split depends only on
   the batch size. */
static CRYPTO_CT_NOINLINE void
nPbatch_fe52x8_units(unsigned char *q, const unsigned char *n, const unsigned char *p,
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

/* nPbatch_fe52x8_units runs in a frame of its own (noinline), so that its
   frame, the frames below it and the registers they saved are all below
   this one and cleared by one wipe of 16384 bytes: the deepest chain,
   units, ladder and output, is 8896 + 3456 + 48 bytes (gcc
   -fstack-usage), 9272 + 2488 + 696 (clang); plus a margin. */
void crypto_nPbatch(unsigned char *q, const unsigned char *n, const unsigned char *p,
                    long long batch)
{
  nPbatch_fe52x8_units(q, n, p, batch);
  crypto_ct_wipe_below(16384);
}
