/* SPDX-License-Identifier: MIT */
/* crypto_mGnP_ed25519 (out = enc((m mod L) G - (n mod L) P), out[32] =
   status; variable time, for signature verification): Straus's method
   with width-w NAFs, the template method/mgnp_wnaf.h on the radix-2^51
   field (field/fe51.h) and its group formulas (group/ge51.h); the G table
   is tables/ge51_G_odd.h. */
#include "crypto_mGnP.h"   /* names crypto_mGnP, defined by the template */
#include "field/fe51.h"
#include "group/ge51.h"
#include "scalar/sc25519.h"
#include "tables/ge51_G_odd.h"

#define FE_FAMILY fe51   /* the families of the method/ template */
#define GE_FAMILY ge51
#define MGNP_WNAF_G_ODD ge51_G_odd
#include "method/mgnp_wnaf.h"
#undef MGNP_WNAF_G_ODD
#undef GE_FAMILY
#undef FE_FAMILY
