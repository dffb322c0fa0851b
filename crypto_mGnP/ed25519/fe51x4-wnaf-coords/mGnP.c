/* SPDX-License-Identifier: MIT */
/* crypto_mGnP_ed25519 with AVX-512 IFMA (vpmadd52luq / vpmadd52huq on
   256-bit vectors, AVX512VL): out = enc((m mod L) B - (n mod L) P),
   out[32] = status; variable time (signature verification: every input
   is public).

   The method is that of fe64-wnaf (Straus, one chain of doublings;
   width-8 NAF of m over the 64 odd multiples B, 3B, ..., 127B, width-5
   NAF of n over 8 odd multiples of -P computed here), and so are the
   decoding of P, the status, the scalar reduction and the encoding, all
   on the scalar radix-2^64 code (fe64.S).  What changes is the group
   arithmetic of the main loop: the four coordinates of a point sit in
   the four 64-bit lanes of five vectors (radix 2^51, one vector per
   limb), so the four field products of each layer of the
   Hisil-Wong-Carter-Dawson formulas are one four-lane multiplication
   (internal/group/ge51x4_ifma.h, shared with
   crypto_multiscalar/ed25519/fe51x4-straus-pippenger-coords: formulas, limb bounds).
   The table of B holds cached points with z2 = 1 (the lane holds 2). */
#include <stdint.h>
#include <immintrin.h>
#include "crypto_mGnP.h"
#include "field/fe64.h"
#include "group/ge64.h"
#define GE_FAMILY ge64   /* the group family of the method/ templates */
#include "method/mgnp_input.h"
#include "group/ge51x4_ifma.h"
#include "tables/ge51x4_G_odd.h"

#define WB 8   /* |digit| <= 127: ge51x4_G_odd[0..63] */
#define WP 5   /* |digit| <= 15: 8 odd multiples of -P */

void crypto_mGnP(unsigned char *out, const unsigned char *m, const unsigned char *n,
                 const unsigned char *P)
{
  ge64_p3 A;
  fe51x4 R, Ai[8], Ain[8], Bc;
  signed char mw[256], nw[256];
  int ok, i, k, prev;

  ok = mgnp_input_vartime(&A, mw, nw, m, n, P, WB, WP);

  /* Ai[k] = (2k+1) A and Ain[k] = -(2k+1) A, cached */
  ge51x4_from_p3(&R, &A);
  ge51x4_odd_multiples(Ai, &R, 8);
  for (k = 0; k < 8; ++k) ge51x4_cached_neg(&Ain[k], &Ai[k]);

  for (i = 255; i >= 0; --i)
    if (mw[i] || nw[i]) break;

  /* R = the neutral element (0, 1, 1, 0) */
  for (k = 0; k < 5; ++k) R.v[k] = _mm256_set_epi64x(0, k ? 0 : 1, k ? 0 : 1, 0);
  prev = i + 1;
  for (; i >= 0; --i) {
    int dm = mw[i], dn = nw[i];
    if (!(dm | dn)) continue;
    ge51x4_dbl_run(&R, prev - i);
    prev = i;
    if (dm > 0) {
      fe51x4_load(&Bc, ge51x4_G_odd[dm >> 1]);
      ge51x4_add_call(&R, &Bc);
    } else if (dm < 0) {
      fe51x4_load(&Bc, ge51x4_G_odd[(-dm) >> 1]);
      ge51x4_cached_neg(&Bc, &Bc);
      ge51x4_add_call(&R, &Bc);
    }
    if (dn > 0) ge51x4_add_call(&R, &Ai[dn >> 1]);
    else if (dn < 0) ge51x4_add_call(&R, &Ain[(-dn) >> 1]);
  }
  if (prev > 0) ge51x4_dbl_run(&R, prev);

  ge51x4_to_p3(&A, &R);
  ge64_p3_tobytes_vartime(out, &A);
  out[32] = (unsigned char)ok;
}
