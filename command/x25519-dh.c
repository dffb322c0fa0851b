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
#include <lib25519.h>

#define PROG "x25519-dh"
#include "cli.h"

#define SK_FD 8
#define PK_FD 4
#define K_FD 7

static unsigned char sk[lib25519_dh_SECRETKEYBYTES];
static unsigned char pk[lib25519_dh_PUBLICKEYBYTES];
static unsigned char k[lib25519_dh_BYTES];

/* exactly len bytes from fd, then the input must end there */
static void read_exactly(int fd, unsigned char *x, size_t len, const char *name)
{
  char msg[80];
  unsigned char extra;
  size_t have;

  snprintf(msg, sizeof msg, "cannot read %s", name);
  have = cli_read_upto(fd, x, len, msg);
  if (have < len) {
    snprintf(msg, sizeof msg, "%s too short (%lu bytes, want %lu)", name, (unsigned long)have, (unsigned long)len);
    cli_die(CLI_BADINPUT, msg, fd, 0);
  }
  if (cli_read_upto(fd, &extra, 1, msg) > 0) {
    extra = 0;
    snprintf(msg, sizeof msg, "%s too long (more than %lu bytes)", name, (unsigned long)len);
    cli_die(CLI_BADINPUT, msg, fd, 0);
  }
}

int main(void)
{
  cli_start();
  cli_secret(sk, sizeof sk);
  cli_secret(k, sizeof k);
  cli_need_writable(K_FD, "shared secret output is not open for writing");

  read_exactly(SK_FD, sk, sizeof sk, "secret key");
  read_exactly(PK_FD, pk, sizeof pk, "public key");

  lib25519_dh(k, pk, sk);

  cli_write_all(K_FD, k, sizeof k, "cannot write shared secret");
  cli_wipe();
  if (close(K_FD) != 0) cli_die(CLI_IOERROR, "cannot close shared secret output", K_FD, errno);
  return 0;
}
