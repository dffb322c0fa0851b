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
#include <lib25519.h>

#define PROG "ed25519-sign"
#include "cli.h"

#define SK_FD 8

static unsigned char sk[lib25519_sign_SECRETKEYBYTES + 1];

int main(void)
{
  unsigned char *buf;
  size_t len;
  long long smlen;

  cli_start();
  cli_secret(sk, sizeof sk);
  cli_read_key(SK_FD, sk, lib25519_sign_SECRETKEYBYTES, "secret key", "cannot read secret key (8<sk)");
  buf = cli_read_all(0, 64, &len, "message", "cannot read message (standard input)");

  lib25519_sign(buf, &smlen, buf + 64, (long long)len, sk);
  cli_wipe();

  cli_write_all(1, buf, (size_t)smlen, "cannot write signed message (standard output)");
  if (close(1) != 0) cli_die(CLI_IOERROR, "cannot close standard output", 1, errno);
  free(buf);
  return 0;
}
