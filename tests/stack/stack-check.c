/* SPDX-License-Identifier: MIT */
/* stack-check STACKBYTES: runs every primitive, through every
   implementation this CPU can run (lib25519_dispatch_P(i), so every
   compiler of every implementation), each call alone on a fresh pthread
   whose stack is STACKBYTES of our own mmap'd memory (a PROT_NONE page
   below it catches an overflow as SIGSEGV).  Before the thread starts the
   stack is filled with a pattern; after it ends the main thread

   - measures the deepest byte the call changed (the high-water mark,
     counted from the thread function's own frame), and
   - scans the whole stack for the secrets the call was given or derived:
     the Ed25519 seed, the expanded key's halves (clamped a, a mod L, the
     nonce prefix), the nonce r of a signature, an X25519 secret key raw,
     clamped and clamped mod L, the scalars of nP / nPbatch / nG, and the
     secret inputs of pow, powbatch and the hash; each whole (32 bytes) or
     any 16-byte half of it; after dh, nP and nPbatch also the shared
     secrets, as bytes and in limb form (scan_limbs).  A find is a failure.
   - for nG_merged25519, nG_montgomery25519, nP, nPbatch and dh, runs two
     secrets with the same output from the same stack contents and fails
     on any byte below the caller's frame that differs (run_diff).

   The thread function keeps no secret itself (inputs and outputs are
   globals), and the secrets to look for are computed here, on the main
   thread's stack, from the outputs with the library's public SHA-512 and
   a bit-serial arithmetic mod L (the nonce: r = S - h a mod L).  The scan
   reads the stack through volatile pointers in a noinline function, after
   pthread_join, so the compiler cannot assume what it holds.

   With a second argument: only the primitives whose names contain it;
   "planted" runs only calls that leave their scalar on the stack (as
   bytes, as limbs, as bytes that differ between two runs), which must be
   reported (tests/check-stack.sh).

   Output: one line per (primitive, implementation, compiler) with the
   depth in bytes, and a final line "max PRIMITIVE DEPTH" per primitive. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "lib25519.h"

#define PATTERN 0xa7
#define MAXTARGETS 512
#define NPBATCH 64
#define MSLEN 20000
#define HASHLEN 300

static size_t stacksize, total;   /* the call's bound; the whole thread stack */
static unsigned char *stackmem;   /* guard page, then stacksize bytes */
static size_t pagesize;
static uintptr_t thread_frame;
static int failures;

/* ---- secrets to look for ---- */
static unsigned char targets[MAXTARGETS][32];
static const char *target_name[MAXTARGETS];
static int ntargets;

static void target(const char *name, const unsigned char *x)
{
  if (ntargets == MAXTARGETS) { fprintf(stderr, "stack-check: too many targets\n"); exit(111); }
  memcpy(targets[ntargets], x, 32);
  target_name[ntargets++] = name;
}

/* ---- arithmetic mod L, bit-serial, not constant time (test only) ---- */
static const uint32_t L32[8] = { 0x5cf5d3ed, 0x5812631a, 0xa2f79cd6, 0x14def9de, 0, 0, 0, 0x10000000 };

static int ge_L(const uint32_t r[8])
{
  int i;
  for (i = 7; i >= 0; --i) {
    if (r[i] > L32[i]) return 1;
    if (r[i] < L32[i]) return 0;
  }
  return 1;
}

static void sub_L(uint32_t r[8])
{
  uint64_t borrow = 0;
  int i;
  for (i = 0; i < 8; ++i) {
    uint64_t d = (uint64_t)r[i] - L32[i] - borrow;
    r[i] = (uint32_t)d;
    borrow = (d >> 63) & 1;
  }
}

/* r = (r + x) mod L, both < L */
static void add_mod(uint32_t r[8], const uint32_t x[8])
{
  uint64_t c = 0;
  int i;
  for (i = 0; i < 8; ++i) {
    c += (uint64_t)r[i] + x[i];
    r[i] = (uint32_t)c;
    c >>= 32;
  }
  if (ge_L(r)) sub_L(r);
}

/* r = (bytes x[0..len-1], little-endian) mod L */
static void reduce(uint32_t r[8], const unsigned char *x, int len)
{
  int i, b;
  memset(r, 0, 32);
  for (i = 8 * len - 1; i >= 0; --i) {
    uint32_t carry = (uint32_t)((x[i >> 3] >> (i & 7)) & 1);
    for (b = 0; b < 8; ++b) {
      uint32_t top = r[b] >> 31;
      r[b] = (r[b] << 1) | carry;
      carry = top;
    }
    if (ge_L(r)) sub_L(r);
  }
}

static void mul_mod(uint32_t r[8], const uint32_t x[8], const uint32_t y[8])
{
  uint32_t acc[8] = { 0 };
  int i;
  for (i = 255; i >= 0; --i) {
    uint32_t t[8];
    memcpy(t, acc, 32);
    add_mod(acc, t);
    if ((y[i >> 5] >> (i & 31)) & 1) add_mod(acc, x);
  }
  memcpy(r, acc, 32);
}

static void tobytes(unsigned char out[32], const uint32_t x[8])
{
  int i;
  for (i = 0; i < 32; ++i) out[i] = (unsigned char)(x[i >> 2] >> (8 * (i & 3)));
}

static void mod_L_bytes(unsigned char out[32], const unsigned char *x, int len)
{
  uint32_t r[8];
  reduce(r, x, len);
  tobytes(out, r);
}

/* the secrets of an Ed25519 secret key: seed, SHA-512(seed) as hashed,
   clamped a, a mod L, the prefix */
static void ed25519_targets(const unsigned char *sk)
{
  unsigned char az[64], a[32], amodl[32];
  target("seed", sk);
  lib25519_hash_sha512(az, sk, 32);
  target("SHA-512(seed)[0..31]", az);
  target("prefix", az + 32);
  memcpy(a, az, 32);
  a[0] &= 248; a[31] &= 127; a[31] |= 64;
  target("clamped a", a);
  mod_L_bytes(amodl, a, 32);
  target("a mod L", amodl);
}

/* clamped and clamped mod L of an X25519 scalar, plus the raw bytes */
static void x25519_targets(const char *what, const unsigned char *n)
{
  unsigned char c[32], m[32];
  target(what, n);
  memcpy(c, n, 32);
  c[0] &= 248; c[31] &= 127; c[31] |= 64;
  target("clamped scalar", c);
  mod_L_bytes(m, c, 32);
  target("clamped scalar mod L", m);
}

/* ---- deterministic inputs ---- */
static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;
static void fill(unsigned char *x, size_t len)
{
  size_t i;
  for (i = 0; i < len; ++i) {
    rng_state ^= rng_state << 13; rng_state ^= rng_state >> 7; rng_state ^= rng_state << 17;
    x[i] = (unsigned char)(rng_state >> 32);
  }
}

/* ---- the calls, inputs and outputs in globals ---- */
static unsigned char g_pk[32], g_sk[64], g_sm[64 + 100], g_m[100], g_out[64 * NPBATCH];
static unsigned char g_n[32 * NPBATCH], g_p[32 * NPBATCH], g_state[64], g_hashin[HASHLEN];
static unsigned char g_msn[32 * MSLEN], g_msP[32 * MSLEN];
static long long g_smlen, g_mlen;
static void (*g_call)(void);
static void *g_fn;

#define FN(type) ((type)g_fn)
static void call_sign_keypair(void) { FN(void (*)(unsigned char *, unsigned char *))(g_pk, g_sk); }
static void call_sign(void)
{
  FN(void (*)(unsigned char *, long long *, const unsigned char *, long long, const unsigned char *))
    (g_sm, &g_smlen, g_m, (long long)sizeof g_m, g_sk);
}
static void call_sign_open(void)
{
  int ok = FN(int (*)(unsigned char *, long long *, const unsigned char *, long long, const unsigned char *))
    (g_out, &g_mlen, g_sm, g_smlen, g_pk);
  if (ok != 0) { printf("FAIL: sign_open rejected a signature\n"); ++failures; }
}
static void call_dh_keypair(void) { FN(void (*)(unsigned char *, unsigned char *))(g_pk, g_sk); }
static void call_dh(void)
{
  FN(void (*)(unsigned char *, const unsigned char *, const unsigned char *))(g_out, g_p, g_sk);
}
static void call_nP(void)
{
  FN(void (*)(unsigned char *, const unsigned char *, const unsigned char *))(g_out, g_n, g_p);
}
static void call_nPbatch(void)
{
  FN(void (*)(unsigned char *, const unsigned char *, const unsigned char *, long long))
    (g_out, g_n, g_p, NPBATCH);
}
static void call_nG(void) { FN(void (*)(unsigned char *, const unsigned char *))(g_out, g_n); }
static void call_pow(void) { FN(void (*)(unsigned char *, const unsigned char *))(g_out, g_n); }
static void call_powbatch(void)
{
  FN(void (*)(unsigned char *, const unsigned char *, long long))(g_out, g_n, NPBATCH);
}
static void call_hash(void)
{
  FN(void (*)(unsigned char *, const unsigned char *, long long))(g_out, g_hashin, HASHLEN);
}
static void call_hashblocks(void)
{
  FN(int (*)(unsigned char *, const unsigned char *, long long))(g_state, g_hashin, HASHLEN);
}
static void call_verify(void)
{
  FN(int (*)(const unsigned char *, const unsigned char *))(g_n, g_p);
}
static void call_mGnP(void)
{
  FN(void (*)(unsigned char *, const unsigned char *, const unsigned char *, const unsigned char *))
    (g_out, g_n, g_n + 32, g_pk);
}
/* the planted leaks (stack-check STACKBYTES planted), which the checks
   must report: a copy of the scalar in the call's frame; the limbs of a
   field element (radix 2^25.5, one per 32-byte row as in the AVX2
   lanes); and 8 bytes of the scalar, for the comparison of two runs */
static __attribute__((noinline)) void call_planted(void)
{
  volatile unsigned char copy[32];
  int i;
  for (i = 0; i < 32; ++i) copy[i] = g_n[i];
  __asm__ __volatile__("" : : "r"(copy) : "memory");
}

static int limbs_of(uint64_t *l, const unsigned char *x, int f);

static __attribute__((noinline)) void call_planted_limbs(void)
{
  volatile uint64_t rows[10][4];
  uint64_t l[10];
  int i;
  (void)limbs_of(l, g_n, 3);
  for (i = 0; i < 10; ++i) rows[i][2] = l[i];
  __asm__ __volatile__("" : : "r"(rows) : "memory");
}

static __attribute__((noinline)) void call_planted_diff(void)
{
  volatile unsigned char copy[8];
  int i;
  for (i = 0; i < 8; ++i) copy[i] = g_n[i];
  __asm__ __volatile__("" : : "r"(copy) : "memory");
}

static void variant_planted(int v)
{
  fill(g_n, 32);
  g_n[0] = (unsigned char)v;
}

/* the length of the multiscalar call: MSLEN (Pippenger blocks), then
   MSSTRAUS, the longest input Straus takes whole (its frame is the
   deepest; an input split into even Pippenger blocks never reaches it) */
#define MSSTRAUS 79
static long long g_mslen = MSLEN;
static void call_multiscalar(void)
{
  FN(void (*)(unsigned char *, const unsigned char *, const unsigned char *, long long))
    (g_out, g_msn, g_msP, g_mslen);
}

/* ---- the thread and the scan ---- */
/* The call runs below a pad of PADBYTES at the top of the thread's
   stack: after thread_main returns, glibc's thread exit runs on the same
   stack, and its frames land in the pad instead of over the call's
   (which would hide what the call left there). */
#define PADBYTES 8192

/* After the call, the registers that a callee need not restore are
   cleared (arm64: x0-x17 and v0-v31, of which the callee restores only the
   low halves of v8-v15): values left in registers are outside what the
   library controls (doc/security.md), and glibc's thread exit spills
   registers into the pad, where the scan would find them and blame the
   call's stack hygiene for them. */
__attribute__((noinline)) static void thread_call(void)
{
  volatile unsigned char here = 0;
  thread_frame = (uintptr_t)&here;
  g_call();
#if defined(__aarch64__)
  __asm__ volatile(
    "movi v0.16b, #0\n movi v1.16b, #0\n movi v2.16b, #0\n movi v3.16b, #0\n"
    "movi v4.16b, #0\n movi v5.16b, #0\n movi v6.16b, #0\n movi v7.16b, #0\n"
    "movi v8.16b, #0\n movi v9.16b, #0\n movi v10.16b, #0\n movi v11.16b, #0\n"
    "movi v12.16b, #0\n movi v13.16b, #0\n movi v14.16b, #0\n movi v15.16b, #0\n"
    "movi v16.16b, #0\n movi v17.16b, #0\n movi v18.16b, #0\n movi v19.16b, #0\n"
    "movi v20.16b, #0\n movi v21.16b, #0\n movi v22.16b, #0\n movi v23.16b, #0\n"
    "movi v24.16b, #0\n movi v25.16b, #0\n movi v26.16b, #0\n movi v27.16b, #0\n"
    "movi v28.16b, #0\n movi v29.16b, #0\n movi v30.16b, #0\n movi v31.16b, #0\n"
    "mov x0, xzr\n mov x1, xzr\n mov x2, xzr\n mov x3, xzr\n mov x4, xzr\n mov x5, xzr\n"
    "mov x6, xzr\n mov x7, xzr\n mov x8, xzr\n mov x9, xzr\n mov x10, xzr\n mov x11, xzr\n"
    "mov x12, xzr\n mov x13, xzr\n mov x14, xzr\n mov x15, xzr\n mov x16, xzr\n mov x17, xzr\n"
    ::: "x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11", "x12", "x13",
        "x14", "x15", "x16", "x17", "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9",
        "v10", "v11", "v12", "v13", "v14", "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22",
        "v23", "v24", "v25", "v26", "v27", "v28", "v29", "v30", "v31", "memory");
#endif
}

__attribute__((noinline)) static void *thread_main(void *arg)
{
  volatile unsigned char pad[PADBYTES];
  pad[0] = 0;
  pad[PADBYTES - 1] = 0;
  (void)arg;
  thread_call();
  return 0;
}

/* copies the stack out through volatile reads */
__attribute__((noinline)) static void copy_stack(unsigned char *to)
{
  const volatile unsigned char *s = stackmem + pagesize;
  size_t i;
  for (i = 0; i < total; ++i) to[i] = s[i];
}

static void (*g_post)(void);   /* adds the targets known only after the call */

/* runs g_call on the patterned thread stack; copy gets the whole stack
   afterwards; returns the depth (bytes below the caller's frame) */
static size_t run_copy(unsigned char *copy)
{
  pthread_attr_t attr;
  pthread_t t;
  size_t low;

  memset(stackmem + pagesize, PATTERN, total);
  if (pthread_attr_init(&attr) || pthread_attr_setstack(&attr, stackmem + pagesize, total) ||
      pthread_create(&t, &attr, thread_main, 0) || pthread_join(t, 0)) {
    fprintf(stderr, "stack-check: cannot run a thread on a %zu-byte stack\n", stacksize);
    exit(111);
  }
  pthread_attr_destroy(&attr);
  copy_stack(copy);
  for (low = 0; low < total && copy[low] == PATTERN; ++low) ;
  return thread_frame - ((uintptr_t)stackmem + pagesize + low);
}

/* the offset in a stack copy of the caller's frame (thread_call's local) */
static size_t frame_offset(void) { return (size_t)(thread_frame - ((uintptr_t)stackmem + pagesize)); }

static unsigned char *xmalloc(size_t n)
{
  unsigned char *p = malloc(n);
  if (!p) { perror("malloc"); exit(111); }
  return p;
}

/* ---- field elements to look for in limb form ----
   A secret field element (the X25519 shared secret) may stay behind as
   limbs rather than bytes: radix 2^64 (fe64, fe64arm: four 64-bit
   words), 2^51 (fe51, fe51x4/x8: five 64-bit words, or lanes of
   vectors), 2^52 (the IFMA batch: five words, the top one 47 bits) or
   2^25.5 (fe26, fe26x4: ten 32-bit limbs, or the low halves of 64-bit
   lanes).  Lanes of one element are 32 or 64 bytes apart in a vector
   layout, so every limb is looked for on its own, as an aligned word
   anywhere below the caller's frame, and two limbs of the same form
   found is a find (limbs below 2^20 are not counted: too likely by
   chance; a random 25-bit limb matches one of ~2^14 stack words with
   probability ~2^-18). */
#define MAXELEMS 128
#define NFORMS 4
static unsigned char elems[MAXELEMS][32];
static const char *elem_name[MAXELEMS];
static int nelems;

static void elem_target(const char *name, const unsigned char *x)
{
  if (nelems == MAXELEMS) { fprintf(stderr, "stack-check: too many field elements\n"); exit(111); }
  memcpy(elems[nelems], x, 32);
  elem_name[nelems++] = name;
}

/* bits [off, off + len) of the 256-bit little-endian x, len <= 64 */
static uint64_t bits_of(const unsigned char *x, int off, int len)
{
  uint64_t r = 0;
  int i;
  for (i = 0; i < len; ++i) r |= (uint64_t)((x[(off + i) >> 3] >> ((off + i) & 7)) & 1) << i;
  return r;
}

static const char *form_name[NFORMS] = { "radix 2^64", "radix 2^51", "radix 2^52", "radix 2^25.5" };

/* the limbs of x (below p, top bit clear) in form f; returns their number */
static int limbs_of(uint64_t *l, const unsigned char *x, int f)
{
  static const int off26[11] = { 0, 26, 51, 77, 102, 128, 153, 179, 204, 230, 255 };
  int i;
  switch (f) {
  case 0: for (i = 0; i < 4; ++i) l[i] = bits_of(x, 64 * i, 64); return 4;
  case 1: for (i = 0; i < 5; ++i) l[i] = bits_of(x, 51 * i, 51); return 5;
  case 2: for (i = 0; i < 5; ++i) l[i] = bits_of(x, 52 * i, i == 4 ? 47 : 52); return 5;
  default: for (i = 0; i < 10; ++i) l[i] = bits_of(x, off26[i], off26[i + 1] - off26[i]); return 10;
  }
}

/* the aligned words of copy[from, to), sorted: 64-bit words at 8-byte
   alignment, and 32-bit words at 4-byte alignment (limbs below 2^32, also
   the low half of a 64-bit lane) */
static uint64_t *words64, *words32;
static size_t nwords64, nwords32;

static int cmp_u64(const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

static void collect_words(const unsigned char *copy, size_t from, size_t to)
{
  size_t i;
  free(words64);
  free(words32);
  words64 = (uint64_t *)(void *)xmalloc((to - from) / 8 * 8 + 8);
  words32 = (uint64_t *)(void *)xmalloc((to - from) / 4 * 8 + 8);
  nwords64 = nwords32 = 0;
  for (i = (from + 7) & ~(size_t)7; i + 8 <= to; i += 8) memcpy(&words64[nwords64++], copy + i, 8);
  for (i = (from + 3) & ~(size_t)3; i + 4 <= to; i += 4) {
    uint32_t v;
    memcpy(&v, copy + i, 4);
    words32[nwords32++] = v;
  }
  qsort(words64, nwords64, 8, cmp_u64);
  qsort(words32, nwords32, 8, cmp_u64);
}

static int has_word(uint64_t w)
{
  if (w >> 32) return bsearch(&w, words64, nwords64, 8, cmp_u64) != 0;
  return bsearch(&w, words32, nwords32, 8, cmp_u64) != 0;
}

/* the limb forms of the elements, looked for in copy[from, to) */
static int scan_limbs(const char *prim, long long impl, const char *implname, const char *compiler,
                      const unsigned char *copy, size_t from, size_t to)
{
  int e, f, i, n, found, bad = 0;
  uint64_t l[10];
  if (!nelems) return 0;
  collect_words(copy, from, to);
  for (e = 0; e < nelems; ++e)
    for (f = 0; f < NFORMS; ++f) {
      n = limbs_of(l, elems[e], f);
      for (found = 0, i = 0; i < n; ++i)
        if (l[i] >= (1u << 20) && has_word(l[i])) ++found;
      if (found >= 2) {
        printf("FAIL: %s %lld %s %s left %d of the %d limbs (%s) of %s (element %d) on the stack\n", prim, impl,
               implname, compiler, found, n, form_name[f], elem_name[e], e);
        ++bad;
        break;
      }
    }
  return bad;
}

static size_t run(const char *prim, long long impl, const char *implname, const char *compiler)
{
  unsigned char *copy = xmalloc(total);
  size_t depth;
  int k, h;

  depth = run_copy(copy);
  if (g_post) g_post();

  printf("%s %lld %s %s depth %zu\n", prim, impl, implname, compiler, depth);
  if (depth > stacksize) {
    printf("FAIL: %s %lld %s %s needs %zu bytes of stack, more than %zu\n", prim, impl, implname, compiler,
           depth, stacksize);
    ++failures;
  }

  for (k = 0; k < ntargets; ++k)
    for (h = 0; h < 3; ++h) {
      const unsigned char *needle = h == 0 ? targets[k] : targets[k] + 16 * (h - 1);
      size_t nlen = h == 0 ? 32 : 16;
      unsigned char *hit = memmem(copy, total, needle, nlen);
      if (hit) {
        printf("FAIL: %s %lld %s %s left %s%s on the stack, %zu bytes below the caller's frame\n",
               prim, impl, implname, compiler, h == 0 ? "" : h == 1 ? "the low half of " : "the high half of ",
               target_name[k], (size_t)(thread_frame - ((uintptr_t)stackmem + pagesize + (size_t)(hit - copy))));
        ++failures;
        h = 3;
      }
    }
  /* the part of the stack the call wrote */
  failures += scan_limbs(prim, impl, implname, compiler, copy, depth < frame_offset() ? frame_offset() - depth : 0,
                         frame_offset());
  free(copy);
  return depth;
}

/* ---- the same public result from other secret data ----
   g_variant(v) sets the inputs of variant v (0 or 1): two secrets with
   the same outputs (n and n + L for nG_merged25519; clamped c and 8L - c,
   that is -c mod L, on points of order L for X25519).  Run from the same
   patterned stack, everything the call leaves below the caller's frame
   that is not determined by the outputs shows as a differing byte. */
static void (*g_variant)(int);
static size_t g_outlen;

static void run_diff(const char *prim, long long impl, const char *implname, const char *compiler)
{
  unsigned char *a = xmalloc(total), *b = xmalloc(total), *out0 = xmalloc(g_outlen);
  unsigned char *saved = xmalloc(sizeof g_n + sizeof g_p + sizeof g_sk);
  size_t i, top, ndiff = 0, lowest = 0, highest = 0;

  /* the inputs of the other checks are restored afterwards */
  memcpy(saved, g_n, sizeof g_n);
  memcpy(saved + sizeof g_n, g_p, sizeof g_p);
  memcpy(saved + sizeof g_n + sizeof g_p, g_sk, sizeof g_sk);

  g_variant(0);
  memset(g_out, 0, sizeof g_out);
  (void)run_copy(a);
  memcpy(out0, g_out, g_outlen);
  g_variant(1);
  memset(g_out, 0, sizeof g_out);
  (void)run_copy(b);
  top = frame_offset();
  if (memcmp(out0, g_out, g_outlen)) {
    printf("FAIL: %s %lld %s %s: the two secrets of the stack comparison give different outputs\n", prim, impl,
           implname, compiler);
    ++failures;
  }
  for (i = 0; i < top; ++i)
    if (a[i] != b[i]) {
      if (!ndiff) highest = top - i;
      lowest = top - i;
      ++ndiff;
    }
  printf("%s %lld %s %s differing %zu\n", prim, impl, implname, compiler, ndiff);
  if (ndiff) {
    printf("FAIL: %s %lld %s %s: %zu bytes below the caller's frame depend on the secret beyond the output "
           "(%zu to %zu bytes below)\n", prim, impl, implname, compiler, ndiff, lowest, highest);
    ++failures;
  }
  memcpy(g_n, saved, sizeof g_n);
  memcpy(g_p, saved + sizeof g_n, sizeof g_p);
  memcpy(g_sk, saved + sizeof g_n + sizeof g_p, sizeof g_sk);
  free(saved);
  free(a);
  free(b);
  free(out0);
}

#define EACH_DIFF(P, variant, outlen, CALL)                                               \
  do {                                                                                    \
    long long i_, n_ = lib25519_numimpl_##P();                                            \
    for (i_ = 0; i_ < n_; ++i_) {                                                         \
      g_fn = (void *)lib25519_dispatch_##P(i_);                                           \
      g_variant = variant;                                                                \
      g_outlen = outlen;                                                                  \
      g_call = CALL;                                                                      \
      run_diff(#P, i_, lib25519_dispatch_##P##_implementation(i_),                        \
               lib25519_dispatch_##P##_compiler(i_));                                     \
    }                                                                                     \
  } while (0)

#define EACH(P, setup, CALL)                                                              \
  do {                                                                                    \
    long long i_, n_ = lib25519_numimpl_##P();                                            \
    size_t max_ = 0;                                                                      \
    for (i_ = 0; i_ < n_; ++i_) {                                                         \
      size_t d_;                                                                          \
      ntargets = 0;                                                                       \
      nelems = 0;                                                                         \
      g_fn = (void *)lib25519_dispatch_##P(i_);                                           \
      setup;                                                                              \
      g_call = CALL;                                                                      \
      d_ = run(#P, i_, lib25519_dispatch_##P##_implementation(i_),                        \
               lib25519_dispatch_##P##_compiler(i_));                                     \
      g_post = 0;                                                                         \
      if (d_ > max_) max_ = d_;                                                           \
    }                                                                                     \
    printf("max %s %zu\n", #P, max_);                                                     \
  } while (0)

static void sign_targets_after(void)
{
  /* r = S - h a mod L, h = SHA-512(R || A || M) mod L */
  unsigned char buf[64 + sizeof g_m], hram[64], a[32], r[32];
  uint32_t h[8], av[8], ha[8], S[8];
  int i;
  ed25519_targets(g_sk);
  memcpy(buf, g_sm, 32);
  memcpy(buf + 32, g_pk, 32);
  memcpy(buf + 64, g_m, sizeof g_m);
  lib25519_hash_sha512(hram, buf, (long long)sizeof buf);
  reduce(h, hram, 64);
  lib25519_hash_sha512(hram, g_sk, 32);
  memcpy(a, hram, 32);
  a[0] &= 248; a[31] &= 127; a[31] |= 64;
  reduce(av, a, 32);
  mul_mod(ha, h, av);
  reduce(S, g_sm + 32, 32);
  /* S - ha = S + (L - ha) */
  {
    uint32_t neg[8];
    uint64_t borrow = 0;
    for (i = 0; i < 8; ++i) {
      uint64_t d = (uint64_t)L32[i] - ha[i] - borrow;
      neg[i] = (uint32_t)d;
      borrow = (d >> 63) & 1;
    }
    if (ge_L(neg)) sub_L(neg);
    add_mod(S, neg);
  }
  tobytes(r, S);
  target("nonce r", r);
}

static void merged_targets(void)
{
  unsigned char t[32], m[32];
  target("scalar", g_n);
  memcpy(t, g_n, 32);
  t[31] &= 127;
  target("scalar, top bit clear", t);
  mod_L_bytes(m, t, 32);
  target("scalar mod L", m);
}

static void keypair_ed_after(void) { ed25519_targets(g_sk); }
static void keypair_x_after(void) { x25519_targets("secret key", g_sk); }


/* ---- pairs of secrets with the same outputs ---- */
/* 8L = 2^255 + D8, little-endian */
static const unsigned char L8[32] = {
  0x68, 0x9f, 0xae, 0xe7, 0xd2, 0x18, 0x93, 0xc0, 0xb2, 0xe6, 0xbc, 0x17, 0xf5, 0xce, 0xf7, 0xa6,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80
};

/* r = a + s b (s = 1) or a - b (s = -1), 256 bits, mod 2^256 */
static void addsub256(unsigned char *r, const unsigned char *a, const unsigned char *b, int s)
{
  int i, c = 0;
  for (i = 0; i < 32; ++i) {
    c += a[i] + s * b[i];
    r[i] = (unsigned char)c;
    c >>= 8;   /* arithmetic shift: -1 on a borrow */
  }
}

static unsigned char L1[32];   /* L, from L8 / 8 */

/* an X25519 pair: c = 2^254 + t (t < 2^127, a multiple of 8) and
   c' = 8L - c = 2^254 + D8 - t, both clamped already (bits 0-2 clear,
   254 set, 255 clear); c' = -c mod L, so x(cP) = x(c'P) for P of order L */
static void x25519_pair(unsigned char *c, unsigned char *c2)
{
  memset(c, 0, 32);
  fill(c, 16);
  c[0] &= 248;
  c[15] &= 127;
  c[31] = 64;
  addsub256(c2, L8, c, -1);
}

#define DIFFN NPBATCH
static unsigned char g_dn[2][32 * DIFFN], g_dp[32 * DIFFN];

/* the secret scalars of variant v, and the points (of order L) */
static void variant_x(int v)
{
  memcpy(g_n, g_dn[v], sizeof g_dn[v]);
  memcpy(g_sk, g_dn[v], 32);
  memcpy(g_p, g_dp, sizeof g_dp);
}

static void setup_diff(void)
{
  int j;
  unsigned char k[32];
  for (j = 0; j < 32; ++j) L1[j] = (unsigned char)((L8[j] >> 3) | (j < 31 ? L8[j + 1] << 5 : 0));
  for (j = 0; j < DIFFN; ++j) {
    x25519_pair(g_dn[0] + 32 * j, g_dn[1] + 32 * j);
    fill(k, 32);
    lib25519_nG_montgomery25519(g_dp + 32 * j, k);   /* a point of the subgroup of order L */
  }
}

/* nG_merged25519: n < 2^252 and n + L */
static void variant_merged(int v)
{
  memcpy(g_n, g_dn[0], 32);
  g_n[31] &= 15;
  if (v) addsub256(g_n, g_n, L1, 1);
}

/* the shared secrets (outputs) in byte and limb form */
static void shared_after(void) { target("shared secret", g_out); elem_target("shared secret", g_out); }
static void batch_after(void)
{
  int j;
  for (j = 0; j < NPBATCH; ++j) {
    target("shared secret of the batch", g_out + 32 * j);
    elem_target("shared secret of the batch", g_out + 32 * j);
  }
}

#define EACH_SIGN(FUNC, post, CALL)                                                       \
  do {                                                                                    \
    long long i_, n_ = lib25519_numimpl_sign_ed25519();                                   \
    size_t max_ = 0;                                                                      \
    for (i_ = 0; i_ < n_; ++i_) {                                                         \
      size_t d_;                                                                          \
      ntargets = 0;                                                                       \
      nelems = 0;                                                                         \
      g_fn = (void *)lib25519_dispatch_sign_ed25519##FUNC(i_);                            \
      g_post = post;                                                                      \
      g_call = CALL;                                                                      \
      d_ = run("sign_ed25519" #FUNC, i_, lib25519_dispatch_sign_ed25519_implementation(i_), \
               lib25519_dispatch_sign_ed25519_compiler(i_));                              \
      g_post = 0;                                                                         \
      if (d_ > max_) max_ = d_;                                                           \
    }                                                                                     \
    printf("max sign_ed25519%s %zu\n", #FUNC, max_);                                      \
  } while (0)

int main(int argc, char **argv)
{
  long long i;
  const char *only = argc > 2 ? argv[2] : 0;

  setvbuf(stdout, 0, _IOLBF, 0);
  stacksize = argc > 1 ? (size_t)strtoull(argv[1], 0, 0) : 65536;
  pagesize = (size_t)sysconf(_SC_PAGESIZE);
  stacksize = (stacksize + pagesize - 1) / pagesize * pagesize;
  /* the call gets stacksize bytes below the pad and glibc's thread
     descriptor at the top (8 KiB allowed) */
  total = stacksize + PADBYTES + 8192;
  stackmem = mmap(0, total + pagesize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (stackmem == MAP_FAILED || mprotect(stackmem, pagesize, PROT_NONE)) { perror("mmap"); return 111; }

  fill(g_m, sizeof g_m);
  fill(g_hashin, sizeof g_hashin);
  setup_diff();
  /* warm the dispatcher (self-tests, CPU check) on the main stack */
  lib25519_sign_ed25519_keypair(g_pk, g_sk);
  lib25519_sign_ed25519(g_sm, &g_smlen, g_m, (long long)sizeof g_m, g_sk);
  lib25519_sign_ed25519_open(g_out, &g_mlen, g_sm, g_smlen, g_pk);
  lib25519_dh_x25519_keypair(g_pk, g_sk);
  lib25519_dh_x25519(g_out, g_pk, g_sk);
  lib25519_nPbatch_montgomery25519(g_out, g_n, g_p, 1);
  lib25519_nG_montgomery25519(g_out, g_n);
  lib25519_powbatch_inv25519(g_out, g_n, 1);
  lib25519_multiscalar_ed25519(g_out, g_n, g_pk, 1);
  lib25519_hash_sha512(g_out, g_m, 1);

#define WANT(name) (!only || strstr(only, name))

  if (only && !strcmp(only, "planted")) {
    fill(g_n, 32);
    g_n[31] &= 127;
    target("planted scalar", g_n);
    g_call = call_planted;
    (void)run("planted", 0, "planted", "-");
    ntargets = 0;
    elem_target("planted element", g_n);
    g_call = call_planted_limbs;
    (void)run("planted-limbs", 0, "planted", "-");
    nelems = 0;
    g_variant = variant_planted;
    g_outlen = 32;
    g_call = call_planted_diff;
    run_diff("planted-diff", 0, "planted", "-");
    return failures ? 1 : 0;
  }

  if (WANT("sign")) {
    EACH_SIGN(_keypair, keypair_ed_after, call_sign_keypair);
    lib25519_sign_ed25519_keypair(g_pk, g_sk);
    EACH_SIGN(, sign_targets_after, call_sign);
    EACH_SIGN(_open, 0, call_sign_open);
  }

  if (WANT("dh")) {
    long long i_, n_ = lib25519_numimpl_dh_x25519();
    size_t max_ = 0, d_;
    for (i_ = 0; i_ < n_; ++i_) {
      ntargets = 0;
      nelems = 0;
      g_fn = (void *)lib25519_dispatch_dh_x25519_keypair(i_);
      g_post = keypair_x_after;
      g_call = call_dh_keypair;
      d_ = run("dh_x25519_keypair", i_, lib25519_dispatch_dh_x25519_implementation(i_),
               lib25519_dispatch_dh_x25519_compiler(i_));
      g_post = 0;
      if (d_ > max_) max_ = d_;
    }
    printf("max dh_x25519_keypair %zu\n", max_);
    lib25519_dh_x25519_keypair(g_p, g_sk);
    fill(g_sk, 32);
    EACH(dh_x25519, { x25519_targets("secret key", g_sk); g_post = shared_after; }, call_dh);
    EACH_DIFF(dh_x25519, variant_x, 32, call_dh);
  }

  fill(g_n, sizeof g_n);
  fill(g_p, sizeof g_p);
  if (WANT("nP")) {
    EACH(nP_montgomery25519, { x25519_targets("scalar", g_n); g_post = shared_after; }, call_nP);
    EACH_DIFF(nP_montgomery25519, variant_x, 32, call_nP);
  }
  if (WANT("nPbatch")) {
    EACH(nPbatch_montgomery25519,
         { int j_; for (j_ = 0; j_ < NPBATCH; ++j_) x25519_targets("scalar of the batch", g_n + 32 * j_);
           g_post = batch_after; },
         call_nPbatch);
    EACH_DIFF(nPbatch_montgomery25519, variant_x, 32 * NPBATCH, call_nPbatch);
  }
  if (WANT("nG")) {
    EACH(nG_montgomery25519, x25519_targets("scalar", g_n), call_nG);
    EACH_DIFF(nG_montgomery25519, variant_x, 32, call_nG);
    EACH(nG_merged25519, merged_targets(), call_nG);
    EACH_DIFF(nG_merged25519, variant_merged, 32, call_nG);
  }
  if (WANT("pow")) {
    EACH(pow_inv25519, { g_n[31] &= 127; target("input", g_n); }, call_pow);
    EACH(powbatch_inv25519,
         { int j_; for (j_ = 0; j_ < NPBATCH; ++j_) { g_n[32 * j_ + 31] &= 127; target("input", g_n + 32 * j_); } },
         call_powbatch);
  }
  if (WANT("hash")) {
    EACH(hash_sha512, { int j_; for (j_ = 0; j_ + 32 <= HASHLEN; j_ += 16) target("input", g_hashin + j_); },
         call_hash);
    EACH(hashblocks_sha512,
         { int j_; for (j_ = 0; j_ + 32 <= HASHLEN; j_ += 16) target("input", g_hashin + j_); },
         call_hashblocks);
  }
  if (WANT("verify")) EACH(verify_32, target("input", g_n), call_verify);
  /* public inputs only: depth and the 64 KiB bound */
  if (WANT("mGnP")) {
    lib25519_sign_ed25519_keypair(g_pk, g_sk);
    g_n[31] &= 15; g_n[63] &= 15;
    EACH(mGnP_ed25519, (void)0, call_mGnP);
  }
  if (WANT("multiscalar")) {
    for (i = 0; i < MSLEN; ++i) {
      unsigned char s[32];
      fill(s, 32);
      s[31] &= 15;
      if (i < 256) lib25519_nG_merged25519(g_msP + 32 * i, s);
      else memcpy(g_msP + 32 * i, g_msP + 32 * (i % 256), 32);
      fill(g_msn + 32 * i, 32);
      g_msn[32 * i + 31] &= 15;
    }
    EACH(multiscalar_ed25519, (void)0, call_multiscalar);
    g_mslen = MSSTRAUS;
    EACH(multiscalar_ed25519, (void)0, call_multiscalar);
  }

  printf("%s\n", failures ? "stack-check: FAILED" : "stack-check: ok");
  return failures ? 1 : 0;
}
