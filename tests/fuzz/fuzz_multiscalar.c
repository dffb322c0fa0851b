/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: multiscalar_ed25519.

   Input: one control byte c, then pairs n[i] (32 bytes) P[i] (32 bytes);
   the k whole pairs given are used 1 + (c & 3) times over (so len reaches
   the sizes where implementations switch method), len = 0 when there are
   none. Every implementation (and the selected one) must give the same
   33 bytes; the status byte must be 1 exactly when every n[i] < L and every
   P[i] is valid (the harness's own decoder); len = 0 must give the neutral
   element (y = 1); and when the status is 1 and len >= 2 the sum must equal
   the sum of the results of the two halves (linearity, computed with
   multiscalar itself on the two partial points). */
#include "fuzzlib.h"

typedef void (*ms_fn)(unsigned char *, const unsigned char *, const unsigned char *, long long);

#define MAXLEN 1024

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (size < 1) return 0;
  long long pairs = (long long)(size - 1) / 64;
  if (pairs > 256) return 0;
  long long len = pairs * (1 + (data[0] & 3));
  if (len > MAXLEN) len = MAXLEN;
  unsigned char *n = malloc(len ? (size_t)len * 32 : 1), *P = malloc(len ? (size_t)len * 32 : 1);
  unsigned char *want = malloc(33), *got = malloc(33);
  if (!n || !P || !want || !got) abort();
  int status = 1;
  for (long long i = 0; i < len; ++i) {
    const unsigned char *pair = data + 1 + 64 * (i % pairs);
    memcpy(n + 32 * i, pair, 32);
    memcpy(P + 32 * i, pair + 32, 32);
    if (i < pairs) status &= sc_is_canonical(pair) && ref_point_valid(pair + 32);
  }

  lib25519_multiscalar_ed25519(want, n, P, len);
  for (long long i = 0; i < lib25519_numimpl_multiscalar_ed25519(); ++i) {
    ms_fn f = lib25519_dispatch_multiscalar_ed25519(i);
    memset(got, 0xa5, 33);
    f(got, n, P, len);
    fuzz_same("multiscalar", lib25519_dispatch_multiscalar_ed25519_implementation(i), got, "selected", want, 33);
  }
  if (want[32] != status) FUZZ_FAIL("multiscalar status %d, want %d (len %lld)", want[32], status, len);
  if (len == 0) {
    static const unsigned char neutral[33] = {1, [32] = 1};
    fuzz_same("multiscalar of nothing", "selected", want, "neutral element", neutral, 33);
  }
  if (status && len >= 2) {
    long long half = len / 2;
    unsigned char parts[64], ones[64] = {1, [32] = 1}, a[33], b[33], sum[33];
    lib25519_multiscalar_ed25519(a, n, P, half);
    lib25519_multiscalar_ed25519(b, n + 32 * half, P + 32 * half, len - half);
    memcpy(parts, a, 32);
    memcpy(parts + 32, b, 32);
    lib25519_multiscalar_ed25519(sum, ones, parts, 2);
    fuzz_same("multiscalar linearity", "whole", want, "sum of halves", sum, 33);
  }
  free(n);
  free(P);
  free(want);
  free(got);
  return 0;
}
