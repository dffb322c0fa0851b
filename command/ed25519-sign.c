/* SPDX-License-Identifier: MIT */
/* ed25519-sign 8<sk <m >sm

   Reads a 64-byte Ed25519 secret key (as written by ed25519-keypair) from
   file descriptor 8 and a message of any length from standard input, and
   writes the signed message (64-byte signature, then the message) to
   standard output.  The message is read into a buffer that grows as
   needed (overflow and allocation failure are checked) with 64 spare bytes
   in front, and signed in place.

   As lib25519's ed25519-sign: fd 8 is checked, then the key is its first
   64 bytes (a longer file is accepted, a shorter one is an I/O error),
   then the message is read, then the output written.

   Exit status: 0 on success; 111 on any failure (message on stderr).
   The secret key is wiped from memory before exit. */
#include <lib25519.h>

#define PROG "ed25519-sign"
#include "cli.h"

#define SK_FD 8

static unsigned char sk[lib25519_sign_SECRETKEYBYTES];

int main(void)
{
  unsigned char *buf;
  size_t len;
  long long smlen;

  cli_start();
  cli_secret(sk, sizeof sk);
  cli_need_fd(SK_FD, 0, "secret key input (8<sk) is not open for reading");
  cli_read_key(SK_FD, sk, sizeof sk, "secret key (8<sk)", "cannot read secret key (8<sk)");
  buf = cli_read_all(0, 64, &len, "message", "cannot read message (standard input)");

  lib25519_sign(buf, &smlen, buf + 64, (long long)len, sk);
  cli_wipe();

  cli_write_all(1, buf, (size_t)smlen, "cannot write signed message (standard output)");
  free(buf);
  return 0;
}
