/* SPDX-License-Identifier: MIT */
/* X25519 (RFC 7748): one Montgomery ladder whose field operations run
   side by side in the four 64-bit lanes of 256-bit vectors with AVX-512
   IFMA (vpmadd52luq / vpmadd52huq on ymm, AVX512VL).  Radix 2^51 as in
   field/fe51x4_ifma.h: limbs < 2^52 into a multiplication ("CARRIED"),
   one parallel carry round after every addition layer.

   Why 256-bit: on CPUs that split 512-bit operations in two (Zen 4) an
   eight-lane step costs twice the issue slots of a four-lane one, and a
   ladder step has only four independent products per layer.  The step
   is three four-lane multiplications deep:

     state s = (x2, z2, x3, z3) in lanes 0..3 (unreduced, limbs < 2^61)
     h  = (x2 + z2, x2 - z2, x3 + z3, x3 - z3)       within 128-bit halves
     M1 = (A, B, C, D) * (A, B, B, A) = (AA, BB, CB, DA), the conditional
          swap folded into the two lane permutations that make the operands
          (A = x2 + z2 ... of the swapped pairs);
     M2 = (AA, E, S, T) * (BB, V, S, T) = (x2', z2', x3', T^2),
          E = AA - BB, V = AA + 121665 E, S = CB + DA, T = CB - DA;
     M3 = M2 * (1, 1, 1, x1) = (x2', z2', x3', z3').
   Everything but the two operand permutations of M1 stays inside the
   128-bit halves (one-cycle shuffles).

   Constant time: the scalar bits only become masks that select between
   two constant permutation index vectors (a masked blend); no branch,
   memory index or variable-latency instruction depends on a secret.  The
   final inversion is field/fe51.h's (constant-time safegcd).  Both inputs
   are read before q is written, so q may alias n or p. */
#include <stdint.h>
#include <immintrin.h>
#include "crypto_nP.h"
#include "ct/crypto_ct.h"
#include "field/fe51.h"
#include "field/fe51x4_ifma.h"  /* fe51x4, fe51x4_mul, fe51x4_carry5 */

/* Q = 2^11 p in radix 2^51, limb by limb: above any unreduced limb
   (< 2^61), so Q - x never wraps */
#define Q_0 (((uint64_t)1 << 62) - 19 * ((uint64_t)1 << 11))
#define Q_1 (((uint64_t)1 << 62) - ((uint64_t)1 << 11))

/* lanes (0,1,2,3) -> (1,0,3,2): inside the 128-bit halves */
#define SWAP_ADJ(x) _mm256_shuffle_epi32((x), (_MM_PERM_ENUM)_MM_SHUFFLE(1, 0, 3, 2))
#define IDX4(a, b, c, d) _mm256_set_epi64x(d, c, b, a)

/* limb k of (x2 + z2, x2 - z2 + Q, x3 + z3, x3 - z3 + Q), limbs < 2^63 */
INLINE __m256i had_limb(__m256i s, int k)
{
  __m256i q = V_SET1(k ? Q_1 : Q_0);
  return V_ADD(_mm256_mask_sub_epi64(s, 0xa, q, s), SWAP_ADJ(s));
}

/* limb k of m = (AA, BB, CB, DA) -> t = (BB, AA, DA, CB) and
   r = (AA, AA - BB + Q, CB + DA, CB - DA + Q), limbs < 2^63 */
INLINE void mid_limb(__m256i *t, __m256i *r, __m256i m, int k)
{
  __m256i q = V_SET1(k ? Q_1 : Q_0);
  __m256i a = _mm256_mask_sub_epi64(m, 0xa, q, m);
  *t = SWAP_ADJ(m);
  *r = _mm256_mask_add_epi64(a, 0xe, a, *t);
}

/* m = M1 -> the operands F = (AA, E, S, T) and G = (BB, V, S, T) of M2,
   both CARRIED.  w = t + 121665 F in lane 1 (K is 0 elsewhere):
   121665 F_k < 2^69 in halves, low (< 2^52) at limb k, high (< 2^17) at
   weight 2^(51k + 52) = 2 2^(51(k+1)); the high half of limb 4 weighs
   2^256 = 38 (mod p).  Limbs of w < 2^61 + 2^53 before the carry. */
INLINE void step_mid(fe51x4 *F, fe51x4 *G, const fe51x4 *m)
{
  const __m256i K = IDX4(0, 121665, 0, 0);
  const __m256i z = V_ZERO();
  __m256i t0, t1, t2, t3, t4, r0, r1, r2, r3, r4, h0, h1, h2, h3, h4;
  fe51x4 w;
  mid_limb(&t0, &r0, m->v[0], 0);
  mid_limb(&t1, &r1, m->v[1], 1);
  mid_limb(&t2, &r2, m->v[2], 2);
  mid_limb(&t3, &r3, m->v[3], 3);
  mid_limb(&t4, &r4, m->v[4], 4);
  fe51x4_carry5(F, r0, r1, r2, r3, r4);
  h0 = V_HI(z, F->v[0], K); h1 = V_HI(z, F->v[1], K); h2 = V_HI(z, F->v[2], K);
  h3 = V_HI(z, F->v[3], K); h4 = V_HI(z, F->v[4], K);
  fe51x4_carry5(&w, V_LO(V_LO(t0, F->v[0], K), h4, V_SET1(38)),
                V_ADD(V_LO(t1, F->v[1], K), V_SHL(h0, 1)), V_ADD(V_LO(t2, F->v[2], K), V_SHL(h1, 1)),
                V_ADD(V_LO(t3, F->v[3], K), V_SHL(h2, 1)), V_ADD(V_LO(t4, F->v[4], K), V_SHL(h3, 1)));
  G->v[0] = _mm256_mask_blend_epi64(0xc, w.v[0], F->v[0]);
  G->v[1] = _mm256_mask_blend_epi64(0xc, w.v[1], F->v[1]);
  G->v[2] = _mm256_mask_blend_epi64(0xc, w.v[2], F->v[2]);
  G->v[3] = _mm256_mask_blend_epi64(0xc, w.v[3], F->v[3]);
  G->v[4] = _mm256_mask_blend_epi64(0xc, w.v[4], F->v[4]);
}

/* s (limbs < 2^61) -> the operands a, b of M1: h = carried
   (x2 + z2, x2 - z2, x3 + z3, x3 - z3), a = h, b = h at lanes (0,1,1,0)
   without the swap; with it a = h at (2,3,0,1), b = h at (2,3,3,2) */
INLINE void step_in(fe51x4 *a, fe51x4 *b, const fe51x4 *s, __m256i ia, __m256i ib)
{
  fe51x4 h;
  fe51x4_carry5(&h, had_limb(s->v[0], 0), had_limb(s->v[1], 1), had_limb(s->v[2], 2),
                had_limb(s->v[3], 3), had_limb(s->v[4], 4));
#define IN_LIMB(k) a->v[k] = _mm256_permutexvar_epi64(ia, h.v[k]); \
  b->v[k] = _mm256_permutexvar_epi64(ib, h.v[k])
  IN_LIMB(0); IN_LIMB(1); IN_LIMB(2); IN_LIMB(3); IN_LIMB(4);
#undef IN_LIMB
}

void crypto_nP(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
  unsigned char k[32];
  uint64_t lanes[5][4] __attribute__((aligned(32)));
  fe51 u, x2, z2;
  fe51x4 s, a, b, x;
  __m256i ia, ib;
  __mmask8 mask;
  unsigned int bit, prev;
  int i;

  for (i = 0; i < 32; ++i) k[i] = n[i];
  k[0] &= 248;
  k[31] &= 127;
  k[31] |= 64;
  fe51_frombytes(&u, p);   /* bit 255 dropped, limbs < 2^51 */

  /* s = (1, 0, u, 1); x = (1, 1, 1, u), the multiplier of M3 */
  for (i = 0; i < 5; ++i) {
    long long c = i ? 0 : 1;
    s.v[i] = _mm256_set_epi64x(c, (long long)u.v[i], 0, c);
    x.v[i] = _mm256_set_epi64x((long long)u.v[i], c, c, c);
  }

  prev = 0;
  for (i = 254; i >= 0; --i) {
    bit = (k[i >> 3] >> (i & 7)) & 1;
    mask = (__mmask8)(0xf & (0u - (bit ^ prev)));
    prev = bit;
    ia = _mm256_mask_blend_epi64(mask, IDX4(0, 1, 2, 3), IDX4(2, 3, 0, 1));
    ib = _mm256_mask_blend_epi64(mask, IDX4(0, 1, 1, 0), IDX4(2, 3, 3, 2));
    step_in(&a, &b, &s, ia, ib);
    fe51x4_mul(&a, &a, &b);       /* M1 = (AA, BB, CB, DA), limbs < 2^61 */
    step_mid(&a, &b, &a);
    fe51x4_mul(&a, &a, &b);       /* M2 = (x2', z2', x3', T^2) */
    fe51x4_carry5(&a, a.v[0], a.v[1], a.v[2], a.v[3], a.v[4]);
    fe51x4_mul(&s, &a, &x);       /* M3: the new state */
  }
  /* the last swap is bit 0 of the clamped scalar: 0 */
  fe51x4_carry5(&s, s.v[0], s.v[1], s.v[2], s.v[3], s.v[4]);   /* limbs < 2^52 */
  for (i = 0; i < 5; ++i) _mm256_store_si256((void *)lanes[i], s.v[i]);
  for (i = 0; i < 5; ++i) {
    x2.v[i] = lanes[i][0];
    z2.v[i] = lanes[i][1];
  }

  fe51_invert(&z2, &z2);     /* the safegcd of field/fe51.h */
  fe51_mul(&x2, &x2, &z2);
  fe51_tobytes(q, &x2);

  /* the clamped scalar, its bits and swap mask, the ladder state */
  CRYPTO_CT_WIPE(k);
  CRYPTO_CT_WIPE(bit);
  CRYPTO_CT_WIPE(prev);
  CRYPTO_CT_WIPE(mask);
  CRYPTO_CT_WIPE(ia);
  CRYPTO_CT_WIPE(ib);
  CRYPTO_CT_WIPE(s);
  CRYPTO_CT_WIPE(a);
  CRYPTO_CT_WIPE(b);
  CRYPTO_CT_WIPE(lanes);
  CRYPTO_CT_WIPE(x2);
  CRYPTO_CT_WIPE(z2);
}
