/* SPDX-License-Identifier: MIT */
/* The hybrid blocks of fe52x8-fe64-ladder-batch over the eight-lane
   instance of method/x25519_batch_fe52_lanes.h (LANES, FE52, F52 ... as
   defined there): eight vector ladders and one radix-2^64 ladder in one
   loop.  Included by method/x25519_batch_fe52.h after each instance,
   through X25519_BATCH_FE52_MORE (see nPbatch.c); only the eight-lane
   one is used (a four-lane block with a scalar item measured slower than
   the four lanes and the single nP apart). */

#if LANES == 8

#define HBLOCK (LANES + 1)   /* items per block */

/* h = f^2 (one element; the pair is F52(sq2_r)).  f CARRIED or MULIN,
   h as strict says */
#define HSP_A(lo, hi, i, j) PROD(ac##lo, ac##hi, af##i, af##j);
INLINE void F52(sq_r)(FE52 *h, const FE52 *f, int strict)
{
  CONSTS;
  LOAD_F(a, f);
  DECL_C(a);
  ZERO_C(a);
  SQ_CROSS(HSP_A)
  DOUBLE_C(a);
  SQ_DIAG(HSP_A)
  REDUCE_A(strict);
  STORE_C(h, a);
}
#undef HSP_A

/* One block: the eight ladders of F52(ladder) on the items n, p (256
   bytes each) and a scalar ladder on the item sn, sp (32 bytes each),
   one ladder step of all nine per iteration, one vector field operation
   then one scalar one (see nPbatch.c).  Outputs (xout : zout) as
   F52(ladder); (sx : sz) the projective result of the scalar item
   (values < 2^256).  Reads the inputs, writes nothing else. */
static void F52(hladder)(FE52 *xout, FE52 *zout, const unsigned char *n, const unsigned char *p,
                         fe64 *sx, fe64 *sz, const unsigned char *sn, const unsigned char *sp)
{
  uint64_t lu[5][LANES] __attribute__((aligned(64)));
  uint64_t ln[4][LANES] __attribute__((aligned(64)));
  uint64_t w0, w1, w2, w3;
  VEC sw[4];
  FE52 x1, x2, z2, x3, z3, a, b, c, d, aa, bb, da, cb, e, s, t, u, v, xs, zs;
  __mmask8 swap = 0, bit;
  hyb_state st;
  unsigned char kb[32];
  fe64 uk;
  uint64_t sswap = 0, sbit, smask;
  int i, j;

  for (j = 0; j < LANES; ++j) {
    w0 = load64(p + 32 * j);
    w1 = load64(p + 32 * j + 8);
    w2 = load64(p + 32 * j + 16);
    w3 = load64(p + 32 * j + 24) & (((uint64_t)1 << 63) - 1);
    lu[0][j] = w0 & MASK52;
    lu[1][j] = ((w0 >> 52) | (w1 << 12)) & MASK52;
    lu[2][j] = ((w1 >> 40) | (w2 << 24)) & MASK52;
    lu[3][j] = ((w2 >> 28) | (w3 << 36)) & MASK52;
    lu[4][j] = w3 >> 16;
    ln[0][j] = load64(n + 32 * j) & ~(uint64_t)7;
    ln[1][j] = load64(n + 32 * j + 8);
    ln[2][j] = load64(n + 32 * j + 16);
    ln[3][j] = (load64(n + 32 * j + 24) & (((uint64_t)1 << 63) - 1)) | ((uint64_t)1 << 62);
  }
  for (i = 0; i < 5; ++i) x1.v[i] = VLOAD((const void *)lu[i]);
  for (i = 0; i < 4; ++i) sw[i] = VLOAD((const void *)ln[i]);
  x3 = x1;
  for (i = 0; i < 5; ++i) {
    x2.v[i] = VZERO();
    z2.v[i] = VZERO();
    z3.v[i] = VZERO();
  }
  x2.v[0] = VSET1(1);
  z3.v[0] = VSET1(1);

  /* the scalar item: clamped scalar; x1 = x3 = u, x2 = 1, z2 = 0, z3 = 1 */
  for (i = 0; i < 32; ++i) kb[i] = sn[i];
  kb[0] &= 248;
  kb[31] &= 127;
  kb[31] |= 64;
  fe64_frombytes(&uk, sp);
  for (i = 0; i < 4; ++i) {
    st.w[HX1 / 8 + i] = uk.v[i];
    st.w[HX3 / 8 + i] = uk.v[i];
    st.w[HX2 / 8 + i] = 0;
    st.w[HZ2 / 8 + i] = 0;
    st.w[HZ3 / 8 + i] = 0;
  }
  st.w[HX2 / 8] = 1;
  st.w[HZ3 / 8] = 1;

  for (i = 254; i >= 0; --i) {
    bit = VP(test_epi64_mask)(sw[i >> 6],
                                 VSET1((long long)((uint64_t)1 << (i & 63))));
    swap ^= bit;
    F52(blend)(&xs, swap, &x2, &x3);
    F52(blend)(&x3, swap, &x3, &x2);
    F52(blend)(&zs, swap, &z2, &z3);
    F52(blend)(&z3, swap, &z3, &z2);
    x2 = xs;
    z2 = zs;
    swap = bit;
    /* i is public: so are the byte read and the shift */
    sbit = (kb[i >> 3] >> (i & 7)) & 1;
    smask = -(sswap ^ sbit);
    sswap = sbit;
    FE64I_CSWAP2(&st, HX2, HX3, HZ2, HZ3, smask);

    /* the step of F52(ladder) with the pairs split (sq2_r, mul2_r), and
       the scalar step (x25519_ladder_mulx.S) in the gaps */
    F52(addsub4)(&a, &b, &c, &d, &x2, &z2, &x3, &z3);
    FE64I_ADDSUB(&st, HA, HB, HX2, HZ2);                /* A, B */
    F52(sq_r)(&aa, &a, 1);                              /* AA, BB CARRIED */
    FE64I_ADDSUB(&st, HC, HD, HX3, HZ3);                /* C, D */
    F52(sq_r)(&bb, &b, 1);
    FE64I_SQ(&st, HAA, HA);                             /* AA */
    F52(mul_r)(&da, &d, &a, 0);                         /* DA, CB */
    FE64I_SQ(&st, HBB, HB);                             /* BB */
    F52(mul_r)(&cb, &c, &b, 0);
    FE64I_MUL(&st, HDA, HD, HA);                        /* DA */
    F52(subaddsub3)(&e, &s, &t, &aa, &bb, &da, &cb);    /* E, S, T */
    FE64I_MUL(&st, HCB, HC, HB);                        /* CB */
    F52(sq_r)(&x3, &s, 0);                              /* x3 = S^2 */
    FE64I_MUL(&st, HX2, HAA, HBB);                      /* x2 = AA BB */
    F52(sq_r)(&u, &t, 2);                               /* u = T^2 MULIN */
    FE64I_SUB(&st, HE, HAA, HBB);                       /* E */
    FE64I_ADDSUB(&st, HT, HT2, HDA, HCB);               /* DA + CB, DA - CB */
    F52(mul_r)(&x2, &aa, &bb, 0);                       /* x2 = AA BB */
    FE64I_SQ(&st, HX3, HT);                             /* x3 */
    F52(mul121666_add)(&v, &e, &bb);                    /* v = BB + 121666 E */
    FE64I_SQ(&st, HT2, HT2);                            /* (DA - CB)^2 */
    F52(mul_r)(&z3, &x1, &u, 0);                        /* z3 = x1 u */
    FE64I_MUL121666_ADD(&st, HT, HE, HBB);              /* BB + 121666 E */
    FE64I_MUL(&st, HZ3, HX1, HT2);                      /* z3 */
    F52(mul_r)(&z2, &e, &v, 0);                         /* z2 = E v */
    FE64I_MUL(&st, HZ2, HE, HT);                        /* z2 */
  }
  F52(blend)(&x2, swap, &x2, &x3);
  F52(blend)(&z2, swap, &z2, &z3);
  F52(carry)(&x2, &x2);
  F52(carry)(&z2, &z2);
  *xout = x2;
  *zout = z2;

  smask = -sswap;
  FE64I_CSWAP2(&st, HX2, HX3, HZ2, HZ3, smask);
  for (i = 0; i < 4; ++i) {
    sx->v[i] = st.w[HX2 / 8 + i];
    sz->v[i] = st.w[HZ2 / 8 + i];
  }

  /* the clamped scalars, the vector swap masks and the scalar ladder's
     state (the vectors and the scalar swap bit are not named, as in
     F52(ladder): taking their addresses would keep them out of registers
     in the loop) */
  CRYPTO_CT_WIPE(ln);
  CRYPTO_CT_WIPE(sw);
  CRYPTO_CT_WIPE(st);
  CRYPTO_CT_WIPE(kb);
  CRYPTO_CT_WIPE(uk);
}

/* groups blocks of HBLOCK items (1 <= groups <= UNIT_GROUPS), all full:
   block g holds the eight vector items and then the scalar item.  One
   inversion for all: the vector denominators by Montgomery's trick as in
   F52(unit); the scalar ones the same way in radix 2^64, and their
   product Ps enters lane 0 of the vector product before
   F52(invert_lanes); 1/Ps = P_0 / (P_0 Ps) comes back out of lane 0.  A
   zero denominator enters as 1 and its inverse leaves as 0 (masks, no
   branch).  Every input is read before any output is written. */
static void F52(hunit)(unsigned char *q, const unsigned char *n, const unsigned char *p,
                       int groups)
{
  uint64_t lu[5][LANES] __attribute__((aligned(64)));
  unsigned char b[32];
  FE52 x[UNIT_GROUPS], z[UNIT_GROUPS], pre[UNIT_GROUPS], zi[UNIT_GROUPS], t, ps, p0;
  fe64 sx[UNIT_GROUPS], sz[UNIT_GROUPS], spre[UNIT_GROUPS], one, r, ts;
  uint64_t szero[UNIT_GROUPS], c0, c1, c2, c3;
  __mmask8 zero[UNIT_GROUPS];
  int g, i;
  const long long bb = 32 * HBLOCK;

  /* (a do loop: groups >= 1, which gcc cannot see) */
  g = 0;
  do {
    const unsigned char *nb = n + bb * g, *pb = p + bb * g;
    F52(hladder)(&x[g], &z[g], nb, pb, &sx[g], &sz[g], nb + 32 * LANES, pb + 32 * LANES);
  } while (++g < groups);

  /* the vector denominators: zero -> 1, prefix products */
  for (g = 0; g < groups; ++g) {
    zero[g] = F52(zero_lanes)(&z[g]);
    z[g].v[0] = VP(mask_blend_epi64)(zero[g], z[g].v[0], VSET1(1));
    for (i = 1; i < 5; ++i) z[g].v[i] = VP(maskz_mov_epi64)((__mmask8)~zero[g], z[g].v[i]);
  }
  pre[0] = z[0];
  for (g = 1; g < groups; ++g) F52(mul)(&pre[g], &pre[g - 1], &z[g]);

  /* the scalar ones, the same in radix 2^64 */
  fe64_1(&one);
  for (g = 0; g < groups; ++g) {
    szero[g] = (uint64_t)fe64_iszero(&sz[g]);
    fe64_cmov(&sz[g], &one, szero[g]);
    if (g == 0) spre[0] = sz[0];
    else fe64_mul(&spre[g], &spre[g - 1], &sz[g]);
  }

  /* ps: Ps in lane 0, 1 in the others (CARRIED: from canonical bytes) */
  fe64_tobytes(b, &spre[groups - 1]);
  c0 = load64(b);
  c1 = load64(b + 8);
  c2 = load64(b + 16);
  c3 = load64(b + 24);
  ps.v[0] = VP(mask_blend_epi64)(1, VSET1(1), VSET1((long long)(c0 & MASK52)));
  ps.v[1] = VP(maskz_mov_epi64)(1, VSET1((long long)(((c0 >> 52) | (c1 << 12)) & MASK52)));
  ps.v[2] = VP(maskz_mov_epi64)(1, VSET1((long long)(((c1 >> 40) | (c2 << 24)) & MASK52)));
  ps.v[3] = VP(maskz_mov_epi64)(1, VSET1((long long)(((c2 >> 28) | (c3 << 36)) & MASK52)));
  ps.v[4] = VP(maskz_mov_epi64)(1, VSET1((long long)(c3 >> 16)));
  p0 = pre[groups - 1];
  F52(mul)(&t, &p0, &ps);
  F52(invert_lanes)(&t, &t);
  /* lane 0 of t is 1/(P_0 Ps): ts = 1/Ps = P_0 t_0, and t ps = 1/P */
  F52(mul)(&p0, &p0, &t);
  for (i = 0; i < 5; ++i) VSTORE((void *)lu[i], p0.v[i]);
  freeze_store(b, lu[0][0], lu[1][0], lu[2][0], lu[3][0], lu[4][0]);
  fe64_frombytes(&ts, b);
  F52(mul)(&t, &t, &ps);

  /* t = 1/P_g */
  for (g = groups - 1; g > 0; --g) {
    F52(mul)(&zi[g], &t, &pre[g - 1]);
    F52(mul)(&t, &t, &z[g]);
  }
  zi[0] = t;
  for (g = 0; g < groups; ++g)
    for (i = 0; i < 5; ++i) zi[g].v[i] = VP(maskz_mov_epi64)((__mmask8)~zero[g], zi[g].v[i]);

  /* ts = 1/Ps; sz[g] becomes 1/z_g */
  for (g = groups - 1; g > 0; --g) {
    fe64_mul(&r, &ts, &spre[g - 1]);
    fe64_mul(&ts, &ts, &sz[g]);
    sz[g] = r;
  }
  sz[0] = ts;

  /* outputs only from here on */
  fe64_0(&ts);
  for (g = 0; g < groups; ++g) {
    F52(finish)(q + bb * g, &x[g], &zi[g]);
    fe64_mul(&r, &sx[g], &sz[g]);
    fe64_cmov(&r, &ts, szero[g]);   /* z = 0: the output is 0 */
    fe64_tobytes(q + bb * g + 32 * LANES, &r);
  }

  CRYPTO_CT_WIPE(lu);
  CRYPTO_CT_WIPE(b);
  CRYPTO_CT_WIPE(x);
  CRYPTO_CT_WIPE(z);
  CRYPTO_CT_WIPE(pre);
  CRYPTO_CT_WIPE(zi);
  CRYPTO_CT_WIPE(t);
  CRYPTO_CT_WIPE(ps);
  CRYPTO_CT_WIPE(p0);
  CRYPTO_CT_WIPE(sx);
  CRYPTO_CT_WIPE(sz);
  CRYPTO_CT_WIPE(spre);
  CRYPTO_CT_WIPE(r);
  CRYPTO_CT_WIPE(ts);
  CRYPTO_CT_WIPE(szero);
  CRYPTO_CT_WIPE(c0);
  CRYPTO_CT_WIPE(c1);
  CRYPTO_CT_WIPE(c2);
  CRYPTO_CT_WIPE(c3);
  CRYPTO_CT_WIPE(zero);
}

#undef HBLOCK

#endif
