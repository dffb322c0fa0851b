/* SPDX-License-Identifier: MIT */
/* crypto_powbatch_inv25519 written once over a field family whose
   inversion is constant time (fe64 on the amd64 assembly, fe64arm on the
   arm64 assembly): this file defines the implementation's
   crypto_powbatch(y, x, batch), y[i] = x[i]^(p-2) mod p (so 0 -> 0).

   Montgomery's simultaneous inversion, per block of n <= CHUNK items
   x_0 .. x_{n-1}: prefix products c_i = x_0 ... x_i, one inversion
   s = 1/c_{n-1}, then from the end 1/x_i = s c_{i-1} and s <- s x_i:
   3 multiplications per item.  An item that is 0 mod p is replaced by 1
   (constant-time select, the flag kept as a mask) and its output set to
   0, so the others are unaffected.

   Each block reads all its inputs before writing its outputs, and blocks
   are disjoint, so y may equal x.  Time depends on batch only.

   The includer includes its field header and ct/crypto_ct.h first and
   defines FE_FAMILY around the inclusion.  It is the whole body of an
   implementation's powbatch.c (the generated crypto_powbatch.h names
   crypto_powbatch), so one inclusion per file. */
#if !defined(FE_FAMILY)
#error "define FE_FAMILY (the field family) before including method/powbatch_montgomery_trick.h"
#endif
#include "field/fe_interface.h"

#define CHUNK 64

static void chunk_invert(unsigned char *y, const unsigned char *x, long long n)
{
  FE_T v[CHUNK], c[CHUNK], one, zero, s, w;
  uint64_t zflag[CHUNK];
  long long i;

  FE(1)(&one);
  FE(0)(&zero);
  for (i = 0; i < n; ++i) {
    FE(frombytes)(&v[i], x + 32 * i);
    zflag[i] = (uint64_t)FE(iszero)(&v[i]);
    FE(cmov)(&v[i], &one, zflag[i]);
    if (i > 0) FE(mul)(&c[i], &c[i - 1], &v[i]);
    else FE(copy)(&c[0], &v[0]);
  }
  FE(invert)(&s, &c[n - 1]);
  for (i = n - 1; i > 0; --i) {
    FE(mul)(&w, &s, &c[i - 1]);
    FE(mul)(&s, &s, &v[i]);
    FE(cmov)(&w, &zero, zflag[i]);
    FE(tobytes)(y + 32 * i, &w);
  }
  FE(cmov)(&s, &zero, zflag[0]);
  FE(tobytes)(y, &s);
  /* the inputs, their products and inverses */
  CRYPTO_CT_WIPE(v);
  CRYPTO_CT_WIPE(c);
  CRYPTO_CT_WIPE(zflag);
  CRYPTO_CT_WIPE(s);
  CRYPTO_CT_WIPE(w);
  crypto_ct_wipe_below(512);   /* the field assembly's frames: at most 96 bytes (saved registers) */
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
