/* SPDX-License-Identifier: MIT */
/* X25519 (RFC 7748): one Montgomery ladder whose field operations run
   side by side in the four 64-bit lanes of 256-bit vectors with AVX-512
   IFMA (vpmadd52luq / vpmadd52huq on ymm, AVX512VL).  Radix 2^51 as in
   field/fe51x4_ifma.h: limbs < 2^52 into a multiplication ("CARRIED"),
   one parallel carry round after every addition layer.

   Why 256-bit: on CPUs that split 512-bit operations in two (Zen 4) an
   eight-lane operation costs the issue slots of two four-lane ones, and
   this ladder is bound about as much by the issue of vector operations
   as by their latency (on Zen 4 two independent ladders interleaved take
   twice the time of one).  So the step wastes as few lanes and operations
   as it can: two four-lane products deep, with one pass of constant
   products between them (an eight-lane form that carried the x1
   multiples of everything instead, twice the products, measured slower
   and was removed).

     state s = (x2, z2, x3, z3) in lanes 0..3 (unreduced, limbs < 2^61)
     h  = (x2 + z2, x2 - z2, x3 + z3, x3 - z3)       within 128-bit halves
     M1 = (A, B, C, D) * (A, B, B, A) = (AA, BB, CB, DA), the conditional
          swap folded into the two lane permutations that make the operands
          (A = x2 + z2 ... of the swapped pairs);
     F  = (AA, E, S, T), E = AA - BB, S = CB + DA, T = CB - DA;
     P  = (E, E, T, T) * (0, 121665, x1, x1), the x1 product split over
          lanes 2 and 3 (step_mid);
     M2 = F * (BB, V, S, x1 T) = (x2', z2', x3', z3'), V = AA + 121665 E:
          z2' = E (AA + 121665 E) and z3' = x1 (CB - DA)^2 as in RFC 7748.
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
#include "field/fe51x4_ifma.h"  /* fe51x4, fe51x4_mul19, the V_* operations */

/* Q = 2^11 p in radix 2^51, limb by limb: above any unreduced limb
   (< 2^61), so Q - x never wraps */
#define Q_0 (((uint64_t)1 << 62) - 19 * ((uint64_t)1 << 11))
#define Q_1 (((uint64_t)1 << 62) - ((uint64_t)1 << 11))

/* lanes (0,1,2,3) -> (1,0,3,2): inside the 128-bit halves */
#define SWAP_ADJ(x) _mm256_shuffle_epi32((x), (_MM_PERM_ENUM)_MM_SHUFFLE(1, 0, 3, 2))
#define IDX4(a, b, c, d) _mm256_set_epi64x(d, c, b, a)

/* a zero accumulator of its own: vpmadd52 overwrites its accumulator,
   and the compilers keep one zero register and copy it before every
   multiply-add that starts a sum (a copy costs an execution slot, and the
   step is bound by their issue); an xor of a register with itself is a
   zeroing idiom, which costs none.  (Zero is public: that MemorySanitizer
   takes the asm output as initialised loses nothing.) */
#define Z0() __extension__({ __m256i z_; __asm__ volatile("vpxord %x0, %x0, %x0" : "=v"(z_)); z_; })

/* The workhorse (the carry is fe51x4_carry5 of field/fe51x4_ifma.h).

   h = f g lane by lane, f and g CARRIED, h unreduced (limbs < 2^61).  A
   low half of f_i g_j weighs 2^(51(i+j)), a high half 2^(51(i+j) + 52) =
   2 2^(51(i+j+1)); columns 5..9 fold into 0..4 times 19 (2^255 = 19).
   The products of the high columns are issued first, so that their fold
   (shifts and additions) runs while the low columns are still being
   multiplied, and the folded high columns are the accumulators the low
   columns start from: after the last multiply-add only a shift and two
   additions remain, and no fold needs additions of its own.  Bounds: a column holds at most 5 low and 5 high
   halves (< 2^52 each), c_k < 15 2^52; h_k < 20 15 2^52 < 2^61.
   Not fe51x4_mul of field/fe51_ifma_lanes.h (same value and bounds): the
   ladder step is bound by this product's latency, which that one's
   column order (fold last, shared zero register) lengthens. */
INLINE void mul_lat(fe51x4 *h, const fe51x4 *f, const fe51x4 *g)
{
  const __m256i f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
  const __m256i g0 = g->v[0], g1 = g->v[1], g2 = g->v[2], g3 = g->v[3], g4 = g->v[4];
  __m256i l0, l1, l2, l3, l4, l5, l6, l7, l8, L3, L4;
  __m256i u0, u1, u2, u3, u4, u5, u6, u7, u8, U3;
  __m256i c5, c6, c7, c8, c9;
  /* high columns: low halves of index sums 5..8, high halves of 4..8 */
  l8 = V_LO(Z0(), f4, g4); u8 = V_HI(Z0(), f4, g4);
  l7 = V_LO(Z0(), f3, g4); u7 = V_HI(Z0(), f3, g4);
  l7 = V_LO(l7, f4, g3); u7 = V_HI(u7, f4, g3);
  l6 = V_LO(Z0(), f2, g4); u6 = V_HI(Z0(), f2, g4);
  l6 = V_LO(l6, f3, g3); u6 = V_HI(u6, f3, g3);
  l6 = V_LO(l6, f4, g2); u6 = V_HI(u6, f4, g2);
  l5 = V_LO(Z0(), f1, g4); u5 = V_HI(Z0(), f1, g4);
  l5 = V_LO(l5, f2, g3); u5 = V_HI(u5, f2, g3);
  l5 = V_LO(l5, f3, g2); u5 = V_HI(u5, f3, g2);
  l5 = V_LO(l5, f4, g1); u5 = V_HI(u5, f4, g1);
  u4 = V_HI(Z0(), f0, g4); u4 = V_HI(u4, f1, g3); u4 = V_HI(u4, f2, g2);
  u4 = V_HI(u4, f3, g1); u4 = V_HI(u4, f4, g0);
  c9 = V_SHL(u8, 1);
  c8 = V_ADD(l8, V_SHL(u7, 1));
  c7 = V_ADD(l7, V_SHL(u6, 1));
  c6 = V_ADD(l6, V_SHL(u5, 1));
  c5 = V_ADD(l5, V_SHL(u4, 1));
  c5 = fe51x4_mul19(c5); c6 = fe51x4_mul19(c6); c7 = fe51x4_mul19(c7);
  c8 = fe51x4_mul19(c8); c9 = fe51x4_mul19(c9);
  /* low columns: low halves of index sums 0..4, high halves of 0..3 */
  l0 = V_LO(c5, f0, g0); u0 = V_HI(Z0(), f0, g0);
  l1 = V_LO(c6, f0, g1); u1 = V_HI(Z0(), f0, g1);
  l1 = V_LO(l1, f1, g0); u1 = V_HI(u1, f1, g0);
  l2 = V_LO(c7, f0, g2); u2 = V_HI(Z0(), f0, g2);
  l2 = V_LO(l2, f1, g1); u2 = V_HI(u2, f1, g1);
  l2 = V_LO(l2, f2, g0); u2 = V_HI(u2, f2, g0);
  l3 = V_LO(c8, f0, g3); u3 = V_HI(Z0(), f0, g3);
  l3 = V_LO(l3, f1, g2); u3 = V_HI(u3, f1, g2);
  L3 = V_LO(Z0(), f2, g1); U3 = V_HI(Z0(), f2, g1);
  L3 = V_LO(L3, f3, g0); U3 = V_HI(U3, f3, g0);
  l4 = V_LO(c9, f0, g4); l4 = V_LO(l4, f1, g3);
  L4 = V_LO(Z0(), f2, g2); L4 = V_LO(L4, f3, g1); L4 = V_LO(L4, f4, g0);
  h->v[0] = l0;
  h->v[1] = V_ADD(l1, V_SHL(u0, 1));
  h->v[2] = V_ADD(l2, V_SHL(u1, 1));
  h->v[3] = V_ADD(V_ADD(l3, L3), V_SHL(u2, 1));
  h->v[4] = V_ADD(V_ADD(l4, L4), V_SHL(V_ADD(u3, U3), 1));
}

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

/* m = M1 -> the operands F = (AA, E, S, T) and G = (BB, V, S, x1 T) of
   M2, both CARRIED.  The two constant products the step needs,
   121665 E (for V = AA + 121665 E) and x1 T, are made together in one
   pass of multiply-adds on o = (E, E, T, T), the odd lanes of F copied
   into the even ones (inside the 128-bit halves), times the three limb
   vectors X of (0, 121665, xh, xl), x1 = xl + 2^153 xh (xl: limbs 0..2
   of x1, xh: limbs 3 and 4): lane 1 gives 121665 E, lane 3 T xl and
   lane 2 T xh, whose columns then move one lane up (inside the half)
   and three limbs up (2^153) onto lane 3's.  So x1 (DA - CB)^2 comes out
   of M2 as T (x1 T) and the step has no third product layer.
   Columns: at most 3 low and 3 high halves (< 2^52), c_k < 9 2^52;
   Z_k = c_k + c_(k-3) < 18 2^52; P_k = Z_k + 19 Z_(k+5) < 2^61.  (Lane 0
   multiplies by 0 and adds 0 to lane 1.)  G before its carry: lanes 0, 1
   t + P = (BB, AA + 121665 E) < 2^62, lane 2 r (S), lane 3 P. */
INLINE void step_mid(fe51x4 *F, fe51x4 *G, const fe51x4 *m, const __m256i X[3])
{
  const __m256i x0 = X[0], x1 = X[1], x2 = X[2];
  __m256i t0, t1, t2, t3, t4, r0, r1, r2, r3, r4, o0, o1, o2, o3, o4;
  __m256i l0, l1, l2, l3, l4, l5, l6, u0, u1, u2, u3, u4, u5, u6;
  __m256i c0, c1, c2, c3, c4, c5, c6, c7, Z3, Z4, Z5, Z6, Z7, Z8, Z9;
  mid_limb(&t0, &r0, m->v[0], 0);
  mid_limb(&t1, &r1, m->v[1], 1);
  mid_limb(&t2, &r2, m->v[2], 2);
  mid_limb(&t3, &r3, m->v[3], 3);
  mid_limb(&t4, &r4, m->v[4], 4);
  fe51x4_carry5(F, r0, r1, r2, r3, r4);
  o0 = _mm256_unpackhi_epi64(F->v[0], F->v[0]);
  o1 = _mm256_unpackhi_epi64(F->v[1], F->v[1]);
  o2 = _mm256_unpackhi_epi64(F->v[2], F->v[2]);
  o3 = _mm256_unpackhi_epi64(F->v[3], F->v[3]);
  o4 = _mm256_unpackhi_epi64(F->v[4], F->v[4]);
  /* t (BB, AA) enters in lanes 0 and 1 as the start of the low columns;
     the lane-2 columns move to lane 3 alone (lanes 0..2 of the moved
     vector are zero), so nothing reaches lane 1 from lane 0.  The
     products of the top limbs of o come first: limb 0 of the carry is
     the last to be ready. */
  l6 = V_LO(Z0(), o4, x2); u6 = V_HI(Z0(), o4, x2);
  l5 = V_LO(Z0(), o3, x2); u5 = V_HI(Z0(), o3, x2);
  l5 = V_LO(l5, o4, x1); u5 = V_HI(u5, o4, x1);
  l4 = V_LO(_mm256_maskz_mov_epi64(0x3, t4), o2, x2); u4 = V_HI(Z0(), o2, x2);
  l4 = V_LO(l4, o3, x1); u4 = V_HI(u4, o3, x1);
  l4 = V_LO(l4, o4, x0); u4 = V_HI(u4, o4, x0);
  l3 = V_LO(_mm256_maskz_mov_epi64(0x3, t3), o1, x2); u3 = V_HI(Z0(), o1, x2);
  l3 = V_LO(l3, o2, x1); u3 = V_HI(u3, o2, x1);
  l3 = V_LO(l3, o3, x0); u3 = V_HI(u3, o3, x0);
  l2 = V_LO(_mm256_maskz_mov_epi64(0x3, t2), o1, x1); u2 = V_HI(Z0(), o1, x1);
  l2 = V_LO(l2, o2, x0); u2 = V_HI(u2, o2, x0);
  l2 = V_LO(l2, o0, x2); u2 = V_HI(u2, o0, x2);
  l1 = V_LO(_mm256_maskz_mov_epi64(0x3, t1), o1, x0); u1 = V_HI(Z0(), o1, x0);
  l1 = V_LO(l1, o0, x1); u1 = V_HI(u1, o0, x1);
  l0 = V_LO(_mm256_maskz_mov_epi64(0x3, t0), o0, x0); u0 = V_HI(Z0(), o0, x0);
  c0 = l0;
  c1 = V_ADD(l1, V_SHL(u0, 1));
  c2 = V_ADD(l2, V_SHL(u1, 1));
  c3 = V_ADD(l3, V_SHL(u2, 1));
  c4 = V_ADD(l4, V_SHL(u3, 1));
  c5 = V_ADD(l5, V_SHL(u4, 1));
  c6 = V_ADD(l6, V_SHL(u5, 1));
  c7 = V_SHL(u6, 1);
#define UP(x) _mm256_maskz_unpacklo_epi64(0x8, (x), (x))   /* lane 2 -> lane 3 */
  Z3 = V_ADD(c3, UP(c0));
  Z4 = V_ADD(c4, UP(c1));
  Z5 = V_ADD(c5, UP(c2));
  Z6 = V_ADD(c6, UP(c3));
  Z7 = V_ADD(c7, UP(c4));
  Z8 = UP(c5);
  Z9 = UP(c6);
#undef UP
#define G_LIMB(k, P) _mm256_mask_blend_epi64(0x4, (P), r##k)
  fe51x4_carry5(G, G_LIMB(0, V_ADD(c0, fe51x4_mul19(Z5))), G_LIMB(1, V_ADD(c1, fe51x4_mul19(Z6))),
            G_LIMB(2, V_ADD(c2, fe51x4_mul19(Z7))), G_LIMB(3, V_ADD(Z3, fe51x4_mul19(Z8))),
            G_LIMB(4, V_ADD(Z4, fe51x4_mul19(Z9))));
#undef G_LIMB
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

static CRYPTO_CT_NOINLINE void
nP_fe51x4_ladder(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
  unsigned char k[32];
  uint64_t lanes[5][4] __attribute__((aligned(32)));
  fe51 u, x2, z2;
  fe51x4 s, a, b;
  __m256i X[3];
  __m256i ia, ib;
  __mmask8 mask;
  unsigned int bit, prev;
  int i;

  for (i = 0; i < 32; ++i) k[i] = n[i];
  k[0] &= 248;
  k[31] &= 127;
  k[31] |= 64;
  fe51_frombytes(&u, p);   /* bit 255 dropped, limbs < 2^51 */

  /* s = (1, 0, u, 1); X: the limbs of (0, 121665, u >> 153, u mod 2^153) */
  for (i = 0; i < 5; ++i) {
    long long c = i ? 0 : 1;
    s.v[i] = _mm256_set_epi64x(c, (long long)u.v[i], 0, c);
  }
  X[0] = _mm256_set_epi64x((long long)u.v[0], (long long)u.v[3], 121665, 0);
  X[1] = _mm256_set_epi64x((long long)u.v[1], (long long)u.v[4], 0, 0);
  X[2] = _mm256_set_epi64x((long long)u.v[2], 0, 0, 0);

  prev = 0;
  for (i = 254; i >= 0; --i) {
    bit = (k[i >> 3] >> (i & 7)) & 1;
    mask = (__mmask8)(0xf & (0u - (bit ^ prev)));
    prev = bit;
    ia = _mm256_mask_blend_epi64(mask, IDX4(0, 1, 2, 3), IDX4(2, 3, 0, 1));
    ib = _mm256_mask_blend_epi64(mask, IDX4(0, 1, 1, 0), IDX4(2, 3, 3, 2));
    step_in(&a, &b, &s, ia, ib);
    mul_lat(&a, &a, &b);       /* M1 = (AA, BB, CB, DA), limbs < 2^61 */
    step_mid(&a, &b, &a, X);
    mul_lat(&s, &a, &b);       /* M2: the new state (x2', z2', x3', z3') */
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

/* nP_fe51x4_ladder runs in a frame of its own (noinline), so that its
   frame, the frames below it and the registers they saved are all below
   this one and cleared by one wipe of 3584 bytes: its own frame is 1824
   bytes (gcc, 32-byte aligned), 2560 (clang, 64-byte aligned: up to 63
   more), plus the saved registers, its callees' below 100; plus a
   margin.  (The wipe was 2560 while clang's frame grew to that size:
   tests/check-stack.sh found secret-dependent bytes 2651 to 2655 below
   the caller on a Zen 4.) */
void crypto_nP(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
  nP_fe51x4_ladder(q, n, p);
  crypto_ct_wipe_below(3584);
}
