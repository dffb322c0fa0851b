/* SPDX-License-Identifier: MIT */
/* batch independent inversions mod p = 2^255 - 19 (x^(p-2), so 0 -> 0)
   for AArch64: Montgomery's simultaneous inversion on radix-2^64 elements
   (mul/umulh assembly, internal/field/arm64/fe64arm.S) with one
   constant-time safegcd inversion per block.

   Block of n <= CHUNK items x_0 .. x_{n-1}: prefix products
   c_i = x_0 ... x_i, one inversion s = 1/c_{n-1}, then from the end
   1/x_i = s c_{i-1} and s <- s x_i: 3 multiplications per item.  An item
   that is 0 mod p is replaced by 1 (constant-time select, the flag kept as
   a mask) and its output set to 0, so the others are unaffected.

   Each block reads all its inputs before writing its outputs, and blocks
   are disjoint, so y may equal x.  Time depends on batch only. */
#include "crypto_powbatch.h"
#include "field/fe64arm.h"
#include "ct/crypto_ct.h"

#define CHUNK 64

static void chunk_invert(unsigned char *y, const unsigned char *x, long long n)
{
  fe64arm v[CHUNK], c[CHUNK], one, zero, s, w;
  uint64_t zflag[CHUNK];
  long long i;

  fe64arm_1(&one);
  fe64arm_0(&zero);
  for (i = 0; i < n; ++i) {
    fe64arm_frombytes(&v[i], x + 32 * i);
    zflag[i] = (uint64_t)fe64arm_iszero(&v[i]);
    fe64arm_cmov(&v[i], &one, zflag[i]);
    if (i > 0) fe64arm_mul(&c[i], &c[i - 1], &v[i]);
    else fe64arm_copy(&c[0], &v[0]);
  }
  fe64arm_invert(&s, &c[n - 1]);
  for (i = n - 1; i > 0; --i) {
    fe64arm_mul(&w, &s, &c[i - 1]);
    fe64arm_mul(&s, &s, &v[i]);
    fe64arm_cmov(&w, &zero, zflag[i]);
    fe64arm_tobytes(y + 32 * i, &w);
  }
  fe64arm_cmov(&s, &zero, zflag[0]);
  fe64arm_tobytes(y, &s);
  /* the inputs, their products and inverses */
  CRYPTO_CT_WIPE(v);
  CRYPTO_CT_WIPE(c);
  CRYPTO_CT_WIPE(zflag);
  CRYPTO_CT_WIPE(s);
  CRYPTO_CT_WIPE(w);
  crypto_ct_wipe_below();   /* the assembly's saved registers */
}

void crypto_powbatch(unsigned char *y, const unsigned char *x, long long batch)
{
  long long n;
  for (; batch > 0; batch -= n) {
    n = batch < CHUNK ? batch : CHUNK;
    chunk_invert(y, x, n);
    x += 32 * n;
    y += 32 * n;
  }
}
