/* SPDX-License-Identifier: MIT */
/* Secret/declassify markers for the valgrind data-flow (constant-time) test.
   crypto_declassify(p,n) says "these bytes are public from here on": under
   valgrind it marks them defined; natively it costs a few no-op instructions.
   crypto_secret(p,n) marks bytes as secret (undefined) for the tests.
   configure defines LIB25519_HAVE_VALGRIND when <valgrind/memcheck.h> exists;
   clang's -fsanitize=memory selects MemorySanitizer's equivalents instead. */
#ifndef CRYPTO_DECLASSIFY_H
#define CRYPTO_DECLASSIFY_H

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define CRYPTO_DECLASSIFY_MSAN 1
#endif
#endif

#if defined(CRYPTO_DECLASSIFY_MSAN)
/* MemorySanitizer build (tests/check-msan.sh): the same marks in MSan's
   shadow memory, so uses of secrets in branches and addresses are reported */
#include <sanitizer/msan_interface.h>
#define crypto_declassify(p, n) __msan_unpoison((p), (size_t)(n))
#define crypto_secret(p, n) __msan_poison((p), (size_t)(n))
#elif defined(LIB25519_HAVE_VALGRIND)
#include <valgrind/memcheck.h>
#define crypto_declassify(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#define crypto_secret(p, n) ((void)VALGRIND_MAKE_MEM_UNDEFINED((p), (n)))
#else
#define crypto_declassify(p, n) ((void)(p), (void)(n))
#define crypto_secret(p, n) ((void)(p), (void)(n))
#endif

#endif
