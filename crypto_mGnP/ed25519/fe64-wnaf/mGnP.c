/* SPDX-License-Identifier: MIT */
/* crypto_mGnP_ed25519 for x86-64 with BMI2 and ADX:
   out = enc((m mod L) B - (n mod L) P), out[32] = status; variable time
   (signature verification: every input is public).

   Straus's double-scalar method with width-w NAFs: one chain of doublings
   shared by both scalars; B uses width 8 and the 64 precomputed affine odd
   multiples B, 3B, ..., 127B (internal/tables/ge64_G_odd.h, from
   scripts/gen/gen-ed25519-table64.py), -P uses width 5 and 8 odd multiples
   computed here in cached form.  Doublings and additions are the
   assembly group operations of internal/group/amd64/ge64_mulx.S on radix-2^64
   field elements (mulx/adcx/adox); each run of doublings is one call
   that computes T only on its last doubling, and the last addition of a
   digit position skips T (only doublings read the result).

   Status: 1 iff m < L and P is a canonical encoding of a curve point.
   Otherwise the output is still defined: m mod L is used, and an invalid
   P is replaced by -C, C being the point with y = 26 and even x. */
#include "crypto_mGnP.h"
#include "field/fe64.h"
#include "group/ge64.h"
#define GE_FAMILY ge64   /* the group family of the method/ templates */
#include "method/mgnp_input.h"
#include "tables/ge64_G_odd.h"

#define WB 8   /* |digit| <= 127: ge64_G_odd64[0..63] */
#define WP 5   /* |digit| <= 15: 8 odd multiples of -P */

void crypto_mGnP(unsigned char *out, const unsigned char *m, const unsigned char *n,
                 const unsigned char *P)
{
  ge64_p3 A, R;
  ge64_cached Ai[8], A2;
  signed char mw[256], nw[256];
  int ok, i, k, prev;

  ok = mgnp_input_vartime(&A, mw, nw, m, n, P, WB, WP);

  /* Ai[k] = (2k+1) A */
  ge64_p3_to_cached(&Ai[0], &A);
  ge64_mulx_dbl_p3(&R, &A);
  ge64_p3_to_cached(&A2, &R);
  R = A;
  for (k = 1; k < 8; ++k) {
    ge64_mulx_add_p3(&R, &A2);
    ge64_p3_to_cached(&Ai[k], &R);
  }

  for (i = 255; i >= 0; --i)
    if (mw[i] || nw[i]) break;

  /* each digit position: the doublings since the previous one in one
     call (T only at the end), then the additions, the last of which skips
     T (a doubling or the encoding comes next, neither reads T) */
  ge64_p3_0(&R);
  prev = i + 1;
  for (; i >= 0; --i) {
    int dm = mw[i], dn = nw[i];
    if (!(dm | dn)) continue;
    ge64_mulx_dbl_run_p3(&R, &R, prev - i);
    prev = i;
    if (dn) {
      if (dm > 0) ge64_mulx_madd_p3(&R, &ge64_G_odd64[dm >> 1]);
      else if (dm < 0) ge64_mulx_msub_p3(&R, &ge64_G_odd64[(-dm) >> 1]);
      if (dn > 0) ge64_mulx_add_p2(&R, &Ai[dn >> 1]);
      else ge64_mulx_sub_p2(&R, &Ai[(-dn) >> 1]);
    } else if (dm > 0) {
      ge64_mulx_madd_p2(&R, &ge64_G_odd64[dm >> 1]);
    } else {
      ge64_mulx_msub_p2(&R, &ge64_G_odd64[(-dm) >> 1]);
    }
  }
  if (prev > 0) ge64_mulx_dbl_run_p2(&R, &R, prev);

  ge64_p3_tobytes_vartime(out, &R);
  out[32] = (unsigned char)ok;
}
