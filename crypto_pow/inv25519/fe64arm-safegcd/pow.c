/* SPDX-License-Identifier: MIT */
/* y = x^(p-2) mod p, p = 2^255 - 19, fully reduced; bit 255 of x is
   ignored and a value in [p, 2^255) is taken mod p (0 and p give 0).
   The constant-time Bernstein-Yang safegcd with its divsteps in AArch64
   assembly (fe64arm_invert of field/fe64arm.h over
   internal/field/arm64/inv25519_safegcd_arm64.S: 11 branch-free batches
   of 57 divsteps on packed 64-bit words, each followed by the matrix
   updates of field/inv25519_safegcd.h).  Constant time. */
#include "crypto_pow.h"
#include "field/fe64arm.h"
#include "ct/crypto_ct.h"

void crypto_pow(unsigned char *y, const unsigned char *x)
{
  fe64arm f;
  fe64arm_frombytes(&f, x);
  fe64arm_invert(&f, &f);
  fe64arm_tobytes(y, &f);
  CRYPTO_CT_WIPE(f);
  crypto_ct_wipe_below(512);   /* the inversion's frame: 304 bytes (inv25519_safegcd_arm64.S) */
}
