/* SPDX-License-Identifier: MIT */
/* y = x^(p-2) mod p, p = 2^255 - 19, fully reduced; the top bit of x is
   ignored and a value in [p, 2^255) is taken mod p, so 0 and p give 0.
   Field arithmetic in radix 2^25.5 (ten 32-bit limbs, 64-bit products; plain C99); the exponent uses the fixed
   chain of 254 squarings and 11 multiplications in fe26_invert, so the
   time does not depend on x. */
#include "crypto_pow.h"
#include "ct/crypto_ct.h"
#include "field/fe26.h"

void crypto_pow(unsigned char *y, const unsigned char *x)
{
  fe26 f;
  fe26_frombytes(&f, x);
  fe26_invert(&f, &f);
  fe26_tobytes(y, &f);
  CRYPTO_CT_WIPE(f);
}
