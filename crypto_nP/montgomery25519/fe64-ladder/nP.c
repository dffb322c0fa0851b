/* SPDX-License-Identifier: MIT */
/* X25519 (RFC 7748) for x86-64 with BMI2 and ADX: the whole Montgomery
   ladder in assembly (internal/method/amd64/x25519_ladder_mulx.S) on field
   elements in radix 2^64 (four limbs, mulx/adcx/adox multiplication),
   then one inversion (constant-time safegcd, field/fe64.h) and a full
   reduction.
   k = n clamped; bit 255 of p is ignored and p is otherwise taken as is
   (non-canonical values are reduced mod p by the arithmetic).  Constant
   time.  Both inputs are read before q is written. */
#include "crypto_nP.h"
#include "field/fe64.h"
#include "ct/crypto_ct.h"

#define x25519_ladder_mulx CRYPTO_NAMESPACE(x25519_ladder_mulx)
extern void x25519_ladder_mulx(uint64_t x2[4], uint64_t z2[4], const unsigned char k[32],
                               const uint64_t u[4]) FE64_HIDDEN;

static CRYPTO_CT_NOINLINE void
nP_fe64_ladder(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
  unsigned char k[32];
  fe64 u, x2, z2;
  int i;

  for (i = 0; i < 32; ++i) k[i] = n[i];
  k[0] &= 248;
  k[31] &= 127;
  k[31] |= 64;
  fe64_frombytes(&u, p);

  x25519_ladder_mulx(x2.v, z2.v, k, u.v);
  fe64_invert(&z2, &z2);
  fe64_mul(&x2, &x2, &z2);
  fe64_tobytes(q, &x2);

  CRYPTO_CT_WIPE(k);
  CRYPTO_CT_WIPE(x2);
  CRYPTO_CT_WIPE(z2);
}

/* nP_fe64_ladder runs in a frame of its own (noinline), so that its frame,
   the frames below it and the registers they saved are all below this
   one and cleared by one wipe of 2048 bytes: the whole call went 1367
   bytes (gcc), 1383 (clang) below its caller (tests/check-stack.sh) when
   the ladder's frame was 576 bytes; it is 592 now (16 more at most),
   plus a margin. */
void crypto_nP(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
  nP_fe64_ladder(q, n, p);
  crypto_ct_wipe_below(2048);
}
