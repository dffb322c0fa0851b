/* SPDX-License-Identifier: MIT */
/* x25519-keypair 5>pk 9>sk

   Generates an X25519 key pair (lib25519_dh_keypair) and writes the 32-byte
   public key to file descriptor 5 and the 32-byte secret key to file
   descriptor 9.  Both descriptors are checked before anything is generated
   or written, so a missing one leaves the other untouched.

   Exit status: 0 on success, 111 on any I/O failure (message on stderr). */
#include <lib25519.h>

#define PROG "x25519-keypair"
#include "cli.h"

#define PK_FD 5
#define SK_FD 9

static unsigned char pk[lib25519_dh_PUBLICKEYBYTES];
static unsigned char sk[lib25519_dh_SECRETKEYBYTES];

int main(void)
{
  cli_start();
  cli_secret(sk, sizeof sk);
  cli_need_writable(PK_FD, "public key output is not open for writing");
  cli_need_writable(SK_FD, "secret key output is not open for writing");

  lib25519_dh_keypair(pk, sk);

  cli_write_all(PK_FD, pk, sizeof pk, "cannot write public key");
  cli_write_all(SK_FD, sk, sizeof sk, "cannot write secret key");
  cli_wipe();
  if (close(PK_FD) != 0) cli_die(CLI_IOERROR, "cannot close public key output", PK_FD, errno);
  if (close(SK_FD) != 0) cli_die(CLI_IOERROR, "cannot close secret key output", SK_FD, errno);
  return 0;
}
