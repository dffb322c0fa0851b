/* SPDX-License-Identifier: MIT */
/* batch independent X25519 computations (see crypto_nP/montgomery25519),
   radix 2^51 arithmetic, Montgomery ladder per item.

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
#include "field/fe51.h"
#define FE_FAMILY fe51   /* the field of the ladder template */
#include "method/x25519_ladder.h"
#undef FE_FAMILY

#define BLOCK 32

static void nP_block(unsigned char *q, const unsigned char *n, const unsigned char *p,
                     long long count)
{
  fe51 x[BLOCK], z[BLOCK], pre[BLOCK], one, zero, u, r, t;
  uint64_t iszero;
  long long i;

  fe51_1(&one);
  fe51_0(&zero);
  for (i = 0; i < count; ++i) {
    fe51_frombytes(&u, p + 32 * i);
    fe51_x25519_ladder(&x[i], &z[i], n + 32 * i, &u);
    iszero = (uint64_t)fe51_iszero(&z[i]);
    fe51_cmov(&z[i], &one, iszero);
    fe51_cmov(&x[i], &zero, iszero);
    if (i == 0)
      fe51_copy(&pre[0], &z[0]);
    else
      fe51_mul(&pre[i], &pre[i - 1], &z[i]);
  }

  fe51_invert(&r, &pre[count - 1]);

  for (i = count - 1; i > 0; --i) {
    fe51_mul(&t, &r, &pre[i - 1]);  /* 1/z_i */
    fe51_mul(&r, &r, &z[i]);        /* 1/(z_0 ... z_{i-1}) */
    fe51_mul(&t, &t, &x[i]);
    fe51_tobytes(q + 32 * i, &t);
  }
  fe51_mul(&t, &r, &x[0]);
  fe51_tobytes(q, &t);
  /* the ladders' results, their products and inverses */
  CRYPTO_CT_WIPE(x);
  CRYPTO_CT_WIPE(z);
  CRYPTO_CT_WIPE(pre);
  CRYPTO_CT_WIPE(r);
  CRYPTO_CT_WIPE(t);
}

static CRYPTO_CT_NOINLINE void
nPbatch_fe51_blocks(unsigned char *q, const unsigned char *n, const unsigned char *p,
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

/* nPbatch_fe51_blocks runs in a frame of its own (noinline), so that its
   frame, the frames below it and the registers they saved are all below
   this one and cleared by one wipe of 7168 bytes: the whole call went
   5463 bytes (gcc), 5399 (clang) below its caller
   (tests/check-stack.sh), plus a margin. */
void crypto_nPbatch(unsigned char *q, const unsigned char *n, const unsigned char *p,
                    long long batch)
{
  nPbatch_fe51_blocks(q, n, p, batch);
  crypto_ct_wipe_below(7168);
}
