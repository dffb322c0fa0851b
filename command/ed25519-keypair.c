/* SPDX-License-Identifier: MIT */
/* ed25519-keypair 5>pk 9>sk

   Generates an Ed25519 key pair (lib25519_sign_keypair) and writes the
   32-byte public key to file descriptor 5 and the 64-byte secret key (seed
   then public key) to file descriptor 9.  Both descriptors are checked
   before the key is generated, so a missing one leaves the other empty.

   Exit status: 0 on success; 111 on an I/O failure (message on stderr). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <lib25519.h>

#define PROG "ed25519-keypair"
#define PK_FD 5
#define SK_FD 9

static unsigned char pk[lib25519_sign_PUBLICKEYBYTES];
static unsigned char sk[lib25519_sign_SECRETKEYBYTES];

static void wipe_secret(void)
{
  volatile unsigned char *v = sk;
  size_t i;
  for (i = 0; i < sizeof sk; ++i) v[i] = 0;
}

static void die_io(const char *what, int fd, int err)
{
  wipe_secret();
  fprintf(stderr, "%s: fatal: %s (fd %d): %s\n", PROG, what, fd, strerror(err));
  _exit(111);
}

static void need_writable(int fd, const char *what)
{
  int fl = fcntl(fd, F_GETFL);
  if (fl == -1) die_io(what, fd, errno);
  if ((fl & O_ACCMODE) != O_WRONLY && (fl & O_ACCMODE) != O_RDWR) die_io(what, fd, EBADF);
}

static void write_exactly(int fd, const unsigned char *x, size_t len, const char *what)
{
  while (len > 0) {
    ssize_t w = write(fd, x, len);
    if (w < 0) {
      if (errno == EINTR) continue;
      die_io(what, fd, errno);
    }
    if (w == 0) die_io(what, fd, EIO);
    x += w;
    len -= (size_t)w;
  }
}

int main(void)
{
  signal(SIGPIPE, SIG_IGN);   /* report EPIPE instead of dying silently */
  need_writable(PK_FD, "public key output (5>pk) is not open for writing");
  need_writable(SK_FD, "secret key output (9>sk) is not open for writing");

  lib25519_sign_keypair(pk, sk);

  write_exactly(PK_FD, pk, sizeof pk, "cannot write public key");
  write_exactly(SK_FD, sk, sizeof sk, "cannot write secret key");
  wipe_secret();
  if (close(PK_FD) != 0) die_io("cannot close public key output", PK_FD, errno);
  if (close(SK_FD) != 0) die_io("cannot close secret key output", SK_FD, errno);
  return 0;
}
