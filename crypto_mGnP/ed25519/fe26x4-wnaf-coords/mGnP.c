/* SPDX-License-Identifier: MIT */
/* crypto_mGnP_ed25519 with AVX2: out = enc((m mod L) B - (n mod L) P),
   out[32] = status; variable time (signature verification: every input
   is public).

   The method is that of fe64-wnaf (Straus, one chain of doublings;
   width-8 NAF of m over the 64 odd multiples B, 3B, ..., 127B, width-5
   NAF of n over 8 odd multiples of -P computed here), and so are the
   decoding of P, the status, the scalar reduction and the encoding, all
   on the scalar radix-2^64 code (fe64.S); the main loop's group
   arithmetic is that of fe51x4-wnaf-coords on AVX2: the four
   coordinates of a point in the four 64-bit lanes of ten radix-2^25.5
   vectors (internal/group/ge26x4_avx2.h), each doubling and addition two
   four-lane vpmuludq products deep.  On Zen 3 that is faster than the
   radix-2^64 mulx formulas, which are bound by their carry operations.
   The table of B (internal/tables/ge26x4_G_odd.h) holds cached points
   with z2 = 1 (the lane holds 2). */
#include <stdint.h>
#include <immintrin.h>
#include "crypto_mGnP.h"
#include "field/fe64.h"
#include "group/ge64.h"
#define GE_FAMILY ge64   /* the group family of the method/ templates */
#include "method/mgnp_input.h"
#include "group/ge26x4_avx2.h"
#include "tables/ge26x4_G_odd.h"

#define WB 8   /* |digit| <= 127: ge26x4_G_odd[0..63] */
#define WP 5   /* |digit| <= 15: 8 odd multiples of -P */

void crypto_mGnP(unsigned char *out, const unsigned char *m, const unsigned char *n,
                 const unsigned char *P)
{
  ge64_p3 A;
  ge26x4 R;
  fe26x4 Ai[8], Ain[8], Bc;
  signed char mw[256], nw[256];
  int ok, i, k, prev;

  ok = mgnp_input_vartime(&A, mw, nw, m, n, P, WB, WP);

  /* Ai[k] = (2k+1) A and Ain[k] = -(2k+1) A, cached */
  ge26x4_from_p3(&R, &A);
  ge26x4_odd_multiples(Ai, &R, 8);
  for (k = 0; k < 8; ++k) ge26x4_cached_neg(&Ain[k], &Ai[k]);

  for (i = 255; i >= 0; --i)
    if (mw[i] || nw[i]) break;

  ge26x4_0(&R);
  prev = i + 1;
  for (; i >= 0; --i) {
    int dm = mw[i], dn = nw[i];
    if (!(dm | dn)) continue;
    ge26x4_dbl_run(&R, prev - i);
    prev = i;
    if (dm > 0) {
      fe26x4_load(&Bc, ge26x4_G_odd[dm >> 1]);
      ge26x4_add_call(&R, &Bc);
    } else if (dm < 0) {
      fe26x4_load(&Bc, ge26x4_G_odd[(-dm) >> 1]);
      ge26x4_cached_neg(&Bc, &Bc);
      ge26x4_add_call(&R, &Bc);
    }
    if (dn > 0) ge26x4_add_call(&R, &Ai[dn >> 1]);
    else if (dn < 0) ge26x4_add_call(&R, &Ain[(-dn) >> 1]);
  }
  if (prev > 0) ge26x4_dbl_run(&R, prev);

  ge26x4_to_p3(&A, &R);
  ge64_p3_tobytes_vartime(out, &A);
  out[32] = (unsigned char)ok;
}
