/* SPDX-License-Identifier: MIT */
/* n G for the Ed25519 base point G on the portable radix-2^51 group code
   (group/ge51.h): the fixed-base comb with signed radix-16 digits of the
   template method/nG_table_r16.h over the table
   internal/tables/ge51_base_r16.h (32 x 8 affine points). */
#include "crypto_nG.h"
#include "ct/crypto_ct.h"
#include "field/fe51.h"
#include "group/ge51.h"
#include "tables/ge51_base_r16.h"

#define FE_FAMILY fe51   /* the families of the method/ template */
#define GE_FAMILY ge51
#define NG_TABLE_R16_TABLE ge51_base_table
#include "method/nG_table_r16.h"

/* ge51_nG_table_r16 runs in a frame of its own (noinline), so that its
   frame, the frames below it and the registers they saved are all below
   this one and cleared by one wipe of 2560 bytes: the whole call went
   1919 bytes (gcc), 1903 (clang) below its caller
   (tests/check-stack.sh), plus a margin. */
void crypto_nG(unsigned char *out, const unsigned char *n)
{
  ge51_nG_table_r16(out, n);
  crypto_ct_wipe_below(2560);
}
