/* SPDX-License-Identifier: MIT */
/* crypto_nP around a whole-ladder assembly routine on radix-2^64
   elements (field/fe64arm.h), shared by crypto_nP/montgomery25519/
   fe64arm-ladder (x25519_ladder_arm64.S) and fe64arm-fe26x2-ladder
   (x25519_ladder_fe26x2_arm64.S).  The includer defines X25519_LADDER,
   the namespaced name of its routine
     void X25519_LADDER(uint64_t x2[4], uint64_t z2[4],
                        const unsigned char k[32], const uint64_t u[4]),
   whose frame must stay within the wipe below.

   k = n clamped; bit 255 of p is ignored and p is otherwise taken as is
   (non-canonical values are reduced mod p by the arithmetic); then one
   division x2/z2 (constant-time safegcd started on x2 instead of 1, no
   separate product) and a full reduction.  Constant time.  Both inputs
   are read before q is written. */
#include "crypto_nP.h"
#include "field/fe64arm.h"
#include "ct/crypto_ct.h"

#ifndef X25519_LADDER
#error "define X25519_LADDER (the namespaced assembly ladder) before method/arm64/x25519_nP_fe64arm.h"
#endif

extern void X25519_LADDER(uint64_t x2[4], uint64_t z2[4], const unsigned char k[32],
                          const uint64_t u[4]) FE64ARM_HIDDEN;

static CRYPTO_CT_NOINLINE void
nP_fe64arm_via_ladder(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
  unsigned char k[32];
  fe64arm u, x2, z2;
  int i;

  for (i = 0; i < 32; ++i) k[i] = n[i];
  k[0] &= 248;
  k[31] &= 127;
  k[31] |= 64;
  fe64arm_frombytes(&u, p);

  X25519_LADDER(x2.v, z2.v, k, u.v);
  fe64arm_divide(&x2, &x2, &z2);   /* x2/z2 in one safegcd, no product */
  fe64arm_tobytes(q, &x2);

  CRYPTO_CT_WIPE(k);
  CRYPTO_CT_WIPE(x2);
  CRYPTO_CT_WIPE(z2);
}

/* nP_fe64arm_via_ladder runs in a frame of its own (noinline), so that
   its frame, the frames below it and the registers they saved are all
   below this one and cleared by one wipe of 1536 bytes: its own frame is
   256 bytes (gcc and clang -fstack-usage), the ladders' 640
   (x25519_ladder_arm64.S) or 944 (x25519_ladder_fe26x2_arm64.S: 96 +
   L_SIZE), the inversion's 304; plus a margin (check-arm64-qemu's stack
   scan). */
void crypto_nP(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
  nP_fe64arm_via_ladder(q, n, p);
  crypto_ct_wipe_below(1536);
}
