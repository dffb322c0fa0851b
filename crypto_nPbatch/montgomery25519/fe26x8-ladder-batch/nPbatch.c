/* SPDX-License-Identifier: MIT */
/* batch independent X25519 computations (see crypto_nP/montgomery25519),
   eight Montgomery ladders at once in the 64-bit lanes of AVX-512F zmm
   vectors, for CPUs with AVX-512F but no IFMA (Skylake-SP, Cascade
   Lake: the amd64-avx512 class), where a 512-bit vpmuludq does the work of
   two 256-bit ones.  The eight-lane form of fe26x4-ladder-batch, whose
   structure, bounds and tail handling it keeps.

   The step's nine products are out of line (fe26x8o_*), as in
   fe26x4-ladder-batch: inlined, the loop body is some 2,400 EVEX
   instructions (about 20 KB), beyond the 1.5K-op decoded cache of a
   Skylake-SP core, the class this code is for; out of line, step and
   products are about 1,200.  On a Zen 4 (AMD EPYC family 25 model 17,
   IFMA masked, 512-bit operations as two 256-bit halves) the inlined
   form measured 5% faster (30.7k against 32.4k ticks per item at batch
   16), which its larger op cache allows; no Skylake-SP was at hand to
   measure, and llvm-mca models no decoding.

   Lane j of every __m512i belongs to item j of a group of eight.  Field
   arithmetic in radix 2^25.5 with vpmuludq products
   (field/fe26x8_avx512.h); per lane, inputs are decoded and outputs
   encoded by the scalar radix-2^25.5 code (field/fe26.h), so bit 255 of
   u is ignored and u >= p is taken mod p exactly as by the portable
   implementations.

   Bounds: the ladder state x2, z2, x3, z3 is TIGHT (outputs of mul, sq,
   or constants); A, B, C, D, E, DA + CB and DA - CB are sums or
   differences of two TIGHT values, hence MULIN, which is what mul and sq
   accept, and BB + 121666 E comes out of mul121666_add MULIN.  So no
   limb is carried outside the products.

   Constant time: each lane's scalar bit becomes one bit of an opmask for
   the conditional swaps (vptestmq, then opmask or integer xor); loops,
   operations and addresses do not depend on secrets.  The inversion
   (fe26x8_invert8, method/x25519_batch_fe26x8.h: a constant-time
   safegcd of the product of the eight lanes) is shared by the groups of
   a unit (Montgomery's trick); the point at infinity (z = 0) is handled
   by masked selects.

   Items go in groups of eight, groups in units of up to UNIT; a short
   tail goes through the dispatched single nP instead (see
   nPbatch_fe26x8_units).  All inputs of a unit are read before any of
   its outputs is written, so q may alias n or p item for item.  A group
   of fewer than eight items (the tail) is copied into a local buffer
   padded with a fixed public dummy item (scalar 0, point 9), so nothing
   outside the caller's buffers is read or written and the work done
   depends only on the batch size. */

#include <stdint.h>
#include <immintrin.h>
#include "crypto_nPbatch.h"
#include "crypto_nP_montgomery25519.h"
#include "field/fe26.h"
#include "field/fe26x8_avx512.h"
#include "field/fe51.h"
#include "ct/crypto_ct.h"
#include "method/x25519_batch_fe26x8.h"

static uint64_t load64(const unsigned char *x)
{
  uint64_t r = 0;
  int i;
  for (i = 7; i >= 0; --i) r = (r << 8) | x[i];
  return r;
}

/* (x2 : z2) = projective u-coordinate of clamp(n[32j..]) times
   p[32j..] (bit 255 cleared) in lane j, j < 8; x2, z2 TIGHT.
   Reads the 256 bytes of n and of p, writes nothing else. */
static void ladder8(fe26x8 *xout, fe26x8 *zout, const unsigned char *n, const unsigned char *p)
{
  uint64_t lu[10][8] __attribute__((aligned(64)));
  uint64_t ln[4][8] __attribute__((aligned(64)));
  __m512i sw[4];
  __mmask8 swap, bit;
  const __m512i one = _mm512_set1_epi64(1);
  fe26x8 x1, x2, z2, x3, z3, a, b, c, d, aa, bb, da, cb, e, t;
  fe26x8_pre x1p;
  fe26 u;
  int i, j;

  for (j = 0; j < 8; ++j) {
    fe26_frombytes(&u, p + 32 * j);   /* TIGHT, bit 255 dropped */
    for (i = 0; i < 10; ++i) lu[i][j] = u.v[i];
    ln[0][j] = load64(n + 32 * j) & ~(uint64_t)7;
    ln[1][j] = load64(n + 32 * j + 8);
    ln[2][j] = load64(n + 32 * j + 16);
    ln[3][j] = (load64(n + 32 * j + 24) & (((uint64_t)1 << 63) - 1)) | ((uint64_t)1 << 62);
  }
  for (i = 0; i < 10; ++i) x1.v[i] = _mm512_load_si512((const void *)lu[i]);
  for (i = 0; i < 4; ++i) sw[i] = _mm512_load_si512((const void *)ln[i]);

  fe26x8_precompute(&x1p, &x1);   /* x1 and its row factors, once */
  fe26x8_1(&x2);
  fe26x8_0(&z2);
  x3 = x1;
  fe26x8_1(&z3);
  swap = 0;

  for (i = 254; i >= 0; --i) {
    /* bit j set for the lanes whose scalar has bit i set (i is public) */
    bit = _mm512_test_epi64_mask(_mm512_srl_epi64(sw[i >> 6], _mm_cvtsi32_si128(i & 63)), one);
    swap = (__mmask8)(swap ^ bit);
    fe26x8_cswap(&x2, &x3, swap);
    fe26x8_cswap(&z2, &z3, swap);
    swap = bit;

    fe26x8_add(&a, &x2, &z2);       /* A = x2 + z2 */
    fe26x8_sub(&b, &x2, &z2);       /* B = x2 - z2 */
    fe26x8_add(&c, &x3, &z3);       /* C = x3 + z3 */
    fe26x8_sub(&d, &x3, &z3);       /* D = x3 - z3 */
    /* the longest chain first (DA, CB -> (DA - CB)^2 -> z3), the
       independent operations after each of its links */
    fe26x8o_mul(&da, &d, &a);       /* DA = D A */
    fe26x8o_mul(&cb, &c, &b);       /* CB = C B */
    fe26x8_sub(&t, &da, &cb);
    fe26x8o_sq(&t, &t);             /* (DA - CB)^2 */
    fe26x8o_sq(&aa, &a);            /* AA = A^2 */
    fe26x8o_sq(&bb, &b);            /* BB = B^2 */
    fe26x8o_mul_pre(&z3, &t, &x1p); /* z3 = x1 (DA - CB)^2 */
    fe26x8_add(&t, &da, &cb);
    fe26x8o_sq(&x3, &t);            /* x3 = (DA + CB)^2 */
    fe26x8_sub(&e, &aa, &bb);       /* E = AA - BB */
    fe26x8_mul121666_add(&t, &e, &bb);
    fe26x8o_mul(&x2, &aa, &bb);     /* x2 = AA BB */
    fe26x8o_mul(&z2, &e, &t);       /* z2 = E (BB + 121666 E) */
  }
  fe26x8_cswap(&x2, &x3, swap);
  fe26x8_cswap(&z2, &z3, swap);
  *xout = x2;
  *zout = z2;

  {
    /* wipe the clamped scalars */
    volatile uint64_t *vn = &ln[0][0];
    for (i = 0; i < 32; ++i) vn[i] = 0;
  }
}

/* A unit: up to UNIT groups of eight whose inversions are shared
   (Montgomery's trick, lane by lane: one inversion and three
   multiplications per group instead of one inversion per group).  A lane
   whose z is 0 (the point at infinity) would zero every product, so it
   gets z = 1 and x = 0 by masked selects, which gives its required
   output 0.  groups >= 1; the last group has last (1..8) real items and,
   when last < 8, runs on a padded copy.  Every input of the unit is read
   by the ladders before any output is written. */
#define UNIT 4

static void nPunit(unsigned char *q, const unsigned char *n, const unsigned char *p, int groups,
                   int last)
{
  unsigned char tn[256], tp[256], tq[256];
  fe26x8 x[UNIT], z[UNIT], pre[UNIT], one, zero, r, t;
  __mmask8 iszero;
  int g, i;

  fe26x8_1(&one);
  fe26x8_0(&zero);
  if (last < 8) {
    /* the tail: real items first, then dummies (scalar 0, point 9) */
    const unsigned char *ln = n + 256 * (groups - 1), *lp = p + 256 * (groups - 1);
    for (i = 0; i < 256; ++i) {
      tn[i] = 0;
      tp[i] = (i % 32 == 0) ? 9 : 0;
    }
    for (i = 0; i < 32 * last; ++i) {
      tn[i] = ln[i];
      tp[i] = lp[i];
    }
  }
  for (g = 0; g < groups; ++g) {
    if (g == groups - 1 && last < 8) ladder8(&x[g], &z[g], tn, tp);
    else ladder8(&x[g], &z[g], n + 256 * g, p + 256 * g);
    iszero = fe26x8_zero_lanes(&z[g]);
    fe26x8_select(&z[g], &one, iszero);
    fe26x8_select(&x[g], &zero, iszero);
    if (g == 0) pre[0] = z[0];
    else fe26x8o_mul(&pre[g], &pre[g - 1], &z[g]);
  }

  /* outputs only from here on */
  fe26x8_invert8(&r, &pre[groups - 1], NULL);   /* 1 / (z_0 ... z_last), lane by lane */
  for (g = groups - 1; g >= 0; --g) {
    if (g > 0) {
      fe26x8o_mul(&t, &r, &pre[g - 1]);         /* 1 / z_g */
      fe26x8o_mul(&r, &r, &z[g]);               /* 1 / (z_0 ... z_{g-1}) */
    } else {
      t = r;
    }
    fe26x8o_mul(&t, &t, &x[g]);
    if (g == groups - 1 && last < 8) {
      fe26x8_store8(tq, &t);
      for (i = 0; i < 32 * last; ++i) q[256 * g + i] = tq[i];
    } else {
      fe26x8_store8(q + 256 * g, &t);
    }
  }

  {
    /* wipe the copied scalars and results */
    volatile unsigned char *vt = tn;
    for (i = 0; i < 256; ++i) vt[i] = 0;
    vt = tq;
    for (i = 0; i < 256; ++i) vt[i] = 0;
  }
}

#define SINGLE_MAX 3

static CRYPTO_CT_NOINLINE void
nPbatch_fe26x8_units(unsigned char *q, const unsigned char *n, const unsigned char *p,
                     long long batch)
{
  long long c, single = batch % 8;
  int groups;

  /* a group of eight lanes costs about four single ladders (Zen 4, IFMA
     masked: 8 x 31.7k ticks against 64k for the single nP), so a tail of
     one to three items is cheaper through the dispatched single nP and a
     longer one goes padded (four items: a tie there; padded, since a
     Skylake-SP's 512-bit vpmuludq makes the group cheaper still).  The
     choice depends on the batch size only. */
  if (single > SINGLE_MAX) single = 0;
  batch -= single;
  while (batch > 0) {
    c = batch < 8 * UNIT ? batch : 8 * UNIT;
    groups = (int)((c + 7) / 8);
    nPunit(q, n, p, groups, (int)(c - 8 * (groups - 1)));
    q += 32 * c;
    n += 32 * c;
    p += 32 * c;
    batch -= c;
  }
  for (c = 0; c < single; ++c)
    crypto_nP_montgomery25519(q + 32 * c, n + 32 * c, p + 32 * c);
}

/* nPbatch_fe26x8_units runs in a frame of its own (noinline), so that its
   frame, the frames below it and the registers they saved are all below
   this one and cleared by one wipe of 32768 bytes: the whole call went
   25983 bytes (gcc), 27647 (clang) below its caller (tests/check-stack.sh,
   the dispatched nP of the tail included), plus a margin. */
void crypto_nPbatch(unsigned char *q, const unsigned char *n, const unsigned char *p,
                    long long batch)
{
  nPbatch_fe26x8_units(q, n, p, batch);
  crypto_ct_wipe_below(32768);
}
