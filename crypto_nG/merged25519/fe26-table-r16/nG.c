/* SPDX-License-Identifier: MIT */
/* n G for the Ed25519 base point G on the radix-2^25.5 field
   (field/fe26.h, group/ge26.h: 32-bit limbs, for targets without a
   128-bit integer type); the method of fe51-table-r16: a fixed-base comb
   with signed radix-16 digits and a precomputed table
   (tables/ge26_base_r16.h, 32 x 8 affine points).

   The scalar (top bit cleared) is reduced mod L, which changes nothing
   since G has order L, and written as sum e[i] 16^i with -8 <= e[i] <= 8.
   With T[k][j] = (j+1) 256^k G,
     n G = 16 sum_k e[2k+1] 256^k G + sum_k e[2k] 256^k G,
   so 64 constant-time table lookups and mixed additions plus 4 doublings.
   Every lookup reads the whole row of 8 points; no branch or index
   depends on n.  The top bit of n only chooses the output form
   (ge26_p3_tobytes_merged), also without branching. */
#include "crypto_nG.h"
#include "ct/crypto_ct.h"
#include "field/fe26.h"
#include "group/ge26.h"
#include "scalar/sc25519.h"
#include "tables/ge26_base_r16.h"

static CRYPTO_CT_NOINLINE void nG_fe26_table_r16(unsigned char *out, const unsigned char *n)
{
  unsigned char t[32];
  uint64_t montgomery = n[31] >> 7;
  signed char e[64];
  sc25519 a;
  ge26_p3 h;
  ge26_p1p1 r;
  ge26_p2 s;
  ge26_precomp q;
  int i;

  for (i = 0; i < 32; ++i) t[i] = n[i];
  t[31] &= 127;
  sc25519_from32bytes(&a, t);
  sc25519_recode_radix16(e, &a);

  ge26_p3_0(&h);
  for (i = 1; i < 64; i += 2) {
    ge26_precomp_select(&q, ge26_base_table[i / 2], e[i]);
    ge26_madd(&r, &h, &q);
    ge26_p1p1_to_p3(&h, &r);
  }

  ge26_p3_dbl(&r, &h);
  ge26_p1p1_to_p2(&s, &r);
  ge26_p2_dbl(&r, &s);
  ge26_p1p1_to_p2(&s, &r);
  ge26_p2_dbl(&r, &s);
  ge26_p1p1_to_p2(&s, &r);
  ge26_p2_dbl(&r, &s);
  ge26_p1p1_to_p3(&h, &r);

  for (i = 0; i < 64; i += 2) {
    ge26_precomp_select(&q, ge26_base_table[i / 2], e[i]);
    ge26_madd(&r, &h, &q);
    ge26_p1p1_to_p3(&h, &r);
  }

  ge26_p3_tobytes_merged(out, &h, montgomery);

  /* the scalar, its digits, the selected points and the partial sums */
  CRYPTO_CT_WIPE(t);
  CRYPTO_CT_WIPE(a);
  CRYPTO_CT_WIPE(e);
  CRYPTO_CT_WIPE(q);
  CRYPTO_CT_WIPE(h);
  CRYPTO_CT_WIPE(r);
  CRYPTO_CT_WIPE(s);
}

/* nG_fe26_table_r16 runs in a frame of its own (noinline), so that its
   frame, the frames below it and the registers they saved are all below
   this one and cleared by one wipe of 3072 bytes: the deepest chain,
   body, doubling, product, is 1440 + 464 + 160 + 56 bytes (gcc
   -fstack-usage), 1144 + 472 + 192 + 112 (clang); plus a margin. */
void crypto_nG(unsigned char *out, const unsigned char *n)
{
  nG_fe26_table_r16(out, n);
  crypto_ct_wipe_below(3072);
}
