/* SPDX-License-Identifier: MIT */
/* Montgomery ladders for batches of independent X25519 computations (see
   crypto_nP/montgomery25519) in the lanes of AVX-512 IFMA vectors: lane j
   of every vector belongs to item j of a group of eight (zmm) or four
   (ymm).

   Field elements of GF(p), p = 2^255 - 19, are five vectors of 64-bit
   limbs in radix 2^52:  f = f0 + f1 2^52 + f2 2^104 + f3 2^156 + f4 2^208
   (lane by lane).  vpmadd52luq / vpmadd52huq multiply the low 52 bits of
   two limbs and add the low / high 52 bits of the 104-bit product to an
   accumulator, so a limb fed to a multiplication must be below 2^52:
   bits above are silently ignored.  Hence the one bound every routine
   below guarantees on its output and every multiplication requires:

     CARRIED: limbs 0..3 < 2^52 and limb 4 < 2^47 + 2^12
              (so the value is below 2^255 + 2^220 < 2p, not necessarily
              < p; every carry chain below ends with limb 4 split at bit
              47 plus one carry < 2^11 + 1, and the multiplication's
              reduction needs the small top limb: see HCARRY).

   add and sub therefore carry their result (unlike the scalar radix-2^51
   code, where a sum may go straight into a multiplication).  Since they
   carry anyway, a product that only feeds add or sub may skip most of its
   own carrying and be left

     LOOSE:   limbs 0..3 < 2^58 and limb 4 < 2^57

   (fe52x8_mul_r / fe52x8_mul2_r / fe52x8_sq2_r with strict = 0); add and sub
   accept CARRIED or LOOSE inputs.  And since the multiplier reads only
   bits 0..51 of its inputs, a value that only ever enters
   multiplications need not clear the bits a carry moved out of a limb:

     MULIN:   limbs 0..3 whose bits 0..51 are the limb (bits 52..63 are
              stale: the multiplier ignores them, nothing else reads them)
              and limb 4 < 2^47 + 2^12, as CARRIED

   (strict = 2; the carry chains *_M below).  In a ladder step, AA and BB
   are multiplied and also added, so reduced to CARRIED; (DA - CB)^2 and
   the sums and differences A, B, C, D, E, S, T and AA + 121665 E only
   enter multiplications: MULIN.

   2^260 = 2^5 * 2^255 = 32 * 19 = 608 (mod p): a column of weight 2^(52k),
   k >= 5, folds into column k-5 times 608.  Bit 255 is bit 47 of limb 4:
   the part of limb 4 at or above 2^47 folds into limb 0 times 19.

   Constant time: the scalar bits only become lane masks for masked
   blends (the conditional swaps); loops, operations and memory addresses
   do not depend on any secret.  The final inversions of a unit are one
   call of the constant-time crypto_pow_inv25519 on the product of all
   the unit's denominators (Montgomery's trick, with zero denominators
   masked), and the freeze is branch-free.

   The code of the lanes is written once, in x25519_batch_fe52_lanes.h,
   and compiled twice below: eight lanes in zmm registers for the groups of a batch,
   four lanes in ymm registers for a short tail.  Items go in units of up
   to 32 (four groups of eight) sharing one inversion.  All inputs of a
   unit are read before any of its outputs is written, so q may alias n
   or p item for item; a group of fewer than eight (four) items is copied
   into a local buffer padded with dummy items, so nothing outside the
   caller's buffers is touched; a batch's last item, if alone in its
   group, goes to the single-ladder nP instead. */



#include "crypto_nPbatch.h"
#include <stdint.h>
#include <immintrin.h>
#include "ct/crypto_ct.h"
#include "crypto_nP_montgomery25519.h"
#include "crypto_pow_inv25519.h"

#define INLINE static inline __attribute__((always_inline))

#define MASK52 (((uint64_t)1 << 52) - 1)
#define MASK47 (((uint64_t)1 << 47) - 1)


/* little-endian 64-bit words, written out byte by byte (a loop here
   stayed a loop of byte loads and shifts in gcc -O2; the unrolled form is
   merged into one load / store) */
static uint64_t load64(const unsigned char *x)
{
  return (uint64_t)x[0] | ((uint64_t)x[1] << 8) | ((uint64_t)x[2] << 16) |
         ((uint64_t)x[3] << 24) | ((uint64_t)x[4] << 32) | ((uint64_t)x[5] << 40) |
         ((uint64_t)x[6] << 48) | ((uint64_t)x[7] << 56);
}

static void store64(unsigned char *x, uint64_t u)
{
  x[0] = (unsigned char)u;
  x[1] = (unsigned char)(u >> 8);
  x[2] = (unsigned char)(u >> 16);
  x[3] = (unsigned char)(u >> 24);
  x[4] = (unsigned char)(u >> 32);
  x[5] = (unsigned char)(u >> 40);
  x[6] = (unsigned char)(u >> 48);
  x[7] = (unsigned char)(u >> 56);
}

/* Canonical encoding of one lane's CARRIED limbs (limbs 0..3 < 2^52,
   limb 4 < 2^48), branch-free:
   1. fold bit 255 and up (limb 4 >> 47 <= 1) times 19 into limb 0 and
      carry 0 -> 4: now limb 4 <= 2^47, value v < 2^255 + 2^208 < 2p;
   2. q = 1 iff v + 19 >= 2^255, i.e. v >= p (q is 0 or 1 since v < 2p);
   3. v + 19 q with bit 255 dropped is v - q p, in [0, p). */
static void freeze_store(unsigned char *s, uint64_t l0, uint64_t l1, uint64_t l2, uint64_t l3,
                         uint64_t l4)
{
  uint64_t q;
  l0 += 19 * (l4 >> 47); l4 &= MASK47;
  l1 += l0 >> 52; l0 &= MASK52;
  l2 += l1 >> 52; l1 &= MASK52;
  l3 += l2 >> 52; l2 &= MASK52;
  l4 += l3 >> 52; l3 &= MASK52;
  q = (l0 + 19) >> 52;
  q = (l1 + q) >> 52;
  q = (l2 + q) >> 52;
  q = (l3 + q) >> 52;
  q = (l4 + q) >> 47;
  l0 += 19 * q;
  l1 += l0 >> 52; l0 &= MASK52;
  l2 += l1 >> 52; l1 &= MASK52;
  l3 += l2 >> 52; l2 &= MASK52;
  l4 += l3 >> 52; l3 &= MASK52;
  l4 &= MASK47;
  store64(s, l0 | (l1 << 52));
  store64(s + 8, (l1 >> 12) | (l2 << 40));
  store64(s + 16, (l2 >> 24) | (l3 << 28));
  store64(s + 24, (l3 >> 36) | (l4 << 16));
}

/* the eight-lane instance (zmm): fe52x8_*, the groups of a batch */
#define LANES 8
#define VEC __m512i
#define VP(op) _mm512_##op
#define VSET1(c) _mm512_set1_epi64(c)
#define VZERO _mm512_setzero_si512
#define VLOAD _mm512_load_si512
#define VSTORE _mm512_store_si512
#define VAND _mm512_and_si512
#define VSWAP2(x) _mm512_permutex_epi64((x), 0x4e)
#define VSWAP4(x) _mm512_shuffle_i64x2((x), (x), 0x4e)
#define FE52 fe52x8
#define F52(name) fe52x8_##name
#include "x25519_batch_fe52_lanes.h"
#undef LANES
#undef VEC
#undef VP
#undef VSET1
#undef VZERO
#undef VLOAD
#undef VSTORE
#undef VAND
#undef VSWAP2
#undef VSWAP4
#undef FE52
#undef F52

/* the four-lane instance (ymm, AVX-512VL): fe52x4_*, for a short tail.
   On Zen 4 a 256-bit operation costs half a 512-bit one, so four items
   take about 56% of the time of eight (measured: 58k against 104k TSC
   ticks for the ladders) */
#define LANES 4
#define VEC __m256i
#define VP(op) _mm256_##op
#define VSET1(c) _mm256_set1_epi64x(c)
#define VZERO _mm256_setzero_si256
#define VLOAD _mm256_load_si256
#define VSTORE _mm256_store_si256
#define VAND _mm256_and_si256
#define VSWAP2(x) _mm256_permute4x64_epi64((x), 0x4e)
#define FE52 fe52x4
#define F52(name) fe52x4_##name
#include "x25519_batch_fe52_lanes.h"
#undef LANES
#undef VEC
#undef VP
#undef VSET1
#undef VZERO
#undef VLOAD
#undef VSTORE
#undef VAND
#undef VSWAP2
#undef FE52
#undef F52

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
