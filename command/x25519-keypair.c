/* SPDX-License-Identifier: MIT */
/* x25519-keypair 5>pk 9>sk

   Generates an X25519 key pair (lib25519_dh_keypair) and writes the 32-byte
   public key to file descriptor 5 and the 32-byte secret key to file
   descriptor 9.  Both descriptors are checked (open for writing) before
   anything is generated, so a missing one leaves the other untouched; the
   public key is written (and fd 5 closed) before the secret key.

   Exit status: 0 on success, 111 on any I/O failure (message on stderr),
   as lib25519's x25519-keypair. */
#include <lib25519.h>

#define PROG "x25519-keypair"
#include "cli.h"

static unsigned char pk[lib25519_dh_PUBLICKEYBYTES];
static unsigned char sk[lib25519_dh_SECRETKEYBYTES];

int main(void)
{
  return cli_keypair_main(lib25519_dh_keypair,
                          pk, sizeof pk, 5, "public key output (5>pk) is not open for writing",
                          sk, sizeof sk, 9, "secret key output (9>sk) is not open for writing");
}
