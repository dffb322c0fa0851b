/* SPDX-License-Identifier: MIT */
/* What the five file-descriptor tools (x25519-keypair, x25519-dh,
   ed25519-keypair, ed25519-sign, ed25519-open) share.

   They are drop-ins for lib25519's tools of the same names, so what a
   script can observe is lib25519's behaviour, measured case by case
   (tests/cli-table.sh): the exit status (0, 100 only for a signed message
   that does not verify, 111 for everything else), and every byte written to
   standard output and the output descriptors, including how much of a
   shared input descriptor a key read consumes.  lib25519's tools use stdio;
   these use plain read/write with the same visible effects:

   - every descriptor a tool names is checked first (open, and open in the
     right direction), in the tool's order, before anything is read;
   - a key is the first N bytes of its descriptor: a longer file is fine
     (the rest is ignored), end of file before N bytes is an I/O error (111);
     the key is read in blocks of the size stdio would use (st_blksize,
     at most 8192), so a descriptor shared with a later input is left at the
     same offset;
   - outputs are written only when everything is computed; a failed write
     is 111; a write to a pipe without a reader ends the tool with SIGPIPE,
     as lib25519's (nothing here ignores the signal); an empty output is
     never written, so it cannot fail.

   Fatal errors are one line on stderr ("PROG: fatal: what (fd N): reason")
   with every registered secret wiped first.  The including tool defines
   PROG. */
#ifndef CLI_H
#define CLI_H

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define CLI_FN static __attribute__((unused))

/* the exit statuses (doc/man/x25519-cli.1.md, ed25519-cli.1.md) */
#define CLI_FORGED 100
#define CLI_IOERROR 111

/* a key read's block: stdio's default buffer size is at most BUFSIZ (8192) */
#define CLI_BLOCK 8192

static struct {
  unsigned char *p;
  size_t len;
} cli_secrets[4];

/* holds what a key read takes from its descriptor (secret for secret keys) */
static unsigned char cli_block[CLI_BLOCK];

/* x..x+len-1 will hold a secret: wiped before any exit through cli_die
   (and by cli_wipe) */
CLI_FN void cli_secret(unsigned char *x, size_t len)
{
  int i;
  for (i = 0; i < 4; ++i)
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
  for (i = 0; i < 4; ++i) {
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

/* the tools take no arguments; like lib25519's they ignore any given, and
   the key read buffer is a secret from the start */
CLI_FN void cli_start(void)
{
  cli_secret(cli_block, sizeof cli_block);
}

/* fd must be open and readable (output = 0) or writable (output = 1): a
   descriptor open only the other way is refused (EINVAL) as fdopen does */
CLI_FN void cli_need_fd(int fd, int output, const char *what)
{
  int fl = fcntl(fd, F_GETFL);
  if (fl == -1) cli_die(CLI_IOERROR, what, fd, errno);
  if ((fl & O_ACCMODE) == (output ? O_RDONLY : O_WRONLY)) cli_die(CLI_IOERROR, what, fd, EINVAL);
}

/* the block size stdio would read fd with */
CLI_FN size_t cli_blocksize(int fd)
{
  struct stat st;
  if (fstat(fd, &st) == 0 && st.st_blksize > 0 && st.st_blksize < CLI_BLOCK) return (size_t)st.st_blksize;
  return CLI_BLOCK;
}

/* one read of up to len bytes; 0 only at end of file */
CLI_FN size_t cli_read_some(int fd, unsigned char *x, size_t len, const char *what)
{
  for (;;) {
    ssize_t r = read(fd, x, len);
    if (r >= 0) return (size_t)r;
    if (errno != EINTR) cli_die(CLI_IOERROR, what, fd, errno);
  }
}

/* the first len bytes of fd into x, read in whole blocks (what a block
   holds beyond len is dropped); end of file before len bytes is fatal.
   fd is closed afterwards, as fclose would. */
CLI_FN void cli_read_key(int fd, unsigned char *x, size_t len, const char *name, const char *what)
{
  size_t bs = cli_blocksize(fd), got = 0;
  char msg[128];

  while (got < len) {
    size_t n = cli_read_some(fd, cli_block, bs, what), take = len - got;
    if (n == 0) {
      snprintf(msg, sizeof msg, "%s: end of file after %zu bytes, want %zu", name, got, len);
      cli_die(CLI_IOERROR, msg, fd, 0);
    }
    if (take > n) take = n;
    memcpy(x + got, cli_block, take);
    got += take;
  }
  {
    volatile unsigned char *v = cli_block; /* the rest of the file may be secret too */
    size_t j;
    for (j = 0; j < bs; ++j) v[j] = 0;
  }
  close(fd);
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
    n = cli_read_some(fd, buf + front + *len, cap - front - *len, what);
    if (n == 0) return buf;
    *len += n;
  }
}

/* written and closed; a failed close is a failed write (as fclose) */
CLI_FN void cli_write_close(int fd, const unsigned char *x, size_t len, const char *what)
{
  cli_write_all(fd, x, len, what);
  if (close(fd) != 0) cli_die(CLI_IOERROR, what, fd, errno);
}

/* the whole of a keypair tool: both outputs checked first, then the keys
   generated and written (public key first), the secret wiped */
CLI_FN int cli_keypair_main(void (*keypair)(unsigned char *, unsigned char *), unsigned char *pk, size_t pklen,
                            int pkfd, const char *pkwhat, unsigned char *sk, size_t sklen, int skfd,
                            const char *skwhat)
{
  cli_start();
  cli_secret(sk, sklen);
  cli_need_fd(pkfd, 1, pkwhat);
  cli_need_fd(skfd, 1, skwhat);

  keypair(pk, sk);

  cli_write_close(pkfd, pk, pklen, "cannot write public key");
  cli_write_close(skfd, sk, sklen, "cannot write secret key");
  cli_wipe();
  return 0;
}

#endif
