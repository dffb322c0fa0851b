/* SPDX-License-Identifier: MIT */
/* ed25519-open 4<pk <sm >m

   Reads a 32-byte Ed25519 public key from file descriptor 4 and a signed
   message (64-byte signature, then the message) from standard input,
   verifies it (lib25519_sign_open) and, only if the signature is valid,
   writes the message to standard output.  For a forged or corrupted signed
   message nothing at all is written to standard output.

   Exit status: 0 on success; 100 if the public key is not exactly 32
   bytes, the input is shorter than a signature, or the signature is not
   valid; 111 on an I/O failure or lack of memory (message on stderr). */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <lib25519.h>

#define PROG "ed25519-open"
#define PK_FD 4

static void die(int code, const char *what, int fd, int err)
{
  if (err) fprintf(stderr, "%s: fatal: %s (fd %d): %s\n", PROG, what, fd, strerror(err));
  else fprintf(stderr, "%s: fatal: %s\n", PROG, what);
  _exit(code);
}

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
  unsigned char pk[lib25519_sign_PUBLICKEYBYTES + 1], *buf;
  size_t cap = 65536, len = 0, n;
  long long mlen;

  signal(SIGPIPE, SIG_IGN);

  n = read_upto(PK_FD, pk, sizeof pk, "cannot read public key (4<pk)");
  if (n != lib25519_sign_PUBLICKEYBYTES) {
    char msg[128];
    snprintf(msg, sizeof msg, "public key has %s%zu bytes, want exactly %d",
             n > lib25519_sign_PUBLICKEYBYTES ? "more than " : "", n > lib25519_sign_PUBLICKEYBYTES ? n - 1 : n,
             lib25519_sign_PUBLICKEYBYTES);
    die(100, msg, PK_FD, 0);
  }

  buf = malloc(cap);
  if (!buf) die(111, "out of memory", 0, 0);
  for (;;) {
    if (cap == len) {
      unsigned char *nb;
      if (cap > SIZE_MAX / 2 || cap > (size_t)(LLONG_MAX / 2)) die(111, "signed message too long", 0, 0);
      nb = realloc(buf, cap * 2);
      if (!nb) die(111, "out of memory reading the signed message", 0, 0);
      buf = nb;
      cap *= 2;
    }
    n = read_upto(0, buf + len, cap - len, "cannot read signed message (standard input)");
    if (n == 0) break;
    len += n;
  }

  if (len < lib25519_sign_BYTES) die(100, "input is shorter than a signature (64 bytes)", 0, 0);
  if (lib25519_sign_open(buf, &mlen, buf, (long long)len, pk) != 0)
    die(100, "signature verification failed: forged or corrupted signed message", 0, 0);

  write_exactly(1, buf, (size_t)mlen, "cannot write message (standard output)");
  if (close(1) != 0) die(111, "cannot close standard output", 1, errno);
  free(buf);
  return 0;
}
