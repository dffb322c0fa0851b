/* SPDX-License-Identifier: MIT */
/* Helpers shared by the per-primitive tests of lib25519-test.

   Every test file tests/test-OP_PRIM.c defines void test_OP_PRIM(void), which
   loops over impl = -1 (the selected implementation, through lib25519_OP_PRIM)
   and impl = 0 .. lib25519_numimpl_OP_PRIM()-1 (through lib25519_dispatch_*),
   calling test_begin() for each so failures name implementation and compiler. */
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

/* directory of the public vectors (../shared/vectors) or NULL when absent;
   looked up from LIB25519_VECTORS, then ../shared/vectors relative to the
   source tree and the current directory */
const char *test_vectors_dir(void);
/* read a whole file into a malloc'ed NUL-terminated buffer, or NULL */
char *test_read_file(const char *path, long long *len);
/* the value of "key": "64 hex digits" inside [obj, end) decoded into
   out[0..31]; 0 if found, -1 if not (Wycheproof X25519 cases) */
int test_json_hex32(unsigned char *out, const char *obj, const char *end, const char *key);

/* nonzero when the run asked for the long versions of iterated tests */
extern int test_long;
/* nonzero when running under valgrind data-flow checking (secrets poisoned) */
extern int test_valgrind;

/* mark/unmark secret bytes (no-ops natively) */
void test_poison(const void *x, long long len);
void test_unpoison(const void *x, long long len);

#endif
