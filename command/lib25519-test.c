/* SPDX-License-Identifier: MIT */
/* lib25519-test [--long] [--list] [primitive ...]
   Tests every compiled implementation of every primitive (or of the named
   ones: "nP" or "nP_montgomery25519"), plus the selected one. Prints
   "all tests succeeded" last and exits 0, or names what failed and exits 1.
   A check that cannot run here (the vectors of tests/vectors not found) is
   not a failure: it prints a SKIPPED line, and the count comes before the
   last line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lib25519.h>
#include "testlib.h"

#ifdef LIB25519_HAVE_VALGRIND
#include <valgrind/valgrind.h>
#endif

#define TEST(name) extern void test_##name(void);
#include "tests-list.h"
#undef TEST

static const struct {
  const char *name;
  void (*run)(void);
} tests[] = {
#define TEST(name) {#name, test_##name},
#include "tests-list.h"
#undef TEST
};

/* "nP" selects nP_montgomery25519; "nG" selects both nG primitives */
static int wanted(const char *name, int argc, char **argv, int first)
{
  if (first >= argc) return 1;
  for (int i = first; i < argc; ++i) {
    size_t n = strlen(argv[i]);
    if (strcmp(name, argv[i]) == 0) return 1;
    if (strncmp(name, argv[i], n) == 0 && name[n] == '_') return 1;
  }
  return 0;
}

int main(int argc, char **argv)
{
  int first = 1;
  setvbuf(stdout, NULL, _IOLBF, 0);
  while (first < argc && argv[first][0] == '-') {
    if (strcmp(argv[first], "--long") == 0)
      test_long = 1;
    else if (strcmp(argv[first], "--list") == 0) {
      for (size_t t = 0; t < sizeof tests / sizeof tests[0]; ++t) printf("%s\n", tests[t].name);
      return 0;
    }
    else {
      fprintf(stderr, "usage: lib25519-test [--long] [--list] [primitive ...]\n");
      return 100;
    }
    ++first;
  }
#ifdef LIB25519_HAVE_VALGRIND
  test_valgrind = RUNNING_ON_VALGRIND ? 1 : 0;
#endif
  for (int i = first; i < argc; ++i) {
    int found = 0;
    for (size_t t = 0; t < sizeof tests / sizeof tests[0]; ++t)
      found |= wanted(tests[t].name, 2, (char *[]){argv[0], argv[i]}, 1);
    if (!found) {
      fprintf(stderr, "lib25519-test: unknown primitive %s\n", argv[i]);
      return 100;
    }
  }
  printf("lib25519 version %s\n", lib25519_version);
  printf("lib25519 arch %s\n", lib25519_arch);
  {
    unsigned int w[16];
    lib25519_cpuid(w, 16);
    printf("cpuid");
    for (int i = 0; i < 16; ++i) printf(" %08x", w[i]);
    printf("\n");
  }
  if (test_valgrind) printf("running under valgrind: secrets are poisoned, loops shortened\n");
  for (size_t t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
    if (!wanted(tests[t].name, argc, argv, first)) continue;
    long long before = test_failures();
    tests[t].run();
    printf("%s %s\n", tests[t].name, test_failures() == before ? "ok" : "FAILED");
  }
  if (test_skips()) printf("%lld checks skipped (the SKIPPED lines above say why)\n", test_skips());
  if (test_failures()) {
    printf("%lld failures\n", test_failures());
    return 1;
  }
  printf("all tests succeeded\n");
  return 0;
}
