/* SPDX-License-Identifier: MIT */
/* OS randomness for keys and signing nonces. getrandom() blocks until the
   kernel pool is initialised, then never fails for requests this size; we
   retry on EINTR and short reads, fall back to /dev/urandom where the system
   call does not exist, and abort rather than ever return weak bytes.
   Output is secret: under valgrind it is marked undefined so the data-flow
   test follows it. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif
#include "randombytes.h"
#include "crypto_declassify.h"

static int from_getrandom(unsigned char *x, long long xlen)
{
#if defined(__linux__) && defined(SYS_getrandom)
  while (xlen > 0) {
    long long chunk = xlen < 1048576 ? xlen : 1048576;
    long r = syscall(SYS_getrandom, x, (size_t)chunk, 0);
    if (r < 0) {
      if (errno == EINTR) continue;
      return -1; /* ENOSYS or seccomp: try the device */
    }
    x += r;
    xlen -= r;
  }
  return 0;
#else
  (void)x;
  (void)xlen;
  return -1;
#endif
}

static void from_device(unsigned char *x, long long xlen)
{
  int fd;
  for (;;) {
    fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd >= 0) break;
    if (errno != EINTR) abort();
  }
  while (xlen > 0) {
    long long chunk = xlen < 1048576 ? xlen : 1048576;
    ssize_t r = read(fd, x, (size_t)chunk);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) abort();
    x += r;
    xlen -= r;
  }
  close(fd);
}

void randombytes(void *x, long long xlen)
{
  if (xlen <= 0) return;
  if (from_getrandom(x, xlen) != 0) from_device(x, xlen);
  crypto_secret(x, xlen);
}
