/* SPDX-License-Identifier: MIT */
/* Arithmetic in GF(p), p = 2^255 - 19, radix 2^64 (four 64-bit limbs),
   on top of the x86-64 BMI2/ADX assembly in internal/field/amd64/fe64_mulx.S.

   The field interface of field/fe_interface.h with prefix fe64; the
   assembly entry points are fe64_mulx_*.  Requirements:
     - include the generated "crypto_OP.h" first (CRYPTO_NAMESPACE);
     - the implementation directory has a .S file that includes
       "amd64/fe64_mulx.S" (which defines the fe64_* functions below)
       and an architectures file with the line "amd64 bmi2 adx".

   Representation: f = v[0] + v[1] 2^64 + v[2] 2^128 + v[3] 2^192, any
   value in [0, 2^256), standing for f mod p.  Every routine accepts any
   such input and returns a value in [0, 2^256) ("loose"), so there are no
   limb bounds to track: add and sub reduce like mul does.  tobytes,
   iszero, isnegative and invert fully reduce.

   Every routine is constant time.  Outputs may alias inputs. */
#ifndef FIELD_FE64_H
#define FIELD_FE64_H

#include <stdint.h>
#include "ct/crypto_ct.h"
#include "field/inv25519_safegcd.h"

#ifndef CRYPTO_NAMESPACE
#error "include the generated crypto_OP.h before field/fe64.h"
#endif

typedef struct { uint64_t v[4]; } fe64;

#define FE64_HIDDEN __attribute__((visibility("hidden")))

#define fe64_mulx_mul CRYPTO_NAMESPACE(fe64_mulx_mul)
#define fe64_mulx_sq CRYPTO_NAMESPACE(fe64_mulx_sq)
#define fe64_mulx_nsquare CRYPTO_NAMESPACE(fe64_mulx_nsquare)
#define fe64_mulx_mul121666 CRYPTO_NAMESPACE(fe64_mulx_mul121666)
#define fe64_mulx_add CRYPTO_NAMESPACE(fe64_mulx_add)
#define fe64_mulx_sub CRYPTO_NAMESPACE(fe64_mulx_sub)
#define fe64_mulx_freeze CRYPTO_NAMESPACE(fe64_mulx_freeze)

/* the assembly entry points (internal/field/amd64/fe64_mulx.S) */
extern void fe64_mulx_mul(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]) FE64_HIDDEN;
extern void fe64_mulx_sq(uint64_t h[4], const uint64_t f[4]) FE64_HIDDEN;
extern void fe64_mulx_nsquare(uint64_t h[4], const uint64_t f[4], long long n) FE64_HIDDEN;
extern void fe64_mulx_mul121666(uint64_t h[4], const uint64_t f[4]) FE64_HIDDEN;
extern void fe64_mulx_add(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]) FE64_HIDDEN;
extern void fe64_mulx_sub(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]) FE64_HIDDEN;
extern void fe64_mulx_freeze(uint64_t h[4], const uint64_t f[4]) FE64_HIDDEN;

/* fe64_0 ... fe64_isnegative over the entry points above: the C layer
   shared by the radix-2^64 families, field/fe64_asm_layer.h */
#define FE_FAMILY fe64
#define FE64_ASM(op) FE_PASTE(fe64_mulx, op)
#include "field/fe64_asm_layer.h"
#undef FE64_ASM
#undef FE_FAMILY

/* h = z^(p-2) = 1/z (0 -> 0), fully reduced: constant-time safegcd
   (inv25519_safegcd.h), faster here than the 254-squaring chain */
static inline void fe64_invert(fe64 *h, const fe64 *z)
{
  fe64 t;
  fe64_mulx_freeze(t.v, z->v);
  inv25519_safegcd(h->v, t.v);
  CRYPTO_CT_WIPE(t);
}

/* the same for public z only (verification results): variable time */
static inline void fe64_invert_vartime(fe64 *h, const fe64 *z)
{
  fe64 t;
  fe64_mulx_freeze(t.v, z->v);
  inv25519_safegcd_vartime(h->v, t.v);
}

/* the chains of the field interface for this family */
#define FE_FAMILY fe64
#include "field/fe_chains.h"
#undef FE_FAMILY

#endif
