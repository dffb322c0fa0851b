/* SPDX-License-Identifier: MIT */
/* The Ed25519 group: the twisted Edwards curve -x^2 + y^2 = 1 + d x^2 y^2
   over GF(2^255 - 19), d = -121665/121666, on top of field/fe51.h.

   Point forms (all formulas complete: they hold for every pair of curve
   points, the neutral element and points of small order included):

     ge51_p3      extended (X:Y:Z:T), x = X/Z, y = Y/Z, x y = T/Z
     ge51_p2      projective (X:Y:Z), used as input of a doubling
     ge51_p1p1    "completed" result of an addition or doubling:
                     x = X/Z, y = Y/T; one more multiplication round gives
                     p2 (3M) or p3 (4M)
     ge51_precomp an affine point as (y+x, y-x, 2 d x y), the form of
                     precomputed tables (mixed addition, 7M)
     ge51_cached  a projective point as (Y+X, Y-X, Z, 2 d T), for
                     general additions (8M)

   Additions and doublings follow Hisil, Wong, Carter and Dawson, "Twisted
   Edwards curves revisited" (2008), for a = -1: with
     A = (Y1-X1)(Y2-X2), B = (Y1+X1)(Y2+X2), C = 2d T1 T2, D = 2 Z1 Z2,
     E = B-A, F = D-C, G = D+C, H = B+A
   the sum is x3 = E/G, y3 = H/F, which is the p1p1 point (E, H, G, F).
   Doubling uses A = X^2, B = Y^2, C = 2Z^2, E = 2XY = (X+Y)^2 - A - B,
   G = B-A, F = G-C, H = -A-B, again giving (E, H, G, F).

   Limb bounds (see field/fe51.h): coordinates of p3 and p2 points are
   TIGHT (outputs of mul/sub); p1p1 and cached coordinates are MULIN (at
   most one uncarried add of TIGHT values, < 2^54); precomp coordinates
   are TIGHT (tables hold limbs < 2^51).

   The formulas themselves are in group/ge_formulas.h, shared with
   group/ge64.h (the same code over the radix-2^64 field); this file
   defines the constants in radix-2^51 limbs, the table selection and the
   Montgomery conversion.

   Timing: everything is constant time except the functions whose name
   ends in _vartime, which may branch on their (public) inputs. */
#ifndef GROUP_GE51_H
#define GROUP_GE51_H

#include <stdint.h>
#include "ct/crypto_ct.h"
#include "field/fe51.h"

/* d, 2d and sqrt(-1) = 2^((p-1)/4), fully reduced */
static const fe51 ge51_d = {{
  0x34dca135978a3ULL, 0x1a8283b156ebdULL, 0x5e7a26001c029ULL, 0x739c663a03cbbULL, 0x52036cee2b6ffULL
}};
static const fe51 ge51_2d = {{
  0x69b9426b2f159ULL, 0x35050762add7aULL, 0x3cf44c0038052ULL, 0x6738cc7407977ULL, 0x2406d9dc56dffULL
}};
static const fe51 ge51_sqrtm1 = {{
  0x61b274a0ea0b0ULL, 0x0d5a5fc8f189dULL, 0x7ef5e9cbd0c60ULL, 0x78595a6804c9eULL, 0x2b8324804fc1dULL
}};

/* the formulas of the group interface over this field */
#define FE_FAMILY fe51
#define GE_FAMILY ge51
#include "group/ge_formulas.h"
#undef GE_FAMILY
#undef FE_FAMILY

/* ---------- constant-time selection ---------- */

/* t = b * P where table[j] = (j+1) P for j = 0..7 and -8 <= b <= 8.
   Reads all eight entries whatever b is; no branch on b. */
static inline void ge51_precomp_select(ge51_precomp *t, const ge51_precomp table[8], signed char b)
{
  uint64_t bu = (uint64_t)(int64_t)b;
  uint64_t neg = bu >> 63;                      /* 1 iff b < 0 */
  uint64_t babs = bu ^ (crypto_ct_bit_mask_u64(neg) & (bu ^ ((uint64_t)0 - bu)));
  ge51_precomp minus;
  int j;

  ge51_precomp_0(t);
  for (j = 0; j < 8; ++j)
    ge51_precomp_cmov(t, &table[j], crypto_ct_equal_mask_u64(babs, (uint64_t)(j + 1)) & 1);
  /* -(y+x, y-x, 2dxy) = (y-x, y+x, -2dxy) */
  fe51_copy(&minus.ypx, &t->ymx);
  fe51_copy(&minus.ymx, &t->ypx);
  fe51_neg(&minus.xy2d, &t->xy2d);
  ge51_precomp_cmov(t, &minus, neg);
}

/* ---------- encoding and decoding ---------- */

/* s = Montgomery u = (1+y)/(1-y) = (Z+Y)/(Z-Y), fully reduced; the
   neutral element (Z = Y) gives 0 since inverting 0 gives 0 */
static inline void ge51_p3_to_montgomery(unsigned char s[32], const ge51_p3 *p)
{
  fe51 num, den;
  fe51_add(&num, &p->Z, &p->Y);
  fe51_sub(&den, &p->Z, &p->Y);
  fe51_invert(&den, &den);
  fe51_mul(&num, &num, &den);
  fe51_tobytes(s, &num);
}

#endif
