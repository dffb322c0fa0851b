/* SPDX-License-Identifier: MIT */
/* Arithmetic in GF(p), p = 2^255 - 19, radix 2^64 (four 64-bit limbs),
   on top of the AArch64 assembly in internal/field/arm64/fe64arm.S
   (baseline mul/umulh and adds/adcs carry chains).

   The field interface of field/fe_interface.h with prefix fe64arm; the
   assembly entry points are fe64arm_asm_*.  Requirements:
     - include the generated "crypto_OP.h" first (CRYPTO_NAMESPACE);
     - the implementation directory has a .S file that includes
       "field/arm64/fe64arm.S" (which defines the fe64arm_asm_* functions
       below) and an architectures file with the line "arm64".

   Representation: f = v[0] + v[1] 2^64 + v[2] 2^128 + v[3] 2^192, any
   value in [0, 2^256), standing for f mod p.  Every routine accepts any
   such input and returns a value in [0, 2^256) ("loose"), so there are no
   limb bounds to track: add and sub reduce like mul does.  tobytes,
   iszero, isnegative and invert fully reduce.

   Every routine is constant time.  Outputs may alias inputs. */
#ifndef FIELD_FE64ARM_H
#define FIELD_FE64ARM_H

#include <stdint.h>
#include "ct/crypto_ct.h"
#include "field/inv25519_safegcd.h"

#ifndef CRYPTO_NAMESPACE
#error "include the generated crypto_OP.h before field/fe64arm.h"
#endif

typedef struct { uint64_t v[4]; } fe64arm;

#define FE64ARM_HIDDEN __attribute__((visibility("hidden")))

#define fe64arm_asm_mul CRYPTO_NAMESPACE(fe64arm_asm_mul)
#define fe64arm_asm_sq CRYPTO_NAMESPACE(fe64arm_asm_sq)
#define fe64arm_asm_nsquare CRYPTO_NAMESPACE(fe64arm_asm_nsquare)
#define fe64arm_asm_mul121666 CRYPTO_NAMESPACE(fe64arm_asm_mul121666)
#define fe64arm_asm_add CRYPTO_NAMESPACE(fe64arm_asm_add)
#define fe64arm_asm_sub CRYPTO_NAMESPACE(fe64arm_asm_sub)
#define fe64arm_asm_freeze CRYPTO_NAMESPACE(fe64arm_asm_freeze)
#define fe64arm_asm_inv25519 CRYPTO_NAMESPACE(fe64arm_asm_inv25519)

/* the assembly entry points (internal/field/arm64/fe64arm.S) */
extern void fe64arm_asm_mul(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]) FE64ARM_HIDDEN;
extern void fe64arm_asm_sq(uint64_t h[4], const uint64_t f[4]) FE64ARM_HIDDEN;
extern void fe64arm_asm_nsquare(uint64_t h[4], const uint64_t f[4], long long n) FE64ARM_HIDDEN;
extern void fe64arm_asm_mul121666(uint64_t h[4], const uint64_t f[4]) FE64ARM_HIDDEN;
extern void fe64arm_asm_add(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]) FE64ARM_HIDDEN;
extern void fe64arm_asm_sub(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]) FE64ARM_HIDDEN;
extern void fe64arm_asm_freeze(uint64_t h[4], const uint64_t f[4]) FE64ARM_HIDDEN;
/* internal/field/arm64/inv25519_safegcd_arm64.S: h = x/z mod p (0 for
   z = 0), fully reduced, for x, z < p; constant-time safegcd */
extern void fe64arm_asm_inv25519(uint64_t h[4], const uint64_t x[4], const uint64_t z[4]) FE64ARM_HIDDEN;

/* fe64arm_0 ... fe64arm_isnegative over the entry points above: the C layer
   shared by the radix-2^64 families, field/fe64_asm_layer.h */
#define FE_FAMILY fe64arm
#define FE64_ASM(op) FE_PASTE(fe64arm_asm, op)
#include "field/fe64_asm_layer.h"
#undef FE64_ASM
#undef FE_FAMILY

/* h = z^(p-2) = 1/z (0 -> 0), fully reduced: the constant-time
   Bernstein-Yang safegcd of field/inv25519_safegcd.h (half-delta
   divsteps, radix-2^62 matrix updates) written in AArch64 assembly
   (internal/field/arm64/inv25519_safegcd_arm64.S: 10 batches of 57
   branch-free divsteps on packed 64-bit words and a last one of 20) */
static inline void fe64arm_invert(fe64arm *h, const fe64arm *z)
{
  static const uint64_t one[4] = { 1, 0, 0, 0 };
  fe64arm t;
  fe64arm_asm_freeze(t.v, z->v);
  fe64arm_asm_inv25519(h->v, one, t.v);
  CRYPTO_CT_WIPE(t);
}

/* h = x/z (0 for z = 0), fully reduced: the same safegcd started on x
   instead of 1, one multiplication fewer than x times the inverse */
static inline void fe64arm_divide(fe64arm *h, const fe64arm *x, const fe64arm *z)
{
  fe64arm t, y;
  fe64arm_asm_freeze(t.v, z->v);
  fe64arm_asm_freeze(y.v, x->v);
  fe64arm_asm_inv25519(h->v, y.v, t.v);
  CRYPTO_CT_WIPE(t);
  CRYPTO_CT_WIPE(y);
}

/* the same for public z only (verification results): variable time */
static inline void fe64arm_invert_vartime(fe64arm *h, const fe64arm *z)
{
  fe64arm t;
  fe64arm_asm_freeze(t.v, z->v);
  inv25519_safegcd_vartime(h->v, t.v);
}

/* the chains of the field interface for this family */
#define FE_FAMILY fe64arm
#include "field/fe_chains.h"
#undef FE_FAMILY

#endif
