/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: the Montgomery-side and field primitives.

   Input: n (32 bytes) and P (32 bytes), zero-padded. Every implementation
   (and the selected one) of each primitive must agree, and they must agree
   with each other:
   - nP_montgomery25519(n, P) is the reference answer X;
   - dh_x25519(P, n) = X; nPbatch on (n,P), (P,n), (n,P) gives X and nP(P,n);
   - nG_montgomery25519(n) = nP(n, 9);
   - nG_merged25519 on clamped n with bit 255 set = nP(n, 9) (Montgomery u);
     with bit 255 clear it is the Edwards encoding of n*G, which must equal
     mGnP(n mod L, 0, G);
   - pow_inv25519(P) * P = 1 mod p (or 0 for P = 0 mod p), checked with
     the harness's own field arithmetic, and powbatch agrees with pow. */
#include "fuzzlib.h"

typedef void (*f3)(unsigned char *, const unsigned char *, const unsigned char *);
typedef void (*f2)(unsigned char *, const unsigned char *);
typedef void (*fbatch3)(unsigned char *, const unsigned char *, const unsigned char *, long long);
typedef void (*fbatch2)(unsigned char *, const unsigned char *, long long);

/* run the statements for the selected (i = -1) and every implementation i */
#define EACH(prim, ...)                                                                     \
  for (long long i = -1; i < lib25519_numimpl_##prim(); ++i) {                              \
    const char *name = i < 0 ? "selected" : lib25519_dispatch_##prim##_implementation(i); \
    __VA_ARGS__                                                                             \
  }
#define PICK(prim, i) ((i) < 0 ? lib25519_##prim : lib25519_dispatch_##prim(i))

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  unsigned char in[64] = {0};
  memcpy(in, data, size < 64 ? size : 64);
  const unsigned char *n = in, *P = in + 32;
  static const unsigned char nine[32] = {9};
  unsigned char X[32], Y[32], nG[32];
  unsigned char *out = malloc(32), *outb = malloc(96), *nb = malloc(96), *Pb = malloc(96);
  if (!out || !outb || !nb || !Pb) abort();

  lib25519_nP_montgomery25519(X, n, P);
  lib25519_nP_montgomery25519(Y, P, n);
  lib25519_nP_montgomery25519(nG, n, nine);
  EACH(nP_montgomery25519, {
    f3 f = PICK(nP_montgomery25519, i);
    f(out, n, P);
    fuzz_same("nP", name, out, "selected", X, 32);
  })
  EACH(dh_x25519, {
    f3 f = PICK(dh_x25519, i);
    f(out, P, n);
    fuzz_same("dh_x25519", name, out, "nP", X, 32);
  })
  memcpy(nb, n, 32), memcpy(nb + 32, P, 32), memcpy(nb + 64, n, 32);
  memcpy(Pb, P, 32), memcpy(Pb + 32, n, 32), memcpy(Pb + 64, P, 32);
  EACH(nPbatch_montgomery25519, {
    fbatch3 f = PICK(nPbatch_montgomery25519, i);
    f(outb, nb, Pb, 3);
    fuzz_same("nPbatch item 0", name, outb, "nP", X, 32);
    fuzz_same("nPbatch item 1", name, outb + 32, "nP", Y, 32);
    fuzz_same("nPbatch item 2", name, outb + 64, "nP", X, 32);
  })
  EACH(nG_montgomery25519, {
    f2 f = PICK(nG_montgomery25519, i);
    f(out, n);
    fuzz_same("nG_montgomery25519", name, out, "nP(n, 9)", nG, 32);
  })

  /* nG_merged25519: Montgomery form on a clamped scalar with bit 255 set */
  unsigned char c[32], e[32], ered[32], ed[33], zero64[64] = {0};
  memcpy(c, n, 32);
  c[0] &= 248;
  c[31] = (unsigned char)((c[31] & 127) | 64 | 128);
  memcpy(e, n, 32);
  e[31] &= 127;
  sc_reduce(ered, e, 32);
  lib25519_mGnP_ed25519(ed, ered, zero64, fuzz_G);
  if (ed[32] != 1) FUZZ_FAIL("mGnP(n mod L, 0, G) status %d", ed[32]);
  EACH(nG_merged25519, {
    f2 f = PICK(nG_merged25519, i);
    f(out, c);
    fuzz_same("nG_merged25519 (Montgomery)", name, out, "nP(n, 9)", nG, 32);
    f(out, e);
    fuzz_same("nG_merged25519 (Edwards)", name, out, "mGnP(n mod L, 0, G)", ed, 32);
  })

  /* pow_inv25519: y * x = 1 (mod p) */
  unsigned char x[32], y[32];
  memcpy(x, P, 32);
  x[31] &= 127;
  fe xv = fe_reduce(u256_load(x));
  lib25519_pow_inv25519(y, P);
  fe prod = fe_mul(u256_load(y), xv);
  if (fe_is_zero(xv) ? !fe_is_zero(u256_load(y)) : u256_cmp(prod, fe_small(1)) != 0)
    FUZZ_FAIL("pow_inv25519: y * x != 1 (mod p)");
  if (u256_cmp(u256_load(y), fe_p()) >= 0) FUZZ_FAIL("pow_inv25519: output not fully reduced");
  EACH(pow_inv25519, {
    f2 f = PICK(pow_inv25519, i);
    f(out, P);
    fuzz_same("pow_inv25519", name, out, "selected", y, 32);
  })
  lib25519_pow_inv25519(X, n);
  EACH(powbatch_inv25519, {
    fbatch2 f = PICK(powbatch_inv25519, i);
    f(outb, Pb, 2);
    fuzz_same("powbatch item 0", name, outb, "pow", y, 32);
    fuzz_same("powbatch item 1", name, outb + 32, "pow", X, 32);
  })
  free(out);
  free(outb);
  free(nb);
  free(Pb);
  return 0;
}
