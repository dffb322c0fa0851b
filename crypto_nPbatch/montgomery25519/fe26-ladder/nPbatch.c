/* SPDX-License-Identifier: MIT */
/* batch independent X25519 computations (see crypto_nP/montgomery25519),
   radix 2^25.5 arithmetic (field/fe26.h: 32-bit limbs, for targets
   without a 128-bit integer type), Montgomery ladder per item.

   The ladders leave projective results (x_i : z_i); instead of one
   inversion per item, the z_i of a block of up to BLOCK items are
   inverted together with Montgomery's trick (one inversion and three
   multiplications per item), then q_i = x_i / z_i.

   z_i = 0 (the point at infinity: small-order or zero inputs) would zero
   every product, so such an item gets z_i = 1 and x_i = 0 through
   constant-time selects, which gives the required output 0 directly.

   Every input of a block is read before any output of that block is
   written, so q may alias n or p (item for item). */
#include "crypto_nPbatch.h"
#include "ct/crypto_ct.h"
#include "field/fe26.h"
#define FE_FAMILY fe26   /* the field of the ladder template */
#include "method/x25519_ladder.h"
#undef FE_FAMILY

#define BLOCK 32

static void nP_block(unsigned char *q, const unsigned char *n, const unsigned char *p,
                     long long count)
{
  fe26 x[BLOCK], z[BLOCK], pre[BLOCK], one, zero, u, r, t;
  uint64_t iszero;
  long long i;

  fe26_1(&one);
  fe26_0(&zero);
  for (i = 0; i < count; ++i) {
    fe26_frombytes(&u, p + 32 * i);
    fe26_x25519_ladder(&x[i], &z[i], n + 32 * i, &u);
    iszero = (uint64_t)fe26_iszero(&z[i]);
    fe26_cmov(&z[i], &one, iszero);
    fe26_cmov(&x[i], &zero, iszero);
    if (i == 0)
      fe26_copy(&pre[0], &z[0]);
    else
      fe26_mul(&pre[i], &pre[i - 1], &z[i]);
  }

  fe26_invert(&r, &pre[count - 1]);

  for (i = count - 1; i > 0; --i) {
    fe26_mul(&t, &r, &pre[i - 1]);  /* 1/z_i */
    fe26_mul(&r, &r, &z[i]);        /* 1/(z_0 ... z_{i-1}) */
    fe26_mul(&t, &t, &x[i]);
    fe26_tobytes(q + 32 * i, &t);
  }
  fe26_mul(&t, &r, &x[0]);
  fe26_tobytes(q, &t);
  /* the ladders' results, their products and inverses */
  CRYPTO_CT_WIPE(x);
  CRYPTO_CT_WIPE(z);
  CRYPTO_CT_WIPE(pre);
  CRYPTO_CT_WIPE(r);
  CRYPTO_CT_WIPE(t);
}

static CRYPTO_CT_NOINLINE void
nPbatch_fe26_blocks(unsigned char *q, const unsigned char *n, const unsigned char *p,
                    long long batch)
{
  long long c;
  while (batch > 0) {
    c = batch < BLOCK ? batch : BLOCK;
    nP_block(q, n, p, c);
    q += 32 * c;
    n += 32 * c;
    p += 32 * c;
    batch -= c;
  }
}

/* nPbatch_fe26_blocks runs in a frame of its own (noinline), so that its
   frame, the frames below it and the registers they saved are all below
   this one and cleared by one wipe of 8192 bytes: the deepest chain,
   blocks, block with its ladder, sqn, is 48 + 5248 + 240 bytes (gcc
   -fstack-usage), 4888 + 192 (clang), and tests/check-stack.sh saw
   the secret-dependent bytes end 5663 bytes below; plus a margin. */
void crypto_nPbatch(unsigned char *q, const unsigned char *n, const unsigned char *p,
                    long long batch)
{
  nPbatch_fe26_blocks(q, n, p, batch);
  crypto_ct_wipe_below(8192);
}
