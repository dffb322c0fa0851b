/* SPDX-License-Identifier: MIT */
/* signfile FILE: sign the contents of FILE with a fresh Ed25519 key, then
   check the signature, and check that a one-bit change is rejected.
   Build: cc signfile.c $(pkg-config --cflags --libs lib25519)
   Prints the public key and the signature in hex; exits 0 when everything
   behaves, 1 on a verification problem, 2 on a usage or I/O error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <lib25519.h>

/* Read a whole file into a fresh malloc'ed buffer; *len gets its length.
   Returns 0, or prints why and returns -1. */
static int read_file(const char *path, unsigned char **buf, long long *len)
{
  FILE *f = fopen(path, "rb");
  unsigned char *b = 0;
  size_t have = 0, room = 0;

  if (!f) {
    fprintf(stderr, "signfile: cannot open %s: %s\n", path, strerror(errno));
    return -1;
  }
  for (;;) {
    size_t got;
    if (have == room) {
      size_t more = room ? room * 2 : 65536;
      unsigned char *nb;
      /* a quarter of the address space at most: the length plus a
         signature stays far inside size_t and long long (on 32-bit
         systems too) */
      if (more < room || more > (size_t)-1 / 4) {
        fprintf(stderr, "signfile: %s is too large\n", path);
        break;
      }
      nb = realloc(b, more);
      if (!nb) {
        fprintf(stderr, "signfile: out of memory reading %s\n", path);
        break;
      }
      b = nb;
      room = more;
    }
    got = fread(b + have, 1, room - have, f);
    have += got;
    if (got == 0) {
      if (ferror(f)) {
        fprintf(stderr, "signfile: error reading %s: %s\n", path, strerror(errno));
        break;
      }
      fclose(f);
      *buf = b;
      *len = (long long)have;
      return 0;
    }
  }
  fclose(f);
  free(b);
  return -1;
}

static void print_hex(const char *label, const unsigned char *x, long long n)
{
  printf("%s ", label);
  for (long long i = 0; i < n; ++i) printf("%02x", x[i]);
  printf("\n");
}

int main(int argc, char **argv)
{
  unsigned char pk[lib25519_sign_PUBLICKEYBYTES];
  unsigned char sk[lib25519_sign_SECRETKEYBYTES];
  unsigned char *m = 0, *sm = 0, *out = 0;
  long long mlen, smlen, outlen;
  int status = 2;

  if (argc != 2) {
    fprintf(stderr, "usage: signfile FILE\n");
    return 2;
  }
  if (read_file(argv[1], &m, &mlen) != 0) return 2;

  /* sign() writes the 64-byte signature followed by the message, so the
     caller provides mlen + 64 bytes; open() may write up to smlen bytes. */
  sm = malloc((size_t)mlen + lib25519_sign_BYTES);
  out = malloc((size_t)mlen + lib25519_sign_BYTES);
  if (!sm || !out) {
    fprintf(stderr, "signfile: out of memory\n");
    goto done;
  }

  lib25519_sign_keypair(pk, sk);
  lib25519_sign(sm, &smlen, m, mlen, sk);
  if (smlen != mlen + lib25519_sign_BYTES) {
    fprintf(stderr, "signfile: unexpected signed length %lld\n", smlen);
    status = 1;
    goto done;
  }
  print_hex("public key", pk, sizeof pk);
  print_hex("signature ", sm, lib25519_sign_BYTES);

  if (lib25519_sign_open(out, &outlen, sm, smlen, pk) != 0) {
    fprintf(stderr, "signfile: the signature did not verify\n");
    status = 1;
    goto done;
  }
  if (outlen != mlen || memcmp(out, m, (size_t)mlen) != 0) {
    fprintf(stderr, "signfile: verification returned a different message\n");
    status = 1;
    goto done;
  }
  printf("verified %lld bytes of %s\n", mlen, argv[1]);

  /* A forgery: flip one bit (of the message if there is one, else of the
     signature). Verification must fail, report length -1, and leave no
     trace of the message in the output buffer. */
  sm[smlen - 1] ^= 1;
  if (lib25519_sign_open(out, &outlen, sm, smlen, pk) == 0 || outlen != -1) {
    fprintf(stderr, "signfile: a modified message was accepted\n");
    status = 1;
    goto done;
  }
  for (long long i = 0; i < smlen; ++i)
    if (out[i]) {
      fprintf(stderr, "signfile: a rejected message was left in the output buffer\n");
      status = 1;
      goto done;
    }
  printf("a one-bit change is rejected\n");
  status = 0;

done:
  memset(sk, 0, sizeof sk); /* the key dies with the process anyway */
  free(m);
  free(sm);
  free(out);
  return status;
}
