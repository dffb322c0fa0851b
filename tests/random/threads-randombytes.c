/* SPDX-License-Identifier: MIT */
/* randombytes/randombytes.c alone under ThreadSanitizer
   (tests/check-random.sh): 40 threads whose first calls race to set up the
   vDSO generator's pool, then share its 32 states (more threads than
   states, so some calls also take the system-call path). */
#include <pthread.h>
#include <stdio.h>
#include "os/randombytes.h"

static void *run(void *arg)
{
  unsigned char b[32];
  int i;
  for (i = 0; i < 2000; ++i) randombytes(b, sizeof b);
  (void)arg;
  return 0;
}

int main(void)
{
  pthread_t t[40];
  int i;
  for (i = 0; i < 40; ++i)
    if (pthread_create(&t[i], 0, run, 0) != 0) return 1;
  for (i = 0; i < 40; ++i) pthread_join(t[i], 0);
  puts("40 threads x 2000 calls done");
  return 0;
}
