/* SPDX-License-Identifier: MIT */
/* Constant-time helpers shared by every implementation.
   The value barrier stops the compiler from proving that a mask is 0 or -1
   and turning the select back into a branch.  crypto_ct_wipe (and
   CRYPTO_CT_WIPE, crypto_ct_wipe_below) is the one way the library clears
   secrets from memory (doc/security.md, "Memory hygiene"). */
#ifndef CRYPTO_CT_H
#define CRYPTO_CT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

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

/* x[0..len-1] = 0, and the stores stay: the barrier hands the address to
   an asm statement that may read all memory, so the compiler must assume
   the zeros are read and cannot drop the memset as a dead store (which it
   otherwise does for a local that is about to go out of scope). */
static inline void crypto_ct_wipe(void *x, size_t len)
{
#if defined(__GNUC__) || defined(__clang__)
  memset(x, 0, len);
  __asm__ __volatile__("" : : "r"(x) : "memory");
#else
  volatile unsigned char *v = (volatile unsigned char *)x;
  while (len-- > 0) *v++ = 0;
#endif
}

/* wipe one object (an array or a struct, not a pointer to one) */
#define CRYPTO_CT_WIPE(obj) crypto_ct_wipe(&(obj), sizeof(obj))

/* CRYPTO_CT_WIPE for the small temporaries of code that runs many wipes
   per operation (the scalar arithmetic mod L, the fixed-base comb, the
   signing scalars).  On 32-bit targets (armhf, i386, ...) a wipe of an
   object of at most 256 bytes aligned to its word is a run of volatile
   word stores in line instead of a call to the C library's memset, which
   gcc makes there for all but the smallest sizes (a signature made some
   180 such calls, each costing more than its stores).  The stores are
   volatile, so they are neither dropped nor turned back into a memset
   call; the barrier after them is crypto_ct_wipe's.  The size and
   alignment are constants, so one branch of the test survives.  Opt-in
   rather than every CRYPTO_CT_WIPE: in the X25519 ladder the change moved
   gcc's register allocation of the whole ladder loop, some percent either
   way depending on the model.  Elsewhere (amd64, arm64) it is
   CRYPTO_CT_WIPE, whose constant-size memset the compiler already writes
   in line. */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ == 4 \
  && !defined(CRYPTO_CT_MSAN)
#define CRYPTO_CT_WIPE_INLINE_MAX 256
static inline __attribute__((always_inline)) void crypto_ct_wipe_small(void *x, size_t len, size_t align)
{
  size_t i;
  if (len <= CRYPTO_CT_WIPE_INLINE_MAX && align >= 8 && len % 8 == 0) {
    volatile uint64_t *v = (volatile uint64_t *)x;
    for (i = 0; i < len / 8; ++i) v[i] = 0;
  } else if (len <= CRYPTO_CT_WIPE_INLINE_MAX && align >= 4 && len % 4 == 0) {
    volatile uint32_t *v = (volatile uint32_t *)x;
    for (i = 0; i < len / 4; ++i) v[i] = 0;
  } else {
    memset(x, 0, len);
  }
  __asm__ __volatile__("" : : "r"(x) : "memory");
}
#define CRYPTO_CT_WIPE_SMALL(obj) crypto_ct_wipe_small(&(obj), sizeof(obj), __alignof__(obj))
#else
#define CRYPTO_CT_WIPE_SMALL(obj) CRYPTO_CT_WIPE(obj)
#endif

/* Zeroes `bytes` bytes of stack just below the caller's frame, which is
   where the frames of the functions it called were: for callees that
   cannot wipe their own temporaries, namely the assembly (which keeps
   field elements in its frame and pushes the caller's callee-saved
   registers, possibly secret) and register spills of noinline C helpers.
   Called last by the function that made those calls; noinline, so its
   array is a frame of its own below the caller's.  bytes is each caller's
   deepest chain of callee frames, measured and stated at the call (gcc
   -fstack-usage of the C frames, the assembly's own frame constants, and
   the depth tests/stack/stack-check.c reports for the gcc and clang
   builds), with a margin; tests/check-stack.sh checks that nothing the
   secrets determine is left below the caller. */
#define CRYPTO_CT_NOINLINE __attribute__((noinline))
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline, unused))
#endif
static void crypto_ct_wipe_below(size_t bytes)
{
  /* a variable-length array: the frame is as long as asked.  Plain 8-byte
     stores, one barrier per 64 bytes: a memset call of this size became
     rep stos, whose start-up cost showed in short hashes */
  uint64_t below[(bytes + 63) / 64 * 8];
  size_t i, j;
  for (i = 0; i < sizeof below / 8; i += 8) {
    for (j = 0; j < 8; ++j) below[i + j] = 0;
    __asm__ __volatile__("" : : "r"(below + i) : "memory");
  }
}

#endif
