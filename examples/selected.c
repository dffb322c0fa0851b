/* SPDX-License-Identifier: MIT */
/* Print which implementation lib25519 chose for each primitive on this CPU,
   and the candidates it considered, best first.
   Build: cc selected.c $(pkg-config --cflags --libs lib25519) */
#include <stdio.h>
#include <lib25519.h>

#define SHOW(p)                                                                     \
  do {                                                                              \
    printf("%-24s %s (%s)\n", #p, lib25519_##p##_implementation(), lib25519_##p##_compiler()); \
    for (long long i = 0; i < lib25519_numimpl_##p(); ++i)                          \
      printf("%24s   candidate %lld: %s (%s)\n", "", i,                            \
             lib25519_dispatch_##p##_implementation(i), lib25519_dispatch_##p##_compiler(i)); \
  } while (0)

int main(void)
{
  printf("lib25519 %s on %s\n", lib25519_version, lib25519_arch);
  SHOW(verify_32);
  SHOW(hashblocks_sha512);
  SHOW(hash_sha512);
#ifdef lib25519_pow_inv25519_BYTES
  SHOW(pow_inv25519);
  SHOW(powbatch_inv25519);
  SHOW(nP_montgomery25519);
  SHOW(nPbatch_montgomery25519);
  SHOW(nG_montgomery25519);
  SHOW(dh_x25519);
#endif
#ifdef lib25519_sign_ed25519_BYTES
  SHOW(nG_merged25519);
  SHOW(mGnP_ed25519);
  SHOW(multiscalar_ed25519);
  SHOW(sign_ed25519);
#endif
  return 0;
}
