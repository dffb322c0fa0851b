/* SPDX-License-Identifier: MIT */
/* ed25519-keypair 5>pk 9>sk

   Generates an Ed25519 key pair (lib25519_sign_keypair) and writes the
   32-byte public key to file descriptor 5 and the 64-byte secret key (seed
   then public key) to file descriptor 9.  Both descriptors are checked
   (open for writing) before the key is generated, so a missing one leaves
   the other empty; the public key is written (and fd 5 closed) first.

   Exit status: 0 on success; 111 on an I/O failure (message on stderr),
   as lib25519's ed25519-keypair. */
#include <lib25519.h>

#define PROG "ed25519-keypair"
#include "cli.h"

static unsigned char pk[lib25519_sign_PUBLICKEYBYTES];
static unsigned char sk[lib25519_sign_SECRETKEYBYTES];

int main(void)
{
  return cli_keypair_main(lib25519_sign_keypair,
                          pk, sizeof pk, 5, "public key output (5>pk) is not open for writing",
                          sk, sizeof sk, 9, "secret key output (9>sk) is not open for writing");
}
