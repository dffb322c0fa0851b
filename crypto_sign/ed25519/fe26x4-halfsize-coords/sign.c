/* SPDX-License-Identifier: MIT */
/* Ed25519 keypair, sign and open: the flow of method/ed25519_sign.h over
   its mulx backend method/ed25519_sign_sc64.h (as fe64-fullsize), with open's
   verdict computed with half-size scalars: method/ed25519_open_halfsize.h
   decoding and reducing on the radix-2^64 code, with the AVX2
   Straus chain of method/ed25519_halfsize_avx2.h (the coordinates of a
   point in four lanes; fe64.S links the scalar assembly).
   doc/verification.md "Half-size scalars" shows that the verdict equals
   the full-size one on every input; tests/test-sign_ed25519.c compares
   the two. */
#include "crypto_sign.h"
#include "method/ed25519_sign_sc64.h"
#include "crypto_mGnP_ed25519.h"
#include "crypto_verify_32.h"
#include "ct/crypto_declassify.h"
#include "method/ed25519_open.h"
#include "field/fe64.h"
#include "group/ge64.h"
#include "method/ed25519_halfsize_avx2.h"

#define FE_FAMILY fe64
#define GE_FAMILY ge64
#include "method/ed25519_open_halfsize.h"
#undef GE_FAMILY
#undef FE_FAMILY

#define ED25519_OPEN_VERDICT ge64_ed25519_verdict
#include "method/ed25519_sign.h"
