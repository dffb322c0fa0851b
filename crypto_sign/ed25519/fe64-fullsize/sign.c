/* SPDX-License-Identifier: MIT */
/* Ed25519 keypair, hedged signing and verification for x86-64 with
   BMI2/ADX: the flow of method/ed25519_sign.h over its backend
   method/ed25519_sign_sc64.h (SHA-512 padded onto the dispatched
   crypto_hashblocks_sha512, straight-line mulx scalars of scalar/sc64.h),
   with open's full-size verdict through crypto_mGnP_ed25519. */
#include "crypto_sign.h"
#include "method/ed25519_sign_sc64.h"

#define ED25519_OPEN_VERDICT ed25519_verdict_mgnp
#include "method/ed25519_sign.h"
