/* SPDX-License-Identifier: MIT */
/* ed25519-keypair 5>pk 9>sk

   Generates an Ed25519 key pair (lib25519_sign_keypair) and writes the
   32-byte public key to file descriptor 5 and the 64-byte secret key (seed
   then public key) to file descriptor 9.  Both descriptors are checked
   before the key is generated, so a missing one leaves the other empty.

   Exit status: 0 on success; 111 on an I/O failure (message on stderr). */
#include <lib25519.h>

#define PROG "ed25519-keypair"
#include "cli.h"

#define PK_FD 5
#define SK_FD 9

static unsigned char pk[lib25519_sign_PUBLICKEYBYTES];
static unsigned char sk[lib25519_sign_SECRETKEYBYTES];

int main(void)
{
  cli_start();
  cli_secret(sk, sizeof sk);
  cli_need_writable(PK_FD, "public key output (5>pk) is not open for writing");
  cli_need_writable(SK_FD, "secret key output (9>sk) is not open for writing");

  lib25519_sign_keypair(pk, sk);

  cli_write_all(PK_FD, pk, sizeof pk, "cannot write public key");
  cli_write_all(SK_FD, sk, sizeof sk, "cannot write secret key");
  cli_wipe();
  if (close(PK_FD) != 0) cli_die(CLI_IOERROR, "cannot close public key output", PK_FD, errno);
  if (close(SK_FD) != 0) cli_die(CLI_IOERROR, "cannot close secret key output", SK_FD, errno);
  return 0;
}
