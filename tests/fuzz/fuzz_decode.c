/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: Edwards point decoding, seen through the status bytes
   of multiscalar_ed25519 and mGnP_ed25519.

   Input: P (32 bytes, zero-padded). The harness's own decoder
   (tests/fuzz/fuzzlib.h) says whether P is valid (y < p, on the curve, not
   x = 0 with the sign bit set). For every implementation:
   - multiscalar(1 * P): status = valid; the point is P itself when valid
     (valid encodings are canonical, so they re-encode to the same bytes),
     and C (y = 26, x even) when not;
   - mGnP(0, 1, P) = -P: status = valid; the point is P with the sign bit
     flipped (unchanged when x = 0, y = 1 or y = -1) when valid, and C when
     not (an invalid P counts as -C). */
#include "fuzzlib.h"

typedef void (*ms_fn)(unsigned char *, const unsigned char *, const unsigned char *, long long);
typedef void (*mgnp_fn)(unsigned char *, const unsigned char *, const unsigned char *, const unsigned char *);

static const unsigned char C_enc[32] = {26};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  unsigned char P[32] = {0}, one[32] = {1}, one64[64] = {1}, zero[32] = {0};
  unsigned char want[33], neg[33];
  memcpy(P, data, size < 32 ? size : 32);
  int valid = ref_point_valid(P);

  memcpy(want, valid ? P : C_enc, 32);
  want[32] = (unsigned char)valid;
  memcpy(neg, want, 33);
  if (valid && !ref_x_is_zero(P)) neg[31] ^= 0x80;

  unsigned char *got = malloc(33);
  if (!got) abort();
  for (long long i = -1; i < lib25519_numimpl_multiscalar_ed25519(); ++i) {
    ms_fn f = i < 0 ? lib25519_multiscalar_ed25519 : lib25519_dispatch_multiscalar_ed25519(i);
    const char *name = i < 0 ? "selected" : lib25519_dispatch_multiscalar_ed25519_implementation(i);
    memset(got, 0xa5, 33);
    f(got, one, P, 1);
    fuzz_same("multiscalar 1*P", name, got, "reference decoder", want, 33);
  }
  for (long long i = -1; i < lib25519_numimpl_mGnP_ed25519(); ++i) {
    mgnp_fn f = i < 0 ? lib25519_mGnP_ed25519 : lib25519_dispatch_mGnP_ed25519(i);
    const char *name = i < 0 ? "selected" : lib25519_dispatch_mGnP_ed25519_implementation(i);
    memset(got, 0xa5, 33);
    f(got, zero, one64, P);
    fuzz_same("mGnP 0*G - 1*P", name, got, "reference decoder", neg, 33);
  }
  free(got);
  return 0;
}
