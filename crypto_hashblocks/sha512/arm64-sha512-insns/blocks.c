/* SPDX-License-Identifier: MIT */
/* SHA-512 compression function (FIPS 180-4, section 6.4.2) with the
   ARMv8.2 SHA512 instructions, through the ACLE intrinsics of arm_neon.h
   (compiled with -march=armv8.2-a+sha3; dispatch picks it only on CPUs
   whose HWCAP reports SHA512).

   The eight working variables live in four two-lane vectors, (a, b),
   (c, d), (e, f), (g, h); each step does two rounds:
     sha512h  from (g, h) + the two schedule words and constants (lanes
              swapped, so round t's word meets h), (f, g) and (d, e):
              the T1 parts of both rounds;
     (e, f)' = (c, d) + that;
     sha512h2 adds the S0/Maj parts using (c, d) and (a, b): (a, b)'.
   The other two vectors move down: (c, d)' = (a, b), (g, h)' = (e, f).
   The schedule keeps W[t..t+15] in eight vectors; sha512su0 / sha512su1
   make the next two words from W[t..t+1], W[t+2..t+3], W[t+9..t+10] and
   W[t+14..t+15].  No data-dependent branch or index: constant time. */
#include <stdint.h>
#include <arm_neon.h>
#include "crypto_hashblocks.h"
#include "hash/sha512_common.h"

int crypto_hashblocks(unsigned char *h, const unsigned char *x, long long xlen)
{
  uint64x2_t ab, cd, ef, gh, ab0, cd0, ef0, gh0;
  uint64_t st[8];
  int i;

  for (i = 0; i < 8; ++i) st[i] = sha512_load_be64(h + 8 * i);
  ab = vld1q_u64(st);
  cd = vld1q_u64(st + 2);
  ef = vld1q_u64(st + 4);
  gh = vld1q_u64(st + 6);

  while (xlen >= 128) {
    uint64x2_t w[8];
    for (i = 0; i < 8; ++i)
      w[i] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(x + 16 * i)));
    ab0 = ab; cd0 = cd; ef0 = ef; gh0 = gh;

    for (i = 0; i < 40; ++i) {
      uint64x2_t wk, fg, de, t, nef;
      wk = vaddq_u64(w[i & 7], vld1q_u64(sha512_K + 2 * i));
      fg = vextq_u64(ef, gh, 1);
      de = vextq_u64(cd, ef, 1);
      gh = vaddq_u64(gh, vextq_u64(wk, wk, 1));
      if (i < 32) /* i is public: the schedule for rounds 2i + 16, 2i + 17 */
        w[i & 7] = vsha512su1q_u64(vsha512su0q_u64(w[i & 7], w[(i + 1) & 7]),
                                   w[(i + 7) & 7], vextq_u64(w[(i + 4) & 7], w[(i + 5) & 7], 1));
      t = vsha512hq_u64(gh, fg, de);
      nef = vaddq_u64(cd, t);
      t = vsha512h2q_u64(t, cd, ab);
      gh = ef;
      ef = nef;
      cd = ab;
      ab = t;
    }

    ab = vaddq_u64(ab, ab0);
    cd = vaddq_u64(cd, cd0);
    ef = vaddq_u64(ef, ef0);
    gh = vaddq_u64(gh, gh0);
    x += 128;
    xlen -= 128;
  }

  vst1q_u64(st, ab);
  vst1q_u64(st + 2, cd);
  vst1q_u64(st + 4, ef);
  vst1q_u64(st + 6, gh);
  for (i = 0; i < 8; ++i) sha512_store_be64(h + 8 * i, st[i]);
  return (int)xlen;
}
