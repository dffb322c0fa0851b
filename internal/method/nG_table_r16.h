/* SPDX-License-Identifier: MIT */
/* Template: n G for the Ed25519 base point G, fixed-base comb with signed
   radix-16 digits and a precomputed table of 32 x 8 affine points, over
   the group family GE_FAMILY (group/ge51.h or group/ge26.h included
   first). The includer defines NG_TABLE_R16_TABLE, its family's table
   (tables/ge51_base_r16.h, tables/ge26_base_r16.h); this defines
   GE(nG_table_r16)(out, n), the body of nG fe51-table-r16 and
   fe26-table-r16.

   The scalar (top bit cleared) is reduced mod L, which changes nothing
   since G has order L, and written as sum e[i] 16^i with -8 <= e[i] <= 8.
   With T[k][j] = (j+1) 256^k G,
     n G = 16 sum_k e[2k+1] 256^k G + sum_k e[2k] 256^k G,
   so 64 constant-time table lookups and mixed additions plus 4 doublings.
   Every lookup reads the whole row of 8 points; no branch or index
   depends on n.  The top bit of n only chooses the output form
   (GE(p3_tobytes_merged)), also without branching. */
#ifndef GE_FAMILY
#error "define GE_FAMILY and FE_FAMILY before including method/nG_table_r16.h"
#endif
#ifndef NG_TABLE_R16_TABLE
#error "define NG_TABLE_R16_TABLE (the family's 32 x 8 table of G) before including method/nG_table_r16.h"
#endif

#include "ct/crypto_ct.h"
#include "group/ge_interface.h"
#include "scalar/sc25519.h"

static CRYPTO_CT_NOINLINE void GE(nG_table_r16)(unsigned char *out, const unsigned char *n)
{
  unsigned char t[32];
  uint64_t montgomery = n[31] >> 7;
  signed char e[64];
  sc25519 a;
  GE(p3) h;
  GE(p1p1) r;
  GE(p2) s;
  GE(precomp) q;
  int i;

  for (i = 0; i < 32; ++i) t[i] = n[i];
  t[31] &= 127;
  sc25519_from32bytes(&a, t);
  sc25519_recode_radix16(e, &a);

  GE(p3_0)(&h);
  for (i = 1; i < 64; i += 2) {
    GE(precomp_select)(&q, NG_TABLE_R16_TABLE[i / 2], e[i]);
    GE(madd)(&r, &h, &q);
    GE(p1p1_to_p3)(&h, &r);
  }

  GE(p3_dbl)(&r, &h);
  GE(p1p1_to_p2)(&s, &r);
  GE(p2_dbl)(&r, &s);
  GE(p1p1_to_p2)(&s, &r);
  GE(p2_dbl)(&r, &s);
  GE(p1p1_to_p2)(&s, &r);
  GE(p2_dbl)(&r, &s);
  GE(p1p1_to_p3)(&h, &r);

  for (i = 0; i < 64; i += 2) {
    GE(precomp_select)(&q, NG_TABLE_R16_TABLE[i / 2], e[i]);
    GE(madd)(&r, &h, &q);
    GE(p1p1_to_p3)(&h, &r);
  }

  GE(p3_tobytes_merged)(out, &h, montgomery);

  /* the scalar, its digits, the selected points and the partial sums */
  CRYPTO_CT_WIPE_SMALL(t);
  CRYPTO_CT_WIPE_SMALL(a);
  CRYPTO_CT_WIPE_SMALL(e);
  CRYPTO_CT_WIPE_SMALL(q);
  CRYPTO_CT_WIPE_SMALL(h);
  CRYPTO_CT_WIPE_SMALL(r);
  CRYPTO_CT_WIPE_SMALL(s);
}
