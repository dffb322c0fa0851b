/* SPDX-License-Identifier: MIT */
/* n G for the Ed25519 base point G on the radix-2^25.5 field
   (field/fe26.h, group/ge26.h: 32-bit limbs, for targets without a
   128-bit integer type): the fixed-base comb with signed radix-16 digits
   of the template method/nG_table_r16.h over the table
   tables/ge26_base_r16.h (32 x 8 affine points). */
#include "crypto_nG.h"
#include "ct/crypto_ct.h"
#include "field/fe26.h"
#include "group/ge26.h"
#include "tables/ge26_base_r16.h"

#define FE_FAMILY fe26   /* the families of the method/ template */
#define GE_FAMILY ge26
#define NG_TABLE_R16_TABLE ge26_base_table
#include "method/nG_table_r16.h"

/* ge26_nG_table_r16 runs in a frame of its own (noinline), so that its
   frame, the frames below it and the registers they saved are all below
   this one and cleared by one wipe of 3072 bytes: the deepest chain,
   body, doubling, product, is 1440 + 464 + 160 + 56 bytes (gcc
   -fstack-usage), 1144 + 472 + 192 + 112 (clang); plus a margin. */
void crypto_nG(unsigned char *out, const unsigned char *n)
{
  ge26_nG_table_r16(out, n);
  crypto_ct_wipe_below(3072);
}
