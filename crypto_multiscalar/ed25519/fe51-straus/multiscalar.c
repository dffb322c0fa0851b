/* SPDX-License-Identifier: MIT */
/* out = enc(sum (n[i] mod L) P[i]), out[32] = status: a plain Straus
   (interleaved) multi-scalar multiplication, the simple reference for
   cross-checking fe51-straus-pippenger.  Variable time (inputs public).

   Points are taken CHUNK at a time.  For each chunk every scalar is
   written in signed radix 16 (digits -8..8, sc25519_recode_radix16), each
   point gets a table of 1..8 times itself in cached form, and one chain of
   4 doublings per digit position serves the whole chunk.  The chunk sums
   are added up.  Stack use is fixed (about 24 KB); any len works.

   Status (doc/api.md): 1 iff every n[i] < L and every P[i] decodes; an invalid
   P[i] counts as C (y = 26, x even); len <= 0 gives the neutral element. */
#include "crypto_multiscalar.h"
#include "field/fe51.h"
#include "group/ge51.h"
#include "scalar/sc25519.h"

#define CHUNK 16

static const unsigned char point_C[32] = { 26 };

void crypto_multiscalar(unsigned char *out, const unsigned char *n, const unsigned char *P, long long len)
{
  ge51_cached table[CHUNK][8];
  signed char e[CHUNK][64];
  ge51_p3 acc, sum, Q, t3;
  ge51_cached c;
  ge51_p1p1 t;
  sc25519 a;
  long long start;
  int ok = 1, cnt, i, j, k;

  ge51_p3_0(&acc);
  for (start = 0; start < len; start += cnt) {
    cnt = len - start < CHUNK ? (int)(len - start) : CHUNK;
    for (j = 0; j < cnt; ++j) {
      const unsigned char *nj = n + 32 * (start + j);
      const unsigned char *Pj = P + 32 * (start + j);
      if (!sc25519_is_canonical(nj)) ok = 0;
      sc25519_from32bytes(&a, nj);
      sc25519_recode_radix16(e[j], &a);
      if (!ge51_frombytes_vartime(&Q, Pj)) {
        ok = 0;
        ge51_frombytes_vartime(&Q, point_C);
      }
      ge51_p3_to_cached(&table[j][0], &Q);
      for (k = 1; k < 8; ++k) {
        ge51_add(&t, &Q, &table[j][k - 1]);
        ge51_p1p1_to_p3(&t3, &t);
        ge51_p3_to_cached(&table[j][k], &t3);
      }
    }

    ge51_p3_0(&sum);
    for (i = 63; i >= 0; --i) {
      if (i < 63)
        for (k = 0; k < 4; ++k) ge51_p3_double(&sum, &sum);
      for (j = 0; j < cnt; ++j) {
        int d = e[j][i];
        if (d > 0) {
          ge51_add(&t, &sum, &table[j][d - 1]);
          ge51_p1p1_to_p3(&sum, &t);
        } else if (d < 0) {
          ge51_sub(&t, &sum, &table[j][-d - 1]);
          ge51_p1p1_to_p3(&sum, &t);
        }
      }
    }
    ge51_p3_to_cached(&c, &sum);
    ge51_add(&t, &acc, &c);
    ge51_p1p1_to_p3(&acc, &t);
  }

  ge51_p3_tobytes(out, &acc);
  out[32] = (unsigned char)ok;
}
