/* SPDX-License-Identifier: MIT */
/* Ed25519 keypair, hedged signing and verification, portable: the flow of
   method/ed25519_sign.h (the construction, the overlap rules and the
   verification rule are there) over its portable backend
   method/ed25519_sign_sc25519.h (crypto_hash_sha512, scalar/sc25519.h),
   with open's full-size verdict through crypto_mGnP_ed25519. */
#include "crypto_sign.h"
#include "method/ed25519_sign_sc25519.h"

#define ED25519_OPEN_VERDICT ed25519_verdict_mgnp
#include "method/ed25519_sign.h"
