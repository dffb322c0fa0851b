/* SPDX-License-Identifier: MIT */
/* arm64 feature detection. Advanced SIMD (NEON) is mandatory in the
   AArch64 profile Linux runs on; HWCAP confirms it where available.
   The optional ARMv8.2 SHA512 instructions are used only when the kernel
   reports them (HWCAP_SHA512); elsewhere (no HWCAP) they count as absent.

   In-order cores: where the kernel emulates reads of the ID registers
   from user space (HWCAP_CPUID, Linux 4.11 on), MIDR_EL1 names the core;
   Arm's in-order application cores get CPU_FEATURE_inorder and with it
   the class arm64-inorder (cpuid/classes). Reading MIDR costs no system
   call and no file. It names the core this thread runs on when the
   dispatcher first runs: on a big.LITTLE system that may be either kind,
   and the other kind then runs code ordered for its sibling (correct,
   only slower).  Apple's cores (implementer 0x61) get CPU_FEATURE_apple
   and the class arm64-apple: under the models they alone prefer the
   hybrid NEON and integer ladder (fe64arm-fe26x2-ladder).

   The raw words are AT_HWCAP and AT_HWCAP2 (words 0-3) and MIDR_EL1
   (words 4-5, zero without HWCAP_CPUID). */
#include <lib25519.h>
#include "disable.h"
#if defined(__linux__)
#include <sys/auxv.h>
#endif

#define HWCAP_ASIMD_BIT (1UL << 1)
#define HWCAP_CPUID_BIT (1UL << 11)
#define HWCAP_SHA512_BIT (1UL << 21)

static unsigned long arm64_midr(void)
{
  unsigned long midr = 0;
#if defined(__linux__) && defined(__aarch64__)
  /* without HWCAP_CPUID the mrs would trap (SIGILL) */
  if (getauxval(AT_HWCAP) & HWCAP_CPUID_BIT) __asm__ volatile("mrs %0, midr_el1" : "=r"(midr));
#endif
  return midr;
}

/* Arm Ltd (implementer 0x41) cores that issue in program order:
   Cortex-A32, A34, A35, A53, A55, A510, A520 (part numbers) */
static int arm64_midr_inorder(unsigned long midr)
{
  static const unsigned short parts[] = {0xd01, 0xd02, 0xd04, 0xd03, 0xd05, 0xd46, 0xd80};
  if (((midr >> 24) & 0xff) != 0x41) return 0;
  for (unsigned int i = 0; i < sizeof parts / sizeof parts[0]; ++i)
    if (((midr >> 4) & 0xfff) == parts[i]) return 1;
  return 0;
}

/* Apple (implementer 0x61): every Apple core, whatever its part */
static int arm64_midr_apple(unsigned long midr)
{
  return ((midr >> 24) & 0xff) == 0x61;
}

__attribute__((visibility("default"))) void lib25519_cpuid(unsigned int *out, long long outlen)
{
  unsigned long w[3] = {0, 0, 0};
#if defined(__linux__)
  w[0] = getauxval(AT_HWCAP);
#ifdef AT_HWCAP2
  w[1] = getauxval(AT_HWCAP2);
#endif
#endif
  w[2] = arm64_midr();
  for (long long i = 0; i < outlen; ++i)
    out[i] = i < 6 ? (unsigned int)(w[i / 2] >> (32 * (i % 2))) : 0;
}

unsigned long long lib25519_internal_cpufeatures(void)
{
  unsigned long long f = CPU_FEATURE_arm64;
#if defined(__linux__)
  unsigned long hw = getauxval(AT_HWCAP);
  if (hw & HWCAP_ASIMD_BIT) f |= CPU_FEATURE_neon;
  if (hw & HWCAP_SHA512_BIT) f |= CPU_FEATURE_sha512; /* sha512h/h2/su0/su1 */
#else
  f |= CPU_FEATURE_neon;
#endif
  if (arm64_midr_inorder(arm64_midr())) f |= CPU_FEATURE_inorder;
  if (arm64_midr_apple(arm64_midr())) f |= CPU_FEATURE_apple;
  return f & ~cpufeatures_disabled();
}
