/* SPDX-License-Identifier: MIT */
/* ed25519-open 4<pk <sm >m

   Reads a 32-byte Ed25519 public key from file descriptor 4 and a signed
   message (64-byte signature, then the message) from standard input,
   verifies it (lib25519_sign_open) and, only if the signature is valid,
   writes the message to standard output.  For a forged or corrupted signed
   message nothing at all is written to standard output.

   As lib25519's ed25519-open: fd 4 is checked, the key is its first 32
   bytes (a longer file is accepted, a shorter one is an I/O error), and an
   empty message is never written (so a valid signature of the empty
   message succeeds even with standard output closed).

   Exit status: 0 on success; 100 if the signature is not valid (input
   shorter than 64 bytes included); 111 on any other failure (message on
   stderr). */
#include <lib25519.h>

#define PROG "ed25519-open"
#include "cli.h"

#define PK_FD 4

int main(void)
{
  unsigned char pk[lib25519_sign_PUBLICKEYBYTES], *buf;
  size_t len;
  long long mlen;

  cli_start();
  cli_need_fd(PK_FD, 0, "public key input (4<pk) is not open for reading");
  cli_read_key(PK_FD, pk, sizeof pk, "public key (4<pk)", "cannot read public key (4<pk)");
  buf = cli_read_all(0, 0, &len, "signed message", "cannot read signed message (standard input)");

  if (len < lib25519_sign_BYTES) cli_die(CLI_FORGED, "input is shorter than a signature (64 bytes)", 0, 0);
  if (lib25519_sign_open(buf, &mlen, buf, (long long)len, pk) != 0)
    cli_die(CLI_FORGED, "signature verification failed: forged or corrupted signed message", 0, 0);

  cli_write_all(1, buf, (size_t)mlen, "cannot write message (standard output)");
  free(buf);
  return 0;
}
