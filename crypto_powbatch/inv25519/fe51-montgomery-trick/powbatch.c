/* SPDX-License-Identifier: MIT */
/* batch independent inversions mod p = 2^255 - 19 with Montgomery's
   simultaneous-inversion trick, radix 2^51 arithmetic.

   The items are taken in blocks of up to BLOCK (the work space lives on
   the stack).  In a block of n items x_0..x_{n-1}:
     forward:  q_i = x_0 x_1 ... x_i                  (1 mul per item)
     one inversion: r = 1/q_{n-1}
     backward: 1/x_i = r q_{i-1}, then r = r x_i = 1/q_{i-1}
                                                      (2 muls per item)
   so a block costs one inversion plus 3 multiplications per item
   instead of one inversion per item.

   A zero item (x = 0 mod p) would make every product 0, so it is replaced
   by 1 with a constant-time select before the products and its output is
   forced to 0 afterwards (the convention 0^(p-2) = 0).  The flag lives in
   a mask; nothing branches on it.

   All items of a block are read before any output of that block is
   written, and blocks do not overlap, so y == x works. */
#include "crypto_powbatch.h"
#include "ct/crypto_ct.h"
#include "field/fe51.h"

#define BLOCK 64

static void invert_block(unsigned char *y, const unsigned char *x, long long n)
{
  fe51 a[BLOCK], q[BLOCK], one, zero, r, t;
  uint64_t iszero[BLOCK];
  long long i;

  fe51_1(&one);
  fe51_0(&zero);
  for (i = 0; i < n; ++i) {
    fe51_frombytes(&a[i], x + 32 * i);
    iszero[i] = (uint64_t)fe51_iszero(&a[i]);
    fe51_cmov(&a[i], &one, iszero[i]);
    if (i == 0)
      fe51_copy(&q[0], &a[0]);
    else
      fe51_mul(&q[i], &q[i - 1], &a[i]);
  }

  fe51_invert(&r, &q[n - 1]);

  for (i = n - 1; i > 0; --i) {
    fe51_mul(&t, &r, &q[i - 1]);   /* 1/a_i */
    fe51_mul(&r, &r, &a[i]);       /* 1/q_{i-1} */
    fe51_cmov(&t, &zero, iszero[i]);
    fe51_tobytes(y + 32 * i, &t);
  }
  fe51_cmov(&r, &zero, iszero[0]);
  fe51_tobytes(y, &r);
  /* the inputs, their products and inverses */
  CRYPTO_CT_WIPE(a);
  CRYPTO_CT_WIPE(q);
  CRYPTO_CT_WIPE(iszero);
  CRYPTO_CT_WIPE(r);
  CRYPTO_CT_WIPE(t);
}

void crypto_powbatch(unsigned char *y, const unsigned char *x, long long batch)
{
  long long n;
  while (batch > 0) {
    n = batch < BLOCK ? batch : BLOCK;
    invert_block(y, x, n);
    x += 32 * n;
    y += 32 * n;
    batch -= n;
  }
}
