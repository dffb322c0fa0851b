/* SPDX-License-Identifier: MIT */
/* Properties of the library's randomness as a program sees it through
   lib25519_dh_keypair (sk = 32 fresh bytes): fresh after fork in parent
   and child (the vDSO generator's state must not be shared), fresh across
   many concurrent threads (more threads than the pool has states, so the
   system-call fallback runs too), and no repeats or constant bytes over
   many calls.  Run by tests/check-random.sh with and without the vDSO. */
#include <lib25519.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define THREADS 48
#define PER_THREAD 200
#define SEQUENTIAL 4096

static unsigned char keys[THREADS * PER_THREAD + SEQUENTIAL + 16][32];
static int failures;

static void fail(const char *what)
{
  printf("FAIL: %s\n", what);
  ++failures;
}

static int cmp32(const void *a, const void *b) { return memcmp(a, b, 32); }

static void *thread_main(void *arg)
{
  unsigned char pk[32];
  long t = (long)arg;
  int i;
  for (i = 0; i < PER_THREAD; ++i) lib25519_dh_keypair(pk, keys[t * PER_THREAD + i]);
  return 0;
}

/* parent and child each make a key right after fork; they must differ */
static void fork_check(int rounds)
{
  int r;
  for (r = 0; r < rounds; ++r) {
    unsigned char pk[32], sk[32], child_sk[32];
    int fd[2], status;
    pid_t pid;
    if (pipe(fd) != 0) { fail("pipe"); return; }
    lib25519_dh_keypair(pk, sk); /* generator state in use before the fork */
    pid = fork();
    if (pid < 0) { fail("fork"); return; }
    if (pid == 0) {
      lib25519_dh_keypair(pk, sk);
      _exit(write(fd[1], sk, 32) == 32 ? 0 : 1);
    }
    lib25519_dh_keypair(pk, sk);
    close(fd[1]);
    if (read(fd[0], child_sk, 32) != 32) fail("read from child");
    close(fd[0]);
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) fail("child");
    if (memcmp(sk, child_sk, 32) == 0) { fail("parent and child drew the same bytes after fork"); return; }
  }
}

int main(int argc, char **argv)
{
  pthread_t th[THREADS];
  long t;
  int i, n = 0, counts[256] = { 0 };
  unsigned char pk[32];

  if (argc > 1) { /* "random-check N": just N keypairs (for strace) */
    for (i = 0; i < atoi(argv[1]); ++i) lib25519_dh_keypair(pk, keys[0]);
    return 0;
  }

  /* the threads come first: they race to set up the generator's pool
     (and the dispatcher) on their first calls */
  for (t = 0; t < THREADS; ++t)
    if (pthread_create(&th[t], 0, thread_main, (void *)t) != 0) fail("pthread_create");
  for (t = 0; t < THREADS; ++t) pthread_join(th[t], 0);
  n = THREADS * PER_THREAD;
  for (i = 0; i < SEQUENTIAL; ++i) lib25519_dh_keypair(pk, keys[n++]);

  qsort(keys, (size_t)n, 32, cmp32);
  for (i = 1; i < n; ++i)
    if (memcmp(keys[i - 1], keys[i], 32) == 0) { fail("a 32-byte secret key repeated"); break; }
  /* byte frequencies over n*32 bytes: each value expected n/8 times; a
     stuck or biased generator is far outside +-50% */
  for (i = 0; i < n * 32; ++i) counts[keys[i / 32][i % 32]]++;
  for (i = 0; i < 256; ++i)
    if (counts[i] < n / 16 || counts[i] > n / 8 + n / 16) { fail("byte frequencies"); break; }

  fork_check(40);
  if (!failures) printf("%d keys from %d threads and one, fork x40: all distinct\n", n, THREADS);
  return failures != 0;
}
