/* SPDX-License-Identifier: MIT */
/* The seven functions of internal/field/amd64/fe64_mulx.S in C, for the
   MemorySanitizer build only (tests/check-msan.sh): MSan cannot see inside
   assembly, so an implementation whose only assembly is fe64_mulx.S gets
   this file instead and the C around it (AVX-512 code included) is then
   checked.  Same contract as the assembly: inputs any value below 2^256,
   outputs below 2^256 (fe64_mulx_freeze: below p), aliasing allowed, no branch
   or index on the values (n of fe64_mulx_nsquare is public).  The outputs may
   be other representatives than the assembly's; lib25519-test compares
   final (frozen) results, so it checks this file too.
   Included by a generated fe64.c after the implementation's crypto_OP.h. */
#ifndef FE64_C_H
#define FE64_C_H

#include <stdint.h>
#include "field/fe64.h"

typedef unsigned __int128 fe64_c_u128;

/* h = t mod p for t = t[0] + ... + t[4] 2^256, t[4] < 2^40: two folds of
   2^256 = 38; the second carry is at most 1, and 38 more cannot carry */
static void fe64_c_fold5(uint64_t h[4], const uint64_t t[5])
{
  fe64_c_u128 c = (fe64_c_u128)t[4] * 38 + t[0];
  uint64_t r[4];
  int i;
  r[0] = (uint64_t)c;
  for (i = 1; i < 4; ++i) {
    c = (c >> 64) + t[i];
    r[i] = (uint64_t)c;
  }
  c = (c >> 64) * 38 + r[0];
  h[0] = (uint64_t)c;
  for (i = 1; i < 4; ++i) {
    c = (c >> 64) + r[i];
    h[i] = (uint64_t)c;
  }
  h[0] += (uint64_t)(c >> 64) * 38;
}

void fe64_mulx_mul(uint64_t h[4], const uint64_t f[4], const uint64_t g[4])
{
  uint64_t p[8] = { 0 }, t[5];
  fe64_c_u128 c;
  int i, j;
  for (i = 0; i < 4; ++i) {
    uint64_t carry = 0;
    for (j = 0; j < 4; ++j) {
      c = (fe64_c_u128)f[i] * g[j] + p[i + j] + carry;
      p[i + j] = (uint64_t)c;
      carry = (uint64_t)(c >> 64);
    }
    p[i + 4] = carry;
  }
  /* p_lo + 38 p_hi < 2^256 + 38 2^256: five limbs, the top one < 39 */
  c = 0;
  for (i = 0; i < 4; ++i) {
    c += (fe64_c_u128)p[i + 4] * 38 + p[i];
    t[i] = (uint64_t)c;
    c >>= 64;
  }
  t[4] = (uint64_t)c;
  fe64_c_fold5(h, t);
}

void fe64_mulx_sq(uint64_t h[4], const uint64_t f[4])
{
  uint64_t g[4] = { f[0], f[1], f[2], f[3] };
  fe64_mulx_mul(h, g, g);
}

void fe64_mulx_nsquare(uint64_t h[4], const uint64_t f[4], long long n)
{
  fe64_mulx_sq(h, f);
  while (--n > 0) fe64_mulx_sq(h, h);
}

void fe64_mulx_mul121666(uint64_t h[4], const uint64_t f[4])
{
  uint64_t t[5];
  fe64_c_u128 c = 0;
  int i;
  for (i = 0; i < 4; ++i) {
    c += (fe64_c_u128)f[i] * 121666;
    t[i] = (uint64_t)c;
    c >>= 64;
  }
  t[4] = (uint64_t)c;
  fe64_c_fold5(h, t);
}

void fe64_mulx_add(uint64_t h[4], const uint64_t f[4], const uint64_t g[4])
{
  uint64_t t[5];
  fe64_c_u128 c = 0;
  int i;
  for (i = 0; i < 4; ++i) {
    c += (fe64_c_u128)f[i] + g[i];
    t[i] = (uint64_t)c;
    c >>= 64;
  }
  t[4] = (uint64_t)c;
  fe64_c_fold5(h, t);
}

/* f - g, then for each borrow out of the top (worth -2^256 = -38 mod p)
   38 more subtracted: a second borrow happens only when the first result
   was below 38, and then a third cannot */
void fe64_mulx_sub(uint64_t h[4], const uint64_t f[4], const uint64_t g[4])
{
  uint64_t r[4], borrow = 0;
  int i, round;
  for (i = 0; i < 4; ++i) {
    uint64_t d = f[i] - g[i] - borrow;
    borrow = (uint64_t)((((fe64_c_u128)f[i]) < (fe64_c_u128)g[i] + borrow));
    r[i] = d;
  }
  for (round = 0; round < 2; ++round) {
    uint64_t sub = borrow * 38, b2 = 0;
    for (i = 0; i < 4; ++i) {
      uint64_t s = i ? b2 : sub;
      uint64_t d = r[i] - s;
      b2 = (uint64_t)(r[i] < s);
      r[i] = d;
    }
    borrow = b2;
  }
  for (i = 0; i < 4; ++i) h[i] = r[i];
}

/* the canonical value: fold bit 255 (2^255 = 19), then subtract p when
   the value + 19 reaches 2^255, selected with a mask */
void fe64_mulx_freeze(uint64_t h[4], const uint64_t f[4])
{
  uint64_t r[4], t[4], mask;
  fe64_c_u128 c;
  int i;
  c = (fe64_c_u128)(f[3] >> 63) * 19 + f[0];
  r[0] = (uint64_t)c;
  for (i = 1; i < 4; ++i) {
    c = (c >> 64) + (i == 3 ? f[3] & 0x7fffffffffffffffULL : f[i]);
    r[i] = (uint64_t)c;
  }
  /* r < 2^255 + 19 */
  c = (fe64_c_u128)r[0] + 19;
  t[0] = (uint64_t)c;
  for (i = 1; i < 4; ++i) {
    c = (c >> 64) + r[i];
    t[i] = (uint64_t)c;
  }
  mask = (uint64_t)0 - (t[3] >> 63);   /* all ones iff r >= p */
  t[3] &= 0x7fffffffffffffffULL;
  for (i = 0; i < 4; ++i) h[i] = (t[i] & mask) | (r[i] & ~mask);
}

#endif
