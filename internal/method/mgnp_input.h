/* SPDX-License-Identifier: MIT */
/* The inputs of crypto_mGnP_ed25519 in the form its Straus loops use, one
   copy for every implementation on a group family (group/ge51.h or
   group/ge64.h, included first, with GE_FAMILY defined as ge51 or ge64):
     status = 1 iff m < L and P is a canonical encoding of a curve point;
     A = -P, or -C if P is invalid (C: the point with y = 26, even x);
     mw, nw = the width-wb and width-wp NAF digits of m mod L and n mod L.
   Variable time: every input is public. */
#if !defined(GE_FAMILY)
#error "define GE_FAMILY (the group family, ge51 or ge64) before including method/mgnp_input.h"
#endif
#ifndef MGNP_INPUT_H
#define MGNP_INPUT_H

#include "group/ge_interface.h"

#include "scalar/sc25519.h"

static inline int mgnp_input_vartime(GE(p3) *A, signed char mw[256], signed char nw[256],
                                     const unsigned char *m, const unsigned char *n,
                                     const unsigned char *P, int wb, int wp)
{
  static const unsigned char point_C[32] = { 26 };   /* y = 26, x even */
  sc25519 ms, ns;
  int ok = sc25519_is_canonical(m);

  if (GE(frombytes_vartime)(A, P)) {
    GE(p3_neg)(A, A);             /* the multiples of -P get added */
  } else {
    ok = 0;
    GE(frombytes_vartime)(A, point_C);
  }
  sc25519_from32bytes(&ms, m);
  sc25519_from64bytes(&ns, n);
  sc25519_wnaf_vartime(mw, &ms, wb);
  sc25519_wnaf_vartime(nw, &ns, wp);
  return ok;
}

#endif
