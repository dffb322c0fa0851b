/* SPDX-License-Identifier: MIT */
/* Architectures without detection: no optional instruction sets. */
#include <lib25519.h>
#include "cpufeatures.h"

__attribute__((visibility("default"))) void lib25519_cpuid(unsigned int *out, long long outlen)
{
  for (long long i = 0; i < outlen; ++i) out[i] = 0;
}

unsigned long long lib25519_internal_cpufeatures(void) { return 0; }
