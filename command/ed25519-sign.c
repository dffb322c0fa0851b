/* SPDX-License-Identifier: MIT */
/* ed25519-sign 8<sk <m >sm

   Reads a 64-byte Ed25519 secret key (as written by ed25519-keypair) from
   file descriptor 8 and a message of any length from standard input, and
   writes the signed message (64-byte signature, then the message) to
   standard output.  The message is read into a buffer that grows as
   needed (overflow and allocation failure are checked) with 64 spare bytes
   in front, and signed in place.

   Exit status: 0 on success; 100 if the secret key is not exactly 64
   bytes; 111 on an I/O failure or lack of memory (message on stderr).
   The secret key is wiped from memory before exit. */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <lib25519.h>

#define PROG "ed25519-sign"
#define SK_FD 8

static unsigned char sk[lib25519_sign_SECRETKEYBYTES + 1];

static void wipe_secret(void)
{
  volatile unsigned char *v = sk;
  size_t i;
  for (i = 0; i < sizeof sk; ++i) v[i] = 0;
}

static void die(int code, const char *what, int fd, int err)
{
  wipe_secret();
  if (err) fprintf(stderr, "%s: fatal: %s (fd %d): %s\n", PROG, what, fd, strerror(err));
  else fprintf(stderr, "%s: fatal: %s\n", PROG, what);
  _exit(code);
}

/* read up to len bytes, stopping early only at end of file */
static size_t read_upto(int fd, unsigned char *x, size_t len, const char *what)
{
  size_t got = 0;
  while (got < len) {
    ssize_t r = read(fd, x + got, len - got);
    if (r < 0) {
      if (errno == EINTR) continue;
      die(111, what, fd, errno);
    }
    if (r == 0) break;
    got += (size_t)r;
  }
  return got;
}

static void write_exactly(int fd, const unsigned char *x, size_t len, const char *what)
{
  while (len > 0) {
    ssize_t w = write(fd, x, len);
    if (w < 0) {
      if (errno == EINTR) continue;
      die(111, what, fd, errno);
    }
    if (w == 0) die(111, what, fd, EIO);
    x += w;
    len -= (size_t)w;
  }
}

int main(void)
{
  unsigned char *buf;
  size_t cap = 65536, len = 0, n;
  long long smlen;

  signal(SIGPIPE, SIG_IGN);

  /* the key: exactly 64 bytes (read one more to detect a longer file) */
  n = read_upto(SK_FD, sk, sizeof sk, "cannot read secret key (8<sk)");
  if (n != lib25519_sign_SECRETKEYBYTES) {
    char msg[128];
    snprintf(msg, sizeof msg, "secret key has %s%zu bytes, want exactly %d",
             n > lib25519_sign_SECRETKEYBYTES ? "more than " : "", n > lib25519_sign_SECRETKEYBYTES ? n - 1 : n,
             lib25519_sign_SECRETKEYBYTES);
    die(100, msg, SK_FD, 0);
  }

  /* the message, after 64 spare bytes for the signature */
  buf = malloc(cap);
  if (!buf) die(111, "out of memory", 0, 0);
  for (;;) {
    if (cap - 64 - len == 0) {
      unsigned char *nb;
      if (cap > SIZE_MAX / 2 || cap > (size_t)(LLONG_MAX / 2)) die(111, "message too long", 0, 0);
      nb = realloc(buf, cap * 2);
      if (!nb) die(111, "out of memory reading the message", 0, 0);
      buf = nb;
      cap *= 2;
    }
    n = read_upto(0, buf + 64 + len, cap - 64 - len, "cannot read message (standard input)");
    if (n == 0) break;
    len += n;
  }

  lib25519_sign(buf, &smlen, buf + 64, (long long)len, sk);
  wipe_secret();

  write_exactly(1, buf, (size_t)smlen, "cannot write signed message (standard output)");
  if (close(1) != 0) die(111, "cannot close standard output", 1, errno);
  free(buf);
  return 0;
}
