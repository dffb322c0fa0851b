/* SPDX-License-Identifier: MIT */
/* Ed25519 keypair, sign and open: the flow of method/ed25519_sign.h over
   its portable backend method/ed25519_sign_sc25519.h (as
   portable-fullsize), with open's verdict computed with half-size scalars
   over the AArch64 radix-2^64 assembly field (field/fe64arm.h) and the
   group formulas of group/ge64arm.h: method/ed25519_open_halfsize.h with
   its generic Straus chain, on the radix-2^64 tables of G and 2^128 G.
   doc/verification.md "Half-size scalars" shows that the verdict equals
   the full-size one of portable-fullsize on every input;
   tests/test-sign_ed25519.c compares the two. */
#include "crypto_sign.h"
#include "method/ed25519_sign_sc25519.h"
#include "crypto_mGnP_ed25519.h"
#include "crypto_verify_32.h"
#include "ct/crypto_declassify.h"
#include "method/ed25519_open.h"
#include "field/fe64arm.h"
#include "group/ge64arm.h"
#include "tables/ge64_G_odd.h"      /* as ge64arm_precomp (group/ge64arm.h) */
#include "tables/ge64_G128_odd.h"

#define FE_FAMILY fe64arm
#define GE_FAMILY ge64arm
#define GE_HALFSIZE_G_ODD ge64_G_odd64
#define GE_HALFSIZE_G128_ODD ge64_G128_odd64
#include "method/ed25519_open_halfsize.h"
#undef GE_FAMILY
#undef FE_FAMILY

#define ED25519_OPEN_VERDICT ge64arm_ed25519_verdict
#include "method/ed25519_sign.h"
