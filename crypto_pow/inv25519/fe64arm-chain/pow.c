/* SPDX-License-Identifier: MIT */
/* y = x^(p-2) mod p, p = 2^255 - 19, fully reduced; bit 255 of x is
   ignored and a value in [p, 2^255) is taken mod p (0 and p give 0).
   The fixed chain of 254 squarings and 11 multiplications
   (fe64arm_invert_chain of field/fe_chains.h) on the AArch64 radix-2^64
   assembly (internal/field/arm64/fe64arm.S; the runs of squarings stay
   inside fe64_arm64_nsquare), so the time does not depend on x. */
#include "crypto_pow.h"
#include "field/fe64arm.h"
#include "ct/crypto_ct.h"

void crypto_pow(unsigned char *y, const unsigned char *x)
{
  fe64arm f;
  fe64arm_frombytes(&f, x);
  fe64arm_invert_chain(&f, &f);
  fe64arm_tobytes(y, &f);
  CRYPTO_CT_WIPE(f);
  crypto_ct_wipe_below(512);   /* the field assembly's frames: 96 bytes (saved registers) */
}
