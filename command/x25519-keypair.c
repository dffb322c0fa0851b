/* SPDX-License-Identifier: MIT */
/* x25519-keypair 5>pk 9>sk

   Generates an X25519 key pair (lib25519_dh_keypair) and writes the 32-byte
   public key to file descriptor 5 and the 32-byte secret key to file
   descriptor 9.  Both descriptors are checked before anything is generated
   or written, so a missing one leaves the other untouched.

   Exit status: 0 on success, 111 on any I/O failure (message on stderr). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <lib25519.h>

#define PROG "x25519-keypair"
#define PK_FD 5
#define SK_FD 9

static unsigned char pk[lib25519_dh_PUBLICKEYBYTES];
static unsigned char sk[lib25519_dh_SECRETKEYBYTES];

static void wipe(void)
{
  volatile unsigned char *v = sk;
  size_t i;
  for (i = 0; i < sizeof sk; ++i) v[i] = 0;
}

static void fail(const char *what, int fd, int err)
{
  wipe();
  fprintf(stderr, "%s: fatal: %s (fd %d): %s\n", PROG, what, fd, strerror(err));
  _exit(111);
}

/* fd must be open for writing */
static void check_writable(int fd, const char *what)
{
  int fl = fcntl(fd, F_GETFL);
  if (fl == -1) fail(what, fd, errno);
  if ((fl & O_ACCMODE) != O_WRONLY && (fl & O_ACCMODE) != O_RDWR) fail(what, fd, EBADF);
}

static void write_all(int fd, const unsigned char *x, size_t len, const char *what)
{
  while (len > 0) {
    ssize_t w = write(fd, x, len);
    if (w < 0) {
      if (errno == EINTR) continue;
      fail(what, fd, errno);
    }
    if (w == 0) fail(what, fd, EIO);
    x += w;
    len -= (size_t)w;
  }
}

int main(void)
{
  check_writable(PK_FD, "public key output is not open for writing");
  check_writable(SK_FD, "secret key output is not open for writing");

  lib25519_dh_keypair(pk, sk);

  write_all(PK_FD, pk, sizeof pk, "cannot write public key");
  write_all(SK_FD, sk, sizeof sk, "cannot write secret key");
  wipe();
  if (close(PK_FD) != 0) fail("cannot close public key output", PK_FD, errno);
  if (close(SK_FD) != 0) fail("cannot close secret key output", SK_FD, errno);
  return 0;
}
