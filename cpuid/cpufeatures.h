/* SPDX-License-Identifier: MIT */
/* Instruction-set bits reported by lib25519_internal_cpufeatures().
   The names after CPU_FEATURE_ are the words used in `architectures` files. */
#ifndef CPUID_CPUFEATURES_H
#define CPUID_CPUFEATURES_H

#define CPU_FEATURE_amd64 (1ULL << 0)
#define CPU_FEATURE_bmi2 (1ULL << 1)
#define CPU_FEATURE_adx (1ULL << 2)
#define CPU_FEATURE_avx2 (1ULL << 3)
#define CPU_FEATURE_avx512f (1ULL << 4)
#define CPU_FEATURE_avx512vl (1ULL << 5)
#define CPU_FEATURE_avx512ifma (1ULL << 6)
#define CPU_FEATURE_avx512vbmi (1ULL << 7)
#define CPU_FEATURE_bmi1 (1ULL << 8)
/* amd64: not an instruction set but the vendor: CPUID leaf 0 says
   "GenuineIntel". Intel's cores add with carry cheaply next to their
   vector units, AMD's Zen cores do not, so the same AVX2 CPU wants
   different code (the class amd64-avx2-intel has an order of its own). */
#define CPU_FEATURE_intel (1ULL << 9)
#define CPU_FEATURE_arm64 (1ULL << 16)
#define CPU_FEATURE_neon (1ULL << 17)
#define CPU_FEATURE_sha512 (1ULL << 18) /* arm64: FEAT_SHA512, HWCAP_SHA512 */
/* arm64: not an instruction set but how the core issues them: an Arm
   core that executes in program order (Cortex-A53, A55, A35, A510, ...),
   named by MIDR_EL1. Its class gets a candidate order of its own, since
   the fastest code for an in-order core is not the fastest elsewhere. */
#define CPU_FEATURE_inorder (1ULL << 19)
/* arm64: an Apple core (MIDR implementer 0x61): wide, one integer
   multiplier against several vector ones, so the class arm64-apple runs
   the hybrid NEON and integer ladder (cpuid/arm64.c) */
#define CPU_FEATURE_apple (1ULL << 20)

/* what this CPU and OS can run, minus anything named in the environment
   variable LIB25519_DISABLE (comma-separated feature names; it can only take
   features away, for testing fallbacks) */
extern unsigned long long lib25519_internal_cpufeatures(void) __attribute__((visibility("hidden")));

#endif
