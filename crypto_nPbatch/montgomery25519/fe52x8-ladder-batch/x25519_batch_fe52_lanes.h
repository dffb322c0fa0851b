/* SPDX-License-Identifier: MIT */
/* The lane-generic body of nPbatch.c (see there for the representation,
   bounds and constant-time notes): field arithmetic in radix 2^52, the
   Montgomery ladders, the shared inversion and the output, on LANES
   independent items in the LANES 64-bit lanes of one vector.  Included
   twice by nPbatch.c: LANES 8 (zmm, the names fe52x8_*) and LANES 4 (ymm,
   fe52x4_*, for short tails).  The includer defines LANES, VEC (the vector
   type), VP(op) (the intrinsic _mm512_op or _mm256_op), VSET1, VZERO,
   VLOAD, VSTORE, VAND (the intrinsics whose names differ by more than the
   prefix), VSWAP2 / VSWAP4 (lanes i^2 / i^4; VSWAP4 for eight lanes only),
   FE52 (the element type's name) and F52(name) (the routines' names), and
   before them INLINE, MASK52, MASK47, load64 and freeze_store. */
#if !defined(LANES) || !defined(VEC) || !defined(VP) || !defined(VSET1) || !defined(VZERO) || \
    !defined(VLOAD) || !defined(VSTORE) || !defined(VAND) || !defined(VSWAP2) || \
    !defined(FE52) || !defined(F52) || !defined(INLINE) || !defined(MASK52) || !defined(MASK47) || \
    (LANES == 8 && !defined(VSWAP4))
#error "define LANES, VEC, VP, VSET1, VZERO, VLOAD, VSTORE, VAND, VSWAP2 (and VSWAP4 for 8 lanes), FE52, F52, INLINE, MASK52 and MASK47 before including x25519_batch_fe52_lanes.h"
#endif

#define GROUPBYTES (32 * LANES)

typedef struct { VEC v[5]; } FE52;


#define MADDLO(acc, a, b) (acc) = VP(madd52lo_epu64)((acc), (a), (b))
#define MADDHI(acc, a, b) (acc) = VP(madd52hi_epu64)((acc), (a), (b))
/* product of the limbs a, b (both < 2^52): low half into lo, high into hi */
#define PROD(lo, hi, a, b) do { MADDLO(lo, a, b); MADDHI(hi, a, b); } while (0)

/* The routines below are written as short steps on named registers: a
   step macro takes a prefix p and works on p##c0, p##c1, ... (the limbs or
   product columns of one element), p##f0.., p##g0.. (its operands).  An
   operation on two or four independent elements issues each step for all
   of them before the next step, so the instruction stream interleaves
   independent dependency chains however the compiler schedules (gcc at
   -O2 keeps source order on x86).  Every routine uses these constants: */
#define CONSTS                                                          \
  const VEC m52 = VSET1((long long)MASK52);             \
  const VEC m47 = VSET1((long long)MASK47);             \
  const VEC k19 = VSET1(19);                            \
  const VEC k608 = VSET1(608);                          \
  (void)m52; (void)m47; (void)k19; (void)k608

#define DECL_C(p) VEC p##c0, p##c1, p##c2, p##c3, p##c4, p##c5, p##c6, p##c7, p##c8, p##c9
#define ZERO_C(p) p##c0 = p##c1 = p##c2 = p##c3 = p##c4 = p##c5 = p##c6 = p##c7 = p##c8 = \
                  p##c9 = VZERO()
#define LOAD_F(p, f) const VEC p##f0 = (f)->v[0], p##f1 = (f)->v[1], p##f2 = (f)->v[2], \
                     p##f3 = (f)->v[3], p##f4 = (f)->v[4]
#define LOAD_G(p, g) const VEC p##g0 = (g)->v[0], p##g1 = (g)->v[1], p##g2 = (g)->v[2], \
                     p##g3 = (g)->v[3], p##g4 = (g)->v[4]
#define STORE_C(h, p) do { (h)->v[0] = p##c0; (h)->v[1] = p##c1; (h)->v[2] = p##c2; \
                           (h)->v[3] = p##c3; (h)->v[4] = p##c4; } while (0)

/* Carry of limbs p##c0..p##c4, lane by lane, in five steps.
   Input: every limb < 2^63.  Output: CARRIED, same value mod p.
   CARRY0 splits limb 4 at bit 47 (bit 255) and adds the excess (< 2^16)
   times 19 into limb 0 (< 2^63 + 2^21 after); CARRY1..CARRY4 then carry
   0 -> 1 -> 2 -> 3 -> 4.  The chain ends at limb 4, so limbs 0..3 leave
   it strictly below 2^52; every carry is below 2^11 + 1, so limb 4 ends
   below 2^47 + 2^12. */
#define CARRY0(p) do {                                                  \
    VEC k_ = VP(srli_epi64)(p##c4, 47);                          \
    p##c4 = VAND(p##c4, m47);                               \
    MADDLO(p##c0, k_, k19);                                             \
  } while (0)
#define CARRYSTEP(p, i, j) do {                                         \
    p##c##j = VP(add_epi64)(p##c##j, VP(srli_epi64)(p##c##i, 52)); \
    p##c##i = VAND(p##c##i, m52);                           \
  } while (0)
#define CARRY1(p) CARRYSTEP(p, 0, 1)
#define CARRY2(p) CARRYSTEP(p, 1, 2)
#define CARRY3(p) CARRYSTEP(p, 2, 3)
#define CARRY4(p) CARRYSTEP(p, 3, 4)
/* the same carries, leaving the carried-out bits in place (MULIN) */
#define CARRYSTEP_M(p, i, j)                                            \
  p##c##j = VP(add_epi64)(p##c##j, VP(srli_epi64)(p##c##i, 52))
#define CARRY1_M(p) CARRYSTEP_M(p, 0, 1)
#define CARRY2_M(p) CARRYSTEP_M(p, 1, 2)
#define CARRY3_M(p) CARRYSTEP_M(p, 2, 3)
#define CARRY4_M(p) CARRYSTEP_M(p, 3, 4)
/* carry k of level s: 1 CARRIED, 2 MULIN (0: none) */
#define CARRYL(p, k, s) do {                                            \
    if ((s) == 1) CARRY##k(p);                                          \
    else if ((s) == 2) CARRY##k##_M(p);                                 \
  } while (0)

/* p = f + g, not carried.  f, g CARRIED or LOOSE: limbs < 2^59. */
#define ADD_C(p, f, g) do {                                             \
    p##c0 = VP(add_epi64)((f)->v[0], (g)->v[0]);                     \
    p##c1 = VP(add_epi64)((f)->v[1], (g)->v[1]);                     \
    p##c2 = VP(add_epi64)((f)->v[2], (g)->v[2]);                     \
    p##c3 = VP(add_epi64)((f)->v[3], (g)->v[3]);                     \
    p##c4 = VP(add_epi64)((f)->v[4], (g)->v[4]);                     \
  } while (0)
/* p = f - g + 1024p, not carried.  1024p in radix 2^52 has limbs
   2^62 - 19456, 2^62 - 1024 (three times), 2^57 - 1024, each at least the
   matching limb of a CARRIED or LOOSE g (< 2^58; limb 4 < 2^57 - 1024,
   see the reduction), so no limb goes negative; with f CARRIED or LOOSE
   the limbs are < 2^62 + 2^58 < 2^63. */
#define SUB_C(p, f, g) do {                                             \
    const VEC q0_ = VSET1((long long)(((uint64_t)1 << 62) - 19456)); \
    const VEC q1_ = VSET1((long long)(((uint64_t)1 << 62) - 1024)); \
    const VEC q4_ = VSET1((long long)(((uint64_t)1 << 57) - 1024)); \
    p##c0 = VP(sub_epi64)(VP(add_epi64)((f)->v[0], q0_), (g)->v[0]); \
    p##c1 = VP(sub_epi64)(VP(add_epi64)((f)->v[1], q1_), (g)->v[1]); \
    p##c2 = VP(sub_epi64)(VP(add_epi64)((f)->v[2], q1_), (g)->v[2]); \
    p##c3 = VP(sub_epi64)(VP(add_epi64)((f)->v[3], q1_), (g)->v[3]); \
    p##c4 = VP(sub_epi64)(VP(add_epi64)((f)->v[4], q4_), (g)->v[4]); \
  } while (0)

/* The 25 limb products of a multiplication: (low column, high column,
   index in f, index in g).  Column k has weight 2^(52k). */
#define MUL_PRODUCTS(P)                                                 \
  P(0, 1, 0, 0) P(1, 2, 0, 1) P(2, 3, 0, 2) P(3, 4, 0, 3) P(4, 5, 0, 4) \
  P(1, 2, 1, 0) P(2, 3, 1, 1) P(3, 4, 1, 2) P(4, 5, 1, 3) P(5, 6, 1, 4) \
  P(2, 3, 2, 0) P(3, 4, 2, 1) P(4, 5, 2, 2) P(5, 6, 2, 3) P(6, 7, 2, 4) \
  P(3, 4, 3, 0) P(4, 5, 3, 1) P(5, 6, 3, 2) P(6, 7, 3, 3) P(7, 8, 3, 4) \
  P(4, 5, 4, 0) P(5, 6, 4, 1) P(6, 7, 4, 2) P(7, 8, 4, 3) P(8, 9, 4, 4)
/* a square: the ten cross products (to be doubled), then the five squares */
#define SQ_CROSS(P)                                                     \
  P(1, 2, 0, 1) P(2, 3, 0, 2) P(3, 4, 0, 3) P(4, 5, 0, 4)               \
  P(3, 4, 1, 2) P(4, 5, 1, 3) P(5, 6, 1, 4)                             \
  P(5, 6, 2, 3) P(6, 7, 2, 4)                                           \
  P(7, 8, 3, 4)
#define SQ_DIAG(P) P(0, 1, 0, 0) P(2, 3, 1, 1) P(4, 5, 2, 2) P(6, 7, 3, 3) P(8, 9, 4, 4)
#define DOUBLE_C(p) do {                                                \
    p##c1 = VP(add_epi64)(p##c1, p##c1); p##c2 = VP(add_epi64)(p##c2, p##c2); \
    p##c3 = VP(add_epi64)(p##c3, p##c3); p##c4 = VP(add_epi64)(p##c4, p##c4); \
    p##c5 = VP(add_epi64)(p##c5, p##c5); p##c6 = VP(add_epi64)(p##c6, p##c6); \
    p##c7 = VP(add_epi64)(p##c7, p##c7); p##c8 = VP(add_epi64)(p##c8, p##c8); \
  } while (0)
/* product steps on prefix a (one element) or a and b (two elements) */
#define MP_A(lo, hi, i, j) PROD(ac##lo, ac##hi, af##i, ag##j);
#define MP_AB(lo, hi, i, j) PROD(ac##lo, ac##hi, af##i, ag##j); PROD(bc##lo, bc##hi, bf##i, bg##j);
#define SP_AB(lo, hi, i, j) PROD(ac##lo, ac##hi, af##i, af##j); PROD(bc##lo, bc##hi, bf##i, bf##j);

/* Column bounds after the products.  f, g CARRIED (limbs 0..3 < 2^52:
   the multiplier reads 52 bits; limb 4 < 2^47 + 2^12).  Column k holds
   the low halves of the products of index sum k and the high halves of
   those of index sum k-1: at most nine halves (k = 4, 5), each < 2^52, so
   every column is < 2^56 (squares: cross columns doubled, the same
   count).  c9 is the high half of f4 g4 < 2^94 + 2^60 + 2^24 alone, so
   c9 < 2^42 + 2^9.

   Reduction, 2^260 = 2^5 2^255 = 32 * 19 = 608 (mod p), column 5+m
   (m >= 0) folding into column m times 608, in nine multiplications:
   HCARRY  carry the high columns in a chain c5 -> c6 -> c7 -> c8 -> c9
           (each carry < 2^5): now c5..c8 < 2^52, fit for the multiplier,
           and c9 < 2^42 + 2^10, so 608 c9 < 2^52 has no high half (the
           carried-out bits stay: c5..c8 only enter the multiplier);
   FOLD    608 c(5+m) in halves: the low half (< 2^52) into column m, the
           high half (< 2^10) into column m+1; 608 c9 whole into c4.
   Then c0..c4 < 2^56 + 2^52 + 2^10 < 2^57 - 1024: LOOSE as they stand,
   and CARRY0..CARRY4 leave them CARRIED.
   The carry chain costs latency (four short steps), which the two
   interleaved elements and the independent low columns hide; it saves
   five of the fourteen multiplications a chain-free split needs. */
#define HCARRY(p) do {                                                  \
    CARRYSTEP_M(p, 5, 6); CARRYSTEP_M(p, 6, 7); CARRYSTEP_M(p, 7, 8);   \
    CARRYSTEP_M(p, 8, 9);                                               \
  } while (0)
#define HCARRYSTEP_AB(i, j) CARRYSTEP_M(a, i, j); CARRYSTEP_M(b, i, j)
#define FOLD(p) do {                                                    \
    MADDLO(p##c0, p##c5, k608); MADDHI(p##c1, p##c5, k608);             \
    MADDLO(p##c1, p##c6, k608); MADDHI(p##c2, p##c6, k608);             \
    MADDLO(p##c2, p##c7, k608); MADDHI(p##c3, p##c7, k608);             \
    MADDLO(p##c3, p##c8, k608); MADDHI(p##c4, p##c8, k608);             \
    MADDLO(p##c4, p##c9, k608);                                         \
  } while (0)

/* strict: output LOOSE (0), CARRIED (1) or MULIN (2).  Compile-time
   constants. */
#define REDUCE_A(sa) do {                                               \
    HCARRY(a); FOLD(a);                                                 \
    if (sa) CARRY0(a);                                                  \
    CARRYL(a, 1, sa); CARRYL(a, 2, sa); CARRYL(a, 3, sa); CARRYL(a, 4, sa); \
  } while (0)
#define REDUCE_AB(sa, sb) do {                                          \
    HCARRYSTEP_AB(5, 6); HCARRYSTEP_AB(6, 7); HCARRYSTEP_AB(7, 8);      \
    HCARRYSTEP_AB(8, 9);                                                \
    FOLD(a); FOLD(b);                                                   \
    if (sa) CARRY0(a);                                                  \
    if (sb) CARRY0(b);                                                  \
    CARRYL(a, 1, sa); CARRYL(b, 1, sb);                                 \
    CARRYL(a, 2, sa); CARRYL(b, 2, sb);                                 \
    CARRYL(a, 3, sa); CARRYL(b, 3, sb);                                 \
    CARRYL(a, 4, sa); CARRYL(b, 4, sb);                                 \
  } while (0)

/* h = f g.  f, g CARRIED or MULIN; h LOOSE, CARRIED or MULIN for strict
   0, 1, 2. */
INLINE void F52(mul_r)(FE52 *h, const FE52 *f, const FE52 *g, int strict)
{
  CONSTS;
  LOAD_F(a, f); LOAD_G(a, g);
  DECL_C(a);
  ZERO_C(a);
  MUL_PRODUCTS(MP_A)
  REDUCE_A(strict);
  STORE_C(h, a);
}

/* h = f g and H = F G side by side.  f, g, F, G CARRIED or MULIN; h (H)
   as strict = sh (sH) says. */
INLINE void F52(mul2_r)(FE52 *h, const FE52 *f, const FE52 *g, int sh,
                       FE52 *H, const FE52 *F, const FE52 *G, int sH)
{
  CONSTS;
  LOAD_F(a, f); LOAD_G(a, g);
  LOAD_F(b, F); LOAD_G(b, G);
  DECL_C(a); DECL_C(b);
  ZERO_C(a); ZERO_C(b);
  MUL_PRODUCTS(MP_AB)
  REDUCE_AB(sh, sH);
  STORE_C(h, a); STORE_C(H, b);
}

/* h = f^2 and H = F^2 side by side.  f, F CARRIED or MULIN; h (H) as
   strict = sh (sH) says.  The ten cross products are accumulated once and the
   columns doubled, then the five squares added: each column holds as
   many halves of products as in a multiplication (< 2^56). */
INLINE void F52(sq2_r)(FE52 *h, const FE52 *f, int sh, FE52 *H, const FE52 *F, int sH)
{
  CONSTS;
  LOAD_F(a, f); LOAD_F(b, F);
  DECL_C(a); DECL_C(b);
  ZERO_C(a); ZERO_C(b);
  SQ_CROSS(SP_AB)
  DOUBLE_C(a); DOUBLE_C(b);
  SQ_DIAG(SP_AB)
  REDUCE_AB(sh, sH);
  STORE_C(h, a); STORE_C(H, b);
}

INLINE void F52(mul)(FE52 *h, const FE52 *f, const FE52 *g) { F52(mul_r)(h, f, g, 1); }

/* h = f, CARRIED.  f: limbs < 2^63 (e.g. LOOSE). */
INLINE void F52(carry)(FE52 *h, const FE52 *f)
{
  CONSTS;
  VEC ac0 = f->v[0], ac1 = f->v[1], ac2 = f->v[2], ac3 = f->v[3], ac4 = f->v[4];
  CARRY0(a); CARRY1(a); CARRY2(a); CARRY3(a); CARRY4(a);
  STORE_C(h, a);
}

/* A = x2 + z2, B = x2 - z2, C = x3 + z3, D = x3 - z3, interleaved.
   Inputs CARRIED or LOOSE; outputs MULIN (ADD_C / SUB_C, then carry). */
INLINE void F52(addsub4)(FE52 *A, FE52 *B, FE52 *C, FE52 *D,
                        const FE52 *x2, const FE52 *z2, const FE52 *x3, const FE52 *z3)
{
  CONSTS;
  VEC ac0, ac1, ac2, ac3, ac4, bc0, bc1, bc2, bc3, bc4;
  VEC cc0, cc1, cc2, cc3, cc4, dc0, dc1, dc2, dc3, dc4;
  ADD_C(a, x2, z2); SUB_C(b, x2, z2); ADD_C(c, x3, z3); SUB_C(d, x3, z3);
  CARRY0(a); CARRY0(b); CARRY0(c); CARRY0(d);
  CARRY1_M(a); CARRY1_M(b); CARRY1_M(c); CARRY1_M(d);
  CARRY2_M(a); CARRY2_M(b); CARRY2_M(c); CARRY2_M(d);
  CARRY3_M(a); CARRY3_M(b); CARRY3_M(c); CARRY3_M(d);
  CARRY4_M(a); CARRY4_M(b); CARRY4_M(c); CARRY4_M(d);
  STORE_C(A, a); STORE_C(B, b); STORE_C(C, c); STORE_C(D, d);
}

/* E = AA - BB, S = DA + CB, T = DA - CB, interleaved.
   Inputs CARRIED or LOOSE; outputs MULIN. */
INLINE void F52(subaddsub3)(FE52 *E, FE52 *S, FE52 *T,
                           const FE52 *aa, const FE52 *bb, const FE52 *da, const FE52 *cb)
{
  CONSTS;
  VEC ac0, ac1, ac2, ac3, ac4, bc0, bc1, bc2, bc3, bc4, cc0, cc1, cc2, cc3, cc4;
  SUB_C(a, aa, bb); ADD_C(b, da, cb); SUB_C(c, da, cb);
  CARRY0(a); CARRY0(b); CARRY0(c);
  CARRY1_M(a); CARRY1_M(b); CARRY1_M(c);
  CARRY2_M(a); CARRY2_M(b); CARRY2_M(c);
  CARRY3_M(a); CARRY3_M(b); CARRY3_M(c);
  CARRY4_M(a); CARRY4_M(b); CARRY4_M(c);
  STORE_C(E, a); STORE_C(S, b); STORE_C(T, c);
}

/* h = g + 121666 f.  f MULIN (it only enters the multiplier), g CARRIED
   (it is added).  121666 < 2^17, so 121666 f_k splits
   into a low half (< 2^52, limb k) and a high half (< 2^13, limb k+1);
   the high half of limb 4 lands at 2^260 and goes times 608 into limb 0
   (< 2^23).  Limbs before the carry < 2^52 + 2^52 + 2^23 < 2^54.
   h MULIN. */
INLINE void F52(mul121666_add)(FE52 *h, const FE52 *f, const FE52 *g)
{
  CONSTS;
  const VEC k = VSET1(121666);
  VEC ac0 = g->v[0], ac1 = g->v[1], ac2 = g->v[2], ac3 = g->v[3], ac4 = g->v[4];
  VEC ac5 = VZERO();
  PROD(ac0, ac1, f->v[0], k);
  PROD(ac1, ac2, f->v[1], k);
  PROD(ac2, ac3, f->v[2], k);
  PROD(ac3, ac4, f->v[3], k);
  PROD(ac4, ac5, f->v[4], k);
  MADDLO(ac0, ac5, k608);
  CARRY0(a); CARRY1_M(a); CARRY2_M(a); CARRY3_M(a); CARRY4_M(a);
  STORE_C(h, a);
}

/* A = x + z, B = x - z: addsub4's first half.  Inputs CARRIED or LOOSE;
   outputs MULIN. */
INLINE void F52(addsub2)(FE52 *A, FE52 *B, const FE52 *x, const FE52 *z)
{
  CONSTS;
  VEC ac0, ac1, ac2, ac3, ac4, bc0, bc1, bc2, bc3, bc4;
  ADD_C(a, x, z); SUB_C(b, x, z);
  CARRY0(a); CARRY0(b);
  CARRY1_M(a); CARRY1_M(b);
  CARRY2_M(a); CARRY2_M(b);
  CARRY3_M(a); CARRY3_M(b);
  CARRY4_M(a); CARRY4_M(b);
  STORE_C(A, a); STORE_C(B, b);
}

/* h = f - g.  Inputs CARRIED or LOOSE; output MULIN. */
INLINE void F52(sub_m)(FE52 *h, const FE52 *f, const FE52 *g)
{
  CONSTS;
  VEC ac0, ac1, ac2, ac3, ac4;
  SUB_C(a, f, g);
  CARRY0(a); CARRY1_M(a); CARRY2_M(a); CARRY3_M(a); CARRY4_M(a);
  STORE_C(h, a);
}

/* (x : z) = 2 (x : z), the doubling half of a ladder step: AA = (x + z)^2,
   BB = (x - z)^2, E = AA - BB, x = AA BB, z = E (BB + 121666 E).  Input
   CARRIED or LOOSE; output LOOSE. */
INLINE void F52(dbl)(FE52 *x, FE52 *z)
{
  FE52 a, b, aa, bb, e, v;
  F52(addsub2)(&a, &b, x, z);
  F52(sq2_r)(&aa, &a, 1, &bb, &b, 1);
  F52(sub_m)(&e, &aa, &bb);
  F52(mul121666_add)(&v, &e, &bb);
  F52(mul2_r)(x, &aa, &bb, 0, z, &e, &v, 0);
}

/* lane-wise h = f if the lane's bit of m is 0, g if it is 1; the mask
   selects per lane through a masked blend, no branch and no index */
INLINE void F52(blend)(FE52 *h, __mmask8 m, const FE52 *f, const FE52 *g)
{
  h->v[0] = VP(mask_blend_epi64)(m, f->v[0], g->v[0]);
  h->v[1] = VP(mask_blend_epi64)(m, f->v[1], g->v[1]);
  h->v[2] = VP(mask_blend_epi64)(m, f->v[2], g->v[2]);
  h->v[3] = VP(mask_blend_epi64)(m, f->v[3], g->v[3]);
  h->v[4] = VP(mask_blend_epi64)(m, f->v[4], g->v[4]);
}

/* The lanes where z = 0 (mod p), as a mask.  z CARRIED, so z < 2p and
   z = 0 (mod p) means z = 0 or z = p; CARRIED limbs are unique for a
   given value (limbs 0..3 below 2^52), so both are exact limb patterns.
   Compares into mask registers: no branch. */
INLINE __mmask8 F52(zero_lanes)(const FE52 *z)
{
  const VEC zero = VZERO();
  const VEC p0 = VSET1((long long)(MASK52 - 18));
  const VEC m52 = VSET1((long long)MASK52);
  const VEC m47 = VSET1((long long)MASK47);
  __mmask8 is0 = VP(cmpeq_epi64_mask)(z->v[0], zero);
  __mmask8 isp = VP(cmpeq_epi64_mask)(z->v[0], p0);
  is0 = VP(mask_cmpeq_epi64_mask)(is0, z->v[1], zero);
  isp = VP(mask_cmpeq_epi64_mask)(isp, z->v[1], m52);
  is0 = VP(mask_cmpeq_epi64_mask)(is0, z->v[2], zero);
  isp = VP(mask_cmpeq_epi64_mask)(isp, z->v[2], m52);
  is0 = VP(mask_cmpeq_epi64_mask)(is0, z->v[3], zero);
  isp = VP(mask_cmpeq_epi64_mask)(isp, z->v[3], m52);
  is0 = VP(mask_cmpeq_epi64_mask)(is0, z->v[4], zero);
  isp = VP(mask_cmpeq_epi64_mask)(isp, z->v[4], m47);
  return (__mmask8)(is0 | isp);
}

/* The lanes' inputs as limbs: lu = u (bit 255 cleared) in radix 2^52,
   ln = the clamped scalar in 64-bit words.  Not inlined: kept out of the
   ladder, whose register allocation it would otherwise disturb. */
static __attribute__((noinline)) void F52(load_inputs)(uint64_t lu[5][LANES], uint64_t ln[4][LANES],
                                                       const unsigned char *n,
                                                       const unsigned char *p)
{
  uint64_t w0, w1, w2, w3;
  int j;

  for (j = 0; j < LANES; ++j) {
    /* u with bit 255 cleared: limb 4 < 2^47, CARRIED */
    w0 = load64(p + 32 * j);
    w1 = load64(p + 32 * j + 8);
    w2 = load64(p + 32 * j + 16);
    w3 = load64(p + 32 * j + 24) & (((uint64_t)1 << 63) - 1);
    lu[0][j] = w0 & MASK52;
    lu[1][j] = ((w0 >> 52) | (w1 << 12)) & MASK52;
    lu[2][j] = ((w1 >> 40) | (w2 << 24)) & MASK52;
    lu[3][j] = ((w2 >> 28) | (w3 << 36)) & MASK52;
    lu[4][j] = w3 >> 16;
    /* clamped scalar */
    ln[0][j] = load64(n + 32 * j) & ~(uint64_t)7;
    ln[1][j] = load64(n + 32 * j + 8);
    ln[2][j] = load64(n + 32 * j + 16);
    ln[3][j] = (load64(n + 32 * j + 24) & (((uint64_t)1 << 63) - 1)) | ((uint64_t)1 << 62);
  }
}

/* LANES ladders: (x2 : z2) = projective u-coordinate of the clamped
   n[32j..] times p[32j..] (bit 255 cleared) in lane j, j < LANES; x2, z2
   CARRIED.  Reads the 32 LANES bytes of n and of p, writes nothing
   else. */
static void F52(ladder)(FE52 *xout, FE52 *zout, const unsigned char *n, const unsigned char *p)
{
  uint64_t lu[5][LANES] __attribute__((aligned(64)));
  uint64_t ln[4][LANES] __attribute__((aligned(64)));
  VEC sw[4];
  FE52 x1, x2, z2, x3, z3, a, b, c, d, aa, bb, da, cb, e, s, t, u, v, xs, zs;
  __mmask8 swap = 0, bit;
  int i;

  F52(load_inputs)(lu, ln, n, p);
  for (i = 0; i < 5; ++i) x1.v[i] = VLOAD((const void *)lu[i]);
  for (i = 0; i < 4; ++i) sw[i] = VLOAD((const void *)ln[i]);

  /* The clamped scalar's fixed bits are public, so the ladder may
     specialise on them.  Bit 254 = 1: from (x2 : z2) = (1 : 0),
     (x3 : z3) = (x1 : 1), the first step swaps, doubles (x1 : 1) into
     x2, and its sum (x1 : 1) + (1 : 0) is (x1 : 1) up to a factor; the
     swap back stays pending (swap = 1).  The state is LOOSE (CARRIED
     here). */
  x2 = x1;
  x3 = x1;
  for (i = 0; i < 5; ++i) {
    z2.v[i] = VZERO();
    z3.v[i] = VZERO();
  }
  z2.v[0] = VSET1(1);
  z3.v[0] = VSET1(1);
  F52(dbl)(&x2, &z2);
  swap = (__mmask8)((1u << LANES) - 1);

  for (i = 253; i >= 3; --i) {
    /* lanes whose scalar has bit i set */
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

    /* A = x2 + z2, B = x2 - z2, C = x3 + z3, D = x3 - z3 */
    F52(addsub4)(&a, &b, &c, &d, &x2, &z2, &x3, &z3);
    /* AA = A^2, BB = B^2 (CARRIED: they feed AA BB) */
    F52(sq2_r)(&aa, &a, 1, &bb, &b, 1);
    /* DA = D A, CB = C B */
    F52(mul2_r)(&da, &d, &a, 0, &cb, &c, &b, 0);
    /* E = AA - BB, S = DA + CB, T = DA - CB */
    F52(subaddsub3)(&e, &s, &t, &aa, &bb, &da, &cb);
    /* x3 = (DA + CB)^2; u = (DA - CB)^2 (MULIN: it only feeds x1 u) */
    F52(sq2_r)(&x3, &s, 0, &u, &t, 2);
    /* x2 = AA BB; v = BB + 121666 E = AA + 121665 E */
    F52(mul_r)(&x2, &aa, &bb, 0);
    F52(mul121666_add)(&v, &e, &bb);
    /* z2 = E (AA + 121665 E), z3 = x1 (DA - CB)^2: z2, whose inputs are
       ready first, as the leading element of the pair (measured about
       1.5% faster than z3 first) */
    F52(mul2_r)(&z2, &e, &v, 0, &z3, &x1, &u, 0);
  }
  F52(blend)(&x2, swap, &x2, &x3);
  F52(blend)(&z2, swap, &z2, &z3);
  /* bits 2, 1, 0 = 0: no swaps, and x3 is not needed any more */
  F52(dbl)(&x2, &z2);
  F52(dbl)(&x2, &z2);
  F52(dbl)(&x2, &z2);
  /* LOOSE -> CARRIED */
  F52(carry)(&x2, &x2);
  F52(carry)(&z2, &z2);

  *xout = x2;
  *zout = z2;

  /* the clamped scalars and the swap masks; the ladder's vectors are not
     named here (taking their addresses would keep them out of registers
     in the loop): what they spilled is what the memory scan of
     tests/check-stack.sh looks at */
  CRYPTO_CT_WIPE(ln);
  CRYPTO_CT_WIPE(sw);
}

/* q[32j..] = x z^-1 of lane j, fully reduced, j < LANES.  x CARRIED,
   zinv = z^(p-2) CARRIED (0 where z = 0, which gives the required 0). */
static void F52(finish)(unsigned char *q, const FE52 *x, const FE52 *zinv)
{
  uint64_t lu[5][LANES] __attribute__((aligned(64)));
  FE52 r;
  int i, j;

  F52(mul)(&r, x, zinv);
  for (i = 0; i < 5; ++i) VSTORE((void *)lu[i], r.v[i]);
  for (j = 0; j < LANES; ++j)
    freeze_store(q + 32 * j, lu[0][j], lu[1][j], lu[2][j], lu[3][j], lu[4][j]);
  CRYPTO_CT_WIPE(lu);
  CRYPTO_CT_WIPE(r);
}

/* h = 1/z lane by lane (0 nowhere: every lane of z must be nonzero mod
   p), by Montgomery's trick across the lanes and one scalar inversion
   (crypto_pow_inv25519, constant time) instead of LANES at a time in
   the lanes: the vector chain is latency-bound, about three times the
   cost of the scalar one.  Products over the lanes by three butterfly
   steps (lane i with i^1, i^2, i^4; with four lanes the last is
   missing): q3 holds the product of all lanes in every lane, and
   x_i = z_(i^1) q1_(i^2) q2_(i^4) that of all but z_i.  z CARRIED; h CARRIED. */
static void F52(invert_lanes)(FE52 *h, const FE52 *z)
{
  uint64_t lu[5][LANES] __attribute__((aligned(64)));
  unsigned char b[32], bi[32];
  uint64_t w0, w1, w2, w3;
  FE52 s1, q1, s2, q2, s4, q3, x, inv;
  int i;

  for (i = 0; i < 5; ++i) {
    /* 64-bit lanes i^1: swap the halves of each 128-bit block */
    s1.v[i] = VP(shuffle_epi32)(z->v[i], _MM_PERM_BADC);
  }
  F52(mul)(&q1, z, &s1);
  for (i = 0; i < 5; ++i) s2.v[i] = VSWAP2(q1.v[i]);  /* i^2 */
  F52(mul)(&q2, &q1, &s2);
  F52(mul)(&x, &s1, &s2);
#if LANES == 8
  for (i = 0; i < 5; ++i) s4.v[i] = VSWAP4(q2.v[i]);  /* i^4 */
  F52(mul)(&q3, &q2, &s4);
  F52(mul)(&x, &x, &s4);
#else
  q3 = q2;
  s4 = q2;
#endif

  for (i = 0; i < 5; ++i) VSTORE((void *)lu[i], q3.v[i]);
  freeze_store(b, lu[0][0], lu[1][0], lu[2][0], lu[3][0], lu[4][0]);
  crypto_pow_inv25519(bi, b);
  /* canonical, so limb 4 < 2^47: CARRIED */
  w0 = load64(bi);
  w1 = load64(bi + 8);
  w2 = load64(bi + 16);
  w3 = load64(bi + 24);
  inv.v[0] = VSET1((long long)(w0 & MASK52));
  inv.v[1] = VSET1((long long)(((w0 >> 52) | (w1 << 12)) & MASK52));
  inv.v[2] = VSET1((long long)(((w1 >> 40) | (w2 << 24)) & MASK52));
  inv.v[3] = VSET1((long long)(((w2 >> 28) | (w3 << 36)) & MASK52));
  inv.v[4] = VSET1((long long)(w3 >> 16));
  F52(mul)(h, &x, &inv);

  CRYPTO_CT_WIPE(lu);
  CRYPTO_CT_WIPE(b);
  CRYPTO_CT_WIPE(bi);
  CRYPTO_CT_WIPE(s1);
  CRYPTO_CT_WIPE(q1);
  CRYPTO_CT_WIPE(s2);
  CRYPTO_CT_WIPE(q2);
  CRYPTO_CT_WIPE(s4);
  CRYPTO_CT_WIPE(q3);
  CRYPTO_CT_WIPE(x);
  CRYPTO_CT_WIPE(inv);
}

/* Up to UNIT_GROUPS groups of LANES items (count in 1..LANES UNIT_GROUPS)
   sharing one inversion, by Montgomery's trick: with prefix products
   P_g = z_0 ... z_g, one inversion gives 1/P_last, and walking back
   1/z_g = P_(g-1) / P_g, 1/P_(g-1) = z_g / P_g costs three
   multiplications per extra group; F52(invert_lanes) then does the
   same across the lanes.  A lane where some z_g = 0 (a point of
   small order, or a dummy item) would zero every product it enters, so
   such a z_g enters the trick as 1 and its inverse leaves it as 0, the
   value x z^(p-2) needs; the zero test is a lane mask, no branch.
   Every input of all the items is read (by the ladders) before any output
   is written, so q may alias n or p.  A last group of fewer than LANES
   items runs on a local copy padded with dummy items (scalar 0, point 0),
   so nothing outside the caller's buffers is read or written.  The group
   count and sizes are public (they come from the batch size). */
#define UNIT_GROUPS 4

static void F52(unit)(unsigned char *q, const unsigned char *n, const unsigned char *p, long long count)
{
  unsigned char tn[GROUPBYTES], tp[GROUPBYTES], tq[GROUPBYTES];
  FE52 x[UNIT_GROUPS], z[UNIT_GROUPS], pre[UNIT_GROUPS], zi[UNIT_GROUPS], t;
  __mmask8 zero[UNIT_GROUPS];
  long long i;
  int g, groups = (int)((count + LANES - 1) / LANES);
  long long last = count - LANES * (groups - 1);    /* items in the last group */

  if (last < LANES) {
    const unsigned char *ln = n + GROUPBYTES * (groups - 1), *lp = p + GROUPBYTES * (groups - 1);
    for (i = 0; i < GROUPBYTES; ++i) {
      tn[i] = 0;
      tp[i] = 0;
    }
    for (i = 0; i < 32 * last; ++i) {
      tn[i] = ln[i];
      tp[i] = lp[i];
    }
  }
  /* (a do loop: count >= 1, so groups >= 1, which gcc cannot see) */
  g = 0;
  do {
    if (g == groups - 1 && last < LANES) F52(ladder)(&x[g], &z[g], tn, tp);
    else F52(ladder)(&x[g], &z[g], n + GROUPBYTES * g, p + GROUPBYTES * g);
  } while (++g < groups);

  /* z_g = 0 enters as 1 */
  for (g = 0; g < groups; ++g) {
    zero[g] = F52(zero_lanes)(&z[g]);
    z[g].v[0] = VP(mask_blend_epi64)(zero[g], z[g].v[0], VSET1(1));
    for (i = 1; i < 5; ++i) z[g].v[i] = VP(maskz_mov_epi64)((__mmask8)~zero[g], z[g].v[i]);
  }
  pre[0] = z[0];
  for (g = 1; g < groups; ++g) F52(mul)(&pre[g], &pre[g - 1], &z[g]);
  F52(invert_lanes)(&t, &pre[groups - 1]);
  /* t = 1/P_g */
  for (g = groups - 1; g > 0; --g) {
    F52(mul)(&zi[g], &t, &pre[g - 1]);
    F52(mul)(&t, &t, &z[g]);
  }
  zi[0] = t;
  /* and out as 0 */
  for (g = 0; g < groups; ++g)
    for (i = 0; i < 5; ++i) zi[g].v[i] = VP(maskz_mov_epi64)((__mmask8)~zero[g], zi[g].v[i]);

  /* outputs only from here on */
  for (g = 0; g < groups; ++g) {
    if (g == groups - 1 && last < LANES) {
      F52(finish)(tq, &x[g], &zi[g]);
      for (i = 0; i < 32 * last; ++i) q[GROUPBYTES * g + i] = tq[i];
    } else
      F52(finish)(q + GROUPBYTES * g, &x[g], &zi[g]);
  }

  /* the copied scalars and outputs, the ladders' results, the products
     and inverses, and the zero masks */
  CRYPTO_CT_WIPE(tn);
  CRYPTO_CT_WIPE(tq);
  CRYPTO_CT_WIPE(x);
  CRYPTO_CT_WIPE(z);
  CRYPTO_CT_WIPE(pre);
  CRYPTO_CT_WIPE(zi);
  CRYPTO_CT_WIPE(t);
  CRYPTO_CT_WIPE(zero);
}


#undef GROUPBYTES
