/* SPDX-License-Identifier: MIT */
/* tests/check-classes.sh: what the dispatcher chose on this CPU (after
   LIB25519_DISABLE), and which candidates it could have run. Output: the
   header lines of lib25519-speed that scripts/gen/prioritize --class-of reads
   (arch, cpuid, disable), then per primitive
     P selected IMPL COMPILER
     P runnable IMPL COMPILER      (one line per candidate this CPU can run) */
#include <stdio.h>
#include <stdlib.h>
#include <lib25519.h>

#define SHOW(P)                                                                         \
  do {                                                                                  \
    printf("%s selected %s %s\n", #P, lib25519_##P##_implementation(), lib25519_##P##_compiler()); \
    for (long long i = 0; i < lib25519_numimpl_##P(); ++i)                              \
      printf("%s runnable %s %s\n", #P, lib25519_dispatch_##P##_implementation(i),      \
             lib25519_dispatch_##P##_compiler(i));                                      \
  } while (0)

int main(void)
{
  unsigned int w[16];
  const char *d = getenv("LIB25519_DISABLE");
  printf("lib25519 arch %s\n", lib25519_arch);
  lib25519_cpuid(w, 16);
  printf("cpuid");
  for (int i = 0; i < 16; ++i) printf(" %08x", w[i]);
  printf("\n");
  if (d && *d) printf("lib25519 disable %s\n", d);
  SHOW(verify_32);
  SHOW(hashblocks_sha512);
  SHOW(hash_sha512);
  SHOW(pow_inv25519);
  SHOW(powbatch_inv25519);
  SHOW(nP_montgomery25519);
  SHOW(nPbatch_montgomery25519);
  SHOW(nG_merged25519);
  SHOW(nG_montgomery25519);
  SHOW(mGnP_ed25519);
  SHOW(multiscalar_ed25519);
  SHOW(dh_x25519);
  SHOW(sign_ed25519);
  return 0;
}
