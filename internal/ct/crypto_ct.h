/* SPDX-License-Identifier: MIT */
/* Constant-time helpers shared by every implementation.
   The value barrier stops the compiler from proving that a mask is 0 or -1
   and turning the select back into a branch. */
#ifndef CRYPTO_CT_H
#define CRYPTO_CT_H

#include <stdint.h>

/* MemorySanitizer treats every input of an inline asm statement as used,
   so the asm barrier would report each secret passing through it. Under
   MSan (tests/check-msan.sh) the barrier is a volatile round trip instead:
   just as opaque to the optimizer, and the shadow of x travels with it. */
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define CRYPTO_CT_MSAN 1
#endif
#endif

static inline uint64_t crypto_ct_barrier_u64(uint64_t x)
{
#if defined(CRYPTO_CT_MSAN)
  volatile uint64_t v = x;
  x = v;
#elif defined(__GNUC__) || defined(__clang__)
  __asm__("" : "+r"(x));
#endif
  return x;
}

static inline uint32_t crypto_ct_barrier_u32(uint32_t x)
{
#if defined(CRYPTO_CT_MSAN)
  volatile uint32_t v = x;
  x = v;
#elif defined(__GNUC__) || defined(__clang__)
  __asm__("" : "+r"(x));
#endif
  return x;
}

/* all-ones if x != 0, else 0 */
static inline uint64_t crypto_ct_nonzero_mask_u64(uint64_t x)
{
  x = crypto_ct_barrier_u64(x);
  return (uint64_t)0 - ((x | ((uint64_t)0 - x)) >> 63);
}

/* all-ones if x == 0, else 0 */
static inline uint64_t crypto_ct_zero_mask_u64(uint64_t x)
{
  return ~crypto_ct_nonzero_mask_u64(x);
}

/* all-ones if a == b, else 0 */
static inline uint64_t crypto_ct_equal_mask_u64(uint64_t a, uint64_t b)
{
  return crypto_ct_zero_mask_u64(a ^ b);
}

/* all-ones if bit is 1, else 0; bit must be 0 or 1 */
static inline uint64_t crypto_ct_bit_mask_u64(uint64_t bit)
{
  return (uint64_t)0 - crypto_ct_barrier_u64(bit);
}

/* all-ones if a < b (unsigned), else 0 */
static inline uint64_t crypto_ct_less_mask_u64(uint64_t a, uint64_t b)
{
  uint64_t d = a - b;
  /* borrow out of a - b */
  uint64_t borrow = ((~a & b) | ((~(a ^ b)) & d)) >> 63;
  return crypto_ct_bit_mask_u64(borrow);
}

#endif
