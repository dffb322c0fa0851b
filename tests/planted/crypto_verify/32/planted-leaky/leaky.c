/* SPDX-License-Identifier: MIT */
/* Planted, test builds only: correct answers, but returns at the first
   differing byte, so its running time depends on secret data. The valgrind
   data-flow test must report it. */
#include "crypto_verify.h"

int crypto_verify(const unsigned char *x, const unsigned char *y)
{
  for (int i = 0; i < crypto_verify_BYTES; ++i)
    if (x[i] != y[i]) return -1;
  return 0;
}
