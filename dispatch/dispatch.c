/* SPDX-License-Identifier: MIT */
/* Run-time choice of implementations (doc/internals.md, "Self-tests and
   dispatch"). The candidates of each primitive come from the generated
   build/ARCH/dispatch/candidates.c, with their ranks per class; this file decides which one
   runs:

   - The order depends on the CPU: candidates.c has one per instruction-set
     class (cpuid/classes), and this CPU uses that of cpuclass(), the
     richest class whose instruction sets it has (after LIB25519_DISABLE).
   - On the first call of any function of a primitive (lib25519_chosen in
     dispatch.h finds no index yet), choose() walks the candidates in that
     order and takes the first one whose instruction sets this CPU has and
     which passes the primitive's known-answer self-test
     (crypto_OP/PRIM/selftest.c).
   - The index is stored with a release store and read with an acquire load,
     so every later call costs one load and one indirect call.
   - No lock: two threads racing on the first call both run the self-tests,
     reach the same answer (the same table, the same CPU, self-tests whose
     verdict does not change), so both store the same index.
   - If no candidate passes, fallback() reports it and aborts (one spot,
     below).
   - Tests and benchmarks reach every candidate this CPU can run through the
     enumeration at the end (lib25519_numimpl_P, lib25519_dispatch_P). */
#include <stdlib.h>
#include <unistd.h>
#include "dispatch.h"

/* What this CPU (and OS) can run: cpuid/ARCH.c, minus the instruction sets
   named in LIB25519_DISABLE. Computed once; the top bit of the cache
   (bit 63, or 31 where a long has 32 bits), which no feature uses, marks
   it as filled even when the CPU has no optional feature. The cache is a
   long, which every ABI loads and stores atomically (8-byte atomics would
   need libatomic on armel); the targets whose long has 32 bits detect no
   feature (cpuid/default.c), so nothing is lost there. Relaxed atomics
   are enough: every thread computes the same value. */
#define CPUFEATURES_FILLED (1UL << (8 * sizeof(unsigned long) - 1))
static unsigned long cpufeatures_cache;

static unsigned long long cpufeatures(void)
{
  unsigned long f = __atomic_load_n(&cpufeatures_cache, __ATOMIC_RELAXED);
  if (!f) {
    f = (unsigned long)lib25519_internal_cpufeatures() | CPUFEATURES_FILLED;
    __atomic_store_n(&cpufeatures_cache, f, __ATOMIC_RELAXED);
  }
  return f;
}

/* The class whose candidate order this CPU uses: the last (richest) one in
   lib25519_internal_classes whose instruction sets it all has; the first
   when it has none of them. Cheap enough to recompute on each first call. */
static int cpuclass(unsigned long long cpu)
{
  int k = 0;
  for (int i = 0; i < lib25519_internal_numclasses; ++i)
    if (!(lib25519_internal_classes[i].features & ~cpu)) k = i;
  return k;
}

/* the candidate after index prev (-1: the first one) in the order of class
   k, i.e. the one with the next larger rank; -1 after the last. Pairs that
   did not compile leave gaps in the ranks, hence the search. */
static long long next_in_order(const struct lib25519_primitive *p, int k, long long prev)
{
  long long after = prev < 0 ? -1 : p->candidate[prev].rank[k], best = -1;
  for (long long j = 0; j < p->count; ++j) {
    long long r = p->candidate[j].rank[k];
    if (r > after && (best < 0 || r < p->candidate[best].rank[k])) best = j;
  }
  return best;
}

/* does CPU (cpufeatures()) have every instruction set candidate c needs? */
static int runs_on(const struct lib25519_candidate *c, unsigned long long cpu)
{
  return !(c->features & ~cpu);
}

/* THE FALLBACK, when every candidate this CPU can run failed its self-test:
   the build is broken (a miscompiled or mis-optimised library), and no
   candidate can be trusted to make correct keys or to reject forged
   signatures, so the process stops: one line on stderr naming the
   primitive, then abort(). Using some candidate anyway would hide the
   failure from everyone but the test suite. One write(2) rather than stdio:
   nothing is allocated, and the line comes out whole.
   This is the only place that decides it. */
static long long fallback(const struct lib25519_primitive *p)
{
  static const char head[] = "lib25519: every implementation of ";
  static const char tail[] = " failed its self-test (broken build); aborting\n";
  const char *name = p->name ? p->name : "?";
  char line[256];
  size_t n = 0, i;

  for (i = 0; head[i]; ++i) line[n++] = head[i];
  for (i = 0; name[i] && i < 64; ++i) line[n++] = name[i];
  for (i = 0; tail[i]; ++i) line[n++] = tail[i];
  if (write(2, line, n) < 0) {
    /* nothing more can be said: abort anyway */
  }
  abort();
}

/* the first candidate, in the order of this CPU's class, that this CPU can
   run and that passes the self-test; else the fallback */
static long long choose(const struct lib25519_primitive *p)
{
  unsigned long long cpu = cpufeatures();
  int k = cpuclass(cpu);
  for (long long i = next_in_order(p, k, -1); i >= 0; i = next_in_order(p, k, i)) {
    if (!runs_on(&p->candidate[i], cpu)) continue;
    if (p->selftest(&p->candidate[i]) == 0) return i;
  }
  return fallback(p);
}

/* the slow path of lib25519_chosen: choose and publish the index; the
   release store pairs with the acquire load in lib25519_chosen */
long long lib25519_internal_dispatch_select(const struct lib25519_primitive *p)
{
  long long c = choose(p);
  __atomic_store_n(p->chosen, (long)c, __ATOMIC_RELEASE);
  return c;
}

/* Enumeration for tests and benchmarks: the i-th candidate (from 0, best
   first in the order of this CPU's class) among those this CPU can run,
   whether or not it passes its self-test, or 0 when there are not that
   many (or i < 0). */
const struct lib25519_candidate *lib25519_internal_dispatch_runnable(const struct lib25519_primitive *p, long long i)
{
  unsigned long long cpu = cpufeatures();
  int k = cpuclass(cpu);
  if (i < 0) return 0;
  for (long long j = next_in_order(p, k, -1); j >= 0; j = next_in_order(p, k, j))
    if (runs_on(&p->candidate[j], cpu) && i-- == 0) return &p->candidate[j];
  return 0;
}

/* how many candidates this CPU can run: lib25519_numimpl_P() */
long long lib25519_internal_dispatch_count(const struct lib25519_primitive *p)
{
  unsigned long long cpu = cpufeatures();
  long long n = 0;
  for (long long j = 0; j < p->count; ++j)
    if (runs_on(&p->candidate[j], cpu)) ++n;
  return n;
}
