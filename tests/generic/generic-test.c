/* SPDX-License-Identifier: MIT */
/* The generic code compiled against every field family: the chains of
   field/fe_chains.h, the ladder of method/x25519_ladder.h and the group
   formulas of group/ge_formulas.h, instantiated for fe26, fe51 and fe64
   (group/ge26.h, ge51.h, ge64.h), must agree on every input.  (The Straus/Pippenger template defines
   crypto_multiscalar itself, so it is instantiated once per
   implementation instead: fe51-straus-pippenger, fe64-straus-pippenger and
   fe51x4-straus-pippenger-coords, which lib25519-test compares.)
   Built and run by tests/check-generic.sh with the fe64 assembly; prints
   "generic-test: N passed, M failed". */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define CRYPTO_NAMESPACE(x) fe64test_##x
#include "field/fe26.h"
#include "field/fe51.h"
#include "field/fe64.h"

#define FE_FAMILY fe26
#include "method/x25519_ladder.h"
#undef FE_FAMILY
#define FE_FAMILY fe51
#include "method/x25519_ladder.h"
#undef FE_FAMILY
#define FE_FAMILY fe64
#include "method/x25519_ladder.h"
#undef FE_FAMILY

#include "group/ge26.h"
#include "group/ge51.h"
#include "group/ge64.h"

/* the Ed25519 base point */
static const unsigned char base_bytes[32] = {
  0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
  0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66
};

static long passed, failed;
static void check(int ok, const char *what, long it)
{
  if (ok) { ++passed; return; }
  if (++failed <= 10) printf("generic-test: FAIL %s (iteration %ld)\n", what, it);
}

static uint64_t rng = 0x243f6a8885a308d3ULL;
static void randbytes(unsigned char *x, int n)
{
  int i;
  for (i = 0; i < n; ++i) {
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    x[i] = (unsigned char)(rng >> 29);
  }
}

/* the same field operation in every family: run op on the decoded inputs
   and compare the encodings */
#define FIELD_ALL(name, body)                                              \
  do {                                                                    \
    unsigned char o26[32], o51[32], o64[32];                              \
    { fe26 a, b, h; fe26_frombytes(&a, x); fe26_frombytes(&b, y);         \
      body(fe26); fe26_tobytes(o26, &h); }                                \
    { fe51 a, b, h; fe51_frombytes(&a, x); fe51_frombytes(&b, y);         \
      body(fe51); fe51_tobytes(o51, &h); }                                \
    { fe64 a, b, h; fe64_frombytes(&a, x); fe64_frombytes(&b, y);         \
      body(fe64); fe64_tobytes(o64, &h); }                                \
    check(!memcmp(o26, o51, 32) && !memcmp(o51, o64, 32), name, it);      \
  } while (0)
#define OP_INVCHAIN(F) (void)b; F##_invert_chain(&h, &a)
#define OP_INVERT(F) (void)b; F##_invert(&h, &a)
#define OP_POW(F) (void)b; F##_pow22523(&h, &a)
#define OP_MULADD(F) F##_mul(&h, &a, &b); F##_add(&h, &h, &a); F##_sq(&h, &h)
#define OP_LADDER(F) { F z; F##_x25519_ladder(&h, &z, y, &a); F##_invert(&z, &z); F##_mul(&h, &h, &z); }

/* the same point computation in every family: decode x (or the base
   point), then 2P + P - Q with Q decoded from y, encoded */
#define GROUP_ALL(F, G, out, okp)                                          \
  do {                                                                    \
    G##_p3 p, q, r; G##_cached c; G##_p1p1 t;                             \
    int okx = G##_frombytes_vartime(&p, x), oky = G##_frombytes_vartime(&q, y); \
    if (!okx) G##_frombytes_vartime(&p, base_bytes);                      \
    if (!oky) G##_frombytes_vartime(&q, base_bytes);                      \
    G##_p3_double(&r, &p);                                                \
    G##_p3_to_cached(&c, &p); G##_add(&t, &r, &c); G##_p1p1_to_p3(&r, &t); \
    G##_p3_to_cached(&c, &q); G##_sub(&t, &r, &c); G##_p1p1_to_p3(&r, &t); \
    G##_p3_tobytes(out, &r);                                              \
    *(okp) = okx + 2 * oky;                                               \
  } while (0)

int main(void)
{
  unsigned char x[32], y[32];
  long it;

  for (it = 0; it < 3000; ++it) {
    randbytes(x, 32);
    randbytes(y, 32);
    if (it < 4) memset(x, it == 0 ? 0 : 0xff, 32);  /* 0 and near 2^256 */
    FIELD_ALL("invert_chain", OP_INVCHAIN);
    FIELD_ALL("invert", OP_INVERT);
    FIELD_ALL("pow22523", OP_POW);
    FIELD_ALL("mul/add/sq", OP_MULADD);
    if (it < 300) FIELD_ALL("x25519_ladder", OP_LADDER);
    {
      unsigned char e26[32], e51[32], e64[32];
      int k26, k51, k64;
      /* about one in two random y are points; make x a point every time
         by starting from the base point's encoding with random low bits */
      if (it & 1) { memcpy(x, base_bytes, 32); x[0] ^= (unsigned char)it; }
      GROUP_ALL(fe26, ge26, e26, &k26);
      GROUP_ALL(fe51, ge51, e51, &k51);
      GROUP_ALL(fe64, ge64, e64, &k64);
      check(k26 == k51 && k51 == k64, "frombytes_vartime verdicts", it);
      check(!memcmp(e26, e51, 32) && !memcmp(e51, e64, 32), "group formulas", it);
    }
  }
  printf("generic-test: %ld passed, %ld failed\n", passed, failed);
  return failed != 0;
}
