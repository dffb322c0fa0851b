/* SPDX-License-Identifier: MIT */
/* Ed25519 keypair, sign and open: the flow of method/ed25519_sign.h over
   its portable backend method/ed25519_sign_sc25519.h (as
   portable-fullsize), with open's verdict computed with half-size scalars
   over the radix-2^51 group code: method/ed25519_open_halfsize.h with its
   generic Straus chain.  doc/verification.md "Half-size scalars" shows
   that the verdict equals the full-size one of portable-fullsize on every
   input; tests/test-sign_ed25519.c compares the two. */
#include "crypto_sign.h"
#include "method/ed25519_sign_sc25519.h"
#include "crypto_mGnP_ed25519.h"
#include "crypto_verify_32.h"
#include "ct/crypto_declassify.h"
#include "method/ed25519_open.h"
#include "field/fe51.h"
#include "group/ge51.h"
#include "tables/ge51_G_odd.h"
#include "tables/ge51_G128_odd.h"

#define FE_FAMILY fe51
#define GE_FAMILY ge51
#define GE_HALFSIZE_G_ODD ge51_G_odd
#define GE_HALFSIZE_G128_ODD ge51_G128_odd
#include "method/ed25519_open_halfsize.h"
#undef GE_FAMILY
#undef FE_FAMILY

#define ED25519_OPEN_VERDICT ge51_ed25519_verdict
#include "method/ed25519_sign.h"
