/* SPDX-License-Identifier: MIT */
/* The four-lane groups of the X25519 batches with integer-unit items
   (crypto_nPbatch/montgomery25519/fe26x4-fe64-ladder-batch, and
   fe26x8-fe64-ladder-batch for its groups of four to six): a group of
   four AVX2 lanes (radix 2^25.5, field/fe26x4_avx2.h) and up to two
   integer-unit items (radix 2^64, field/fe64.h) run by the generated
   loops ladder4x2_loop, ladder4x1_loop, ladder4_loop (ladder4x1.S of the
   including implementation, scripts/gen/gen-x25519-ladder4x1.py), and a
   unit of up to UNIT4 such groups with one shared inversion
   (nPunit4).  Method, bounds and constant-time argument: the comment of
   fe26x4-fe64-ladder-batch/nPbatch.c.  The includer includes its
   generated ladder4x1_layout.h first (the L4X1_* offsets); the loops are
   namespaced per implementation (CRYPTO_NAMESPACE). */
#ifndef METHOD_X25519_BATCH_FE26X4_FE64_H
#define METHOD_X25519_BATCH_FE26X4_FE64_H

#ifndef L4X1_STATE
#error "include the implementation's ladder4x1_layout.h first"
#endif

#include <stdint.h>
#include <immintrin.h>
#include "ct/crypto_ct.h"
#include "field/fe26.h"
#include "field/fe26x4_avx2.h"
#include "field/fe51.h"
#include "field/fe64.h"

#define ladder4x2_loop CRYPTO_NAMESPACE(ladder4x2_loop)
#define ladder4x1_loop CRYPTO_NAMESPACE(ladder4x1_loop)
#define ladder4_loop CRYPTO_NAMESPACE(ladder4_loop)
extern void ladder4x2_loop(uint64_t *state) FE64_HIDDEN;
extern void ladder4x1_loop(uint64_t *state) FE64_HIDDEN;
extern void ladder4_loop(uint64_t *state) FE64_HIDDEN;

typedef struct {
  uint64_t v[L4X1_STATE / 8];
} __attribute__((aligned(32))) ladder4_state;

#define ST4_FE(s, name) ((fe26x4 *)((unsigned char *)(s)->v + L4X1_##name))
#define ST4_U64(s, name) ((uint64_t *)((unsigned char *)(s)->v + L4X1_##name))
/* integer item j's element after the four-lane element of a slot */
#define ST4_S(s, name, j) (ST4_U64(s, name) + 40 + 4 * (j))

static uint64_t ladder4_load64(const unsigned char *x)
{
  uint64_t r = 0;
  int i;
  for (i = 7; i >= 0; --i) r = (r << 8) | x[i];
  return r;
}

/* (x2 : z2) = projective u-coordinate of clamp(n[32j..]) times
   p[32j..] (bit 255 cleared) in lane j, j < 4; x2, z2 TIGHT.  With ns
   integer items (0, 1 or 2), also (xs[j] : zs[j]) for n[128 + 32j..],
   p[128 + 32j..], j < ns, in [0, 2^256).  Reads the 32 (4 + ns) bytes of
   n and of p, writes nothing else. */
static __attribute__((noinline)) void ladder4_group(fe26x4 *xout, fe26x4 *zout, fe64 *xs, fe64 *zs,
                                             const unsigned char *n, const unsigned char *p,
                                             int ns)
{
  uint64_t lu[10][4] __attribute__((aligned(32)));
  ladder4_state s;
  fe26x4 x1, *x2, *z2, *x3, *z3;
  uint64_t *x1p = ST4_U64(&s, X1P);
  uint64_t *sw = ST4_U64(&s, SW);
  __m256i swap;
  fe64 u;
  fe26 uj;
  int i, j;

  for (j = 0; j < 4; ++j) {
    fe26_frombytes(&uj, p + 32 * j);   /* TIGHT, bit 255 dropped */
    for (i = 0; i < 10; ++i) lu[i][j] = uj.v[i];
    sw[j] = ladder4_load64(n + 32 * j) & ~(uint64_t)7;
    sw[4 + j] = ladder4_load64(n + 32 * j + 8);
    sw[8 + j] = ladder4_load64(n + 32 * j + 16);
    sw[12 + j] = (ladder4_load64(n + 32 * j + 24) & (((uint64_t)1 << 63) - 1)) | ((uint64_t)1 << 62);
  }
  for (i = 0; i < 10; ++i) x1.v[i] = _mm256_load_si256((const __m256i *)lu[i]);
  {
    /* x1 and its row factors, once: the four blocks of fe26x4_pre */
    fe26x4_pre pre;
    fe26x4_precompute(&pre, &x1);
    for (i = 0; i < 10; ++i) {
      _mm256_store_si256((__m256i *)(x1p + 4 * i), pre.v1[i]);
      _mm256_store_si256((__m256i *)(x1p + 40 + 4 * i), pre.v2[i]);
      _mm256_store_si256((__m256i *)(x1p + 80 + 4 * i), pre.v19[i]);
      _mm256_store_si256((__m256i *)(x1p + 120 + 4 * i), pre.v38[i]);
    }
    CRYPTO_CT_WIPE(pre);
  }
  x2 = ST4_FE(&s, X2);
  z2 = ST4_FE(&s, Z2);
  x3 = ST4_FE(&s, X3);
  z3 = ST4_FE(&s, Z3);
  fe26x4_1(x2);
  fe26x4_0(z2);
  *x3 = x1;
  fe26x4_1(z3);
  _mm256_store_si256((__m256i *)ST4_U64(&s, SWAP), _mm256_setzero_si256());
  *ST4_U64(&s, LI) = 254;

  for (j = 0; j < ns; ++j) {
    unsigned char *k = (unsigned char *)ST4_U64(&s, SK) + 32 * j;
    for (i = 0; i < 32; ++i) k[i] = n[128 + 32 * j + i];
    k[0] &= 248;
    k[31] &= 127;
    k[31] |= 64;
    fe64_frombytes(&u, p + 128 + 32 * j);   /* bit 255 dropped */
    for (i = 0; i < 4; ++i) {
      x1p[160 + 4 * j + i] = u.v[i];
      ST4_S(&s, X3, j)[i] = u.v[i];
      ST4_S(&s, X2, j)[i] = i == 0;
      ST4_S(&s, Z2, j)[i] = 0;
      ST4_S(&s, Z3, j)[i] = i == 0;
    }
    ST4_U64(&s, SSWAP)[j] = 0;
  }
  if (ns == 2) ladder4x2_loop(s.v);
  else if (ns == 1) ladder4x1_loop(s.v);
  else ladder4_loop(s.v);

  swap = _mm256_load_si256((const __m256i *)ST4_U64(&s, SWAP));
  fe26x4_cswap(x2, x3, swap);
  fe26x4_cswap(z2, z3, swap);
  *xout = *x2;
  *zout = *z2;
  for (j = 0; j < ns; ++j) {
    fe64 a, b, c, d;
    uint64_t bit = ST4_U64(&s, SSWAP)[j];
    for (i = 0; i < 4; ++i) {
      a.v[i] = ST4_S(&s, X2, j)[i];
      b.v[i] = ST4_S(&s, Z2, j)[i];
      c.v[i] = ST4_S(&s, X3, j)[i];
      d.v[i] = ST4_S(&s, Z3, j)[i];
    }
    fe64_cswap(&a, &c, bit);
    fe64_cswap(&b, &d, bit);
    xs[j] = a;
    zs[j] = b;
    CRYPTO_CT_WIPE(a);
    CRYPTO_CT_WIPE(b);
    CRYPTO_CT_WIPE(c);
    CRYPTO_CT_WIPE(d);
  }
  CRYPTO_CT_WIPE(s);
  CRYPTO_CT_WIPE(lu);
}

/* lane masks of z = 0 mod p (all ones where the lane's z is 0 mod p);
   each lane through the scalar canonical encoding, branch-free */
static __m256i fe26x4_zero_lanes(const fe26x4 *z)
{
  uint64_t lz[10][4] __attribute__((aligned(32)));
  uint64_t m[4] __attribute__((aligned(32)));
  fe26 h;
  int i, j;

  for (i = 0; i < 10; ++i) _mm256_store_si256((__m256i *)lz[i], z->v[i]);
  for (j = 0; j < 4; ++j) {
    for (i = 0; i < 10; ++i) h.v[i] = (uint32_t)lz[i][j];
    m[j] = crypto_ct_bit_mask_u64((uint64_t)fe26_iszero(&h));
  }
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
  fe26 h;
  int i, j;

  for (i = 0; i < 10; ++i) _mm256_store_si256((__m256i *)lr[i], r->v[i]);
  for (j = 0; j < 4; ++j) {
    for (i = 0; i < 10; ++i) h.v[i] = (uint32_t)lr[i][j];
    fe26_tobytes(q + 32 * j, &h);
  }
}

/* r = 1/z lane by lane (z nonzero in every lane), on the scalar unit:
   the lanes' radix-2^25.5 limb pairs are radix-2^51 limbs, so each lane
   becomes an fe51 by shifts and adds; Montgomery's trick over the four
   lanes leaves one safegcd inversion (constant time) and nine fe51
   products.  z TIGHT, r TIGHT.  With x (not NULL: the product of the
   unit's integer items, nonzero), the same inversion serves it too:
   *x becomes 1 / *x, fully reduced, for two more products (the choice
   depends on the batch size only). */
static void fe26x4_invert4(fe26x4 *r, const fe26x4 *z, fe64 *x)
{
  uint64_t lz[10][4] __attribute__((aligned(32)));
  unsigned char xb[32];
  fe51 e[4], pre[4], inv, t, xf;
  int i, j;

  for (i = 0; i < 10; ++i) _mm256_store_si256((__m256i *)lz[i], z->v[i]);
  for (j = 0; j < 4; ++j)
    for (i = 0; i < 5; ++i) e[j].v[i] = lz[2 * i][j] + (lz[2 * i + 1][j] << 26);
  pre[0] = e[0];
  for (j = 1; j < 4; ++j) fe51_mul(&pre[j], &pre[j - 1], &e[j]);
  if (x) {
    fe64_tobytes(xb, x);
    fe51_frombytes(&xf, xb);
    fe51_mul(&t, &pre[3], &xf);
    fe51_invert(&inv, &t);               /* 1 / (z_0 z_1 z_2 z_3 x) */
    fe51_mul(&t, &inv, &pre[3]);         /* 1 / x */
    fe51_mul(&inv, &inv, &xf);           /* 1 / (z_0 z_1 z_2 z_3) */
    fe51_tobytes(xb, &t);
    fe64_frombytes(x, xb);
  } else {
    fe51_invert(&inv, &pre[3]);          /* 1 / (z_0 z_1 z_2 z_3) */
  }
  for (j = 3; j >= 0; --j) {
    if (j > 0) {
      fe51_mul(&t, &inv, &pre[j - 1]);   /* 1 / z_j */
      fe51_mul(&inv, &inv, &e[j]);       /* 1 / (z_0 ... z_{j-1}) */
    } else {
      t = inv;
    }
    fe51_carry(&t);                      /* limbs < 2^51, limb 0 < 2^52 */
    for (i = 0; i < 5; ++i) {
      lz[2 * i][j] = t.v[i] & ((1 << 26) - 1);
      lz[2 * i + 1][j] = t.v[i] >> 26;    /* < 2^26: MULIN */
    }
  }
  for (i = 0; i < 10; ++i) r->v[i] = _mm256_load_si256((const __m256i *)lz[i]);
  CRYPTO_CT_WIPE(lz);
  CRYPTO_CT_WIPE(e);
  CRYPTO_CT_WIPE(pre);
  CRYPTO_CT_WIPE(inv);
  CRYPTO_CT_WIPE(t);
  CRYPTO_CT_WIPE(xf);
  CRYPTO_CT_WIPE(xb);
}

/* A unit: up to UNIT4 groups whose inversions are shared (Montgomery's
   trick: lane by lane for the four lanes, and over the integer items).
   An item whose z is 0 (the point at infinity) would zero every product,
   so it gets z = 1 and x = 0 by masked selects, which gives its required
   output 0.  Group g has 4 + ns[g] items, the last ns[g] of them on the
   integer unit; the last group has only real (<= its size) real items
   and, when fewer, runs on a copy padded with a fixed public dummy item
   (scalar 0, point 9), so nothing outside the caller's buffers is read or
   written.  Every input of the unit is read by the ladders before any
   output is written. */
#define UNIT4 8
#define NSMAX4 2

static void nPunit4(unsigned char *q, const unsigned char *n, const unsigned char *p,
                   const int *ns, int groups, int real)
{
  unsigned char tn[32 * (4 + NSMAX4)], tp[32 * (4 + NSMAX4)], tq[32 * (4 + NSMAX4)];
  fe26x4 x[UNIT4], z[UNIT4], pre[UNIT4], one, zero, r, t;
  fe64 xs[NSMAX4 * UNIT4], zs[NSMAX4 * UNIT4], pres[NSMAX4 * UNIT4], rs, ts, ones, zeros;
  __m256i iszero;
  const unsigned char *gn, *gp;
  unsigned char *gq;
  int g, i, j, c, cs = 0, off[UNIT4 + 1], last = groups - 1;
  int padded = real < 4 + ns[last];
  uint64_t zbit;

  off[0] = 0;
  for (g = 0; g < groups; ++g) off[g + 1] = off[g] + 4 + ns[g];
  if (padded) {
    /* the tail: real items first, then dummies (scalar 0, point 9) */
    for (i = 0; i < 32 * (4 + ns[last]); ++i) {
      tn[i] = 0;
      tp[i] = (i % 32 == 0) ? 9 : 0;
    }
    for (i = 0; i < 32 * real; ++i) {
      tn[i] = n[32 * off[last] + i];
      tp[i] = p[32 * off[last] + i];
    }
  }
  fe26x4_1(&one);
  fe26x4_0(&zero);
  fe64_1(&ones);
  fe64_0(&zeros);
  for (g = 0; g < groups; ++g) {
    gn = (g == last && padded) ? tn : n + 32 * off[g];
    gp = (g == last && padded) ? tp : p + 32 * off[g];
    ladder4_group(&x[g], &z[g], &xs[cs], &zs[cs], gn, gp, ns[g]);
    for (j = 0; j < ns[g]; ++j, ++cs) {
      zbit = (uint64_t)fe64_iszero(&zs[cs]);
      fe64_cmov(&zs[cs], &ones, zbit);
      fe64_cmov(&xs[cs], &zeros, zbit);
      if (cs == 0) pres[0] = zs[0];
      else fe64_mul(&pres[cs], &pres[cs - 1], &zs[cs]);
    }
    iszero = fe26x4_zero_lanes(&z[g]);
    fe26x4_select(&z[g], &one, iszero);
    fe26x4_select(&x[g], &zero, iszero);
    if (g == 0) pre[0] = z[0];
    else fe26x4o_mul(&pre[g], &pre[g - 1], &z[g]);
  }

  /* outputs only from here on */
  /* 1 / (z_0 ... z_last), lane by lane, and 1 / (the integer items'
     z product) with the same inversion */
  if (cs > 0) rs = pres[cs - 1];
  fe26x4_invert4(&r, &pre[last], cs > 0 ? &rs : NULL);
  for (g = last; g >= 0; --g) {
    gq = (g == last && padded) ? tq : q + 32 * off[g];
    if (g > 0) {
      fe26x4o_mul(&t, &r, &pre[g - 1]);         /* 1 / z_g */
      fe26x4o_mul(&r, &r, &z[g]);               /* 1 / (z_0 ... z_{g-1}) */
    } else {
      t = r;
    }
    fe26x4o_mul(&t, &t, &x[g]);
    fe26x4_store4(gq, &t);
    for (j = ns[g] - 1; j >= 0; --j) {
      c = --cs;
      if (c > 0) {
        fe64_mul(&ts, &rs, &pres[c - 1]);
        fe64_mul(&rs, &rs, &zs[c]);
      } else {
        ts = rs;
      }
      fe64_mul(&ts, &ts, &xs[c]);
      fe64_tobytes(gq + 32 * (4 + j), &ts);
    }
  }
  if (padded)
    for (i = 0; i < 32 * real; ++i) q[32 * off[last] + i] = tq[i];
  CRYPTO_CT_WIPE(xs);
  CRYPTO_CT_WIPE(zs);
  CRYPTO_CT_WIPE(pres);
  CRYPTO_CT_WIPE(rs);
  CRYPTO_CT_WIPE(ts);
  CRYPTO_CT_WIPE(tn);
  CRYPTO_CT_WIPE(tq);
}

#endif
