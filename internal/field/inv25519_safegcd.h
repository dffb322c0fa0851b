/* SPDX-License-Identifier: MIT */
/* Constant-time inversion modulo p = 2^255 - 19 by the Bernstein-Yang
   "safegcd" method (D. J. Bernstein, B.-Y. Yang, "Fast constant-time gcd
   computation and modular inversion", 2019), in its half-delta variant
   ("hddivsteps": delta starts at 1/2), for 64-bit compilers with signed
   __int128.

   inv25519_safegcd(out, in): in = four 64-bit little-endian limbs of an
   integer below p; out = in^(p-2) mod p (the inverse, and 0 for 0),
   fully reduced, same layout.  out may alias in.

   Method.  With f = p (odd) and g = in, repeat the divstep
     if delta > 0 and g odd:  (delta, f, g) <- (1 - delta, g, (g - f)/2)
     elif g odd:              (delta, f, g) <- (1 + delta, f, (g + f)/2)
     else:                    (delta, f, g) <- (1 + delta, f, g/2)
   590 steps bring g to 0 for any inputs below 2^256 (the bound for the
   half-delta variant); we do exactly 590 (more would be harmless: g
   stays 0), in 11 batches: the first of 58 steps (three runs of 19 and
   one of a single step), nine of 57 (three runs of 19), the last of 19
   (one run).  Then f = +-1 (p is prime) unless
   in = 0.  Alongside, d and e with f = d in, g = e in (mod p) start at 0
   and 1; at the end in^-1 = d/f.

   Each batch runs its divsteps on the low 64 bits of f and g only, in
   runs of 19 steps on packed words (safegcd_divsteps19), collecting a
   matrix T = [u v; q r] scaled so that 2^62 (f', g') = T (f, g), with
   |u| + |v| <= 2^62, |q| + |r| <= 2^62; then applies T to the full f, g
   (exact division by 2^62) and to d, e modulo p (a multiple of p is added
   to make the division exact: p^-1 mod 2^62 gives it).  (Until 2026-12
   a batch was 59 steps in two runs with the matrix packed two entries
   per word beside separate f, g words: some 25 operations per step
   against 13 now; 11% faster with clang on Zen 3, the same with gcc,
   whose code for the batch transitions is slower.  In 2026-12 also: the
   13-instruction step below (was 17 with the copies), the loops of the
   matrix applications unrolled for gcc as well, the first update of d
   and e done on the constants 0 and 1 (the compiler folds it), and the
   last batch updating f only: 3,920 -> 3,406 ticks with clang and
   4,116 -> 3,553 with gcc on Zen 3, lib25519's amd64-safegcd 2,670 in
   the same runs (one process, the builds called in turn, medians of
   20,000 calls each).  Not kept: replacing the 128-bit shifts by 62, which
   compile to shld/shrd (slow on Zen 3), by two simple shifts and an
   add: more instructions, and 1% (clang) to 6% (gcc) slower.  Then, on
   x86-64, the matrix applications in inline assembly (below
   safegcd_update_row: one-operand imul into add/adc accumulators, no
   register copies, the shift by 62 as shr + lea instead of shrd), the
   new low limbs of f and g handed to the next batch in registers, and
   after the last batch only d's row: 3,528 -> 3,283 ticks with clang,
   3,577 -> 3,454 with gcc, lib25519's 2,670 in the same quiet run; in
   busy stretches (lib25519 at 3,600-3,900) 8-12% faster.  The d, e
   rows are the costly part: without them the inversion is some 20%
   faster, the two vCPUs of this VM sharing the integer units that the
   divstep chain leaves idle.  Then 590 steps instead of 608 (the run
   length is now a parameter: the first batch gets a one-step run, the
   last batch has one run of 19 instead of two): 3,381 -> 3,210 ticks
   with clang, 3,406-3,455 -> 3,332-3,381 with gcc, lib25519's 2,670 in
   the same runs.  Fewer batches (10 of 59 steps) would need runs of 20
   steps, which do not fit a packed word (below); runs of 15 or fewer
   would need more runs.  Tried with it and not kept: the last batch's f
   sign taken from its low word instead of the f update (1-4% slower,
   likely code placement), the last e row moved before the last run
   (about 1% slower).  Remark, not relied on: f and d mod p never change in
   the step that brings g to 0 (g = f before a swap, g = -f or 0
   otherwise), so 589 steps would give the same result.)

   With AVX2 (SAFEGCD_VEC, 2026-12): d, e, f and g live on the vector
   unit, as four lanes of nine radix-2^30 limbs, updated together by
   vpmuldq (below, before safegcd_vec_part), the update cut into ten parts
   spread over the first run of steps of the next batch; the scalar side
   keeps only the divstep chain and, per batch, the next low words of f
   and g (eight imul, from f, g mod 2^124 handed back by the vector
   update).  The integer units, which the scalar updates shared with the
   chain, are left to it.  Zen 3, one process, the builds called in turn
   (medians): 3,161-3,185 -> 2,622 ticks with clang, 3,160-3,185 ->
   2,720-2,744 with gcc, lib25519's amd64-safegcd 2,573-2,597.  Steps on
   the way: d, e alone in two lanes, update in one piece after the first
   run: 2,940 (clang; as intrinsics, 3,038: clang sign-extended each limb
   before each vpmuldq); f, g joined: 2,842; the update in one piece filled
   the out-of-order window with its long dependency chain (some 65 cycles
   while the run issues 200 more instructions), cut in parts: 2,622.  With
   no vector update at all (wrong result, timing only) 2,499: the update
   costs about 5%.  llvm-mca (whole pow, cycles): alderlake 5,397 -> 4,822
   (clang; gcc 5,342 -> 5,390: its runs 2 and 3 model slower),
   znver3 5,039 -> 3,563; lib25519 3,753 and 3,188.

   Numbers are signed radix 2^62: v[0..3] in [0, 2^62), v[4] signed, value
   sum v[i] 2^(62 i).  Ranges kept: |f|, |g| <= p; -2p < d, e < p
   (with d' = (u d + v e + m p)/2^62, adding p to negative d, e first
   through m, |u d + v e| < 2^62 p and 0 <= the rest < 2^62 p).

   Constant time: fixed loop counts; every choice is made with masks or
   cmov; no branch or memory index depends on the data. */
#ifndef INV25519_SAFEGCD_H
#define INV25519_SAFEGCD_H

#include <stdint.h>
#include "ct/crypto_ct.h"

#ifndef __SIZEOF_INT128__
#error "inv25519_safegcd.h needs __int128"
#endif

#define SAFEGCD_M62 ((uint64_t)0x3fffffffffffffffULL)
/* p^-1 mod 2^62 */
#define SAFEGCD_PINV62 ((uint64_t)0x39435e50d79435e5ULL)

typedef struct { int64_t v[5]; } safegcd_s62;
typedef __int128 safegcd_i128;

/* k divsteps (k = 19, or 1 once) on the low bits of f, g (f odd), with
   the matrix rows packed beside them: one word F = f + 2^20 u + 2^41 v
   and one word G = g + 2^20 q + 2^41 r (for k = 19; in general the
   fields start at bits 0, k + 1 and 2k + 3: the low field holds
   |f| < 2^k, u needs k + 2 bits as |u| <= 2^k).  A divstep does the
   same linear operations on g and on the row (q, r) (add or subtract f
   and (u, v), halve), and on a swap moves g and its row into f and its
   row, so one addition, one select and one shift per word do the work
   of three.  For the halving
   to apply to the rows too, the rows are kept scaled: after j of the 19
   steps a word holds 2^(19-j) times the row of the matrix T_j with
   2^j (f_j, g_j) = T_j (f, g); so F starts at f + 2^39 and G at
   g + 2^60 (f + 2^(2k+1), g + 2^(3k+3)), and after 19 steps the rows
   are T's own.

   Why the fields stay apart: the low field starts as f mod 2^19 and
   g mod 2^19; after j steps it is (q_j f + r_j g) mod-2^19-inputs / 2^j,
   which agrees with the true g_j in its low 19 - j bits (enough: step j
   reads bit 0 only) and stays below 2^19 in absolute value (|q_j| + |r_j|
   <= 2^j); the row fields are multiples of 2^(20 + 19 - j), so even, and
   every sum taken is even, so the shifts are exact; the words stay below
   2^19 + 2^39 + 2^60 < 2^63 (2^k + 2^(2k+1) + 2^(3k+3), the sums taken
   before a halving twice that: below 2^63 for k <= 19; for k = 20 the
   word alone reaches 2^63 and the sums 2^64, so 19 is the longest
   run).  After 19 steps F = f' + 2^20 u + 2^41 v with |f'| < 2^19
   and |u| + |v| <= 2^19, so v is F rounded to a multiple of 2^41 and u
   the rest rounded to a multiple of 2^20.

   The state is carried as z = -(delta + 1/2) (so z < 0 iff delta > 0).
   One step, with n = (z < 0) and o = (g odd): if n && o (the swap),
   G = (G - F) / 2, F = the old G, z = -z - 2; otherwise G = (G + o F) / 2,
   z = z - 1.  On x86-64 the choices are cmov (constant time), and the
   step is 13 instructions, 11 of them ALU operations (the two register
   copies are renames): t = G + F by lea (no copy of G first); the
   parity into the carry flag by a rotate of a copy of G, whose bit 63
   is then g's bit 0, so one AND with z gives the sign flag of n && o
   and, shifted arithmetically, the swap mask c; z' = (z ^ c) - 1 (on a
   swap ~z - 1 = -z - 2), two operations instead of a select between
   two precomputed values; and the new G left in t's register (the loop
   is unrolled, so the compiler renames instead of copying).  The chain
   through G stays an addition, two selects and a shift (four cycles).
   Here (Zen 3, a VM whose two vCPUs share the integer units like SMT
   siblings) the run is bound by how many instructions issue as much as
   by the chain: the step before this one (17 instructions, 13 ALU: a
   copy of G for each of t, u and the sign test, a copy back, z' by a
   select) ran at 4.8 cycles in a stand-alone loop, this one at 4.1, and
   an intermediate one with the sign test as test G, (z < 0) (16
   instructions) at 5.2.  llvm-mca: 7.0 -> 4.5 cycles a step with
   -mcpu=znver3, 6.0 -> 6.0 with alderlake.  Tried and slower here: a step
   with a three-cycle chain (G' = G/2 + (odd ? P : 0) + carry by sar,
   cmov and adc, with P = F/2 or its complement kept ready; 12 ALU
   operations but 18 instructions: 4.9 cycles), and rorx + bt for the
   rotate (no copy, but one ALU operation more: 5.5 cycles; llvm-mca
   prefers it for Alder Lake, 5.0 against 6.0 cycles a step, where
   ror r,1 is two uops).  The rotate is written with the count 65,
   which the processor masks to 1, so that the assembler encodes the
   form with an immediate byte (one uop on Skylake-family cores, where
   the short form without it is two): llvm-mca -mcpu=skylake 5.95 -> 5.00
   cycles a step, znver3 unchanged, and the same speed measured on
   Zen 3.  Also tried: z' by a select between z - 1 and -z - 2 formed
   beside the chain (two operations on z's chain instead of four):
   llvm-mca alderlake 7.0 -> 5.9 cycles a step in a stand-alone loop,
   but 20% slower measured on Zen 3 (four cmov a step), so not used.
   Elsewhere, and under MemorySanitizer (which
   cannot see into the asm), masks.  Returns the new z. */
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define SAFEGCD_NO_ASM
#endif
#endif

#define SAFEGCD_RUN 19

/* full unrolling of the short fixed-count loops below (gcc needs the
   count; clang unrolls completely without one) */
#if defined(__clang__)
#define SAFEGCD_UNROLL(n) _Pragma("unroll")
#elif defined(__GNUC__)
#define SAFEGCD_PRAGMA(x) _Pragma(#x)
#define SAFEGCD_UNROLL(n) SAFEGCD_PRAGMA(GCC unroll n)
#else
#define SAFEGCD_UNROLL(n)
#endif

#if defined(__x86_64__) && defined(__GNUC__) && !defined(SAFEGCD_NO_ASM) && \
    defined(__OPTIMIZE__) && defined(__AVX2__)
#define SAFEGCD_VEC
/* inlined, so that the vector state stays in registers */
#define SAFEGCD_INLINE static inline __attribute__((always_inline))
struct safegcd_vstate;
SAFEGCD_INLINE void safegcd_vec_part(struct safegcd_vstate *s, int j);
#else
#define SAFEGCD_INLINE static inline
#endif

/* with vs (SAFEGCD_VEC, below): the vector update's parts between the
   steps */
SAFEGCD_INLINE int64_t safegcd_divsteps_hook(int64_t z, uint64_t f, uint64_t g, int64_t m[4],
                                            const int k, void *vs)
{
  uint64_t F = (f & (((uint64_t)1 << k) - 1)) + ((uint64_t)1 << (2 * k + 1));
  uint64_t G = (g & (((uint64_t)1 << k) - 1)) + ((uint64_t)1 << (3 * k + 3));
  int i;

#if defined(__x86_64__) && defined(__GNUC__) && !defined(SAFEGCD_NO_ASM)
SAFEGCD_UNROLL(19)
  for (i = 0; i < k; ++i) {
    uint64_t t, u, c;
#ifdef SAFEGCD_VEC
    if (vs && !(i & 1)) safegcd_vec_part((struct safegcd_vstate *)vs, i >> 1);
#endif
    __asm__("leaq (%[G],%[F]), %[t]\n\t"    /* t = G + F */
            "movq %[G], %[u]\n\t"
            "subq %[F], %[u]\n\t"            /* u = G - F */
            "movq %[G], %[c]\n\t"
            "rorq $65, %[c]\n\t"             /* CF = bit 63 of c = g odd */
            "cmovncq %[G], %[t]\n\t"         /* g even: t = G */
            "andq %[z], %[c]\n\t"            /* SF = delta > 0 and g odd */
            "cmovsq %[u], %[t]\n\t"          /* swap: t = G - F */
            "cmovsq %[G], %[F]\n\t"          /* swap: F = G */
            "sarq $63, %[c]\n\t"             /* c = -1 on a swap, else 0 */
            "xorq %[c], %[z]\n\t"
            "decq %[z]\n\t"                  /* swap: ~z - 1 = -z - 2; else z - 1 */
            "sarq $1, %[t]"
            : [F] "+r"(F), [z] "+r"(z), [t] "=&r"(t), [u] "=&r"(u), [c] "=&r"(c)
            : [G] "r"(G) : "cc");
    G = t;
  }
#else
SAFEGCD_UNROLL(19)
  for (i = 0; i < k; ++i) {
    uint64_t n = (uint64_t)(z >> 63);
    uint64_t o = (uint64_t)0 - (G & 1);
    uint64_t c = n & o;
    uint64_t x = (F ^ n) - n;
    F ^= (G ^ F) & c;
    G += x & o;
    G = (uint64_t)((int64_t)G >> 1);
    z = (int64_t)(((uint64_t)z ^ c) - 1);
  }
#endif
  /* the rows: v, r rounded off the top, then u, q */
  {
    int64_t v = (int64_t)(F + ((uint64_t)1 << (2 * k + 2))) >> (2 * k + 3);
    int64_t r = (int64_t)(G + ((uint64_t)1 << (2 * k + 2))) >> (2 * k + 3);
    m[0] = (int64_t)((F + ((uint64_t)1 << k)) << (61 - 2 * k)) >> (62 - k);
    m[1] = v;
    m[2] = (int64_t)((G + ((uint64_t)1 << k)) << (61 - 2 * k)) >> (62 - k);
    m[3] = r;
  }
  (void)vs;
  return z;
}

static inline int64_t safegcd_divsteps(int64_t z, uint64_t f, uint64_t g, int64_t m[4],
                                       const int k)
{
  return safegcd_divsteps_hook(z, f, g, m, k, 0);
}

static inline int64_t safegcd_divsteps19(int64_t z, uint64_t f, uint64_t g, int64_t m[4])
{
  return safegcd_divsteps(z, f, g, m, SAFEGCD_RUN);
}

/* (f, g) <- T (f, g) / 2^62, exactly */
static inline void safegcd_update_fg(safegcd_s62 *f, safegcd_s62 *g, const int64_t t[4])
{
  const int64_t u = t[0], v = t[1], q = t[2], r = t[3];
  safegcd_i128 cf, cg;
  int i;

  cf = (safegcd_i128)u * f->v[0] + (safegcd_i128)v * g->v[0];
  cg = (safegcd_i128)q * f->v[0] + (safegcd_i128)r * g->v[0];
  cf >>= 62;                                   /* the low 62 bits are 0 */
  cg >>= 62;
SAFEGCD_UNROLL(4)
  for (i = 1; i < 5; ++i) {
    cf += (safegcd_i128)u * f->v[i] + (safegcd_i128)v * g->v[i];
    cg += (safegcd_i128)q * f->v[i] + (safegcd_i128)r * g->v[i];
    f->v[i - 1] = (int64_t)((uint64_t)cf & SAFEGCD_M62);
    g->v[i - 1] = (int64_t)((uint64_t)cg & SAFEGCD_M62);
    cf >>= 62;
    cg >>= 62;
  }
  f->v[4] = (int64_t)cf;
  g->v[4] = (int64_t)cg;
}

/* the same, also giving the new low limbs */
static inline void safegcd_update_fg_low(safegcd_s62 *f, safegcd_s62 *g, const int64_t t[4],
                                         uint64_t *f0, uint64_t *g0)
{
  safegcd_update_fg(f, g, t);
  *f0 = (uint64_t)f->v[0];
  *g0 = (uint64_t)g->v[0];
}

/* f <- (u f + v g) / 2^62, exactly: the first row of safegcd_update_fg,
   for the last batch, after which only f (its sign) is read */
static inline void safegcd_update_f(safegcd_s62 *f, const safegcd_s62 *g, int64_t u, int64_t v)
{
  safegcd_i128 c;
  int i;

  c = (safegcd_i128)u * f->v[0] + (safegcd_i128)v * g->v[0];
  c >>= 62;                                    /* the low 62 bits are 0 */
SAFEGCD_UNROLL(4)
  for (i = 1; i < 5; ++i) {
    c += (safegcd_i128)u * f->v[i] + (safegcd_i128)v * g->v[i];
    f->v[i - 1] = (int64_t)((uint64_t)c & SAFEGCD_M62);
    c >>= 62;
  }
  f->v[4] = (int64_t)c;
}

/* h = (u d + v e) / 2^62 mod p, one row of the update of d and e by T,
   p = -19 + 128 2^248 in signed limbs; with md the multiple of p added:
   (u if d < 0) + (v if e < 0) (adds p to negative d, e) minus the m in
   [0, 2^62) that makes the sum divisible by 2^62.  The inversion places
   the two rows between the divstep runs of the next batch, where the
   integer units have room (the runs are one long dependency chain); done
   in one piece after the batch, the update held up the next batch's
   steps.  After the last batch only d's row is computed (e is not read). */
static inline void safegcd_update_row(safegcd_s62 *h, const safegcd_s62 *d, const safegcd_s62 *e,
                                      int64_t u, int64_t v)
{
  int64_t md = (u & (d->v[4] >> 63)) + (v & (e->v[4] >> 63));
  safegcd_i128 c;
  int i;

  c = (safegcd_i128)u * d->v[0] + (safegcd_i128)v * e->v[0];
  md -= (int64_t)((SAFEGCD_PINV62 * (uint64_t)c + (uint64_t)md) & SAFEGCD_M62);
  c += (safegcd_i128)(-19) * md;
  c >>= 62;                                    /* the low 62 bits are 0 */
SAFEGCD_UNROLL(4)
  for (i = 1; i < 5; ++i) {
    c += (safegcd_i128)u * d->v[i] + (safegcd_i128)v * e->v[i];
    if (i == 4) c += (safegcd_i128)128 * md;   /* i is public */
    h->v[i - 1] = (int64_t)((uint64_t)c & SAFEGCD_M62);
    c >>= 62;
  }
  h->v[4] = (int64_t)c;
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(SAFEGCD_NO_ASM) && defined(__OPTIMIZE__)
#define SAFEGCD_UPDATE_ASM
/* The matrix applications in x86-64 assembly (optimized builds only: at
   -O0 the compilers cannot find the registers).  The compilers' code for
   the C above spends some 40% of its instructions on register copies and
   spills; here each limb product is a one-operand imul (signed 64 x 64 ->
   128 bits in rdx:rax, the limb loaded into rax, the matrix entry a
   register or memory operand), added into a 128-bit accumulator (lo, hi)
   by add/adc, with no copy.  The accumulator is then shifted by 62: the
   new lo = (lo >> 62) + 4 hi by shr and lea (shrd, 4 uops on Zen 3, was
   5% slower here), the new hi = hi >> 62 (sar); the output limb is the
   old lo mod 2^62 (andn with ~(2^62 - 1) in a register under BMI1, else a
   copy and an and).  Ranges, with the C code's: limbs 0..3 in [0, 2^62),
   |limb 4| < 2^9 (|f|, |g| <= p, -2p < d, e < p); |u| + |v| <= 2^62, so a
   limb's two products sum to less than 2^124 in absolute value; each
   carry is below 2^63 (by induction: (2^124 + 2^70 + 2^63) / 2^62 <
   2^63), so the accumulator (below 2^125) is exact in 128 bits and after
   the shift it fits in lo, hi being its sign (which is why lo alone is
   the carry and the last limb).  For d and e: md = (u if d < 0) + (v if
   e < 0) - k with k in [0, 2^62) from p^-1 mod 2^62, so -2^63 < md <=
   2^62; -19 md (below 2^68) is a one-operand imul too and 128 md (below
   2^70) is added at limb 4 as (md << 7, md >> 57).  Constant time: no
   branch, no data-dependent address; imul has fixed latency. */

/* lo = (hi 2^64 + lo) >> 62 mod 2^64 (hi unchanged) */
#ifdef SAFEGCD_SHRD
#define SAFEGCD_SHR62(lo, hi) "shrdq $62, " hi ", " lo "\n\t"
#else
#define SAFEGCD_SHR62(lo, hi) "shrq $62, " lo "\n\tleaq (" lo ", " hi ", 4), " lo "\n\t"
#endif
/* y = x mod 2^62, with m = 2^62 - 1 (BMI1: m = its complement, no copy) */
#ifdef __BMI__
#define SAFEGCD_MASK62 (~SAFEGCD_M62)
#define SAFEGCD_LOW62(x, y) "andnq " x ", %[m], " y "\n\t"
#else
#define SAFEGCD_MASK62 SAFEGCD_M62
#define SAFEGCD_LOW62(x, y) "movq " x ", " y "\n\tandq %[m], " y "\n\t"
#endif

/* (f, g) <- T (f, g) / 2^62, both rows interleaved; the matrix entries are
   read by imul from registers or memory, the limbs from memory (f and g
   are written one limb behind the reads, so in place is fine) */
static inline void safegcd_update_fg_asm(safegcd_s62 *f, safegcd_s62 *g, const int64_t t[4],
                                         uint64_t *f0, uint64_t *g0)
{
  uint64_t a0, a1, b0, b1, x, ax, dx;
  const uint64_t mask = SAFEGCD_MASK62;
#define SAFEGCD_FG_PROD(i)                                         \
  "movq " #i "*8(%[fp]), %%rax\n\t"                                       \
  "imulq %[u]\n\t"                                                        \
  "addq %%rax, %[a0]\n\t"                                                 \
  "adcq %%rdx, %[a1]\n\t"                                                 \
  "movq " #i "*8(%[fp]), %%rax\n\t"                                       \
  "imulq %[q]\n\t"                                                        \
  "addq %%rax, %[b0]\n\t"                                                 \
  "adcq %%rdx, %[b1]\n\t"                                                 \
  "movq " #i "*8(%[gp]), %%rax\n\t"                                       \
  "imulq %[v]\n\t"                                                        \
  "addq %%rax, %[a0]\n\t"                                                 \
  "adcq %%rdx, %[a1]\n\t"                                                 \
  "movq " #i "*8(%[gp]), %%rax\n\t"                                       \
  "imulq %[r]\n\t"                                                        \
  "addq %%rax, %[b0]\n\t"                                                 \
  "adcq %%rdx, %[b1]\n\t"
#define SAFEGCD_FG_OUT(store, xf, xg)                                     \
  SAFEGCD_LOW62("%[a0]", xf)                                              \
  "movq " xf ", " #store "*8(%[fp])\n\t"                                   \
  SAFEGCD_LOW62("%[b0]", xg)                                              \
  "movq " xg ", " #store "*8(%[gp])\n\t"                                   \
  SAFEGCD_SHR62("%[a0]", "%[a1]")                                           \
  "sarq $62, %[a1]\n\t"                                                   \
  SAFEGCD_SHR62("%[b0]", "%[b1]")                                           \
  "sarq $62, %[b1]\n\t"
  __asm__("movq 0(%[fp]), %%rax\n\t"
          "imulq %[u]\n\t"
          "movq %%rax, %[a0]\n\t"
          "movq %%rdx, %[a1]\n\t"
          "movq 0(%[fp]), %%rax\n\t"
          "imulq %[q]\n\t"
          "movq %%rax, %[b0]\n\t"
          "movq %%rdx, %[b1]\n\t"
          "movq 0(%[gp]), %%rax\n\t"
          "imulq %[v]\n\t"
          "addq %%rax, %[a0]\n\t"
          "adcq %%rdx, %[a1]\n\t"
          "movq 0(%[gp]), %%rax\n\t"
          "imulq %[r]\n\t"
          "addq %%rax, %[b0]\n\t"
          "adcq %%rdx, %[b1]\n\t"
          SAFEGCD_SHR62("%[a0]", "%[a1]")                /* the low 62 bits are 0 */
          "sarq $62, %[a1]\n\t"
          SAFEGCD_SHR62("%[b0]", "%[b1]")
          "sarq $62, %[b1]\n\t"
          SAFEGCD_FG_PROD(1)
          SAFEGCD_FG_OUT(0, "%[f0]", "%[g0]")
          SAFEGCD_FG_PROD(2)
          SAFEGCD_FG_OUT(1, "%[x]", "%[x]")
          SAFEGCD_FG_PROD(3)
          SAFEGCD_FG_OUT(2, "%[x]", "%[x]")
          SAFEGCD_FG_PROD(4)
          SAFEGCD_LOW62("%[a0]", "%[x]")
          "movq %[x], 24(%[fp])\n\t"
          SAFEGCD_LOW62("%[b0]", "%[x]")
          "movq %[x], 24(%[gp])\n\t"
          SAFEGCD_SHR62("%[a0]", "%[a1]")                /* |f|, |g| <= p: 64 bits */
          SAFEGCD_SHR62("%[b0]", "%[b1]")
          "movq %[a0], 32(%[fp])\n\t"
          "movq %[b0], 32(%[gp])"
          : [a0] "=&r"(a0), [a1] "=&r"(a1), [b0] "=&r"(b0), [b1] "=&r"(b1), [x] "=&r"(x),
            [f0] "=&r"(*f0), [g0] "=&r"(*g0), "=&a"(ax), "=&d"(dx), "+m"(*f), "+m"(*g)
          : [fp] "r"(f), [gp] "r"(g), [m] "r"(mask),
            [u] "rm"(t[0]), [v] "rm"(t[1]), [q] "rm"(t[2]), [r] "rm"(t[3])
          : "cc");
#undef SAFEGCD_FG_PROD
#undef SAFEGCD_FG_OUT
}

/* h = (u d + v e) / 2^62 mod p as safegcd_update_row; h must not be d or e */
static inline void safegcd_update_row_asm(safegcd_s62 *h, const safegcd_s62 *d, const safegcd_s62 *e,
                                          int64_t u, int64_t v)
{
  uint64_t a0, a1, md, x, ax, dx;
  const uint64_t mask = SAFEGCD_MASK62;
#define SAFEGCD_ROW_LIMB(i)                                               \
  "movq " #i "*8(%[dp]), %%rax\n\t"                                       \
  "imulq %[u]\n\t"                                                        \
  "addq %%rax, %[a0]\n\t"                                                 \
  "adcq %%rdx, %[a1]\n\t"                                                 \
  "movq " #i "*8(%[ep]), %%rax\n\t"                                       \
  "imulq %[v]\n\t"                                                        \
  "addq %%rax, %[a0]\n\t"                                                 \
  "adcq %%rdx, %[a1]\n\t"
#define SAFEGCD_ROW_OUT(i)                                                \
  SAFEGCD_LOW62("%[a0]", "%[x]")                                          \
  "movq %[x], " #i "*8(%[hp])\n\t"                                        \
  SAFEGCD_SHR62("%[a0]", "%[a1]")                                           \
  "sarq $62, %[a1]\n\t"
  __asm__(/* md = (u if d < 0) + (v if e < 0): adds p to negative d, e */
          "movq 32(%[dp]), %[md]\n\t"
          "sarq $63, %[md]\n\t"
          "andq %[u], %[md]\n\t"
          "movq 32(%[ep]), %[x]\n\t"
          "sarq $63, %[x]\n\t"
          "andq %[v], %[x]\n\t"
          "addq %[x], %[md]\n\t"
          "movq 0(%[dp]), %%rax\n\t"
          "imulq %[u]\n\t"
          "movq %%rax, %[a0]\n\t"
          "movq %%rdx, %[a1]\n\t"
          "movq 0(%[ep]), %%rax\n\t"
          "imulq %[v]\n\t"
          "addq %%rax, %[a0]\n\t"
          "adcq %%rdx, %[a1]\n\t"
          /* md -= (p^-1 a0 + md) mod 2^62 */
          "movabsq $0x39435e50d79435e5, %[x]\n\t"
          "imulq %[a0], %[x]\n\t"
          "addq %[md], %[x]\n\t"
          SAFEGCD_LOW62("%[x]", "%[x]")
          "subq %[x], %[md]\n\t"
          /* + md p: -19 md now, 128 md 2^248 at limb 4 */
          "movq $-19, %%rax\n\t"
          "imulq %[md]\n\t"                          /* |md| < 2^63: 128 bits */
          "addq %%rax, %[a0]\n\t"
          "adcq %%rdx, %[a1]\n\t"
          SAFEGCD_SHR62("%[a0]", "%[a1]")                /* the low 62 bits are 0 */
          "sarq $62, %[a1]\n\t"
          SAFEGCD_ROW_LIMB(1)
          SAFEGCD_ROW_OUT(0)
          SAFEGCD_ROW_LIMB(2)
          SAFEGCD_ROW_OUT(1)
          SAFEGCD_ROW_LIMB(3)
          SAFEGCD_ROW_OUT(2)
          SAFEGCD_ROW_LIMB(4)
          "movq %[md], %%rax\n\t"
          "shlq $7, %%rax\n\t"
          "sarq $57, %[md]\n\t"
          "addq %%rax, %[a0]\n\t"
          "adcq %[md], %[a1]\n\t"
          SAFEGCD_LOW62("%[a0]", "%[x]")
          "movq %[x], 24(%[hp])\n\t"
          SAFEGCD_SHR62("%[a0]", "%[a1]")
          "movq %[a0], 32(%[hp])"
          : [a0] "=&r"(a0), [a1] "=&r"(a1), [md] "=&r"(md), [x] "=&r"(x),
            "=&a"(ax), "=&d"(dx), "=m"(*h)
          : [hp] "r"(h), [dp] "r"(d), [ep] "r"(e), [m] "r"(mask), [u] "r"(u), [v] "r"(v),
            "m"(*d), "m"(*e)
          : "cc");
#undef SAFEGCD_ROW_LIMB
#undef SAFEGCD_ROW_OUT
}
#endif

#ifdef SAFEGCD_UPDATE_ASM
#define SAFEGCD_FG safegcd_update_fg_asm
#define SAFEGCD_ROW safegcd_update_row_asm
#else
#define SAFEGCD_FG safegcd_update_fg_low
#define SAFEGCD_ROW safegcd_update_row
#endif

#ifdef SAFEGCD_VEC
#include <immintrin.h>
/* With AVX2 (x86-64 builds for AVX2 CPUs): d, e, f and g on the vector
   unit, so that their updates leave the integer units to the divstep
   chain.  Each is signed radix 2^30, nine limbs, limbs 0..7 in [0, 2^30),
   limb 8 signed; l[k] holds (d_k, e_k, f_k, g_k) in its four 64-bit lanes,
   so one vpmuldq (signed 32 x 32 -> 64) gives a limb's product for all
   four.  The batch matrix T (2^62 (f', g') = T (f, g)) is taken as T/4
   (its entries are multiples of 4), rows |u| + |v| <= 2^60, split as
   u/4 = uh 2^30 + ul, ul in [0, 2^30), |uh| <= 2^30; then
   d' = ((u d + v e)/4 + m p) / 2^60 with m in [0, 2^60) making the sum
   divisible by 2^60, found 30 bits at a time (p = 2^255 - 19 is -19
   modulo 2^30, and 19^-1 mod 2^30 gives them; + m 2^255 goes into limbs
   8 and 9 as m0 2^15, m1 2^15).  For f and g the same code finds m = 0
   (their sums are divisible by 2^60), so the lanes need no masks.  No
   correction of negative d, e: |d|, |e| < B gives |d'| < B + p, so after
   the 11 batches |d| < 12 p < 2^259 (limb 8 below 2^19 in absolute
   value).  Each limb sum (four products below 2^60 in absolute value,
   and |uh d + vh e| <= (2^30 + 2) 2^30) plus carry stays below 2^62 in
   absolute value; AVX2 has no 64-bit arithmetic shift, so the sums carry
   a bias of 2^62 (a multiple of 2^30: the low bits are unchanged) and are
   shifted logically: the carry then has 2^32 too, taken off in the next
   limb's bias.  The top limb keeps that 2^32, which vpmuldq does not see
   (it reads the low 32 bits as signed); safegcd_vec_get drops it.
   The scalar side needs only f and g mod 2^62 at the start of a batch:
   each update also hands back f, g mod 2^124 (two radix-2^62 words each),
   from which the batch's matrix gives the next low words (safegcd_vec_low,
   eight imul, as the first limbs of safegcd_update_fg_asm). */
typedef struct { __m256i l[9]; } safegcd_v30;

#define SAFEGCD_INV19 0x286bca1b                /* 19^-1 mod 2^30 */

/* bits 30 k .. 30 k + 29 of a 4-word number, k < 9 (limb 8: bits 240..255) */
static inline uint64_t safegcd_bits30(const uint64_t w[4], int k)
{
  int b = 30 * k, i = b >> 6, o = b & 63;
  uint64_t x = w[i] >> o;
  if (o > 34 && i < 3) x |= w[i + 1] << (64 - o);  /* k is public */
  return x & 0x3fffffff;
}

/* d = 0, e = 1, f = p, g = in (below p); w = f, g mod 2^124 */
static inline void safegcd_vec_start(safegcd_v30 *de, uint64_t w[4], const uint64_t in[4])
{
  static const uint64_t p[4] = {
    0xffffffffffffffedULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL, 0x7fffffffffffffffULL };
  int k;

  for (k = 0; k < 9; ++k)
    de->l[k] = _mm256_set_epi64x((int64_t)safegcd_bits30(in, k), (int64_t)safegcd_bits30(p, k),
                                 k == 0, 0);
  w[0] = p[0] & SAFEGCD_M62;
  w[1] = in[0] & SAFEGCD_M62;
  w[2] = ((p[0] >> 62) | (p[1] << 2)) & SAFEGCD_M62;
  w[3] = ((in[0] >> 62) | (in[1] << 2)) & SAFEGCD_M62;
}

/* (d, e) <- T (d, e) / 2^62 mod p and (f, g) <- T (f, g) / 2^62, all at
   once, in ten parts (safegcd_vec_part) spread over the first run of
   steps of the next batch; w = the new f, g mod 2^124 (f low, g low, f
   high, g high).  In assembly: the compilers' code for the same
   intrinsics (clang sign-extended every limb before each vpmuldq) was a
   third longer.  Limb k of the sum: the products of limbs k (by ul, vl)
   and k - 1 (by uh, vh), each spread to (d, d, f, f) and (e, e, g, g) by
   an in-lane shuffle, plus the bias and the carry; limbs 0 and 1 give
   m0, m1; limb k >= 2 is written to limb k - 2 (limbs k - 1 and k are
   read by then, so in place). */
#define SAFEGCD_VEC_PROD(k)                                               \
  "vpmuldq %[uh], %[bd], %[x]\n\t"                                        \
  "vpmuldq %[vh], %[be], %[t]\n\t"                                        \
  "vpaddq %[t], %[x], %[x]\n\t"                                           \
  "vpshufd $0x44, " #k "*32(%[l]), %[bd]\n\t"                             \
  "vpshufd $0xee, " #k "*32(%[l]), %[be]\n\t"                             \
  "vpmuldq %[ul], %[bd], %[t]\n\t"                                        \
  "vpaddq %[t], %[x], %[x]\n\t"                                           \
  "vpmuldq %[vl], %[be], %[t]\n\t"                                        \
  "vpaddq %[t], %[x], %[x]\n\t"                                           \
  "vpaddq 32+%[k], %[x], %[x]\n\t"
#define SAFEGCD_VEC_OUT(k)                                                \
  "vpaddq %[c], %[x], %[x]\n\t"                                           \
  "vpand %[k], %[x], %[t]\n\t"                                            \
  "vmovdqu %[t], " #k "*32(%[l])\n\t"                                     \
  "vpsrlq $30, %[x], %[c]\n\t"
/* the registers kept from part to part, and the memory */
#define SAFEGCD_VEC_OUTS                                                  \
  : [ul] "+x"(s->ul), [vl] "+x"(s->vl), [uh] "+x"(s->uh), [vh] "+x"(s->vh),  \
    [bd] "+x"(s->bd), [be] "+x"(s->be), [c] "+x"(s->c), [m0] "+x"(s->m0),    \
    [m1] "+x"(s->m1), [x] "=&x"(x), [t] "=&x"(tt), "+m"(*s->de)
#define SAFEGCD_VEC_INS : [l] "r"(s->de), [k] "m"(safegcd_vcst)
#define SAFEGCD_VEC_OPS SAFEGCD_VEC_OUTS SAFEGCD_VEC_INS
static const int64_t safegcd_vcst[16] __attribute__((aligned(32))) = {
  0x3fffffff, 0x3fffffff, 0x3fffffff, 0x3fffffff,           /* mask */
  ((int64_t)1 << 62) - ((int64_t)1 << 32), ((int64_t)1 << 62) - ((int64_t)1 << 32),
  ((int64_t)1 << 62) - ((int64_t)1 << 32), ((int64_t)1 << 62) - ((int64_t)1 << 32),
                                                            /* bias, less the carry's */
  (int64_t)1 << 62,                                         /* bias of limb 0 */
  SAFEGCD_INV19, 19, 0,
  0x3fffffffffffffffLL, 0x3fffffffffffffffLL,
  0x3fffffffffffffffLL, 0x3fffffffffffffffLL };             /* 2^62 - 1 */

struct safegcd_vstate {
  __m256i ul, vl, uh, vh, bd, be, c, m0, m1;
  safegcd_v30 *de;
  uint64_t *w;
  const int64_t *t;
};

/* part j of 10 (j public): 0 the matrix and limb 0, 1 limb 1, j = 2..8
   limb j (and limb j - 2 out), 9 limb 9 and w */
SAFEGCD_INLINE void safegcd_vec_part(struct safegcd_vstate *s, int j)
{
  __m256i x, tt;

  switch (j) {
  case 0:
    __asm__("vmovq %[u], %x[x]\n\t"
            "vpinsrq $1, %[q], %x[x], %x[x]\n\t"
            "vpermq $0x44, %[x], %[x]\n\t"                  /* (u, q, u, q) */
            "vmovq %[v], %x[t]\n\t"
            "vpinsrq $1, %[r], %x[t], %x[t]\n\t"
            "vpermq $0x44, %[t], %[t]\n\t"                  /* (v, r, v, r) */
            "vpsrlq $32, %[x], %[uh]\n\t"                   /* signed in the low 32 bits */
            "vpsrlq $32, %[t], %[vh]\n\t"
            "vpsrlq $2, %[x], %[ul]\n\t"
            "vpsrlq $2, %[t], %[vl]\n\t"
            "vpand %[k], %[ul], %[ul]\n\t"
            "vpand %[k], %[vl], %[vl]\n\t"
            /* limb 0: m0 = 19^-1 s mod 2^30 */
            "vpshufd $0x44, 0(%[l]), %[bd]\n\t"
            "vpshufd $0xee, 0(%[l]), %[be]\n\t"
            "vpmuldq %[ul], %[bd], %[x]\n\t"
            "vpmuldq %[vl], %[be], %[t]\n\t"
            "vpaddq %[t], %[x], %[x]\n\t"
            "vpbroadcastq 72+%[k], %[t]\n\t"
            "vpmuldq %[t], %[x], %[t]\n\t"
            "vpand %[k], %[t], %[m0]\n\t"
            "vpbroadcastq 80+%[k], %[t]\n\t"
            "vpmuldq %[m0], %[t], %[t]\n\t"
            "vpsubq %[t], %[x], %[x]\n\t"
            "vpbroadcastq 64+%[k], %[t]\n\t"
            "vpaddq %[t], %[x], %[x]\n\t"
            "vpsrlq $30, %[x], %[c]\n\t"
            "vpsllq $15, %[m0], %[m0]"                      /* m0 2^255 at limb 8 */
            SAFEGCD_VEC_OPS, [u] "r"(s->t[0]), [v] "r"(s->t[1]), [q] "r"(s->t[2]),
              [r] "r"(s->t[3]));
    break;
  case 1:
    __asm__(SAFEGCD_VEC_PROD(1)
            "vpaddq %[c], %[x], %[x]\n\t"
            "vpbroadcastq 72+%[k], %[t]\n\t"
            "vpmuldq %[t], %[x], %[t]\n\t"
            "vpand %[k], %[t], %[m1]\n\t"
            "vpbroadcastq 80+%[k], %[t]\n\t"
            "vpmuldq %[m1], %[t], %[t]\n\t"
            "vpsubq %[t], %[x], %[x]\n\t"
            "vpsrlq $30, %[x], %[c]\n\t"
            "vpsllq $15, %[m1], %[m1]"                      /* m1 2^285 at limb 9 */
            SAFEGCD_VEC_OPS);
    break;
  case 2: __asm__(SAFEGCD_VEC_PROD(2) SAFEGCD_VEC_OUT(0) SAFEGCD_VEC_OPS); break;
  case 3: __asm__(SAFEGCD_VEC_PROD(3) SAFEGCD_VEC_OUT(1) SAFEGCD_VEC_OPS); break;
  case 4: __asm__(SAFEGCD_VEC_PROD(4) SAFEGCD_VEC_OUT(2) SAFEGCD_VEC_OPS); break;
  case 5: __asm__(SAFEGCD_VEC_PROD(5) SAFEGCD_VEC_OUT(3) SAFEGCD_VEC_OPS); break;
  case 6: __asm__(SAFEGCD_VEC_PROD(6) SAFEGCD_VEC_OUT(4) SAFEGCD_VEC_OPS); break;
  case 7: __asm__(SAFEGCD_VEC_PROD(7) SAFEGCD_VEC_OUT(5) SAFEGCD_VEC_OPS); break;
  case 8:
    __asm__(SAFEGCD_VEC_PROD(8)
            "vpaddq %[m0], %[x], %[x]\n\t"
            SAFEGCD_VEC_OUT(6) SAFEGCD_VEC_OPS);
    break;
  case 9:
    __asm__(/* limb 9: the products of limb 8 by uh, vh */
            "vpmuldq %[uh], %[bd], %[x]\n\t"
            "vpmuldq %[vh], %[be], %[t]\n\t"
            "vpaddq %[t], %[x], %[x]\n\t"
            "vpaddq 32+%[k], %[x], %[x]\n\t"
            "vpaddq %[m1], %[x], %[x]\n\t"
            SAFEGCD_VEC_OUT(7)
            "vmovdqu %[c], 8*32(%[l])\n\t"
            /* f, g mod 2^124 as two radix-2^62 words (lanes 2, 3) */
            "vmovdqu 32(%[l]), %[x]\n\t"
            "vpsllq $30, %[x], %[x]\n\t"
            "vpaddq 0(%[l]), %[x], %[x]\n\t"
            "vmovdqu 64(%[l]), %[t]\n\t"
            "vpsllq $60, %[t], %[c]\n\t"
            "vpaddq %[c], %[x], %[x]\n\t"
            "vpand 96+%[k], %[x], %[x]\n\t"
            "vpsrlq $2, %[t], %[t]\n\t"
            "vmovdqu 96(%[l]), %[c]\n\t"
            "vpsllq $28, %[c], %[c]\n\t"
            "vpaddq %[c], %[t], %[t]\n\t"
            "vmovdqu 128(%[l]), %[c]\n\t"
            "vpsllq $58, %[c], %[c]\n\t"
            "vpaddq %[c], %[t], %[t]\n\t"
            "vpand 96+%[k], %[t], %[t]\n\t"
            "vperm2i128 $0x31, %[t], %[x], %[x]\n\t"        /* (f lo, g lo, f hi, g hi) */
            "vmovdqu %[x], %[w]"
            SAFEGCD_VEC_OUTS, [w] "=m"(*(uint64_t (*)[4])s->w) SAFEGCD_VEC_INS);
    break;
  }
}

/* the whole update at once */
SAFEGCD_INLINE void safegcd_vec_update(struct safegcd_vstate *s)
{
  int j;
SAFEGCD_UNROLL(10)
  for (j = 0; j < 10; ++j) safegcd_vec_part(s, j);
}
#undef SAFEGCD_VEC_PROD
#undef SAFEGCD_VEC_OUT
#undef SAFEGCD_VEC_OUTS
#undef SAFEGCD_VEC_INS
#undef SAFEGCD_VEC_OPS

/* the low words for the next batch: f0 = (T (f, g))[0] / 2^62 mod 2^62,
   g0 likewise, from w = f, g mod 2^124 */
static inline void safegcd_vec_low(uint64_t *f0, uint64_t *g0, const int64_t t[4],
                                   const uint64_t w[4])
{
  uint64_t a0, a1, b0, b1, x, ax, dx;
  const uint64_t mask = SAFEGCD_MASK62;

  __asm__("movq 0(%[w]), %%rax\n\t"
          "imulq %[u]\n\t"
          "movq %%rax, %[a0]\n\t"
          "movq %%rdx, %[a1]\n\t"
          "movq 0(%[w]), %%rax\n\t"
          "imulq %[q]\n\t"
          "movq %%rax, %[b0]\n\t"
          "movq %%rdx, %[b1]\n\t"
          "movq 8(%[w]), %%rax\n\t"
          "imulq %[v]\n\t"
          "addq %%rax, %[a0]\n\t"
          "adcq %%rdx, %[a1]\n\t"
          "movq 8(%[w]), %%rax\n\t"
          "imulq %[r]\n\t"
          "addq %%rax, %[b0]\n\t"
          "adcq %%rdx, %[b1]\n\t"
          SAFEGCD_SHR62("%[a0]", "%[a1]")                /* the low 62 bits are 0 */
          SAFEGCD_SHR62("%[b0]", "%[b1]")
          "movq 16(%[w]), %[x]\n\t"
          "imulq %[u], %[x]\n\t"
          "addq %[x], %[a0]\n\t"
          "movq 24(%[w]), %[x]\n\t"
          "imulq %[v], %[x]\n\t"
          "addq %[x], %[a0]\n\t"
          "movq 16(%[w]), %[x]\n\t"
          "imulq %[q], %[x]\n\t"
          "addq %[x], %[b0]\n\t"
          "movq 24(%[w]), %[x]\n\t"
          "imulq %[r], %[x]\n\t"
          "addq %[x], %[b0]\n\t"
          SAFEGCD_LOW62("%[a0]", "%[a0]")
          SAFEGCD_LOW62("%[b0]", "%[b0]")
          : [a0] "=&r"(a0), [a1] "=&r"(a1), [b0] "=&r"(b0), [b1] "=&r"(b1), [x] "=&r"(x),
            "=&a"(ax), "=&d"(dx)
          : [w] "r"(w), "m"(*(const uint64_t (*)[4])w), [m] "r"(mask),
            [u] "rm"(t[0]), [v] "rm"(t[1]), [q] "rm"(t[2]), [r] "rm"(t[3])
          : "cc");
  *f0 = a0;
  *g0 = b0;
}

/* 1 if g = 0 (for the public variant; limb 8 read as 32 bits, its bias
   dropped) */
static inline int safegcd_vec_g_zero(const safegcd_v30 *de)
{
  uint64_t x = (uint32_t)_mm256_extract_epi64(de->l[8], 3);
  int k;
  for (k = 0; k < 8; ++k) x |= (uint64_t)_mm256_extract_epi64(de->l[k], 3);
  return x == 0;
}

/* d (lane 0) as safegcd_s62 with |d| < 2^255 + 2^10 (limb 8 reduced by
   2^255 = 19 mod p), for safegcd_finish, and f's sign in fs->v[4] */
static inline void safegcd_vec_get(safegcd_s62 *d, safegcd_s62 *fs, safegcd_v30 *de)
{
  int64_t l[9], h;
  safegcd_i128 acc = 0;
  int k, j = 0, sh = 0;

  for (k = 0; k < 9; ++k) l[k] = _mm256_extract_epi64(de->l[k], 0);
  l[8] = (int64_t)(int32_t)(uint32_t)l[8];     /* drop the bias */
  fs->v[4] = (int64_t)(int32_t)(uint32_t)_mm256_extract_epi64(de->l[8], 2);
  h = l[8] >> 15;
  l[8] -= h * ((int64_t)1 << 15);
  l[0] += 19 * h;
  for (k = 0; k < 9; ++k) {
    acc += (safegcd_i128)l[k] * ((safegcd_i128)1 << sh);
    sh += 30;
    if (sh >= 62) {                            /* k is public */
      d->v[j++] = (int64_t)((uint64_t)acc & SAFEGCD_M62);
      acc >>= 62;
      sh -= 62;
    }
  }
  d->v[4] = (int64_t)acc;
  CRYPTO_CT_WIPE(l);
  /* the asm leaves the upper halves of the ymm registers dirty */
  __asm__ volatile("vzeroupper" ::: "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6",
                   "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
}
#endif

/* carry so that v[0..3] are in [0, 2^62) (value unchanged) */
static inline void safegcd_carry(safegcd_s62 *a)
{
  int i;
  for (i = 0; i < 4; ++i) {
    a->v[i + 1] += a->v[i] >> 62;
    a->v[i] = (int64_t)((uint64_t)a->v[i] & SAFEGCD_M62);
  }
}

/* a += p if mask = -1 (a carried before and after) */
static inline void safegcd_add_p(safegcd_s62 *a, int64_t mask)
{
  a->v[0] += (int64_t)(SAFEGCD_M62 - 18) & mask;
  a->v[1] += (int64_t)SAFEGCD_M62 & mask;
  a->v[2] += (int64_t)SAFEGCD_M62 & mask;
  a->v[3] += (int64_t)SAFEGCD_M62 & mask;
  a->v[4] += 127 & mask;
  safegcd_carry(a);
}

/* f = p, g = in (four 64-bit limbs, below p), d = 0, e = 1 */
static inline void safegcd_start(safegcd_s62 *f, safegcd_s62 *g, safegcd_s62 *d, safegcd_s62 *e,
                                 const uint64_t in[4])
{
  int i;

  f->v[0] = (int64_t)(SAFEGCD_M62 - 18);
  f->v[1] = (int64_t)SAFEGCD_M62;
  f->v[2] = (int64_t)SAFEGCD_M62;
  f->v[3] = (int64_t)SAFEGCD_M62;
  f->v[4] = 127;
  g->v[0] = (int64_t)(in[0] & SAFEGCD_M62);
  g->v[1] = (int64_t)(((in[0] >> 62) | (in[1] << 2)) & SAFEGCD_M62);
  g->v[2] = (int64_t)(((in[1] >> 60) | (in[2] << 4)) & SAFEGCD_M62);
  g->v[3] = (int64_t)(((in[2] >> 58) | (in[3] << 6)) & SAFEGCD_M62);
  g->v[4] = (int64_t)(in[3] >> 56);
  for (i = 0; i < 5; ++i) { d->v[i] = 0; e->v[i] = 0; }
  e->v[0] = 1;
}

/* out = d f mod p, fully reduced, for f = +-1 (or +-p when in = 0, where
   d = 0) and -2p < d < p; constant time */
static inline void safegcd_finish(uint64_t out[4], const safegcd_s62 *f, safegcd_s62 *d)
{
  safegcd_s62 t;
  int64_t neg = f->v[4] >> 63;
  int i;

  for (i = 0; i < 5; ++i) d->v[i] = (d->v[i] ^ neg) - neg;
  safegcd_carry(d);                            /* -2p < d < 2p */
  safegcd_add_p(d, d->v[4] >> 63);             /* -p < d < 2p */
  safegcd_add_p(d, d->v[4] >> 63);             /* 0 <= d < 2p */
  /* t = d - p; keep it when it is not negative */
  t.v[0] = d->v[0] - (int64_t)(SAFEGCD_M62 - 18);
  t.v[1] = d->v[1] - (int64_t)SAFEGCD_M62;
  t.v[2] = d->v[2] - (int64_t)SAFEGCD_M62;
  t.v[3] = d->v[3] - (int64_t)SAFEGCD_M62;
  t.v[4] = d->v[4] - 127;
  safegcd_carry(&t);
  neg = t.v[4] >> 63;                          /* -1 iff d < p */
  for (i = 0; i < 5; ++i) d->v[i] = (d->v[i] & neg) | (t.v[i] & ~neg);

  out[0] = (uint64_t)d->v[0] | ((uint64_t)d->v[1] << 62);
  out[1] = ((uint64_t)d->v[1] >> 2) | ((uint64_t)d->v[2] << 60);
  out[2] = ((uint64_t)d->v[2] >> 4) | ((uint64_t)d->v[3] << 58);
  out[3] = ((uint64_t)d->v[3] >> 6) | ((uint64_t)d->v[4] << 56);
  CRYPTO_CT_WIPE(t);
}

/* in^-1 by 11 batches of divsteps, each of three runs of 19 steps, the
   first with a fourth run of one step and the last of one run only
   (58 + 9 * 57 + 19 = 590 steps in all, the bound), each batch's
   matrix t scaled to 2^62 (f', g') = t (f, g).  The update of d and e by
   a batch's matrix runs during the next batch (safegcd_update_row); f
   and g are updated at once, as the next batch starts from their low
   words.  (With SAFEGCD_VEC all four are updated during the next batch's
   first run, and only the low words of f and g at once.)  With stop_early (a constant) the loop ends as soon as g = 0,
   which leaves the result unchanged (g stays 0 and every later batch's
   matrix is 2^62 times the identity). */
static inline void safegcd_invert(uint64_t out[4], const uint64_t in[4], int stop_early)
{
  safegcd_s62 f, g, d, e, nd, ne;
#ifndef SAFEGCD_VEC
  const safegcd_s62 d0 = {{0, 0, 0, 0, 0}}, e0 = {{1, 0, 0, 0, 0}};
#endif
  int64_t z = -1, a[4], b[4], c[4], m[4] = {0, 0, 0, 0};
  uint64_t f0, g0, f1, g1;
  int i, pending = 0;
#ifdef SAFEGCD_VEC
  safegcd_v30 de;
  uint64_t w[4];
  struct safegcd_vstate vs;
#endif

  safegcd_start(&f, &g, &d, &e, in);
#ifdef SAFEGCD_VEC
  safegcd_vec_start(&de, w, in);
  vs.de = &de;
  vs.w = w;
  vs.t = m;
  /* (part 0 sets them; for the compilers' uninitialized-use checks) */
  vs.ul = vs.vl = vs.uh = vs.vh = vs.bd = vs.be = vs.c = vs.m0 = vs.m1 = _mm256_setzero_si256();
  /* before the first batch, the update by 2^62 I (no change) */
  m[0] = m[3] = (int64_t)1 << 62;
#endif
  f0 = (uint64_t)f.v[0];
  g0 = (uint64_t)g.v[0];
  for (i = 0; i < 11; ++i) {
#ifdef SAFEGCD_VEC
    /* g of the batch before (this batch's g is not computed yet): one
       batch more, which leaves the result unchanged */
    if (stop_early && safegcd_vec_g_zero(&de)) break;
#else
    if (stop_early && !(g.v[0] | g.v[1] | g.v[2] | g.v[3] | g.v[4])) break;
#endif
#ifdef SAFEGCD_VEC
    z = safegcd_divsteps_hook(z, f0, g0, a, SAFEGCD_RUN, &vs);
#else
    z = safegcd_divsteps19(z, f0, g0, a);
    if (i == 1) {                              /* i is public */
      /* d = 0, e = 1 still: the compiler folds the products */
      safegcd_update_row(&nd, &d0, &e0, m[0], m[1]);
    } else if (pending) SAFEGCD_ROW(&nd, &d, &e, m[0], m[1]);
#endif
    if (i < 10) {
      f1 = ((uint64_t)a[0] * f0 + (uint64_t)a[1] * g0) >> 19;
      g1 = ((uint64_t)a[2] * f0 + (uint64_t)a[3] * g0) >> 19;
      z = safegcd_divsteps19(z, f1, g1, b);
    }
#ifndef SAFEGCD_VEC
    if (i == 1) {
      safegcd_update_row(&ne, &d0, &e0, m[2], m[3]);
      d = nd;
      e = ne;
    } else if (pending) {
      SAFEGCD_ROW(&ne, &d, &e, m[2], m[3]);
      d = nd;
      e = ne;
    }
#endif
    if (i < 10) {                              /* i is public */
      /* c = T2 T1, entries of at most 2^38 */
      c[0] = b[0] * a[0] + b[1] * a[2];
      c[1] = b[0] * a[1] + b[1] * a[3];
      c[2] = b[2] * a[0] + b[3] * a[2];
      c[3] = b[2] * a[1] + b[3] * a[3];
      /* the low bits of f and g after 38 steps: exact in 64 - 38 bits */
      f1 = ((uint64_t)c[0] * f0 + (uint64_t)c[1] * g0) >> 38;
      g1 = ((uint64_t)c[2] * f0 + (uint64_t)c[3] * g0) >> 38;
      z = safegcd_divsteps19(z, f1, g1, a);
      if (i == 0) {
        /* one step more (the 590th): T3 T2 T1 of at most 2^57 (rows:
           |u| + |v| <= 2^57), so the low bits of f, g after 57 steps are
           exact in 62 - 57 bits (one is read); then the 1-step matrix b
           (rows at most 2): 2^58 (f', g') = b T3 T2 T1 (f, g), rows at
           most 2^58, times 16 at most 2^62 */
        m[0] = a[0] * c[0] + a[1] * c[2];
        m[1] = a[0] * c[1] + a[1] * c[3];
        m[2] = a[2] * c[0] + a[3] * c[2];
        m[3] = a[2] * c[1] + a[3] * c[3];
        f1 = ((uint64_t)m[0] * f0 + (uint64_t)m[1] * g0) >> 57;
        g1 = ((uint64_t)m[2] * f0 + (uint64_t)m[3] * g0) >> 57;
        z = safegcd_divsteps(z, f1, g1, b, 1);
        c[0] = m[0]; c[1] = m[1]; c[2] = m[2]; c[3] = m[3];
        m[0] = 16 * (b[0] * c[0] + b[1] * c[2]);
        m[1] = 16 * (b[0] * c[1] + b[1] * c[3]);
        m[2] = 16 * (b[2] * c[0] + b[3] * c[2]);
        m[3] = 16 * (b[2] * c[1] + b[3] * c[3]);
      } else {
        m[0] = 32 * (a[0] * c[0] + a[1] * c[2]);
        m[1] = 32 * (a[0] * c[1] + a[1] * c[3]);
        m[2] = 32 * (a[2] * c[0] + a[3] * c[2]);
        m[3] = 32 * (a[2] * c[1] + a[3] * c[3]);
      }
    } else {
      /* the last batch, one run: 2^19 (f', g') = a (f, g), rows at most
         2^19, times 2^43 at most 2^62 */
      m[0] = a[0] << 43;
      m[1] = a[1] << 43;
      m[2] = a[2] << 43;
      m[3] = a[3] << 43;
    }
#ifdef SAFEGCD_VEC
    if (i < 10) safegcd_vec_low(&f0, &g0, m, w);
#else
    if (i < 10) SAFEGCD_FG(&f, &g, m, &f0, &g0);
    else safegcd_update_f(&f, &g, m[0], m[1]); /* g is not read again */
#endif
    pending = 1;
  }
#ifdef SAFEGCD_VEC
  (void)pending;
  safegcd_vec_update(&vs);
  safegcd_vec_get(&d, &f, &de);
#else
  if (pending) {                               /* only d is read: its row */
    SAFEGCD_ROW(&nd, &d, &e, m[0], m[1]);
    d = nd;
  }
#endif
  /* f = +-1 (or +-p when in = 0, where d = 0): in^-1 = d f */
  safegcd_finish(out, &f, &d);
  /* the state and the last matrices tell the input (secret in the
     ladders; the public variant skips this) */
  if (!stop_early) {
    CRYPTO_CT_WIPE(f);
    CRYPTO_CT_WIPE(g);
    CRYPTO_CT_WIPE(d);
    CRYPTO_CT_WIPE(e);
    CRYPTO_CT_WIPE(nd);
    CRYPTO_CT_WIPE(ne);
#ifdef SAFEGCD_VEC
    CRYPTO_CT_WIPE(de);
    CRYPTO_CT_WIPE(w);
#endif
    CRYPTO_CT_WIPE(z);
    CRYPTO_CT_WIPE(a);
    CRYPTO_CT_WIPE(b);
    CRYPTO_CT_WIPE(c);
    CRYPTO_CT_WIPE(m);
    CRYPTO_CT_WIPE(f0);
    CRYPTO_CT_WIPE(g0);
    CRYPTO_CT_WIPE(f1);
    CRYPTO_CT_WIPE(g1);
  }
}

static inline void inv25519_safegcd(uint64_t out[4], const uint64_t in[4])
{
  safegcd_invert(out, in, 0);
}

/* The same for public inputs only (the encoding of a verification
   result): time depends on in.  Random inputs reach g = 0 after 9
   batches.  (A variant with the original divstep, runs of even g shifted
   out by ctz and several steps per multiplication was measured as well:
   with its branches it was slower than these branch-free batches.) */
static inline void inv25519_safegcd_vartime(uint64_t out[4], const uint64_t in[4])
{
  safegcd_invert(out, in, 1);
}

#endif
