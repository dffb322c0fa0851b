/* SPDX-License-Identifier: MIT */
/* y = x^(p-2) mod p, p = 2^255 - 19, fully reduced; the top bit of x is
   ignored and a value in [p, 2^255) is taken mod p, so 0 and p give 0.
   Field arithmetic in radix 2^51 (five 64-bit limbs, 128-bit products);
   fe51_invert is the constant-time safegcd of inv25519_safegcd.h (the
   same result as the power, 0 for 0, in a third of the time of the
   254-squaring chain), so the time does not depend on x.  fe26-chain keeps
   the chain. */
#include "crypto_pow.h"
#include "ct/crypto_ct.h"
#include "field/fe51.h"

void crypto_pow(unsigned char *y, const unsigned char *x)
{
  fe51 f;
  fe51_frombytes(&f, x);
  fe51_invert(&f, &f);
  fe51_tobytes(y, &f);
  CRYPTO_CT_WIPE(f);
}
