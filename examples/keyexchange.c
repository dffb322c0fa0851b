/* SPDX-License-Identifier: MIT */
/* X25519 key exchange between two parties, Alice and Bob, in one process.
   Each makes a key pair; each combines its own secret key with the other's
   public key; both must arrive at the same 32-byte shared secret.
   Build: cc keyexchange.c $(pkg-config --cflags --libs lib25519)
   Prints "OK" and exits 0 when the secrets agree, exits 1 otherwise. */
#include <stdio.h>
#include <lib25519.h>

/* Compare without an early exit, so the time taken does not depend on
   where two secrets first differ. */
static int same(const unsigned char *a, const unsigned char *b, size_t n)
{
  unsigned char diff = 0;
  for (size_t i = 0; i < n; ++i) diff |= a[i] ^ b[i];
  return diff == 0;
}

/* Clear a secret. Writing through a volatile pointer keeps the compiler
   from dropping the stores as dead (a plain memset just before the buffer
   goes out of scope may legally be removed). */
static void wipe(void *p, size_t n)
{
  volatile unsigned char *v = p;
  while (n--) *v++ = 0;
}

int main(void)
{
  unsigned char alice_pk[lib25519_dh_PUBLICKEYBYTES], alice_sk[lib25519_dh_SECRETKEYBYTES];
  unsigned char bob_pk[lib25519_dh_PUBLICKEYBYTES], bob_sk[lib25519_dh_SECRETKEYBYTES];
  unsigned char alice_k[lib25519_dh_BYTES], bob_k[lib25519_dh_BYTES];
  int ok;

  /* Fresh secret keys from the operating system's random generator.
     The public keys are what the parties would send to each other. */
  lib25519_dh_keypair(alice_pk, alice_sk);
  lib25519_dh_keypair(bob_pk, bob_sk);

  /* Each side: own secret key, the other side's public key. */
  lib25519_dh(alice_k, bob_pk, alice_sk);
  lib25519_dh(bob_k, alice_pk, bob_sk);

  ok = same(alice_k, bob_k, sizeof alice_k);

  /* A real protocol would now hash the shared secret together with both
     public keys to derive session keys. Here we only wipe what is secret. */
  wipe(alice_sk, sizeof alice_sk);
  wipe(bob_sk, sizeof bob_sk);
  wipe(alice_k, sizeof alice_k);
  wipe(bob_k, sizeof bob_k);

  if (!ok) {
    fprintf(stderr, "keyexchange: the two shared secrets differ\n");
    return 1;
  }
  printf("OK\n");
  return 0;
}
