/* SPDX-License-Identifier: MIT */
/* crypto_mGnP_ed25519 (out = enc((m mod L) G - (n mod L) P), out[32] =
   status; variable time, for signature verification): Straus's method
   with width-w NAFs, the template method/mgnp_wnaf.h on the radix-2^25.5
   field (field/fe26.h: 32-bit limbs, for targets without a 128-bit
   integer type) and its group formulas (group/ge26.h); the G table
   is tables/ge26_G_odd.h. */
#include "crypto_mGnP.h"   /* names crypto_mGnP, defined by the template */
#include "field/fe26.h"
#include "group/ge26.h"
#include "scalar/sc25519.h"
#include "tables/ge26_G_odd.h"

#define FE_FAMILY fe26   /* the families of the method/ template */
#define GE_FAMILY ge26
#define MGNP_WNAF_G_ODD ge26_G_odd
#include "method/mgnp_wnaf.h"
#undef MGNP_WNAF_G_ODD
#undef GE_FAMILY
#undef FE_FAMILY
