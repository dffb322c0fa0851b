/* SPDX-License-Identifier: MIT */
/* Cycle counter for lib25519-speed, chosen once at the first call:
   1. Linux perf_event_open, counting core cycles of this thread in user
      space only ("linux-perf-cycles"); many VMs do not offer it;
   2. the time-stamp counter on amd64 ("amd64-rdtsc"): constant-rate
      reference ticks, not core cycles, so it is off by the ratio of the
      actual clock to the nominal one;
   3. the virtual counter on arm64 ("arm64-vct"): a fixed-frequency timer,
      usually much slower than the core clock;
   4. otherwise clock_gettime(CLOCK_MONOTONIC) in nanoseconds
      ("monotonic-ns"). */
#define _GNU_SOURCE
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/perf_event.h>
#include <sys/syscall.h>
#endif
#include "cpucycles.h"

enum { SRC_NONE, SRC_PERF, SRC_TSC, SRC_VCT, SRC_NS };

static int source = SRC_NONE;
static int perf_fd = -1;
/* busy work for calibration that the compiler must not remove */
static volatile long long sink;

static long long monotonic_ns(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

#if defined(__x86_64__) || defined(__amd64__)
static long long tsc(void)
{
  uint32_t lo, hi;
  __asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
  return (long long)(((uint64_t)hi << 32) | lo);
}
#endif

#if defined(__aarch64__)
static long long vct(void)
{
  uint64_t v;
  __asm__ volatile("isb; mrs %0, cntvct_el0" : "=r"(v));
  return (long long)v;
}
#endif

#ifdef __linux__
static long long perf_read(void)
{
  uint64_t v = 0;
  if (read(perf_fd, &v, sizeof v) != (ssize_t)sizeof v) return 0;
  return (long long)v;
}

static int perf_open(void)
{
  struct perf_event_attr attr;
  long fd;

  memset(&attr, 0, sizeof attr);
  attr.type = PERF_TYPE_HARDWARE;
  attr.size = sizeof attr;
  attr.config = PERF_COUNT_HW_CPU_CYCLES;
  attr.exclude_kernel = 1;
  attr.exclude_hv = 1;
  fd = syscall(__NR_perf_event_open, &attr, 0, -1, -1, 0);
  if (fd < 0) return 0;
  perf_fd = (int)fd;
  /* the counter must actually count: two reads around some work differ */
  {
    long long a = perf_read(), b;
    int i;
    for (i = 0; i < 10000; ++i) sink += i;
    b = perf_read();
    if (b <= a) {
      close(perf_fd);
      perf_fd = -1;
      return 0;
    }
  }
  return 1;
}
#endif

static void choose(void)
{
  if (source != SRC_NONE) return;
#ifdef __linux__
  if (perf_open()) {
    source = SRC_PERF;
    return;
  }
#endif
#if defined(__x86_64__) || defined(__amd64__)
  source = SRC_TSC;
#elif defined(__aarch64__)
  source = SRC_VCT;
#else
  source = SRC_NS;
#endif
}

long long cpucycles(void)
{
  choose();
  switch (source) {
#ifdef __linux__
  case SRC_PERF: return perf_read();
#endif
#if defined(__x86_64__) || defined(__amd64__)
  case SRC_TSC: return tsc();
#endif
#if defined(__aarch64__)
  case SRC_VCT: return vct();
#endif
  default: return monotonic_ns();
  }
}

const char *cpucycles_implementation(void)
{
  choose();
  switch (source) {
  case SRC_PERF: return "linux-perf-cycles";
  case SRC_TSC: return "amd64-rdtsc";
  case SRC_VCT: return "arm64-vct";
  default: return "monotonic-ns";
  }
}

/* ticks per second of cpucycles(), measured against the monotonic clock
   over about a tenth of a second (busy loop, so frequency scaling applies
   as it does during the benchmarks); computed once */
long long cpucycles_persecond(void)
{
  static long long cached = 0;
  long long c0, c1, n0, n1;

  if (cached) return cached;
  choose();
  if (source == SRC_NS) return cached = 1000000000LL;
  n0 = monotonic_ns();
  c0 = cpucycles();
  do {
    int i;
    for (i = 0; i < 1000; ++i) sink += i;
    n1 = monotonic_ns();
  } while (n1 - n0 < 100000000LL);
  c1 = cpucycles();
  cached = (long long)((double)(c1 - c0) * 1e9 / (double)(n1 - n0));
  return cached;
}
