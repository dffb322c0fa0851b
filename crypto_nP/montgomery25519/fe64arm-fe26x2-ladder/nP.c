/* SPDX-License-Identifier: MIT */
/* X25519 (RFC 7748) for AArch64: the whole Montgomery ladder in assembly
   (internal/method/arm64/x25519_ladder_fe26x2_arm64.S), each step split
   between the integer unit (the x2/z2 half in radix 2^64: four limbs,
   mul/umulh products, adds/adcs carry chains) and Advanced SIMD (the
   x3/z3 half in two 32-bit lanes of radix 2^25.5, umull/umlal products),
   then one division x2/z2 (constant-time safegcd started on x2 instead
   of 1, field/fe64arm.h: no separate product) and a full reduction.
   k = n clamped; bit 255 of p is ignored and p is otherwise taken as is
   (non-canonical values are reduced mod p by the arithmetic).  Constant
   time.  Both inputs are read before q is written. */
#include "crypto_nP.h"
#include "field/fe64arm.h"
#include "ct/crypto_ct.h"

#define x25519_ladder_fe26x2_arm64 CRYPTO_NAMESPACE(x25519_ladder_fe26x2_arm64)
extern void x25519_ladder_fe26x2_arm64(uint64_t x2[4], uint64_t z2[4], const unsigned char k[32],
                                       const uint64_t u[4]) FE64ARM_HIDDEN;

static CRYPTO_CT_NOINLINE void
nP_fe64arm_fe26x2_ladder(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
  unsigned char k[32];
  fe64arm u, x2, z2;
  int i;

  for (i = 0; i < 32; ++i) k[i] = n[i];
  k[0] &= 248;
  k[31] &= 127;
  k[31] |= 64;
  fe64arm_frombytes(&u, p);

  x25519_ladder_fe26x2_arm64(x2.v, z2.v, k, u.v);
  fe64arm_divide(&x2, &x2, &z2);   /* x2/z2 in one safegcd, no product */
  fe64arm_tobytes(q, &x2);

  CRYPTO_CT_WIPE(k);
  CRYPTO_CT_WIPE(x2);
  CRYPTO_CT_WIPE(z2);
}

/* nP_fe64arm_fe26x2_ladder runs in a frame of its own (noinline), so that its
   frame, the frames below it and the registers they saved are all below
   this one and cleared by one wipe of 1536 bytes:
   its own frame is 256 bytes (gcc and clang -fstack-usage), the
   ladder's 944 (96 + L_SIZE, x25519_ladder_fe26x2_arm64.S), the inversion's
   304; plus a margin. */
void crypto_nP(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
  nP_fe64arm_fe26x2_ladder(q, n, p);
  crypto_ct_wipe_below(1536);
}
