/* SPDX-License-Identifier: MIT */
/* crypto_nG_merged25519 for x86-64 with AVX2, BMI2 and ADX: the
   fixed-base comb of fe26x4-comb-coords and fe64-comb-r64-avx2 (signed
   radix-64 digits of the masked n, T[k][j] = (j+1) 4096^k B,
   internal/tables/ge64_base_r64.h, one AVX2 scan per row selecting both
   of its digits) with its two independent sums on the two units at once:
   the odd digits' sum R in lane form on the vector unit
   (group/ge26x4_avx2.h: X, Y, Z, T in the four lanes of radix-2^25.5
   vectors), the even digits' sum S in radix 2^64 on the integer
   multiplier (mulx; field/fe64_inline.h).

   Why: each of the two sums alone keeps one unit busy and leaves the
   other nearly idle (fe26x4-comb-coords does both additions of a row in
   lanes, fe64-comb-r64-avx2 both with mulx, at about the same speed on
   Zen 3).  Here a row's lane-form addition and its radix-2^64 addition
   are written as one stream: the rows of the two four-lane products
   (fe26x4_mul_row) with the seven scalar multiplications between them,
   in the order their operands become ready, so that the out-of-order
   window always holds both kinds of work.  The scalar operations are
   inline assembly on general-purpose registers only, so no ymm value is
   spilled around them (a call would clobber every ymm register).

   Scalar mixed addition (extended coordinates, a = -1; the table entry
   (y+x, y-x, 2dxy) with y+x and y-x already exchanged for a negative
   digit by the scan):
     A = (Y-X)(y-x), B = (Y+X)(y+x), C = T (+-2dxy), D = 2Z,
     E = B - A, F = D - C, G = D + C, H = B + A,
     X3 = E F, Y3 = G H, Z3 = F G, T3 = E H,
   with -2dxy selected by a mask for a negative digit.  Each sum starts
   as the point of its row-0 digit (Z = 2), R converted to lanes.  At the end
   R gets its 6 doublings (64 R), goes to radix 2^64, and one general
   addition (ge64_mulx_add_p2) adds S; then the inversion and the
   encoding of the merged output, which the top bit of n selects.

   Constant time: the digits come from fixed shifts and arithmetic; each
   row of the table is read whole whatever the digits; signs act through
   masks (the scan's exchange, the lane mask of ge26x4_niels_to_cached,
   the 2dxy select here); loop counts are fixed. */
#include <string.h>
#include "crypto_nG.h"
#include "ct/crypto_ct.h"
#include "field/fe64.h"
#include "field/fe64_inline.h"
#include "group/ge64.h"
#include "scalar/sc64.h"
#include "group/ge26x4_avx2.h"
#include "method/nG_comb_digits.h"
#include "tables/ge64_base_r64.h"

#define NDIGITS 43
#define NROWS ((NDIGITS + 1) / 2)
#define TABLE ge64_base_table64_r64

/* the scalar sum S */
typedef struct { fe64 X, Y, Z, T; } nG_hybrid_p3;

/* the first half of the scalar addition S + q: A, B, C (C with 2dxy
   negated where mask = -1); the second half is nG_hybrid_madd_2 */
typedef struct { fe64 A, B, C; } nG_hybrid_abc;

static const fe64 nG_hybrid_zero = {{0, 0, 0, 0}};

/* S = S + q in one piece (the last even digit, which has no vector
   partner) */
static inline void nG_hybrid_madd(nG_hybrid_p3 *S, const ge64_precomp *q, uint64_t mask)
{
  fe64 t, u, c, A, B, C, D, E, F, G, H;
  int l;
  fe64_inline_sub(&t, &nG_hybrid_zero, &q->xy2d);
  for (l = 0; l < 4; ++l) c.v[l] = (q->xy2d.v[l] & ~mask) | (t.v[l] & mask);
  fe64_inline_sub(&t, &S->Y, &S->X);
  fe64_inline_add(&u, &S->Y, &S->X);
  fe64_inline_mul(&A, &t, &q->ymx);
  fe64_inline_mul(&B, &u, &q->ypx);
  fe64_inline_mul(&C, &S->T, &c);
  fe64_inline_add(&D, &S->Z, &S->Z);
  fe64_inline_sub(&E, &B, &A);
  fe64_inline_sub(&F, &D, &C);
  fe64_inline_add(&G, &D, &C);
  fe64_inline_add(&H, &B, &A);
  fe64_inline_mul(&S->X, &E, &F);
  fe64_inline_mul(&S->Y, &G, &H);
  fe64_inline_mul(&S->Z, &F, &G);
  fe64_inline_mul(&S->T, &E, &H);
  CRYPTO_CT_WIPE(t);
  CRYPTO_CT_WIPE(u);
  CRYPTO_CT_WIPE(c);
  CRYPTO_CT_WIPE(A);
  CRYPTO_CT_WIPE(B);
  CRYPTO_CT_WIPE(C);
  CRYPTO_CT_WIPE(D);
  CRYPTO_CT_WIPE(E);
  CRYPTO_CT_WIPE(F);
  CRYPTO_CT_WIPE(G);
  CRYPTO_CT_WIPE(H);
}

/* each sum's first point, Z = 2 (group/ge64.h), on the inline assembly */
GE64_COMB_DEFINE_LOAD_Z2(nG_hybrid_load, nG_hybrid_p3, fe64_inline)

static CRYPTO_CT_NOINLINE void nG_fe26x4_fe64_comb(unsigned char *out, const unsigned char *n)
{
  unsigned char t[32];
  signed char e[NDIGITS];
  uint64_t montgomery = (uint64_t)(n[31] >> 7);
  uint64_t a[4], neg, nege;
  ge64_precomp q, qe;
  ge64_p3 h, hs;
  ge64_cached cs;
  ge26x4 R;
  fe26x4 C, w, s, f, g;
  __m256i pt[10];
  nG_hybrid_p3 S;
  fe64 sc, su, sv, sA, sB, sC, sD, sE, sF, sG, sH;
  int i, l;

  for (i = 0; i < 32; ++i) t[i] = n[i];
  t[31] &= 127;
  sc64_load32(a, t);
  /* 43 digits of radix 64 cover t < 2^255, and t B = (t mod L) B */
  nG_comb_digits(e, a, 6, NDIGITS);

  /* row 0: each sum starts as its point (3% faster than additions to
     the neutral element); R's start goes to lanes fully reduced, as the
     lane form's bounds (TIGHT) want */
  ge64_precomp_select2_avx2_blendv(&q, &neg, &qe, &nege, TABLE[0], 32, e[1], e[0]);
  nG_hybrid_load(&S, &q, neg);
  fe64_mulx_freeze(hs.X.v, S.X.v);
  fe64_mulx_freeze(hs.Y.v, S.Y.v);
  fe64_mulx_freeze(hs.Z.v, S.Z.v);
  fe64_mulx_freeze(hs.T.v, S.T.v);
  ge26x4_from_p3(&R, &hs);
  nG_hybrid_load(&S, &qe, nege);
  for (i = 3; i < NDIGITS; i += 2) {
    ge64_precomp_select2_avx2_blendv(&q, &neg, &qe, &nege, TABLE[i >> 1], 32, e[i], e[i - 1]);
    ge26x4_niels_to_cached(&C, &q, neg);
    /* scalar: 2dxy or its negative; Y - X, Y + X */
    fe64_inline_sub(&su, &nG_hybrid_zero, &qe.xy2d);
    for (l = 0; l < 4; ++l) sc.v[l] = (qe.xy2d.v[l] & ~nege) | (su.v[l] & nege);
    fe64_inline_sub(&su, &S.Y, &S.X);
    fe64_inline_add(&sv, &S.Y, &S.X);
    /* vector: (A, B, C, D) = (Y-X, Y+X, T, Z) C, row by row, with the
       scalar A, B, C between the rows */
#define NG_AI_(k) w.v[k] = ge26x4_add_in_limb(R.v[k], k);
    FE26X4_LIMBS(NG_AI_)
#undef NG_AI_
    fe26x4_mul_row(pt, &w, &C, 0);
    fe64_inline_mul(&sA, &su, &qe.ymx);
    fe26x4_mul_row(pt, &w, &C, 1);
    fe26x4_mul_row(pt, &w, &C, 2);
    fe26x4_mul_row(pt, &w, &C, 3);
    fe64_inline_mul(&sB, &sv, &qe.ypx);
    fe26x4_mul_row(pt, &w, &C, 4);
    fe26x4_mul_row(pt, &w, &C, 5);
    fe26x4_mul_row(pt, &w, &C, 6);
    fe64_inline_mul(&sC, &S.T, &sc);
    fe26x4_mul_row(pt, &w, &C, 7);
    fe26x4_mul_row(pt, &w, &C, 8);
    fe26x4_mul_row(pt, &w, &C, 9);
    fe26x4_reduce(&s, pt);
    fe64_inline_add(&sD, &S.Z, &S.Z);
    fe64_inline_sub(&sE, &sB, &sA);
    fe64_inline_sub(&sF, &sD, &sC);
    fe64_inline_add(&sG, &sD, &sC);
    fe64_inline_add(&sH, &sB, &sA);
    /* vector: (E, H, F, E) (F, G, G, H) = (EF, HG, FG, EH), with the
       scalar X3, Y3, Z3, T3 between the rows */
#define NG_AM_(k) w.v[k] = ge26x4_add_mid_limb(s.v[k], k);                \
    f.v[k] = GE26X4_PERM(w.v[k], 0, 1, 2, 0); g.v[k] = GE26X4_PERM(w.v[k], 2, 3, 3, 1);
    FE26X4_LIMBS(NG_AM_)
#undef NG_AM_
    fe26x4_mul_row(pt, &f, &g, 0);
    fe64_inline_mul(&S.X, &sE, &sF);
    fe26x4_mul_row(pt, &f, &g, 1);
    fe26x4_mul_row(pt, &f, &g, 2);
    fe64_inline_mul(&S.Y, &sG, &sH);
    fe26x4_mul_row(pt, &f, &g, 3);
    fe26x4_mul_row(pt, &f, &g, 4);
    fe64_inline_mul(&S.Z, &sF, &sG);
    fe26x4_mul_row(pt, &f, &g, 5);
    fe26x4_mul_row(pt, &f, &g, 6);
    fe64_inline_mul(&S.T, &sE, &sH);
    fe26x4_mul_row(pt, &f, &g, 7);
    fe26x4_mul_row(pt, &f, &g, 8);
    fe26x4_mul_row(pt, &f, &g, 9);
    fe26x4_reduce(&R, pt);
  }
  nege = ge64_precomp_select32_nonneg_t(&qe, TABLE[NROWS - 1], e[NDIGITS - 1]);
  nG_hybrid_madd(&S, &qe, nege);
  /* 64 R + S */
  ge26x4_dbl_run(&R, 6);
  ge26x4_to_p3(&h, &R);
  for (l = 0; l < 4; ++l) {
    hs.X.v[l] = S.X.v[l];
    hs.Y.v[l] = S.Y.v[l];
    hs.Z.v[l] = S.Z.v[l];
    hs.T.v[l] = S.T.v[l];
  }
  ge64_p3_to_cached(&cs, &hs);
  ge64_mulx_add_p2(&h, &cs);

  ge64_p3_tobytes_merged(out, &h, montgomery);

  /* the scalar, its digits, the signs and selected points that tell
     them, the partial sums and the scalar temporaries (the vector
     temporaries are left to the wipe below the frame: wiping them here
     made the compilers keep memory copies of them in the loop) */
  CRYPTO_CT_WIPE(t);
  CRYPTO_CT_WIPE(e);
  CRYPTO_CT_WIPE(a);
  CRYPTO_CT_WIPE(neg);
  CRYPTO_CT_WIPE(nege);
  CRYPTO_CT_WIPE(q);
  CRYPTO_CT_WIPE(qe);
  CRYPTO_CT_WIPE(C);
  CRYPTO_CT_WIPE(R);
  CRYPTO_CT_WIPE(S);
  CRYPTO_CT_WIPE(h);
  CRYPTO_CT_WIPE(hs);
  CRYPTO_CT_WIPE(cs);
  CRYPTO_CT_WIPE(sc);
  CRYPTO_CT_WIPE(su);
  CRYPTO_CT_WIPE(sv);
  CRYPTO_CT_WIPE(sA);
  CRYPTO_CT_WIPE(sB);
  CRYPTO_CT_WIPE(sC);
  CRYPTO_CT_WIPE(sD);
  CRYPTO_CT_WIPE(sE);
  CRYPTO_CT_WIPE(sF);
  CRYPTO_CT_WIPE(sG);
  CRYPTO_CT_WIPE(sH);
}

/* nG_fe26x4_fe64_comb runs in a frame of its own (noinline), so that its
   frame, the frames below it and the registers they saved are all below
   this one and cleared by one wipe (depth checked by tests/check-stack.sh) */
void crypto_nG(unsigned char *out, const unsigned char *n)
{
  nG_fe26x4_fe64_comb(out, n);
  crypto_ct_wipe_below(6144);
}
