/* SPDX-License-Identifier: MIT */
/* arm64 feature detection. Advanced SIMD (NEON) is mandatory in the
   AArch64 profile Linux runs on; HWCAP confirms it where available.
   The optional ARMv8.2 SHA512 instructions are used only when the kernel
   reports them (HWCAP_SHA512); elsewhere (no HWCAP) they count as absent.
   The raw words are AT_HWCAP and AT_HWCAP2. */
#include <lib25519.h>
#include "disable.h"
#if defined(__linux__)
#include <sys/auxv.h>
#endif

__attribute__((visibility("default"))) void lib25519_cpuid(unsigned int *out, long long outlen)
{
  unsigned long w[2] = {0, 0};
#if defined(__linux__)
  w[0] = getauxval(AT_HWCAP);
#ifdef AT_HWCAP2
  w[1] = getauxval(AT_HWCAP2);
#endif
#endif
  for (long long i = 0; i < outlen; ++i)
    out[i] = i < 4 ? (unsigned int)(w[i / 2] >> (32 * (i % 2))) : 0;
}

unsigned long long lib25519_internal_cpufeatures(void)
{
  unsigned long long f = CPU_FEATURE_arm64;
#if defined(__linux__)
  unsigned long hw = getauxval(AT_HWCAP);
  if (hw & (1UL << 1)) f |= CPU_FEATURE_neon;    /* HWCAP_ASIMD */
  if (hw & (1UL << 21)) f |= CPU_FEATURE_sha512; /* HWCAP_SHA512: sha512h/h2/su0/su1 */
#else
  f |= CPU_FEATURE_neon;
#endif
  return f & ~cpufeatures_disabled();
}
