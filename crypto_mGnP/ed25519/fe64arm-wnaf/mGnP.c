/* SPDX-License-Identifier: MIT */
/* crypto_mGnP_ed25519 (out = enc((m mod L) G - (n mod L) P), out[32] =
   status; variable time, for signature verification): Straus's method
   with width-w NAFs, the template method/mgnp_wnaf.h on the AArch64
   radix-2^64 assembly field (field/fe64arm.h) and the group formulas of
   group/ge64arm.h; the G table is the radix-2^64 one
   (tables/ge64_G_odd.h). */
#include "crypto_mGnP.h"   /* names crypto_mGnP, defined by the template */
#include "field/fe64arm.h"
#include "group/ge64arm.h"
#include "scalar/sc25519.h"
#include "tables/ge64_G_odd.h"   /* as ge64arm_precomp (group/ge64arm.h) */

#define FE_FAMILY fe64arm   /* the families of the method/ template */
#define GE_FAMILY ge64arm
#define MGNP_WNAF_G_ODD ge64_G_odd64
#include "method/mgnp_wnaf.h"
#undef MGNP_WNAF_G_ODD
#undef GE_FAMILY
#undef FE_FAMILY
