/* SPDX-License-Identifier: MIT */
/* Batch X25519 (see crypto_nP/montgomery25519) for AArch64, shared by
   crypto_nPbatch/montgomery25519/fe64arm-ladder and fe64arm-fe26x2-ladder:
   per item the includer's whole-ladder assembly routine X25519_LADDER
   on radix-2^64 elements (as method/arm64/x25519_nP_fe64arm.h for nP),
   and one inversion per block of up to BLOCK items instead of one per
   item.

   The ladders leave (x_i : z_i).  Montgomery's trick inverts the z_i of a
   block together: prefix products c_i = z_0 ... z_i, one constant-time
   inversion s = 1/c_{n-1}, then from the last item down 1/z_i = s c_{i-1}
   and s <- s z_i; so three multiplications per item replace an inversion
   (about 8k modelled cycles on a Cortex-A76).  An item with z_i = 0 mod p
   (the point at infinity, from a small-order or zero input) would zero
   every product: constant-time selects give it z_i = 1 and x_i = 0, and
   so the required output 0.

   Constant time: the scalars only reach the ladder (branch-free
   assembly), the z_i = 0 flags only selects; loops depend on the public
   batch size.  Every input of a block is read before any of its outputs
   is written, so q may alias n or p item for item. */
#include "crypto_nPbatch.h"
#include "field/fe64arm.h"
#include "ct/crypto_ct.h"

#ifndef X25519_LADDER
#error "define X25519_LADDER (the namespaced assembly ladder) before method/arm64/x25519_nPbatch_fe64arm.h"
#endif

extern void X25519_LADDER(uint64_t x2[4], uint64_t z2[4], const unsigned char k[32],
                          const uint64_t u[4]) FE64ARM_HIDDEN;

#define BLOCK 32

static void nP_block(unsigned char *q, const unsigned char *n, const unsigned char *p,
                     long long count)
{
  fe64arm x[BLOCK], z[BLOCK], c[BLOCK], one, zero, u, s, t;
  unsigned char k[32];
  uint64_t inf;
  long long i;
  int j;

  fe64arm_1(&one);
  fe64arm_0(&zero);
  for (i = 0; i < count; ++i) {
    for (j = 0; j < 32; ++j) k[j] = n[32 * i + j];
    k[0] &= 248;
    k[31] &= 127;
    k[31] |= 64;
    fe64arm_frombytes(&u, p + 32 * i);
    X25519_LADDER(x[i].v, z[i].v, k, u.v);
    inf = (uint64_t)fe64arm_iszero(&z[i]);
    fe64arm_cmov(&z[i], &one, inf);
    fe64arm_cmov(&x[i], &zero, inf);
    if (i == 0) fe64arm_copy(&c[0], &z[0]);
    else fe64arm_mul(&c[i], &c[i - 1], &z[i]);
  }

  fe64arm_invert(&s, &c[count - 1]);
  for (i = count - 1; i > 0; --i) {
    fe64arm_mul(&t, &s, &c[i - 1]);   /* 1/z_i */
    fe64arm_mul(&s, &s, &z[i]);       /* 1/(z_0 ... z_{i-1}) */
    fe64arm_mul(&t, &t, &x[i]);
    fe64arm_tobytes(q + 32 * i, &t);
  }
  fe64arm_mul(&t, &s, &x[0]);
  fe64arm_tobytes(q, &t);

  CRYPTO_CT_WIPE(k);
  CRYPTO_CT_WIPE(x);
  CRYPTO_CT_WIPE(z);
  CRYPTO_CT_WIPE(c);
  CRYPTO_CT_WIPE(s);
  CRYPTO_CT_WIPE(t);
  CRYPTO_CT_WIPE(u);
}

static CRYPTO_CT_NOINLINE void
nPbatch_fe64arm_via_ladder(unsigned char *q, const unsigned char *n, const unsigned char *p,
                       long long batch)
{
  long long m;

  while (batch > 0) {
    m = batch < BLOCK ? batch : BLOCK;
    nP_block(q, n, p, m);
    q += 32 * m;
    n += 32 * m;
    p += 32 * m;
    batch -= m;
  }
}

/* nPbatch_fe64arm_via_ladder runs in a frame of its own (noinline), so that its
   frame, the frames below it and the registers they saved are all below
   this one and cleared by one wipe of 5120 bytes:
   nP_block's frame is 3376 bytes (gcc -fstack-usage; clang inlines
   it: 3408), the ladders' 640 (x25519_ladder_arm64.S) or 944
   (x25519_ladder_fe26x2_arm64.S: 96 + L_SIZE); plus a margin. */
void crypto_nPbatch(unsigned char *q, const unsigned char *n, const unsigned char *p,
                    long long batch)
{
  nPbatch_fe64arm_via_ladder(q, n, p, batch);
  crypto_ct_wipe_below(5120);
}
