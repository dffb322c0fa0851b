/* SPDX-License-Identifier: MIT */
/* batch independent X25519 computations (see crypto_nP/montgomery25519),
   four Montgomery ladders at once with AVX2.  The ladder step calls one
   out-of-line copy each of the four-lane multiplication, squaring and
   product by x1 instead of inlining its nine products: inlined, the loop
   body was some 2,600 instructions (about 20 KB), more than a Zen 3
   core's op cache serves well, and ran at about 1,060 core cycles per
   step where llvm-mca (-mcpu=znver3) predicts about 750; with the calls
   the loop body is a few hundred instructions and each product's code
   stays in the op cache (0.77x the ticks on an AMD EPYC Zen 3, family 25
   model 1; doc/speed.md, "The AVX2 class on a real Zen 3").

   Lane j of every __m256i belongs to item j of a group of four.  Field
   arithmetic in radix 2^25.5 with vpmuludq products (field/fe26x4_avx2.h);
   per lane, inputs are decoded and outputs encoded by the scalar
   radix-2^25.5 code (field/fe26.h), so bit 255 of u is ignored and u >= p
   is taken mod p exactly as by the portable implementations.

   Bounds: the ladder state x2, z2, x3, z3 is TIGHT (outputs of mul, sq,
   or constants); A, B, C, D, E, DA + CB and DA - CB are sums or
   differences of two TIGHT values, hence MULIN, which is what mul and sq
   accept, and BB + 121666 E comes out of mul121666_add MULIN.  So no
   limb is carried outside the products.

   Constant time: each lane's scalar bit becomes an all-ones or all-zero
   lane mask for the conditional swaps (mask arithmetic); loops,
   operations and addresses do not depend on secrets.  The inversion
   (fe26x4_invert4: a constant-time safegcd of the product of the four
   lanes)
   is shared by the groups of a unit (Montgomery's trick); the point at
   infinity (z = 0) is handled by masked selects.

   Items go in groups of four, groups in units of up to eight; a last
   one or two items go through the dispatched single nP instead.  All inputs
   of a unit are read before any of its outputs is written, so q may
   alias n or p item for item.  A group of fewer than four items (the
   tail) is copied into a local buffer padded with a fixed public dummy
   item (scalar 0, point 9), so nothing outside the caller's buffers is
   read or written and the work done depends only on the batch size. */

#include <stdint.h>
#include <immintrin.h>
#include "crypto_nPbatch.h"
#include "crypto_nP_montgomery25519.h"
#include "field/fe26.h"
#include "field/fe26x4_avx2.h"
#include "field/fe51.h"
#include "ct/crypto_ct.h"
#include "method/x25519_batch_fe26x4.h"

static uint64_t load64(const unsigned char *x)
{
  uint64_t r = 0;
  int i;
  for (i = 7; i >= 0; --i) r = (r << 8) | x[i];
  return r;
}

/* fe26x4_mul_pre out of line (fe26x4_avx2.h has fe26x4o_mul and
   fe26x4o_sq, the out-of-line mul and sq) */
static __attribute__((noinline)) void fe26x4o_mul_pre(fe26x4 *h, const fe26x4 *g,
                                                      const fe26x4_pre *xp)
{
  fe26x4_mul_pre(h, g, xp);
}

/* (x2 : z2) = projective u-coordinate of clamp(n[32j..]) times
   p[32j..] (bit 255 cleared) in lane j, j < 4; x2, z2 TIGHT.
   Reads the 128 bytes of n and of p, writes nothing else. */
static void ladder4(fe26x4 *xout, fe26x4 *zout, const unsigned char *n, const unsigned char *p)
{
  uint64_t lu[10][4] __attribute__((aligned(32)));
  uint64_t ln[4][4] __attribute__((aligned(32)));
  __m256i sw[4], swap, bit;
  const __m256i one = _mm256_set1_epi64x(1);
  fe26x4 x1, x2, z2, x3, z3, a, b, c, d, aa, bb, da, cb, e, t;
  fe26x4_pre x1p;
  fe26 u;
  int i, j;

  for (j = 0; j < 4; ++j) {
    fe26_frombytes(&u, p + 32 * j);   /* TIGHT, bit 255 dropped */
    for (i = 0; i < 10; ++i) lu[i][j] = u.v[i];
    ln[0][j] = load64(n + 32 * j) & ~(uint64_t)7;
    ln[1][j] = load64(n + 32 * j + 8);
    ln[2][j] = load64(n + 32 * j + 16);
    ln[3][j] = (load64(n + 32 * j + 24) & (((uint64_t)1 << 63) - 1)) | ((uint64_t)1 << 62);
  }
  for (i = 0; i < 10; ++i) x1.v[i] = _mm256_load_si256((const __m256i *)lu[i]);
  for (i = 0; i < 4; ++i) sw[i] = _mm256_load_si256((const __m256i *)ln[i]);

  fe26x4_precompute(&x1p, &x1);   /* x1 and its row factors, once */
  fe26x4_1(&x2);
  fe26x4_0(&z2);
  x3 = x1;
  fe26x4_1(&z3);
  swap = _mm256_setzero_si256();

  for (i = 254; i >= 0; --i) {
    /* all ones in the lanes whose scalar has bit i set (i is public) */
    bit = _mm256_and_si256(_mm256_srl_epi64(sw[i >> 6], _mm_cvtsi32_si128(i & 63)), one);
    bit = _mm256_sub_epi64(_mm256_setzero_si256(), bit);
    swap = _mm256_xor_si256(swap, bit);
    fe26x4_cswap(&x2, &x3, swap);
    fe26x4_cswap(&z2, &z3, swap);
    swap = bit;

    fe26x4_add(&a, &x2, &z2);       /* A = x2 + z2 */
    fe26x4_sub(&b, &x2, &z2);       /* B = x2 - z2 */
    fe26x4_add(&c, &x3, &z3);       /* C = x3 + z3 */
    fe26x4_sub(&d, &x3, &z3);       /* D = x3 - z3 */
    /* the longest chain first (DA, CB -> (DA - CB)^2 -> z3), the
       independent operations after each of its links, so that the
       processor has work while a link's carries finish (measured 3%
       faster than computing AA, BB first when the products were inlined) */
    fe26x4o_mul(&da, &d, &a);       /* DA = D A */
    fe26x4o_mul(&cb, &c, &b);       /* CB = C B */
    fe26x4_sub(&t, &da, &cb);
    fe26x4o_sq(&t, &t);             /* (DA - CB)^2 */
    fe26x4o_sq(&aa, &a);            /* AA = A^2 */
    fe26x4o_sq(&bb, &b);            /* BB = B^2 */
    fe26x4o_mul_pre(&z3, &t, &x1p); /* z3 = x1 (DA - CB)^2 */
    fe26x4_add(&t, &da, &cb);
    fe26x4o_sq(&x3, &t);            /* x3 = (DA + CB)^2 */
    fe26x4_sub(&e, &aa, &bb);       /* E = AA - BB */
    fe26x4_mul121666_add(&t, &e, &bb);
    fe26x4o_mul(&x2, &aa, &bb);     /* x2 = AA BB */
    fe26x4o_mul(&z2, &e, &t);       /* z2 = E (BB + 121666 E) */
  }
  fe26x4_cswap(&x2, &x3, swap);
  fe26x4_cswap(&z2, &z3, swap);
  *xout = x2;
  *zout = z2;

  {
    /* wipe the clamped scalars */
    volatile uint64_t *vn = &ln[0][0];
    for (i = 0; i < 16; ++i) vn[i] = 0;
  }
}

/* A unit: up to UNIT groups of four whose inversions are shared
   (Montgomery's trick, lane by lane: one inversion and three
   multiplications per group instead of one inversion per group).  A lane
   whose z is 0 (the point at infinity) would zero every product, so it
   gets z = 1 and x = 0 by masked selects, which gives its required
   output 0.  groups >= 1; the last group has last (1..4) real items and,
   when last < 4, runs on a padded copy.  Every input of the unit is read
   by the ladders before any output is written. */
#define UNIT 8

static void nPunit(unsigned char *q, const unsigned char *n, const unsigned char *p, int groups,
                   int last)
{
  unsigned char tn[128], tp[128], tq[128];
  fe26x4 x[UNIT], z[UNIT], pre[UNIT], one, zero, r, t;
  __m256i iszero;
  int g, i;

  fe26x4_1(&one);
  fe26x4_0(&zero);
  if (last < 4) {
    /* the tail: real items first, then dummies (scalar 0, point 9) */
    const unsigned char *ln = n + 128 * (groups - 1), *lp = p + 128 * (groups - 1);
    for (i = 0; i < 128; ++i) {
      tn[i] = 0;
      tp[i] = (i % 32 == 0) ? 9 : 0;
    }
    for (i = 0; i < 32 * last; ++i) {
      tn[i] = ln[i];
      tp[i] = lp[i];
    }
  }
  for (g = 0; g < groups; ++g) {
    if (g == groups - 1 && last < 4) ladder4(&x[g], &z[g], tn, tp);
    else ladder4(&x[g], &z[g], n + 128 * g, p + 128 * g);
    iszero = fe26x4_zero_lanes(&z[g]);
    fe26x4_select(&z[g], &one, iszero);
    fe26x4_select(&x[g], &zero, iszero);
    if (g == 0) pre[0] = z[0];
    else fe26x4o_mul(&pre[g], &pre[g - 1], &z[g]);
  }

  /* outputs only from here on */
  fe26x4_invert4(&r, &pre[groups - 1], NULL);   /* 1 / (z_0 ... z_last), lane by lane */
  for (g = groups - 1; g >= 0; --g) {
    if (g > 0) {
      fe26x4o_mul(&t, &r, &pre[g - 1]);         /* 1 / z_g */
      fe26x4o_mul(&r, &r, &z[g]);               /* 1 / (z_0 ... z_{g-1}) */
    } else {
      t = r;
    }
    fe26x4o_mul(&t, &t, &x[g]);
    if (g == groups - 1 && last < 4) {
      fe26x4_store4(tq, &t);
      for (i = 0; i < 32 * last; ++i) q[128 * g + i] = tq[i];
    } else {
      fe26x4_store4(q + 128 * g, &t);
    }
  }

  {
    /* wipe the copied scalars and results */
    volatile unsigned char *vt = tn;
    for (i = 0; i < 128; ++i) vt[i] = 0;
    vt = tq;
    for (i = 0; i < 128; ++i) vt[i] = 0;
  }
}

static CRYPTO_CT_NOINLINE void
nPbatch_fe26x4_units(unsigned char *q, const unsigned char *n, const unsigned char *p,
                     long long batch)
{
  long long c, single = batch % 4;
  int groups;

  /* a group of four lanes costs about two single ladders (with its
     share of the inversion), so a tail of one or two items is cheaper
     through the dispatched single nP; a tail of three goes padded.  The
     choice depends on the batch size only. */
  if (single > 2) single = 0;
  batch -= single;
  while (batch > 0) {
    c = batch < 4 * UNIT ? batch : 4 * UNIT;
    groups = (int)((c + 3) / 4);
    nPunit(q, n, p, groups, (int)(c - 4 * (groups - 1)));
    q += 32 * c;
    n += 32 * c;
    p += 32 * c;
    batch -= c;
  }
  for (c = 0; c < single; ++c)
    crypto_nP_montgomery25519(q + 32 * c, n + 32 * c, p + 32 * c);
}

/* nPbatch_fe26x4_units runs in a frame of its own (noinline), so that its
   frame, the frames below it and the registers they saved are all below
   this one and cleared by one wipe of 21504 bytes: the whole call went
   17119 bytes (gcc), 16743 (clang) below its caller
   (tests/check-stack.sh), plus a margin. */
void crypto_nPbatch(unsigned char *q, const unsigned char *n, const unsigned char *p,
                    long long batch)
{
  nPbatch_fe26x4_units(q, n, p, batch);
  crypto_ct_wipe_below(21504);
}
