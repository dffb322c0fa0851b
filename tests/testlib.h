/* SPDX-License-Identifier: MIT */
/* Helpers shared by the per-primitive tests of lib25519-test.

   Every test file tests/test-OP_PRIM.c defines void test_OP_PRIM(void), which
   runs its checks on every implementation with TEST_FOR_EACH_IMPL below. */
#ifndef TESTLIB_H
#define TESTLIB_H

#include <stdint.h>
#include <stddef.h>

/* what is being tested now; used in failure messages */
void test_begin(const char *primitive, long long impl, const char *implementation, const char *compiler);

/* record a failure (printf-style); the run goes on and exits nonzero at the end */
void test_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
long long test_failures(void);

/* fail unless a and b are equal; what names the check */
void test_expect_bytes(const char *what, const unsigned char *got, const unsigned char *want, long long len);
/* fail unless hex (lowercase, 2*len digits) equals the bytes */
void test_expect_hex(const char *what, const unsigned char *got, const char *wanthex, long long len);
void test_hex_decode(unsigned char *out, const char *hex, long long len);

/* deterministic pseudo-random stream (not secure; reproducible inputs) */
void test_rng_seed(uint64_t seed);
void test_rng_bytes(unsigned char *x, long long len);
uint64_t test_rng_u64(void);

/* guarded buffers: len usable bytes at an address with the given
   misalignment (0..63) from a 64-byte boundary, surrounded by 64 guard bytes
   of a fixed pattern on each side. test_guard_check fails the test if any
   guard byte changed. Contents start as pseudo-random bytes. */
unsigned char *test_guarded_alloc(long long len, long long misalign);
void test_guard_check(const char *what, const unsigned char *buf);
void test_guarded_free(unsigned char *buf);

/* 32-byte checksum of a stream of outputs (a simple mixing function,
   independent of the library's own SHA-512) */
typedef struct { uint64_t s[4]; } test_checksum;
void test_checksum_init(test_checksum *c);
void test_checksum_add(test_checksum *c, const unsigned char *x, long long len);
void test_checksum_hex(const test_checksum *c, char out[65]);
/* fail unless the checksum is wanthex; if wanthex is NULL, print it */
void test_checksum_expect(const char *what, const test_checksum *c, const char *wanthex);

/* a test that could not run here: prints "SKIPPED: " and the message, and
   counts it (lib25519-test reports the count); not a failure */
void test_skip(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
long long test_skips(void);

/* read a whole file into a malloc'ed NUL-terminated buffer, or NULL */
char *test_read_file(const char *path, long long *len);

/* The public vectors in tests/vectors (format: tests/vectors/README.md):
   one case a line, fields separated by one space, '#' starts a comment.
   The folder is LIB25519_TEST_VECTORS when set, else tests/vectors of the
   source tree this program was built in (from /proc/self/exe), else
   tests/vectors in or up to three levels above the current directory;
   NULL when none of them exists. */
const char *test_vectors_dir(void);

#define TEST_VECTORS_MAXFIELDS 8
typedef struct {
  char name[128];          /* file name, for messages */
  char path[4096];
  char *text, *line;
  long long len, pos, lineno;
  int nfields;
  char *field[TEST_VECTORS_MAXFIELDS];
} test_vectors;

/* 1 when tests/vectors/NAME is open; 0 when it is not: a skip (test_skip)
   if the folder was not found, a failure if the file cannot be read */
int test_vectors_open(test_vectors *v, const char *primitive, const char *name);
/* the next case: returns its number of fields (v->field[]), 0 at the end */
int test_vectors_next(test_vectors *v);
/* start again at the first case */
void test_vectors_rewind(test_vectors *v);
/* the number of cases (and a rewind) */
long long test_vectors_count(test_vectors *v);
/* field i of the current case decoded into exactly len bytes: 0, or -1
   (a failure naming file and line) when it is not len bytes of hex */
int test_vectors_bytes(test_vectors *v, int i, unsigned char *out, long long len);
/* field i decoded into a malloc'ed buffer (at least 1 byte), *len bytes;
   NULL (and a failure) when it is not hex */
unsigned char *test_vectors_alloc(test_vectors *v, int i, long long *len);
void test_vectors_close(test_vectors *v);
/* the cases of x25519-wycheproof.txt, which must number exactly want:
   returns want, with the scalars, points and expected results in three
   malloc'ed arrays of 32-byte items (the caller frees them); 0 after a
   skip or a failure */
long long test_vectors_x25519(const char *primitive, long long want, unsigned char **n, unsigned char **p,
                              unsigned char **shared);

/* Every implementation of a primitive. Each test_OP_PRIM runs its checks
   once per implementation, impl = -1 (the one the library selected, called
   as lib25519_F) and impl = 0 .. lib25519_numimpl_OP_PRIM()-1 (every
   compiled one, called through lib25519_dispatch_F(impl)):

     long long impl;
     TEST_FOR_EACH_IMPL(nP_montgomery25519, impl)
       test_one(TEST_IMPL_FN(nP_montgomery25519, impl));

   Each step announces the implementation and compiler (test_begin), so a
   failure names them. */
struct test_impls {
  const char *primitive;
  long long (*count)(void);
  const char *(*implementation)(void);
  const char *(*compiler)(void);
  const char *(*dispatch_implementation)(long long);
  const char *(*dispatch_compiler)(long long);
};
/* moves *impl on to the next implementation (start at -2) and announces it;
   0 after the last one */
int test_next_impl(const struct test_impls *p, long long *impl);

#define TEST_IMPLS(prim)                                                                   \
  ((const struct test_impls){#prim, lib25519_numimpl_##prim, lib25519_##prim##_implementation, \
                             lib25519_##prim##_compiler, lib25519_dispatch_##prim##_implementation, \
                             lib25519_dispatch_##prim##_compiler})
#define TEST_FOR_EACH_IMPL(prim, impl) for ((impl) = -2; test_next_impl(&TEST_IMPLS(prim), &(impl));)
/* function fn (e.g. sign_ed25519_open) of implementation impl */
#define TEST_IMPL_FN(fn, impl) ((impl) < 0 ? lib25519_##fn : lib25519_dispatch_##fn(impl))

/* nonzero when the run asked for the long versions of iterated tests */
extern int test_long;
/* nonzero when running under valgrind data-flow checking (secrets poisoned) */
extern int test_valgrind;

/* mark/unmark secret bytes (no-ops natively) */
void test_poison(const void *x, long long len);
void test_unpoison(const void *x, long long len);

#endif
