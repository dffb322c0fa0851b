/* SPDX-License-Identifier: MIT */
/* crypto_nG_merged25519 for x86-64 with BMI2 and ADX: n B for the
   Ed25519 base point B, on radix-2^64 field elements (fe25519_64.h, the
   mulx/adcx/adox assembly of internal/amd64/) and the group code of
   ge25519_64.h.

   Fixed-base comb with signed radix-32 digits: with the top bit of n
   cleared and the scalar reduced mod L (B has order L; a < 2^253), write
   a = sum e[i] 32^i with -16 <= e[i] <= 16 (51 digits) and use
   T[k][j] = (j+1) 1024^k B (base_table64_r32.h, 26 x 16 points, from
   scripts/gen-ed25519-table64.py):
     a B = 32 sum_k e[2k+1] T[k] + sum_k e[2k] T[k],
   i.e. 51 mixed additions (assembly, internal/amd64/ge64_mulx.S),
   5 doublings and one inversion (n is reduced mod L by the straight-line
   Barrett code of sc25519_64.h).  A negative digit selects |digit| B
   with y+x and y-x swapped, and the addition negates 2dxy under a mask
   (ge64_madd_p3_cneg).  Every lookup scans its whole row of 16 points
   with masks (AVX2 where the architectures line allows, else SSE2); the
   top bit of n (which output form to produce) is also used only through
   masks.  Constant time. */
#include "crypto_nG.h"
#include "fe25519_64.h"
#include "ge25519_64.h"
#include "sc25519.h"
#include "sc25519_64.h"
#include "base_table64_r32.h"

#define NDIGITS 51

/* e[i] in [-16, 16] with a = sum e[i] 32^i, for a < 2^253; constant time
   (the loop and the bit positions are fixed) */
static void recode_radix32(signed char e[NDIGITS], const sc25519 *a)
{
  uint64_t w[5];
  int carry = 0, i, x;

  for (i = 0; i < 4; ++i) w[i] = a->v[i];
  w[4] = 0;
  for (i = 0; i < NDIGITS; ++i) {
    int bit = 5 * i, limb = bit >> 6, sh = bit & 63;
    uint64_t raw = w[limb] >> sh;
    if (sh > 59) raw |= w[limb + 1] << (64 - sh);   /* public */
    x = (int)(raw & 31) + carry;                      /* 0 .. 32 */
    if (i == NDIGITS - 1) {                           /* public: bits 250.., x <= 8 */
      e[i] = (signed char)x;
      break;
    }
    carry = (x + 16) >> 5;                            /* 1 iff x >= 16 */
    e[i] = (signed char)(x - (carry << 5));
  }
}

void crypto_nG(unsigned char *out, const unsigned char *n)
{
  unsigned char t[32];
  signed char e[NDIGITS];
  uint64_t montgomery = (uint64_t)(n[31] >> 7);
  volatile unsigned char *vt = t;
  volatile signed char *ve = e;
  volatile uint64_t *vx;
  uint64_t x[8];
  sc25519 a;
  ge25519_p3 h;
  ge25519_precomp q;
  uint64_t neg;
  int i;

  for (i = 0; i < 32; ++i) t[i] = n[i];
  t[31] &= 127;
  sc64_load32(x, t);                /* a = t mod L, straight-line */
  x[4] = x[5] = x[6] = x[7] = 0;
  sc64_reduce512(a.v, x);
  recode_radix32(e, &a);

  /* odd digits, times 32, then the even digits */
  ge25519_p3_0(&h);
  for (i = 1; i < NDIGITS; i += 2) {
    neg = ge25519_precomp_select16_nonneg_t(&q, ge25519_base_table64_r32[i >> 1], e[i]);
    ge64_madd_p3_cneg(&h, &q, neg);
  }
  ge64_dbl_p2(&h, &h);
  ge64_dbl_p2(&h, &h);
  ge64_dbl_p2(&h, &h);
  ge64_dbl_p2(&h, &h);
  ge64_dbl_p3(&h, &h);
  for (i = 0; i < NDIGITS; i += 2) {
    neg = ge25519_precomp_select16_nonneg_t(&q, ge25519_base_table64_r32[i >> 1], e[i]);
    ge64_madd_p3_cneg(&h, &q, neg);
  }

  ge25519_p3_tobytes_merged(out, &h, montgomery);

  for (i = 0; i < 32; ++i) vt[i] = 0;
  for (i = 0; i < NDIGITS; ++i) ve[i] = 0;
  vx = x;
  for (i = 0; i < 4; ++i) vx[i] = 0;
}
