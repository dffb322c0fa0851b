/* SPDX-License-Identifier: MIT */
/* amd64 feature detection: CPUID for what the CPU has, XGETBV for what the
   OS saves on context switch (AVX needs YMM state, AVX-512 also opmask and
   ZMM state); a feature is reported only when both agree. */
#include <lib25519.h>
#include "disable.h"

static void cpuid(unsigned int leaf, unsigned int sub, unsigned int r[4])
{
  __asm__ volatile("cpuid" : "=a"(r[0]), "=b"(r[1]), "=c"(r[2]), "=d"(r[3]) : "a"(leaf), "c"(sub));
}

static unsigned long long xgetbv0(void)
{
  unsigned int lo, hi;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return ((unsigned long long)hi << 32) | lo;
}

/* words: leaf 0 (eax ebx ecx edx), leaf 1 (4), leaf 7.0 (4), xcr0 (2 or 0,0) */
__attribute__((visibility("default"))) void lib25519_cpuid(unsigned int *out, long long outlen)
{
  unsigned int w[14] = {0};
  cpuid(0, 0, w);
  if (w[0] >= 1) cpuid(1, 0, w + 4);
  if (w[0] >= 7) cpuid(7, 0, w + 8);
  if (w[6] & (1u << 27)) {
    unsigned long long x = xgetbv0();
    w[12] = (unsigned int)x;
    w[13] = (unsigned int)(x >> 32);
  }
  for (long long i = 0; i < outlen; ++i) out[i] = i < 14 ? w[i] : 0;
}

unsigned long long lib25519_internal_cpufeatures(void)
{
  unsigned int w[14];
  unsigned long long f = CPU_FEATURE_amd64;
  lib25519_cpuid(w, 14);
  unsigned int ebx7 = w[9], ecx7 = w[10];
  unsigned long long xcr0 = ((unsigned long long)w[13] << 32) | w[12];
  int osavx = (w[6] & (1u << 27)) && (w[6] & (1u << 28)) && (xcr0 & 6) == 6;
  int osavx512 = osavx && (xcr0 & 0xe0) == 0xe0;
  /* leaf 0 EBX EDX ECX: "Genu" "ineI" "ntel" */
  if (w[1] == 0x756e6547 && w[3] == 0x49656e69 && w[2] == 0x6c65746e) f |= CPU_FEATURE_intel;
  if (ebx7 & (1u << 3)) f |= CPU_FEATURE_bmi1; /* andn, bextr, blsi, blsmsk, blsr, tzcnt */
  if (ebx7 & (1u << 8)) f |= CPU_FEATURE_bmi2; /* mulx, rorx, sarx, shlx, shrx, bzhi, pdep, pext */
  if (ebx7 & (1u << 19)) f |= CPU_FEATURE_adx;
  if (osavx && (ebx7 & (1u << 5))) f |= CPU_FEATURE_avx2;
  if (osavx512 && (ebx7 & (1u << 16))) {
    f |= CPU_FEATURE_avx512f;
    if (ebx7 & (1u << 31)) f |= CPU_FEATURE_avx512vl;
    if (ebx7 & (1u << 21)) f |= CPU_FEATURE_avx512ifma;
    if (ecx7 & (1u << 1)) f |= CPU_FEATURE_avx512vbmi;
  }
  f |= cpufeatures_assumed_under_valgrind() & CPU_FEATURE_adx;
  return f & ~cpufeatures_disabled();
}
