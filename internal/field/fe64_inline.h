/* SPDX-License-Identifier: MIT */
/* Radix-2^64 field operations (field/fe64.h's representation: four
   64-bit limbs, any value in [0, 2^256) standing for itself mod p) as GCC
   inline assembly for x86-64 with BMI2 and ADX, for C code that weaves
   scalar field arithmetic into vector code.

   Why not fe64.h's calls: a call clobbers every ymm register (System V),
   so vector values live across it are spilled and reloaded, and the call
   boundary keeps the compiler from placing vector work beside the scalar
   work.  These touch only general-purpose registers and the flags, and
   their operands are the limbs themselves as memory operands, so the
   compiler keeps ymm values in registers and orders the blocks among the
   vector statements as written; the out-of-order core then runs the
   integer multiplier beside the vector units.

   fe64_inline_mul: the 4x4-limb product by mulx, two carry chains per row
   (adcx on CF, adox on OF), then t_lo + 38 t_hi (2^256 = 38 mod p) by
   mulx with 38, the top word (below 40) folded in by imul 38, and a last
   carry of at most one folded as 38 again (after a carry out the low limb
   is below 38 40, so it cannot carry twice).  fe64_inline_add and
   fe64_inline_sub: the 256-bit sum or difference, a carry (borrow) out
   folded as 38 and, if that carries again, once more (then the low limb
   is small).  Outputs in [0, 2^256), congruent to the exact result;
   outputs may alias inputs (every input limb is read before an output is
   written: mul keeps the product in registers; add and sub work on
   register copies).

   Constant time: fixed instruction sequences, no branches, no
   data-dependent addresses; mulx, imul, adc, sbb have fixed latency.
   Under the sanitizers and without optimization the same operations are
   compiled from C (same results, limb for limb; under MemorySanitizer the
   secrets' shadow then flows through them). */
#ifndef FIELD_FE64_INLINE_H
#define FIELD_FE64_INLINE_H

#include <stdint.h>
#include "field/fe64.h"

#define FE64_INLINE static inline __attribute__((always_inline))

/* C instead of the assembly: under MemorySanitizer (it cannot see into
   the assembly), under AddressSanitizer (gcc's instrumentation keeps
   registers the multiplication needs: "impossible constraints") and
   without optimization (the compilers cannot find the registers there) */
#if defined(__has_feature)
#if __has_feature(memory_sanitizer) || __has_feature(address_sanitizer)
#define FE64_INLINE_C
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || !defined(__OPTIMIZE__)
#ifndef FE64_INLINE_C
#define FE64_INLINE_C
#endif
#endif

#ifdef FE64_INLINE_C
typedef unsigned __int128 fe64_inline_u128;

/* h = r + 2^256 top mod p, top < 2^6: 38 top added, and a carry out of
   that (then r[0] is small) as 38 once more, as the assembly does */
FE64_INLINE void fe64_inline_fold(fe64 *h, uint64_t r[4], uint64_t top)
{
  fe64_inline_u128 c = (fe64_inline_u128)38 * top;
  int i;
  for (i = 0; i < 4; ++i) {
    c += r[i];
    r[i] = (uint64_t)c;
    c >>= 64;
  }
  r[0] += 38 * (uint64_t)c;
  for (i = 0; i < 4; ++i) h->v[i] = r[i];
}

/* the operations below in C: the same carries, the same outputs */
FE64_INLINE void fe64_inline_mul(fe64 *h, const fe64 *f, const fe64 *g)
{
  uint64_t t[8], r[4];
  fe64_inline_u128 c;
  int i, j;
  for (i = 0; i < 8; ++i) t[i] = 0;
  for (i = 0; i < 4; ++i) {
    c = 0;
    for (j = 0; j < 4; ++j) {
      c += (fe64_inline_u128)f->v[i] * g->v[j] + t[i + j];
      t[i + j] = (uint64_t)c;
      c >>= 64;
    }
    t[i + 4] = (uint64_t)c;
  }
  c = 0;
  for (i = 0; i < 4; ++i) {
    c += (fe64_inline_u128)38 * t[i + 4] + t[i];
    r[i] = (uint64_t)c;
    c >>= 64;
  }
  fe64_inline_fold(h, r, (uint64_t)c);
}

FE64_INLINE void fe64_inline_add(fe64 *h, const fe64 *f, const fe64 *g)
{
  uint64_t r[4];
  fe64_inline_u128 c = 0;
  int i;
  for (i = 0; i < 4; ++i) {
    c += (fe64_inline_u128)f->v[i] + g->v[i];
    r[i] = (uint64_t)c;
    c >>= 64;
  }
  fe64_inline_fold(h, r, (uint64_t)c);
}

FE64_INLINE void fe64_inline_sub(fe64 *h, const fe64 *f, const fe64 *g)
{
  uint64_t r[4], b = 0, d;
  int i;
  for (i = 0; i < 4; ++i) {
    d = f->v[i] - g->v[i] - b;
    b = ((~f->v[i] & g->v[i]) | (~(f->v[i] ^ g->v[i]) & d)) >> 63;
    r[i] = d;
  }
  b *= 38;
  for (i = 0; i < 4; ++i) {
    d = r[i] - b;
    b = ((~r[i] & b) | (~(r[i] ^ b) & d)) >> 63;
    r[i] = d;
  }
  r[0] -= 38 * b;
  for (i = 0; i < 4; ++i) h->v[i] = r[i];
}

#else

#if !defined(__x86_64__) || !defined(__GNUC__) || !defined(__BMI2__) || !defined(__ADX__)
#error "field/fe64_inline.h needs x86-64 with BMI2 and ADX (-mbmi2 -madx) and GCC inline assembly"
#endif

/* one row i >= 1 of the schoolbook product: t[i..i+3] += f_i g (rdx = f_i),
   the low halves on the OF chain, the high halves on the CF chain; the
   new top limb t[i+4] gets the high half of f_i g_3 and both carries */
#define FE64_INLINE_ROW(ti0, ti1, ti2, ti3, ti4)   \
  "xorl %%eax, %%eax\n\t"                          \
  "mulxq %[g0], %%rcx, %%rsi\n\t"                  \
  "adoxq %%rcx, " ti0 "\n\t"                       \
  "adcxq %%rsi, " ti1 "\n\t"                       \
  "mulxq %[g1], %%rcx, %%rsi\n\t"                  \
  "adoxq %%rcx, " ti1 "\n\t"                       \
  "adcxq %%rsi, " ti2 "\n\t"                       \
  "mulxq %[g2], %%rcx, %%rsi\n\t"                  \
  "adoxq %%rcx, " ti2 "\n\t"                       \
  "adcxq %%rsi, " ti3 "\n\t"                       \
  "mulxq %[g3], %%rcx, " ti4 "\n\t"                \
  "adoxq %%rcx, " ti3 "\n\t"                       \
  "adcxq %%rax, " ti4 "\n\t"                       \
  "adoxq %%rax, " ti4 "\n\t"

/* h = f g mod p */
FE64_INLINE void fe64_inline_mul(fe64 *h, const fe64 *f, const fe64 *g)
{
  uint64_t z;
  __asm__(
    /* row 0: t0..t4 = f_0 g */
    "xorl %%eax, %%eax\n\t"
    "movq %[f0], %%rdx\n\t"
    "mulxq %[g0], %%r8, %%r9\n\t"
    "mulxq %[g1], %%rcx, %%r10\n\t"
    "adcxq %%rcx, %%r9\n\t"
    "mulxq %[g2], %%rcx, %%r11\n\t"
    "adcxq %%rcx, %%r10\n\t"
    "mulxq %[g3], %%rcx, %%r12\n\t"
    "adcxq %%rcx, %%r11\n\t"
    "adcxq %%rax, %%r12\n\t"
    "movq %[f1], %%rdx\n\t"
    FE64_INLINE_ROW("%%r9", "%%r10", "%%r11", "%%r12", "%%r13")
    "movq %[f2], %%rdx\n\t"
    FE64_INLINE_ROW("%%r10", "%%r11", "%%r12", "%%r13", "%%r14")
    "movq %[f3], %%rdx\n\t"
    FE64_INLINE_ROW("%%r11", "%%r12", "%%r13", "%%r14", "%%r15")
    /* t0..t3 += 38 t4..t7, the top word into r12 (below 40) */
    "movl $38, %%edx\n\t"
    "xorl %%eax, %%eax\n\t"
    "mulxq %%r12, %%rcx, %%rsi\n\t"
    "adoxq %%rcx, %%r8\n\t"
    "adcxq %%rsi, %%r9\n\t"
    "mulxq %%r13, %%rcx, %%rsi\n\t"
    "adoxq %%rcx, %%r9\n\t"
    "adcxq %%rsi, %%r10\n\t"
    "mulxq %%r14, %%rcx, %%rsi\n\t"
    "adoxq %%rcx, %%r10\n\t"
    "adcxq %%rsi, %%r11\n\t"
    "mulxq %%r15, %%rcx, %%r12\n\t"
    "adoxq %%rcx, %%r11\n\t"
    "adcxq %%rax, %%r12\n\t"
    "adoxq %%rax, %%r12\n\t"
    "imulq $38, %%r12, %%r12\n\t"
    "addq %%r12, %%r8\n\t"
    "adcq %%rax, %%r9\n\t"
    "adcq %%rax, %%r10\n\t"
    "adcq %%rax, %%r11\n\t"
    "sbbq %%rax, %%rax\n\t"
    "andl $38, %%eax\n\t"
    "addq %%rax, %%r8\n\t"
    "movq %%r8, %[h0]\n\t"
    "movq %%r9, %[h1]\n\t"
    "movq %%r10, %[h2]\n\t"
    "movq %%r11, %[h3]\n\t"
    : [h0] "=m"(h->v[0]), [h1] "=m"(h->v[1]), [h2] "=m"(h->v[2]), [h3] "=m"(h->v[3]), "=&a"(z)
    : [f0] "m"(f->v[0]), [f1] "m"(f->v[1]), [f2] "m"(f->v[2]), [f3] "m"(f->v[3]),
      [g0] "m"(g->v[0]), [g1] "m"(g->v[1]), [g2] "m"(g->v[2]), [g3] "m"(g->v[3])
    : "rcx", "rdx", "rsi", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "cc");
}

/* h = f + g mod p */
FE64_INLINE void fe64_inline_add(fe64 *h, const fe64 *f, const fe64 *g)
{
  uint64_t a0 = f->v[0], a1 = f->v[1], a2 = f->v[2], a3 = f->v[3], c;
  __asm__(
    "addq %[g0], %[a0]\n\t"
    "adcq %[g1], %[a1]\n\t"
    "adcq %[g2], %[a2]\n\t"
    "adcq %[g3], %[a3]\n\t"
    "sbbq %[c], %[c]\n\t"
    "andq $38, %[c]\n\t"
    "addq %[c], %[a0]\n\t"
    "adcq $0, %[a1]\n\t"
    "adcq $0, %[a2]\n\t"
    "adcq $0, %[a3]\n\t"
    "sbbq %[c], %[c]\n\t"
    "andq $38, %[c]\n\t"
    "addq %[c], %[a0]\n\t"
    : [a0] "+&r"(a0), [a1] "+&r"(a1), [a2] "+&r"(a2), [a3] "+&r"(a3), [c] "=&r"(c)
    : [g0] "m"(g->v[0]), [g1] "m"(g->v[1]), [g2] "m"(g->v[2]), [g3] "m"(g->v[3])
    : "cc");
  h->v[0] = a0; h->v[1] = a1; h->v[2] = a2; h->v[3] = a3;
}

/* h = f - g mod p: a borrow out means 2^256 too much, 38 mod p */
FE64_INLINE void fe64_inline_sub(fe64 *h, const fe64 *f, const fe64 *g)
{
  uint64_t a0 = f->v[0], a1 = f->v[1], a2 = f->v[2], a3 = f->v[3], c;
  __asm__(
    "subq %[g0], %[a0]\n\t"
    "sbbq %[g1], %[a1]\n\t"
    "sbbq %[g2], %[a2]\n\t"
    "sbbq %[g3], %[a3]\n\t"
    "sbbq %[c], %[c]\n\t"
    "andq $38, %[c]\n\t"
    "subq %[c], %[a0]\n\t"
    "sbbq $0, %[a1]\n\t"
    "sbbq $0, %[a2]\n\t"
    "sbbq $0, %[a3]\n\t"
    "sbbq %[c], %[c]\n\t"
    "andq $38, %[c]\n\t"
    "subq %[c], %[a0]\n\t"
    : [a0] "+&r"(a0), [a1] "+&r"(a1), [a2] "+&r"(a2), [a3] "+&r"(a3), [c] "=&r"(c)
    : [g0] "m"(g->v[0]), [g1] "m"(g->v[1]), [g2] "m"(g->v[2]), [g3] "m"(g->v[3])
    : "cc");
  h->v[0] = a0; h->v[1] = a1; h->v[2] = a2; h->v[3] = a3;
}

#endif /* FE64_INLINE_C */

#endif
