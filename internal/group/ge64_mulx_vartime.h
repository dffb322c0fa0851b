/* SPDX-License-Identifier: MIT */
/* C declarations of the variable-time group operations of
   internal/group/amd64/ge64_mulx_vartime.S (public data only: they branch
   on their flags and counts).  Include group/ge64.h first; available in
   implementations whose .S file includes that assembly file. */
#ifndef GROUP_GE64_MULX_VARTIME_H
#define GROUP_GE64_MULX_VARTIME_H

#include "group/ge64.h"

/* the flags of ge64_mulx_add_vartime */
#define GE64_VT_NEG 1      /* subtract q */
#define GE64_VT_AFFINE 2   /* q is a ge64_precomp (else a ge64_cached) */
#define GE64_VT_T 4        /* compute T of the result (else T left as is) */

#define ge64_mulx_add_vartime CRYPTO_NAMESPACE(ge64_mulx_add_vartime)
#define ge64_mulx_dbl_run_vartime CRYPTO_NAMESPACE(ge64_mulx_dbl_run_vartime)

/* h = h + q or h - q, q a ge64_cached or ge64_precomp, by flags (public) */
extern void ge64_mulx_add_vartime(ge64_p3 *h, const void *q, long long flags) FE64_HIDDEN;
/* r = 2^n p for public n >= 1 (r may be p; T of p not read), with T iff t */
extern void ge64_mulx_dbl_run_vartime(ge64_p3 *r, const ge64_p3 *p, long long n, long long t) FE64_HIDDEN;

#endif
