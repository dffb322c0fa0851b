/* SPDX-License-Identifier: MIT */
/* X25519 (RFC 7748): the ladder of fe26x4-ladder-coords (four lanes
   (x2, z2, x3, z3) in radix 2^25.5, two four-lane vpmuludq products per
   step, z3' = x1 d^2 on the scalar unit in radix 2^51), with the whole
   255-step loop in assembly: ladder.S, written by
   scripts/gen/gen-nP-fe26x4-asm.py (its comments give the register plan).

   Why assembly.  Compiled from intrinsics, the step was some 1130
   instructions of which about 300 were ymm spills and reloads, and the
   compilers placed the scalar chain where they liked.  Here:
   - no spills: the ten column sums of a product live in ymm0..9, the
     row's factors a, 2a, 19a, 38a in ymm10..13, each product in ymm14 or
     ymm15; a product's second operand is stored once (V for M1, G for M2)
     and read as the memory operand of vpmuludq, its row values (U, F)
     loaded once per row;
   - row 0 of each product is done where its operands are made: U_0 times
     each V_j while V_j is still in a register (the state limb S_j in
     ymm_j is dead by then), F_0 times each G_j as G's carry round leaves
     it, so the first row waits for no store to be forwarded;
   - the scalar chain reads d straight from the stored F (the low dwords
     of lane 3), sums each radix-2^51 column on its own register pair
     (products independent, only the carry links add, adc, shld, bzhi in
     sequence: about half the latency of running sums), and its
     instructions are spread evenly among those of G's carry round, M2's
     rows and M2's carries, so that both units work at once; z3' goes
     back as 64-bit limbs that vpbroadcastq + vpblendd put into lane 3;
   - the swap mask of a step is made during the step before (the scalar
     bit, the xor with the previous one, the broadcast), so the step
     starts with one load instead of a chain through memory; the swap
     and V's lane moves stay within or exchange whole 128-bit halves
     (vperm2i128 + vpblendvb, vpshufd + vinserti128: 1.3% faster on the
     Zen 3 than vpermd by indices and vpermq; llvm-mca's Alder Lake
     model prices them 5% slower, but Intel's AVX2 cores run fe64-ladder,
     the order of their own class).
   - order: in each row the products that wrap (factor 19 a, made by a
     vpmuludq) come last; the rows go in the order in which the carry
     chains finish the limbs of their operand; all of F, then w, each
     from the top limb down, where G's carry round starts (the scalar
     chain waits for the last F store: 1% faster than w_i after each
     F_i); M1's row 0 after all of U and V;
     the scalar chain paced to end just after M2's carries (together 5%
     of the ladder).
   Zen 3 (ticks, interleaved, nP whole): 55.2k against 63.8k for
   fe26x4-ladder-coords and 56.7k for lib25519's amd64-avx2-ns10l-mxaa;
   52.7k against ns10l's 55.2k after the F order and the swap of
   session 28 (the generator's timing-only switches locate the step's
   critical path: M1, its carries, F, the scalar chain, lane 3).
   Tried and slower (the generator's history has the switches): column
   form products with the carry chain woven into the columns, two
   parallel carry rounds instead of the chains, masks in registers,
   vector extraction of d, blending z3' from 32-byte slots (the wide
   load waits for the narrow stores to retire), the scalar chain
   concentrated earlier or later.

   The step, lanes 0..3, state S = (x2, z2, x3, z3) TIGHT (as in
   fe26x4-ladder-coords):
     t = S with the lane pairs swapped when the swap bit is set (the
         halves exchanged, blended in by the mask), r = t with each pair
         exchanged
     U = r + (0, 2p, 0, 2p) +- t = (A, B, C, D),  V = (A, B, B, A)
     M1 = U V = (AA, BB, CB, DA)                                TIGHT
     F  = (AA, E, DA + CB, CB - DA + 2p), E = AA - BB + 2p      MULIN
     G  = (BB, BB + 121666 E, DA + CB, CB - DA), one carry round MULIN
     M2 = F G = (x2', z2', x3', unused)                         TIGHT
     z3' = x1 d^2, d = lane 3 of F, radix 2^51 on the scalar unit
   Bounds: U, F, G as in fe26x4-ladder-coords (field/fe26x4_avx2.h: sums
   and differences plus 2p of TIGHT limbs are MULIN; G after one parallel
   carry round is MULIN; the high dwords of U and F hold garbage that only
   vpmuludq, which reads low dwords, and 64-bit additions feeding it ever
   see); the products are fe26x4_mul's rows (the same column sums,
   < 2^62.4) and fe26x4_reduce's two carry chains.  The scalar side: d's
   limbs (pairs of MULIN limbs) are < 13 2^24 + 13 2^49 < 2^52.8; the
   columns of d^2 (fe51_sqcols' terms, the factors 2, 19, 38 on one side)
   are < 77 2^105.6 < 2^112 and the top one < 2^108, so every carry fits
   64 bits and the top carry times 19 stays < 2^61.2; the reduced square
   has limbs < 2^51 (limb 1 < 2^51 + 2^11); the columns of x1 times it
   (x1's limbs < 2^51, 19 x1 < 2^56) are < 77 2^102.1 < 2^109, the top
   carry times 19 < 2^58; so z3' has limbs < 2^51 except limb 1 < 2^51 +
   2^8, whose radix-2^25.5 halves are TIGHT (low 26 bits; the rest
   < 2^25 + 1).

   Constant time: the scalar bit is read from an address that depends on
   the step count only (the step selects the word, shrx the bit) and only
   becomes the swap mask (-(bit xor previous bit), broadcast), which
   vpblendvb takes from a register; no branch
   or address depends on a secret, and vpmuludq, mulx, imul and the other
   instructions used take the same time for any operands.  The final swap
   below is mask arithmetic; the inversion is field/fe51.h's constant-time
   safegcd.  Both inputs are read before q is written, so q may alias n
   or p. */
#include <stdint.h>
#include "crypto_nP.h"
#include "ct/crypto_ct.h"
#include "field/fe26.h"
#include "field/fe51.h"

#define fe26x4_ladder_asm CRYPTO_NAMESPACE(fe26x4_ladder_asm)
extern uint64_t fe26x4_ladder_asm(uint64_t s[10][4], const uint64_t k[4], const uint64_t x[10])
  __attribute__((visibility("hidden")));

static CRYPTO_CT_NOINLINE void
nP_fe26x4_ladder_asm(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
  uint64_t ls[10][4] __attribute__((aligned(32)));
  uint64_t kw[4], xw[10], swap, m, t;
  unsigned char k[32], bx[32], bz[32];
  fe26 h, x1;
  fe51 ax, az, x51;
  int i, j;

  for (i = 0; i < 32; ++i) k[i] = n[i];
  k[0] &= 248;
  k[31] &= 127;
  k[31] |= 64;
  for (i = 0; i < 4; ++i) {
    kw[i] = 0;
    for (j = 0; j < 8; ++j) kw[i] |= (uint64_t)k[8 * i + j] << (8 * j);
  }

  /* S = (1, 0, u, 1); x1 in radix 2^51 and 19 times it for the scalar
     product */
  fe26_frombytes(&x1, p);
  for (i = 0; i < 10; ++i) {
    ls[i][0] = i == 0;
    ls[i][1] = 0;
    ls[i][2] = x1.v[i];
    ls[i][3] = i == 0;
  }
  fe51_frombytes(&x51, p);
  for (i = 0; i < 5; ++i) {
    xw[i] = x51.v[i];
    xw[5 + i] = 19 * x51.v[i];
  }

  swap = fe26x4_ladder_asm(ls, kw, xw);

  /* the pending swap: lanes (0, 1) <-> (2, 3) by mask */
  m = crypto_ct_bit_mask_u64(swap);
  for (i = 0; i < 10; ++i) {
    t = m & (ls[i][0] ^ ls[i][2]);
    ls[i][0] ^= t;
    ls[i][2] ^= t;
    t = m & (ls[i][1] ^ ls[i][3]);
    ls[i][1] ^= t;
    ls[i][3] ^= t;
  }

  /* x2 / z2 with the radix-2^51 safegcd inversion */
  for (j = 0; j < 10; ++j) h.v[j] = (uint32_t)ls[j][0];
  fe26_tobytes(bx, &h);
  for (j = 0; j < 10; ++j) h.v[j] = (uint32_t)ls[j][1];
  fe26_tobytes(bz, &h);
  fe51_frombytes(&ax, bx);
  fe51_frombytes(&az, bz);
  fe51_invert(&az, &az);
  fe51_mul(&ax, &ax, &az);
  fe51_tobytes(q, &ax);

  CRYPTO_CT_WIPE(k);
  CRYPTO_CT_WIPE(kw);
  CRYPTO_CT_WIPE(bx);
  CRYPTO_CT_WIPE(bz);
  CRYPTO_CT_WIPE(ls);
}

/* nP_fe26x4_ladder_asm runs in a frame of its own (noinline), so that its
   frame, the assembly's frame below it (6 pushes, up to 31 bytes of
   alignment, 1568 bytes) and the registers saved there are all below this
   one and cleared by one wipe of 4096 bytes. */
void crypto_nP(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
  nP_fe26x4_ladder_asm(q, n, p);
  crypto_ct_wipe_below(4096);
}
