/* SPDX-License-Identifier: MIT */
/* The thirteen functions of internal/group/amd64/ge64_mulx.S in C, for the
   MemorySanitizer build only (tests/check-msan.sh), on the C field
   functions of fe64_c.h: an implementation whose assembly is only
   fe64_mulx.S and ge64_mulx.S (fe51x4-halfsize-coords, fe64-comb-r32)
   gets both files instead, and the C around them (its AVX-512 code
   among it) is then checked.  The same formulas and contract as the
   assembly (see its comments): h may alias nothing but itself, r may
   equal p, n of the doubling runs is public.  The field representatives
   may differ from the assembly's; lib25519-test compares encoded
   results, so it checks this file too.
   Included by a generated .c after tests/msan/fe64_c.h. */
#ifndef GE64_C_H
#define GE64_C_H

#include "group/ge64.h"

/* h = h + q (or its variants): A = (Y-X) q[a], B = (Y+X) q[b], C = T q[c],
   D = 2 Z q[z] (2 Z when q is affine, z < 0); E = B-A, H = B+A,
   G = D+C, F = D-C, G and F swapped when sub is 1 or under mask; X = E F,
   Y = H G, Z = G F, T = E H when t is 1 */
static void ge64_c_addition(ge64_p3 *h, const uint64_t *q, int a, int b, int c, int z, int sub,
                            uint64_t mask, int t)
{
  uint64_t s[4], d[4], A[4], B[4], C[4], D[4], E[4], H[4], G[4], F[4], x[4];
  int i;
  fe64_mulx_add(s, h->Y.v, h->X.v);
  fe64_mulx_sub(d, h->Y.v, h->X.v);
  fe64_mulx_mul(A, d, q + a);
  fe64_mulx_mul(B, s, q + b);
  fe64_mulx_mul(C, h->T.v, q + c);
  if (z < 0) {
    fe64_mulx_add(D, h->Z.v, h->Z.v);
  } else {
    fe64_mulx_mul(D, h->Z.v, q + z);
    fe64_mulx_add(D, D, D);
  }
  fe64_mulx_sub(E, B, A);
  fe64_mulx_add(H, B, A);
  fe64_mulx_add(G, D, C);
  fe64_mulx_sub(F, D, C);
  if (sub) mask = ~mask;
  for (i = 0; i < 4; ++i) {
    x[i] = (G[i] ^ F[i]) & mask;
    G[i] ^= x[i];
    F[i] ^= x[i];
  }
  fe64_mulx_mul(h->X.v, E, F);
  fe64_mulx_mul(h->Y.v, H, G);
  fe64_mulx_mul(h->Z.v, G, F);
  if (t) fe64_mulx_mul(h->T.v, E, H);
}

void ge64_mulx_madd_p3(ge64_p3 *h, const ge64_precomp *q)
{
  ge64_c_addition(h, q->ypx.v, 4, 0, 8, -1, 0, 0, 1);
}

void ge64_mulx_madd_p3_cneg(ge64_p3 *h, const ge64_precomp *q, uint64_t mask)
{
  ge64_c_addition(h, q->ypx.v, 4, 0, 8, -1, 0, mask, 1);
}

void ge64_mulx_msub_p3(ge64_p3 *h, const ge64_precomp *q)
{
  ge64_c_addition(h, q->ypx.v, 0, 4, 8, -1, 1, 0, 1);
}

void ge64_mulx_add_p3(ge64_p3 *h, const ge64_cached *q)
{
  ge64_c_addition(h, q->ypx.v, 4, 0, 12, 8, 0, 0, 1);
}

void ge64_mulx_sub_p3(ge64_p3 *h, const ge64_cached *q)
{
  ge64_c_addition(h, q->ypx.v, 0, 4, 12, 8, 1, 0, 1);
}

void ge64_mulx_madd_p2(ge64_p3 *h, const ge64_precomp *q)
{
  ge64_c_addition(h, q->ypx.v, 4, 0, 8, -1, 0, 0, 0);
}

void ge64_mulx_msub_p2(ge64_p3 *h, const ge64_precomp *q)
{
  ge64_c_addition(h, q->ypx.v, 0, 4, 8, -1, 1, 0, 0);
}

void ge64_mulx_add_p2(ge64_p3 *h, const ge64_cached *q)
{
  ge64_c_addition(h, q->ypx.v, 4, 0, 12, 8, 0, 0, 0);
}

void ge64_mulx_sub_p2(ge64_p3 *h, const ge64_cached *q)
{
  ge64_c_addition(h, q->ypx.v, 0, 4, 12, 8, 1, 0, 0);
}

/* r = 2p: A = X^2, B = Y^2, C = 2 Z^2, E = 2 X Y, G = B - A, H' = A + B,
   F' = C - G; X = E F', Y = H' G, Z = G F', T = E H' when t is 1 */
static void ge64_c_doubling(ge64_p3 *r, const ge64_p3 *p, int t)
{
  uint64_t A[4], B[4], C[4], E[4], G[4], H[4], F[4];
  fe64_mulx_sq(A, p->X.v);
  fe64_mulx_sq(B, p->Y.v);
  fe64_mulx_sq(C, p->Z.v);
  fe64_mulx_add(C, C, C);
  fe64_mulx_mul(E, p->X.v, p->Y.v);
  fe64_mulx_add(E, E, E);
  fe64_mulx_add(H, A, B);
  fe64_mulx_sub(G, B, A);
  fe64_mulx_sub(F, C, G);
  fe64_mulx_mul(r->X.v, E, F);
  fe64_mulx_mul(r->Y.v, H, G);
  fe64_mulx_mul(r->Z.v, G, F);
  if (t) fe64_mulx_mul(r->T.v, E, H);
}

void ge64_mulx_dbl_p3(ge64_p3 *r, const ge64_p3 *p) { ge64_c_doubling(r, p, 1); }
void ge64_mulx_dbl_p2(ge64_p3 *r, const ge64_p3 *p) { ge64_c_doubling(r, p, 0); }

void ge64_mulx_dbl_run_p3(ge64_p3 *r, const ge64_p3 *p, long long n)
{
  ge64_c_doubling(r, p, n <= 1);
  while (--n > 0) ge64_c_doubling(r, r, n == 1);
}

void ge64_mulx_dbl_run_p2(ge64_p3 *r, const ge64_p3 *p, long long n)
{
  ge64_c_doubling(r, p, 0);
  while (--n > 0) ge64_c_doubling(r, r, 0);
}

#endif
