/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: mGnP_ed25519 and point decoding.

   Input: m (32 bytes), n (64), P (32); shorter inputs are padded with
   zeros. Every implementation (and the selected one) must give the same
   33 bytes; the status byte must be 1 exactly when m < L and P is a valid
   encoding (checked with the harness's own decoder, tests/fuzz/fuzzlib.h);
   and the point must equal what multiscalar_ed25519 computes for
   m*G + (n mod L)*Q, where Q = -P for a valid P and Q = P for an invalid
   one (mGnP counts an invalid P as -C, multiscalar counts it as C). */
#include "fuzzlib.h"

typedef void (*mgnp_fn)(unsigned char *, const unsigned char *, const unsigned char *, const unsigned char *);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  unsigned char in[128] = {0};
  memcpy(in, data, size < 128 ? size : 128);
  const unsigned char *m = in, *n = in + 32, *P = in + 96;
  unsigned char *want = malloc(33), *got = malloc(33);
  if (!want || !got) abort();

  lib25519_mGnP_ed25519(want, m, n, P);
  for (long long i = 0; i < lib25519_numimpl_mGnP_ed25519(); ++i) {
    mgnp_fn f = lib25519_dispatch_mGnP_ed25519(i);
    memset(got, 0xa5, 33);
    f(got, m, n, P);
    fuzz_same("mGnP", lib25519_dispatch_mGnP_ed25519_implementation(i), got, "selected", want, 33);
  }

  int valid = ref_point_valid(P);
  int status = sc_is_canonical(m) && valid;
  if (want[32] != status) FUZZ_FAIL("mGnP status %d, want %d (m < L: %d, P valid: %d)", want[32], status, sc_is_canonical(m), valid);

  /* the same point through multiscalar: m*G + (n mod L)*Q, where Q = -P
     for a valid P (the sign bit flipped, unless x = 0) and Q = P for an
     invalid one. Negating the scalar instead would be wrong for points
     with a small-order component, whose order is not L. */
  unsigned char ns[64], Ps[64], ms[33];
  memcpy(ns, m, 32);
  sc_reduce(ns + 32, n, 64);
  memcpy(Ps, fuzz_G, 32);
  memcpy(Ps + 32, P, 32);
  if (valid && !ref_x_is_zero(P)) Ps[63] ^= 0x80;
  lib25519_multiscalar_ed25519(ms, ns, Ps, 2);
  fuzz_same("mGnP against multiscalar", "mGnP", want, "multiscalar", ms, 33);
  free(want);
  free(got);
  return 0;
}
