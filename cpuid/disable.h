/* SPDX-License-Identifier: MIT */
/* Shared by the per-architecture cpuid files: the test-only environment
   knobs. LIB25519_DISABLE drops features (simulating older CPUs);
   LIB25519_VALGRIND_ASSUME adds ADX back under valgrind only. Both are
   read with os_secure_getenv: a setuid or setgid program ignores them. */
#include <stdlib.h>
#include <string.h>
#include "cpufeatures.h"
#include "os/secure_getenv.h"
#ifdef LIB25519_HAVE_VALGRIND
#include <valgrind/valgrind.h>
#endif

static unsigned long long cpufeatures_named(const char *e);

static unsigned long long cpufeatures_disabled(void)
{
  const char *e = os_secure_getenv("LIB25519_DISABLE");
  return e ? cpufeatures_named(e) : 0;
}

/* Valgrind 3.19 executes mulx, adcx and adox but its virtual CPU does not
   advertise ADX, which would keep the amd64-mulx code out of the data-flow
   test. Under valgrind only, LIB25519_VALGRIND_ASSUME=adx adds it back
   (lib25519-fulltest sets it). Natively it is ignored. */
__attribute__((unused)) static unsigned long long cpufeatures_assumed_under_valgrind(void)
{
#ifdef LIB25519_HAVE_VALGRIND
  if (RUNNING_ON_VALGRIND) {
    const char *e = os_secure_getenv("LIB25519_VALGRIND_ASSUME");
    return e ? cpufeatures_named(e) : 0;
  }
#endif
  return 0;
}

static unsigned long long cpufeatures_named(const char *e)
{
  static const struct { const char *name; unsigned long long bit; } names[] = {
    {"bmi1", CPU_FEATURE_bmi1}, {"bmi2", CPU_FEATURE_bmi2}, {"adx", CPU_FEATURE_adx}, {"avx2", CPU_FEATURE_avx2},
    {"avx512f", CPU_FEATURE_avx512f}, {"avx512vl", CPU_FEATURE_avx512vl},
    {"avx512ifma", CPU_FEATURE_avx512ifma}, {"avx512vbmi", CPU_FEATURE_avx512vbmi},
    {"neon", CPU_FEATURE_neon},
    {"sha512", CPU_FEATURE_sha512},
    {"inorder", CPU_FEATURE_inorder},
    {"apple", CPU_FEATURE_apple},
    {"intel", CPU_FEATURE_intel},
  };
  unsigned long long bits = 0;
  while (*e) {
    size_t n = strcspn(e, ",");
    for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i)
      if (strlen(names[i].name) == n && memcmp(names[i].name, e, n) == 0) bits |= names[i].bit;
    e += n;
    if (*e == ',') ++e;
  }
  return bits;
}
