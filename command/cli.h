/* SPDX-License-Identifier: MIT */
/* What the five file-descriptor tools (x25519-keypair, x25519-dh,
   ed25519-keypair, ed25519-sign, ed25519-open) share: fatal errors as one
   line on stderr ("PROG: fatal: what (fd N): reason") and an exit status,
   with every registered secret wiped first; reads and writes that retry
   EINTR and short transfers; input that grows a buffer with overflow and
   allocation checked.  The including tool defines PROG. */
#ifndef CLI_H
#define CLI_H

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CLI_FN static __attribute__((unused))

/* the exit statuses of the tools (doc/man/x25519-cli.1.md, ed25519-cli.1.md):
   100 for bad input (wrong key length, forged message), 111 for I/O errors */
#define CLI_BADINPUT 100
#define CLI_IOERROR 111

static struct {
  unsigned char *p;
  size_t len;
} cli_secrets[2];

/* x..x+len-1 will hold a secret: wiped before any exit through cli_die
   (and by cli_wipe) */
CLI_FN void cli_secret(unsigned char *x, size_t len)
{
  int i;
  for (i = 0; i < 2; ++i)
    if (!cli_secrets[i].p) {
      cli_secrets[i].p = x;
      cli_secrets[i].len = len;
      return;
    }
  abort();
}

CLI_FN void cli_wipe(void)
{
  int i;
  for (i = 0; i < 2; ++i) {
    volatile unsigned char *v = cli_secrets[i].p;
    size_t j;
    for (j = 0; v && j < cli_secrets[i].len; ++j) v[j] = 0;
  }
}

/* err = 0: no system error to report (then fd is not shown either) */
CLI_FN void cli_die(int code, const char *what, int fd, int err)
{
  cli_wipe();
  if (err) fprintf(stderr, "%s: fatal: %s (fd %d): %s\n", PROG, what, fd, strerror(err));
  else fprintf(stderr, "%s: fatal: %s\n", PROG, what);
  _exit(code);
}

/* a write to a closed pipe reports EPIPE instead of killing us silently */
CLI_FN void cli_start(void)
{
  signal(SIGPIPE, SIG_IGN);
}

/* fd must be open for writing: checked before anything is computed, so a
   missing output leaves the others untouched */
CLI_FN void cli_need_writable(int fd, const char *what)
{
  int fl = fcntl(fd, F_GETFL);
  if (fl == -1) cli_die(CLI_IOERROR, what, fd, errno);
  if ((fl & O_ACCMODE) != O_WRONLY && (fl & O_ACCMODE) != O_RDWR) cli_die(CLI_IOERROR, what, fd, EBADF);
}

/* up to len bytes, fewer only at end of file */
CLI_FN size_t cli_read_upto(int fd, unsigned char *x, size_t len, const char *what)
{
  size_t got = 0;
  while (got < len) {
    ssize_t r = read(fd, x + got, len - got);
    if (r < 0) {
      if (errno == EINTR) continue;
      cli_die(CLI_IOERROR, what, fd, errno);
    }
    if (r == 0) break;
    got += (size_t)r;
  }
  return got;
}

CLI_FN void cli_write_all(int fd, const unsigned char *x, size_t len, const char *what)
{
  while (len > 0) {
    ssize_t w = write(fd, x, len);
    if (w < 0) {
      if (errno == EINTR) continue;
      cli_die(CLI_IOERROR, what, fd, errno);
    }
    if (w == 0) cli_die(CLI_IOERROR, what, fd, EIO);
    x += w;
    len -= (size_t)w;
  }
}

/* all of fd into a malloc'ed buffer with `front` spare bytes before the
   data; *len = the number of bytes read.  name says what is read, for the
   messages ("message", "signed message"). */
CLI_FN unsigned char *cli_read_all(int fd, size_t front, size_t *len, const char *name, const char *what)
{
  size_t cap = 65536, n;
  unsigned char *buf = malloc(cap);
  char msg[96];

  *len = 0;
  if (!buf) cli_die(CLI_IOERROR, "out of memory", 0, 0);
  for (;;) {
    if (cap - front - *len == 0) {
      unsigned char *nb;
      if (cap > SIZE_MAX / 2 || cap > (size_t)(LLONG_MAX / 2)) {
        snprintf(msg, sizeof msg, "%s too long", name);
        cli_die(CLI_IOERROR, msg, 0, 0);
      }
      nb = realloc(buf, cap * 2);
      if (!nb) {
        snprintf(msg, sizeof msg, "out of memory reading the %s", name);
        cli_die(CLI_IOERROR, msg, 0, 0);
      }
      buf = nb;
      cap *= 2;
    }
    n = cli_read_upto(fd, buf + front + *len, cap - front - *len, what);
    if (n == 0) return buf;
    *len += n;
  }
}

/* a key file of exactly len bytes (one more is read to detect a longer
   file); a wrong length exits with CLI_BADINPUT */
CLI_FN void cli_read_key(int fd, unsigned char *x, size_t len, const char *name, const char *what)
{
  size_t n = cli_read_upto(fd, x, len + 1, what); /* x has len + 1 bytes */
  char msg[128];
  if (n != len) {
    snprintf(msg, sizeof msg, "%s has %s%zu bytes, want exactly %zu", name, n > len ? "more than " : "",
             n > len ? n - 1 : n, len);
    cli_die(CLI_BADINPUT, msg, fd, 0);
  }
}

/* the whole of a keypair tool: both outputs checked first, then the keys
   generated and written (public key first), the secret wiped */
CLI_FN int cli_keypair_main(void (*keypair)(unsigned char *, unsigned char *), unsigned char *pk, size_t pklen,
                            int pkfd, const char *pkwhat, unsigned char *sk, size_t sklen, int skfd,
                            const char *skwhat)
{
  cli_start();
  cli_secret(sk, sklen);
  cli_need_writable(pkfd, pkwhat);
  cli_need_writable(skfd, skwhat);

  keypair(pk, sk);

  cli_write_all(pkfd, pk, pklen, "cannot write public key");
  cli_write_all(skfd, sk, sklen, "cannot write secret key");
  cli_wipe();
  if (close(pkfd) != 0) cli_die(CLI_IOERROR, "cannot close public key output", pkfd, errno);
  if (close(skfd) != 0) cli_die(CLI_IOERROR, "cannot close secret key output", skfd, errno);
  return 0;
}

#endif
