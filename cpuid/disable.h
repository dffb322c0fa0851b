/* SPDX-License-Identifier: MIT */
/* Shared by the per-architecture cpuid files: drop the features named in
   LIB25519_DISABLE (used by tests to simulate older CPUs). */
#include <stdlib.h>
#include <string.h>
#include "cpufeatures.h"

static unsigned long long cpufeatures_disabled(void)
{
  static const struct { const char *name; unsigned long long bit; } names[] = {
    {"bmi2", CPU_FEATURE_bmi2}, {"adx", CPU_FEATURE_adx}, {"avx2", CPU_FEATURE_avx2},
    {"avx512f", CPU_FEATURE_avx512f}, {"avx512vl", CPU_FEATURE_avx512vl},
    {"avx512ifma", CPU_FEATURE_avx512ifma}, {"avx512vbmi", CPU_FEATURE_avx512vbmi},
    {"neon", CPU_FEATURE_neon},
  };
  const char *e = getenv("LIB25519_DISABLE");
  unsigned long long off = 0;
  if (!e) return 0;
  while (*e) {
    size_t n = strcspn(e, ",");
    for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i)
      if (strlen(names[i].name) == n && memcmp(names[i].name, e, n) == 0) off |= names[i].bit;
    e += n;
    if (*e == ',') ++e;
  }
  return off;
}
