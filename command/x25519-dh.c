/* SPDX-License-Identifier: MIT */
/* x25519-dh 8<sk 4<pk 7>k

   Reads a 32-byte X25519 secret key from file descriptor 8 and a 32-byte
   public key from file descriptor 4, computes the shared secret
   (lib25519_dh) and writes its 32 bytes to file descriptor 7.

   As lib25519's x25519-dh: descriptors 4, 8 and 7 are checked first (in
   that order); each key is the first 32 bytes of its descriptor (a longer
   file, say one with a trailing newline, is accepted; fewer than 32 bytes
   is an I/O error); nothing is written unless both keys were read.  As in
   the library, every public key is accepted (the top bit is ignored,
   small-order points give the all-zero secret).

   Exit status: 0 on success, 111 on any failure (message on stderr). */
#include <lib25519.h>

#define PROG "x25519-dh"
#include "cli.h"

#define SK_FD 8
#define PK_FD 4
#define K_FD 7

static unsigned char sk[lib25519_dh_SECRETKEYBYTES];
static unsigned char pk[lib25519_dh_PUBLICKEYBYTES];
static unsigned char k[lib25519_dh_BYTES];

int main(void)
{
  cli_start();
  cli_secret(sk, sizeof sk);
  cli_secret(k, sizeof k);
  cli_need_fd(PK_FD, 0, "public key input (4<pk) is not open for reading");
  cli_need_fd(SK_FD, 0, "secret key input (8<sk) is not open for reading");
  cli_need_fd(K_FD, 1, "shared secret output (7>k) is not open for writing");

  cli_read_key(SK_FD, sk, sizeof sk, "secret key (8<sk)", "cannot read secret key (8<sk)");
  cli_read_key(PK_FD, pk, sizeof pk, "public key (4<pk)", "cannot read public key (4<pk)");

  lib25519_dh(k, pk, sk);

  cli_write_close(K_FD, k, sizeof k, "cannot write shared secret (7>k)");
  cli_wipe();
  return 0;
}
