/* SPDX-License-Identifier: MIT */
/* X25519 (RFC 7748): one Montgomery ladder whose field products run side
   by side in the 64-bit lanes of 512-bit vectors, with AVX-512 IFMA
   (vpmadd52luq / vpmadd52huq).  The four products of each layer of the
   ladder step go in lanes 0..3 and the same products times x1 in lanes
   4..7; carrying the x1 multiples along removes the third, one-lane
   layer (z3 = x1 (DA - CB)^2) of the plain four-lane step, so a step is
   two eight-lane multiplications deep.  (On CPUs that run 512-bit IFMA at
   the rate of 256-bit, the extra lanes cost no time.)

   Field elements: five vectors of limbs in radix 2^51,
     f = f0 + f1 2^51 + f2 2^102 + f3 2^153 + f4 2^204   (lane by lane).
   The multiplier reads only the low 52 bits of a limb, so every input of
   a multiplication must have limbs < 2^52 ("CARRIED").  Radix 2^51 leaves
   one spare bit, so a single parallel carry round (every limb keeps its
   low 51 bits and receives the carry of the limb below; the carry out of
   limb 4 comes back times 19 into limb 0) turns any limbs < 2^64 into
   limbs < 2^51 + 2^18: CARRIED.  No sequential carry chain is needed.

   The low half of a limb product has weight 2^(51k) (k = i + j) and the
   high half weight 2^(51k + 52) = 2 * 2^(51(k+1)); columns 5..9 fold into
   columns 0..4 times 19 (2^255 = 19 mod p).  Both products of a step are
   left uncarried (limbs < 2^61): they only feed additions and
   subtractions, which add a large multiple of p (Q = 2^11 p) where they
   subtract and carry their results.

   State, lanes 0..7: (x2, z2, x3, z3, x1 x2, x1 z2, x1 x3, x1 z3).
   Ladder step (after the conditional swap of the pairs (x2, z2) and
   (x3, z3), with their x1 multiples, i.e. of lanes (0,1) <-> (2,3) and
   (4,5) <-> (6,7); the swap for the next step is applied to both
   operands of M2, which swaps the lanes of the product):
     U  = (A, B, C, D, x1 A, x1 B, x1 C, x1 D),
          A = x2 + z2, B = x2 - z2, C = x3 + z3, D = x3 - z3;
     M1 = U * (A, B, B, A, A, B, B, A)
        = (AA, BB, CB, DA, x1 AA, x1 BB, x1 CB, x1 DA);
     with E = AA - BB, V = AA + 121665 E = BB + 121666 E,
          S = DA + CB, T = CB - DA:
     M2 = (AA, E, S, T, x1 AA, x1 E, x1 S, x1 T)
        * (BB, V, S, x1 T, BB, V, S, x1 T)
        = (x2', z2', x3', z3', x1 x2', x1 z2', x1 x3', x1 z3'),
     z3' = x1 (DA - CB)^2, z2' = E (BB + 121666 E) as in RFC 7748.
   Constant time: the scalar bits only become an all-lanes mask (0 or
   0xff) for masked blends and masked fixed permutations; no branch,
   memory index or permutation index depends on a secret.  The final
   inversion is field/fe51.h's (the constant-time safegcd).  Both inputs are read
   before q is written, so q may alias n or p. */
#include <stdint.h>
#include <immintrin.h>
#include "crypto_nP.h"
#include "ct/crypto_ct.h"
#include "field/fe51.h"
#include "field/fe51x8_ifma.h"  /* fe51x8, fe51x8_mul, carry5, mul19 */

/* multiples of p in radix 2^51, limb by limb */
#define Q_0 (((uint64_t)1 << 62) - 19 * ((uint64_t)1 << 11))
#define Q_1 (((uint64_t)1 << 62) - ((uint64_t)1 << 11))

/* lanes (0,1,2,3,...) -> (1,0,3,2,...) */
#define SWAP_ADJ(x) _mm512_shuffle_epi32((x), (_MM_PERM_ENUM)_MM_SHUFFLE(1, 0, 3, 2))
/* x with lanes (0,1,2,3) <-> (2,3,0,1) exchanged within each half where
   mask is 0xff (the conditional swap: a fixed permutation, merged under
   a mask that is all ones or all zeros) */
#define SWAP_PAIRS_IF(x, mask) _mm512_mask_permutex_epi64((x), (mask), (x), _MM_SHUFFLE(1, 0, 3, 2))
/* a vector of lane indices, lane 0 first */
#define IDX(a, b, c, d, e, f, g, h) _mm512_set_epi64(h, g, f, e, d, c, b, a)

/* The per-limb parts of the step are written as functions on one limb,
   called five times with constant k: straight-line code, no loops or
   arrays for the compiler to keep in memory. */

/* limb k of (x + t, t + Q - x, ...) with t = x with adjacent lanes
   exchanged: (x2+z2, x2-z2, x3+z3, x3-z3, ...) from (x2, z2, x3, z3, ...),
   x the unreduced output of fe51x8_mul (limbs < 2^61) and Q = 2^11 p, whose
   limbs 2^62 - 19 2^11, 2^62 - 2^11 exceed those of x: limbs < 2^63. */
INLINE __m512i in_limb(__m512i x, int k)
{
  __m512i t = SWAP_ADJ(x), q = V_SET1(k ? Q_1 : Q_0);
  return V_ADD(t, _mm512_mask_sub_epi64(x, 0xaa, q, x));
}

/* state s (limbs < 2^61) -> operands a = U, b = (A, B, B, A, A, B, B, A)
   of M1; CARRIED */
INLINE void step_in(fe51x8 *a, fe51x8 *b, const fe51x8 *s)
{
  const __m512i bi = IDX(0, 1, 1, 0, 0, 1, 1, 0);
  fe51x8_carry5(a, in_limb(s->v[0], 0), in_limb(s->v[1], 1), in_limb(s->v[2], 2),
         in_limb(s->v[3], 3), in_limb(s->v[4], 4));
  b->v[0] = _mm512_permutexvar_epi64(bi, a->v[0]);
  b->v[1] = _mm512_permutexvar_epi64(bi, a->v[1]);
  b->v[2] = _mm512_permutexvar_epi64(bi, a->v[2]);
  b->v[3] = _mm512_permutexvar_epi64(bi, a->v[3]);
  b->v[4] = _mm512_permutexvar_epi64(bi, a->v[4]);
}

/* limb k of m = M1 = (AA, BB, CB, DA, ...) (unreduced, limbs < 2^61),
   each half alike: t = (BB, AA, DA, CB);
   r = (AA, AA - BB + Q, DA + CB, CB - DA + Q), limbs < 2^63 */
INLINE void mid_limb(__m512i *t, __m512i *r, __m512i x, int k)
{
  __m512i q = V_SET1(k ? Q_1 : Q_0);
  *t = SWAP_ADJ(x);
  *r = _mm512_mask_add_epi64(_mm512_mask_sub_epi64(x, 0xaa, q, x), 0xee,
                             _mm512_mask_sub_epi64(x, 0xaa, q, x), *t);
}

/* m = M1 -> the operands of M2, CARRIED (F may alias m).
   F = carried r = (AA, E, S, T, x1 AA, x1 E, x1 S, x1 T), and
   w = (BB, AA + 121665 E, ...) = (BB, V, ...): t plus 121665 F in lane 1
   (K is 0 elsewhere; only lanes 0 and 1 of w are used).  121665 F_k
   < 2^69 in halves: low (< 2^52) at limb k, high (< 2^17) at weight
   2^(51k + 52) = 2 2^(51(k+1)); the high half of limb 4 is at
   2^256 = 38 (mod p).  Limbs of w before the carry < 2^61 + 2^53.
   G = (w0, w1, F2, F7, w0, w1, F2, F7).  Then both F and G swapped
   (lanes (0,1) <-> (2,3), (4,5) <-> (6,7)) where mask is 0xff: the
   conditional swap of the next step. */
INLINE void step_mid(fe51x8 *F, fe51x8 *G, const fe51x8 *m, __mmask8 mask)
{
  const __m512i gi = IDX(8, 9, 2, 7, 8, 9, 2, 7);
  const __m512i gs = IDX(2, 7, 8, 9, 2, 7, 8, 9);
  const __m512i K = IDX(0, 121665, 0, 0, 0, 0, 0, 0);
  const __m512i z = _mm512_setzero_si512();
  __m512i t0, t1, t2, t3, t4, r0, r1, r2, r3, r4;
  __m512i h0, h1, h2, h3, h4;
  fe51x8 w;
  mid_limb(&t0, &r0, m->v[0], 0);
  mid_limb(&t1, &r1, m->v[1], 1);
  mid_limb(&t2, &r2, m->v[2], 2);
  mid_limb(&t3, &r3, m->v[3], 3);
  mid_limb(&t4, &r4, m->v[4], 4);
  fe51x8_carry5(F, r0, r1, r2, r3, r4);
  h0 = V_HI(z, F->v[0], K); h1 = V_HI(z, F->v[1], K); h2 = V_HI(z, F->v[2], K);
  h3 = V_HI(z, F->v[3], K); h4 = V_HI(z, F->v[4], K);
  fe51x8_carry5(&w, V_LO(V_LO(t0, F->v[0], K), h4, V_SET1(38)),
         V_ADD(V_LO(t1, F->v[1], K), V_SHL(h0, 1)), V_ADD(V_LO(t2, F->v[2], K), V_SHL(h1, 1)),
         V_ADD(V_LO(t3, F->v[3], K), V_SHL(h2, 1)), V_ADD(V_LO(t4, F->v[4], K), V_SHL(h3, 1)));
#define FG_LIMB(k)                                                      \
  G->v[k] = _mm512_mask_blend_epi64(mask, _mm512_permutex2var_epi64(F->v[k], gi, w.v[k]), \
                                    _mm512_permutex2var_epi64(F->v[k], gs, w.v[k])); \
  F->v[k] = SWAP_PAIRS_IF(F->v[k], mask)
  FG_LIMB(0); FG_LIMB(1); FG_LIMB(2); FG_LIMB(3); FG_LIMB(4);
#undef FG_LIMB
}

static CRYPTO_CT_NOINLINE void
nP_fe51x8_ladder(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
  unsigned char k[32];
  uint64_t lanes[5][8] __attribute__((aligned(64)));
  fe51 u, uu, x2, z2;
  fe51x8 s, a, b;
  __mmask8 mask;
  unsigned int bit, nbit;
  int i;

  for (i = 0; i < 32; ++i) k[i] = n[i];
  k[0] &= 248;
  k[31] &= 127;
  k[31] |= 64;
  fe51_frombytes(&u, p);   /* bit 255 dropped, limbs < 2^51 */
  fe51_sq(&uu, &u);        /* limbs < 2^52 */

  /* s = (1, 0, u, 1, u, 0, u^2, u) */
  for (i = 0; i < 5; ++i) {
    long long c = i ? 0 : 1;
    s.v[i] = _mm512_set_epi64((long long)u.v[i], (long long)uu.v[i], 0, (long long)u.v[i],
                              c, (long long)u.v[i], 0, c);
  }

  /* the swap before step i is folded into the operands of M2 of step
     i + 1 (and, for the first step, applied to s here): M2 lanewise, so
     swapping the lanes of both operands swaps the lanes of the product */
  bit = (k[31] >> 6) & 1;
  mask = (__mmask8)(0xff & (0u - bit));
  for (i = 0; i < 5; ++i) s.v[i] = SWAP_PAIRS_IF(s.v[i], mask);
  for (i = 254; i >= 0; --i) {
    nbit = i ? (k[(i - 1) >> 3] >> ((i - 1) & 7)) & 1 : 0;
    mask = (__mmask8)(0xff & (0u - (bit ^ nbit)));
    bit = nbit;
    step_in(&a, &b, &s);
    fe51x8_mul(&a, &a, &b);       /* M1, limbs < 2^61 */
    step_mid(&a, &b, &a, mask);
    fe51x8_mul(&s, &a, &b);       /* M2: the new state, limbs < 2^61 */
  }
  fe51x8_carry5(&s, s.v[0], s.v[1], s.v[2], s.v[3], s.v[4]);   /* CARRIED: limbs < 2^52 */
  for (i = 0; i < 5; ++i) _mm512_store_si512((void *)lanes[i], s.v[i]);
  for (i = 0; i < 5; ++i) {
    x2.v[i] = lanes[i][0];
    z2.v[i] = lanes[i][1];
  }

  fe51_invert(&z2, &z2);     /* the safegcd of field/fe51.h */
  fe51_mul(&x2, &x2, &z2);
  fe51_tobytes(q, &x2);

  /* the clamped scalar, its last bits and swap mask, the ladder state */
  CRYPTO_CT_WIPE(k);
  CRYPTO_CT_WIPE(bit);
  CRYPTO_CT_WIPE(nbit);
  CRYPTO_CT_WIPE(mask);
  CRYPTO_CT_WIPE(s);
  CRYPTO_CT_WIPE(a);
  CRYPTO_CT_WIPE(b);
  CRYPTO_CT_WIPE(lanes);
  CRYPTO_CT_WIPE(x2);
  CRYPTO_CT_WIPE(z2);
}

/* nP_fe51x8_ladder runs in a frame of its own (noinline), so that its
   frame, the frames below it and the registers they saved are all below
   this one and cleared by one wipe of 3584 bytes: its own frame is 2624
   bytes (gcc -fstack-usage), 2552 (clang), its callees' below 100; plus
   a margin. */
void crypto_nP(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
  nP_fe51x8_ladder(q, n, p);
  crypto_ct_wipe_below(3584);
}
