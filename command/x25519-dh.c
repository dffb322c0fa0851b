/* SPDX-License-Identifier: MIT */
/* x25519-dh 8<sk 4<pk 7>k

   Reads a 32-byte X25519 secret key from file descriptor 8 and a 32-byte
   public key from file descriptor 4 (each must hold exactly 32 bytes: short
   reads are retried, end of file before 32 bytes or a 33rd byte is an
   error), computes the shared secret (lib25519_dh) and writes its 32 bytes
   to file descriptor 7.  Nothing is written unless both inputs are valid.

   As in the library, every public key is accepted (the top bit is ignored,
   small-order points give the all-zero secret).

   Exit status: 0 on success, 100 on bad input (wrong key length), 111 on
   any I/O failure; a message on stderr in both cases. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <lib25519.h>

#define PROG "x25519-dh"
#define SK_FD 8
#define PK_FD 4
#define K_FD 7

static unsigned char sk[lib25519_dh_SECRETKEYBYTES];
static unsigned char pk[lib25519_dh_PUBLICKEYBYTES];
static unsigned char k[lib25519_dh_BYTES];

static void wipe(void)
{
  volatile unsigned char *v;
  size_t i;
  v = sk;
  for (i = 0; i < sizeof sk; ++i) v[i] = 0;
  v = k;
  for (i = 0; i < sizeof k; ++i) v[i] = 0;
}

static void fail_io(const char *what, int fd, int err)
{
  wipe();
  fprintf(stderr, "%s: fatal: %s (fd %d): %s\n", PROG, what, fd, strerror(err));
  _exit(111);
}

static void fail_input(const char *what)
{
  wipe();
  fprintf(stderr, "%s: fatal: %s\n", PROG, what);
  _exit(100);
}

/* read exactly len bytes from fd, then make sure the input ends there */
static void read_exactly(int fd, unsigned char *x, size_t len, const char *name)
{
  char msg[80];
  unsigned char extra;
  size_t have = 0;
  ssize_t r;

  while (have < len) {
    r = read(fd, x + have, len - have);
    if (r < 0) {
      if (errno == EINTR) continue;
      snprintf(msg, sizeof msg, "cannot read %s", name);
      fail_io(msg, fd, errno);
    }
    if (r == 0) {
      snprintf(msg, sizeof msg, "%s too short (%lu bytes, want %lu)", name,
               (unsigned long)have, (unsigned long)len);
      fail_input(msg);
    }
    have += (size_t)r;
  }
  for (;;) {
    r = read(fd, &extra, 1);
    if (r < 0) {
      if (errno == EINTR) continue;
      snprintf(msg, sizeof msg, "cannot read %s", name);
      fail_io(msg, fd, errno);
    }
    break;
  }
  extra = 0;
  if (r > 0) {
    snprintf(msg, sizeof msg, "%s too long (more than %lu bytes)", name, (unsigned long)len);
    fail_input(msg);
  }
}

static void write_all(int fd, const unsigned char *x, size_t len, const char *what)
{
  while (len > 0) {
    ssize_t w = write(fd, x, len);
    if (w < 0) {
      if (errno == EINTR) continue;
      fail_io(what, fd, errno);
    }
    if (w == 0) fail_io(what, fd, EIO);
    x += w;
    len -= (size_t)w;
  }
}

int main(void)
{
  int fl = fcntl(K_FD, F_GETFL);
  if (fl == -1) fail_io("shared secret output is not open", K_FD, errno);
  if ((fl & O_ACCMODE) != O_WRONLY && (fl & O_ACCMODE) != O_RDWR)
    fail_io("shared secret output is not open for writing", K_FD, EBADF);

  read_exactly(SK_FD, sk, sizeof sk, "secret key");
  read_exactly(PK_FD, pk, sizeof pk, "public key");

  lib25519_dh(k, pk, sk);

  write_all(K_FD, k, sizeof k, "cannot write shared secret");
  wipe();
  if (close(K_FD) != 0) fail_io("cannot close shared secret output", K_FD, errno);
  return 0;
}
