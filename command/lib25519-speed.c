/* SPDX-License-Identifier: MIT */
/* lib25519-speed [--quick] [primitive-or-operation ...]

   Measures every primitive function of lib25519.h, for the selected
   implementation and for every compiled implementation, at a range of
   input sizes. Output, one line each:

     lib25519 version V / lib25519 arch A / cpuid W W ... (header)
     lib25519 disable LIST                                (LIB25519_DISABLE, when set)
     cpucycles ...                                        (the counter)
     OP_PRIM selected implementation NAME compiler CC     (before its lines)
     OP_PRIM 3 implementation NAME compiler CC            (implementation 3)
     FUNCTION IMPL SIZE CYCLES +dev+dev-dev...

   where IMPL is "selected" or the implementation index, CYCLES is the
   interquartile mean of RUNS consecutive timings (63, or 15 with --quick)
   and each dev is one timing minus CYCLES, in the order measured.
   Arguments restrict the run: "nP" or "nP_montgomery25519" or "sign".

   The run ends with a summary for a person (after a line "summary ...";
   none of its lines has an implementation index or "selected" as its
   second word, so scripts/gen/prioritize and scripts/gen/mkspeeddoc skip it): the
   headline operations with the selected implementations, in counter ticks
   and microseconds, the implementations they use and the CPU. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lib25519.h>
#include "cpucycles.h"
#include "release.h" /* LIB25519_RELEASE, written by configure from VERSION */

#define MAXRUNS 63

static long long runs = MAXRUNS;
static long long stamp[MAXRUNS + 1];

static int nargs;
static char **args;

/* ---- selection of primitives ---- */

static int matches(const char *prim, const char *arg)
{
  size_t n = strlen(arg);
  if (strcmp(prim, arg) == 0) return 1;
  /* "nP" selects nP_montgomery25519, "sign" selects sign_ed25519 */
  if (strncmp(prim, arg, n) == 0 && prim[n] == '_') return 1;
  /* a function name selects its primitive: sign_ed25519_open */
  n = strlen(prim);
  if (strncmp(arg, prim, n) == 0 && arg[n] == '_') return 1;
  return 0;
}

static int wanted(const char *prim)
{
  int i;
  if (nargs == 0) return 1;
  for (i = 0; i < nargs; ++i)
    if (matches(prim, args[i])) return 1;
  return 0;
}

static const char *const primitives[] = {
#ifdef lib25519_verify_32_BYTES
  "verify_32",
#endif
#ifdef lib25519_hashblocks_sha512_STATEBYTES
  "hashblocks_sha512",
#endif
#ifdef lib25519_hash_sha512_BYTES
  "hash_sha512",
#endif
#ifdef lib25519_pow_inv25519_BYTES
  "pow_inv25519",
#endif
#ifdef lib25519_powbatch_inv25519_BYTES
  "powbatch_inv25519",
#endif
#ifdef lib25519_nP_montgomery25519_SCALARBYTES
  "nP_montgomery25519",
#endif
#ifdef lib25519_nPbatch_montgomery25519_SCALARBYTES
  "nPbatch_montgomery25519",
#endif
#ifdef lib25519_nG_merged25519_SCALARBYTES
  "nG_merged25519",
#endif
#ifdef lib25519_nG_montgomery25519_SCALARBYTES
  "nG_montgomery25519",
#endif
#ifdef lib25519_mGnP_ed25519_OUTPUTBYTES
  "mGnP_ed25519",
#endif
#ifdef lib25519_multiscalar_ed25519_OUTPUTBYTES
  "multiscalar_ed25519",
#endif
#ifdef lib25519_dh_x25519_SECRETKEYBYTES
  "dh_x25519",
#endif
#ifdef lib25519_sign_ed25519_SECRETKEYBYTES
  "sign_ed25519",
#endif
  NULL
};

/* ---- inputs ---- */

/* splitmix64: inputs need not be secret, only varied */
static unsigned long long rng_state = 0x5eed5eed5eed5eedULL;

static void randomize(unsigned char *x, long long len)
{
  while (len > 0) {
    unsigned long long z = (rng_state += 0x9e3779b97f4a7c15ULL);
    int i;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    for (i = 0; i < 8 && len > 0; ++i, --len) {
      *x++ = (unsigned char)z;
      z >>= 8;
    }
  }
}

/* a random integer below 2^252 < L, little-endian */
static void random_scalar(unsigned char *s)
{
  randomize(s, 32);
  s[31] &= 0x0f;
}

#ifdef lib25519_nG_merged25519_SCALARBYTES
/* a valid Edwards point: the encoding of a random multiple of the base */
static void random_point(unsigned char *p)
{
  unsigned char n[32];
  randomize(n, 32);
  n[31] &= 0x7f; /* top bit clear: Edwards output */
  lib25519_nG_merged25519(p, n);
}
#else
static void random_point(unsigned char *p)
{
  randomize(p, 32);
  p[31] &= 0x7f;
}
#endif

#define MAXHASH 16384
#define MAXBATCH 256
#define MAXMSG 16384

static unsigned char buf_a[MAXHASH + 256];
static unsigned char buf_b[MAXHASH + 256];
static unsigned char buf_c[MAXHASH + 256];
static unsigned char scalars[MAXBATCH * 32];
static unsigned char points[MAXBATCH * 32];
static unsigned char outputs[MAXBATCH * 32 + 64];

/* ---- timing and output ---- */

static int cmp_ll(const void *a, const void *b)
{
  long long x = *(const long long *)a, y = *(const long long *)b;
  return (x > y) - (x < y);
}

static void print_impl(const char *prim, long long impl, const char *name, const char *compiler)
{
  if (impl < 0)
    printf("%s selected implementation %s compiler %s\n", prim, name, compiler);
  else
    printf("%s %lld implementation %s compiler %s\n", prim, impl, name, compiler);
  fflush(stdout);
}

/* stamp[0..runs] were taken before each of runs+1 calls: report the runs
   differences */
static void note_result(const char *function, long long impl, long long size, long long iqm);

static void print_result(const char *function, long long impl, long long size)
{
  long long d[MAXRUNS], sorted[MAXRUNS];
  long long i, lo = runs / 4, hi = runs - runs / 4, sum = 0, iqm;

  for (i = 0; i < runs; ++i) sorted[i] = d[i] = stamp[i + 1] - stamp[i];
  qsort(sorted, (size_t)runs, sizeof sorted[0], cmp_ll);
  for (i = lo; i < hi; ++i) sum += sorted[i];
  iqm = (sum + (hi - lo) / 2) / (hi - lo);

  printf("%s ", function);
  if (impl < 0)
    printf("selected");
  else
    printf("%lld", impl);
  printf(" %lld %lld ", size, iqm);
  for (i = 0; i < runs; ++i) printf("%+lld", d[i] - iqm);
  printf("\n");
  fflush(stdout);
  note_result(function, impl, size, iqm);
}

/* ---- the summary ---- */

/* the headline operations (doc/speed.md's, same sizes): FUNCTION at SIZE,
   divided by PER (a batch counted per item), and the primitives whose
   implementations do the work */
static struct {
  const char *label, *function;
  long long size, per;
  const char *uses;
  long long cycles; /* -1: not measured in this run */
} headline[] = {
  {"X key", "dh_x25519_keypair", 32, 1, "dh_x25519 nG_montgomery25519", -1},
  {"X dh", "dh_x25519", 32, 1, "dh_x25519 nP_montgomery25519", -1},
  {"X batch per item", "nPbatch_montgomery25519", 16, 16, "nPbatch_montgomery25519", -1},
  {"Ed key", "sign_ed25519_keypair", 32, 1, "sign_ed25519 nG_merged25519", -1},
  {"Ed sign 59 bytes", "sign_ed25519", 59, 1, "sign_ed25519 nG_merged25519 hashblocks_sha512", -1},
  {"Ed verif 59 bytes", "sign_ed25519_open", 59, 1, "sign_ed25519 mGnP_ed25519 hashblocks_sha512", -1},
  {"Ed MSM per point", "multiscalar_ed25519", 16, 16, "multiscalar_ed25519", -1},
};
#define NHEADLINE ((int)(sizeof headline / sizeof headline[0]))

static void note_result(const char *function, long long impl, long long size, long long iqm)
{
  int i;
  if (impl >= 0) return;
  for (i = 0; i < NHEADLINE; ++i)
    if (strcmp(headline[i].function, function) == 0 && headline[i].size == size) headline[i].cycles = iqm;
}

/* the selected implementation of a primitive and the first word of its
   compiler line; NULL for a primitive this build does not have */
static const char *selected_of(const char *prim, const char **compiler)
{
#define SEL(p) \
  if (strcmp(prim, #p) == 0) { \
    *compiler = lib25519_##p##_compiler(); \
    return lib25519_##p##_implementation(); \
  }
#ifdef lib25519_hashblocks_sha512_STATEBYTES
  SEL(hashblocks_sha512)
#endif
#ifdef lib25519_nP_montgomery25519_SCALARBYTES
  SEL(nP_montgomery25519)
#endif
#ifdef lib25519_nPbatch_montgomery25519_SCALARBYTES
  SEL(nPbatch_montgomery25519)
#endif
#ifdef lib25519_nG_merged25519_SCALARBYTES
  SEL(nG_merged25519)
#endif
#ifdef lib25519_nG_montgomery25519_SCALARBYTES
  SEL(nG_montgomery25519)
#endif
#ifdef lib25519_mGnP_ed25519_OUTPUTBYTES
  SEL(mGnP_ed25519)
#endif
#ifdef lib25519_multiscalar_ed25519_OUTPUTBYTES
  SEL(multiscalar_ed25519)
#endif
#ifdef lib25519_dh_x25519_SECRETKEYBYTES
  SEL(dh_x25519)
#endif
#ifdef lib25519_sign_ed25519_SECRETKEYBYTES
  SEL(sign_ed25519)
#endif
#undef SEL
  return NULL;
}

/* the CPU's name: /proc/cpuinfo's "model name" (x86), else its
   implementer/part numbers (arm64), else the cpuid brand string */
static void cpu_name(char *out, size_t outlen)
{
  char line[256], name[128] = "", family[16] = "", model[16] = "", impl[64] = "", part[64] = "";
  FILE *f = fopen("/proc/cpuinfo", "r");
  snprintf(out, outlen, "unknown (no model name in /proc/cpuinfo)");
  if (f) {
    /* the first processor's fields (a blank line ends them) */
    while (fgets(line, sizeof line, f) && line[0] != '\n') {
      char *colon = strchr(line, ':'), *v, *k = line;
      size_t n;
      if (!colon) continue;
      v = colon + 1;
      while (*v == ' ' || *v == '\t') ++v;
      n = strlen(v);
      while (n > 0 && (v[n - 1] == '\n' || v[n - 1] == ' ')) v[--n] = 0;
      *colon = 0;
      n = strlen(k);
      while (n > 0 && (k[n - 1] == ' ' || k[n - 1] == '\t')) k[--n] = 0;
      if (strcmp(k, "model name") == 0) snprintf(name, sizeof name, "%s", v);
      if (strcmp(k, "cpu family") == 0) snprintf(family, sizeof family, "%s", v);
      if (strcmp(k, "model") == 0) snprintf(model, sizeof model, "%s", v);
      if (strcmp(k, "CPU implementer") == 0) snprintf(impl, sizeof impl, "%s", v);
      if (strcmp(k, "CPU part") == 0) snprintf(part, sizeof part, "%s", v);
    }
    fclose(f);
  }
  /* VMs often show a bare "AMD EPYC": family and model tell the generation */
  if (name[0] && family[0]) {
    snprintf(out, outlen, "%s (family %s, model %s)", name, family, model[0] ? model : "?");
    return;
  }
  if (name[0]) {
    snprintf(out, outlen, "%s", name);
    return;
  }
  if (impl[0]) {
    snprintf(out, outlen, "CPU implementer %s, part %s (/proc/cpuinfo)", impl, part[0] ? part : "?");
    return;
  }
#if defined(__x86_64__) || defined(__i386__)
  {
    unsigned int r[12], leaf, a, b, c, d;
    __asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0x80000000u), "c"(0));
    if (a >= 0x80000004u) {
      for (leaf = 0; leaf < 3; ++leaf) {
        __asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0x80000002u + leaf), "c"(0));
        r[4 * leaf] = a;
        r[4 * leaf + 1] = b;
        r[4 * leaf + 2] = c;
        r[4 * leaf + 3] = d;
      }
      {
        char brand[49], *p = brand;
        memcpy(brand, r, 48);
        brand[48] = 0;
        while (*p == ' ') ++p;
        if (*p) snprintf(out, outlen, "%s (cpuid brand string)", p);
      }
    }
  }
#endif
}

/* the primitive a wrapper implementation (via-merged) calls */
static const char *via_target(const char *impl)
{
  if (!impl) return NULL;
  if (strcmp(impl, "via-merged") == 0) return "nG_merged25519";
  return NULL;
}

/* the static name of a primitive (the word buffer is reused) */
static const char *headline_word(const char *w)
{
  int k;
  for (k = 0; primitives[k]; ++k)
    if (strcmp(primitives[k], w) == 0) return primitives[k];
  return "?";
}

static void print_summary(void)
{
  const char *prims[16], *unit, *name, *comp;
  char cpu[160];
  double persec = (double)cpucycles_persecond();
  int i, j, nprims = 0, any = 0;

  for (i = 0; i < NHEADLINE; ++i) any |= headline[i].cycles >= 0;
  if (!any) return;
  if (strcmp(cpucycles_implementation(), "amd64-rdtsc") == 0)
    unit = "TSC ticks (time-stamp counter, constant rate), not core cycles";
  else if (strcmp(cpucycles_implementation(), "arm64-vct") == 0)
    unit = "virtual timer ticks (fixed frequency), not core cycles";
  else if (strcmp(cpucycles_implementation(), "monotonic-ns") == 0)
    unit = "nanoseconds (clock_gettime), not core cycles";
  else if (strcmp(cpucycles_implementation(), "linux-perf-cycles") == 0)
    unit = "core cycles (Linux perf events)";
  else
    unit = "counter ticks";
  cpu_name(cpu, sizeof cpu);

  printf("\nsummary of the selected implementations (lib25519 release %s, API %s, %s)\n", LIB25519_RELEASE,
         lib25519_version, lib25519_arch);
  printf("  CPU:      %s\n", cpu);
  printf("  counter:  %s: %s\n", cpucycles_implementation(), unit);
  printf("            %.2f MHz, measured against clock_gettime over 0.1 s\n", persec / 1e6);
  printf("  %-19s %10s %10s  %s\n", "operation", "ticks", "us", "primitives doing the work");
  for (i = 0; i < NHEADLINE; ++i) {
    char uses[160], word[40];
    const char *u = headline[i].uses;
    double c = (double)headline[i].cycles / (double)headline[i].per;
    size_t len = 0;
    if (headline[i].cycles < 0) continue;
    uses[0] = 0;
    /* each primitive named, and the one a via- wrapper hands the work to */
    while (*u) {
      size_t n = strcspn(u, " ");
      const char *w[2];
      int k;
      if (n >= sizeof word) n = sizeof word - 1;
      memcpy(word, u, n);
      word[n] = 0;
      u += n;
      while (*u == ' ') ++u;
      w[0] = word;
      w[1] = via_target(selected_of(word, &comp));
      for (k = 0; k < 2; ++k) {
        if (!w[k]) continue;
        len += (size_t)snprintf(uses + len, len < sizeof uses ? sizeof uses - len : 0, "%s%s", len ? " " : "", w[k]);
        for (j = 0; j < nprims; ++j)
          if (strcmp(prims[j], w[k]) == 0) break;
        if (j == nprims && nprims < 16 && selected_of(w[k], &comp)) prims[nprims++] = w[k] == word ? headline_word(w[k]) : w[k];
      }
    }
    printf("  %-19s %10.0f %10.2f  %s", headline[i].label, c, c / persec * 1e6, uses);
    if (headline[i].per > 1) printf(" (%lld per call)", headline[i].per);
    printf("\n");
  }
  printf("  implementations (selected, compiler):\n");
  for (j = 0; j < nprims; ++j) {
    char cc[32];
    name = selected_of(prims[j], &comp);
    if (!name) continue;
    snprintf(cc, sizeof cc, "%.*s", (int)strcspn(comp, " "), comp);
    printf("    %-24s %s (%s)\n", prims[j], name, cc);
  }
  fflush(stdout);
}

/* a few untimed calls (dispatch, caches, page faults), then runs+1 timed
   ones back to back */
#define MEASURE(function, impl, size, stmt) \
  do { \
    long long r_; \
    for (r_ = 0; r_ < 3; ++r_) { stmt; } \
    for (r_ = 0; r_ <= runs; ++r_) { \
      stamp[r_] = cpucycles(); \
      stmt; \
    } \
    print_result(function, impl, size); \
  } while (0)

/* the implementation of primitive P numbered impl (-1: selected) */
#define FN(name) (impl < 0 ? lib25519_##name : lib25519_dispatch_##name(impl))
#define IMPL_LINE(prim) \
  print_impl(#prim, impl, \
             impl < 0 ? lib25519_##prim##_implementation() : lib25519_dispatch_##prim##_implementation(impl), \
             impl < 0 ? lib25519_##prim##_compiler() : lib25519_dispatch_##prim##_compiler(impl))

static const long long hashlens[] = {0, 1, 4, 16, 64, 128, 192, 256, 512, 1024, 2048, 4096, 16384};
#define NHASHLENS ((long long)(sizeof hashlens / sizeof hashlens[0]))
static const long long batchsizes[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 64};
#define NBATCH ((long long)(sizeof batchsizes / sizeof batchsizes[0]))
static const long long msmsizes[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 64, 256};
#define NMSM ((long long)(sizeof msmsizes / sizeof msmsizes[0]))
static const long long msglens[] = {0, 1, 59, 64, 1024, 16384};
#define NMSG ((long long)(sizeof msglens / sizeof msglens[0]))

/* ---- one function per primitive ---- */

static void speed_verify_32(void)
{
#ifdef lib25519_verify_32_BYTES
  long long impl;
  if (!wanted("verify_32")) return;
  for (impl = -1; impl < lib25519_numimpl_verify_32(); ++impl) {
    int (*f)(const unsigned char *, const unsigned char *) = FN(verify_32);
    IMPL_LINE(verify_32);
    randomize(buf_a, 32);
    memcpy(buf_b, buf_a, 32);
    MEASURE("verify_32", impl, 32, f(buf_a, buf_b));
  }
#endif
}

static void speed_hashblocks_sha512(void)
{
#ifdef lib25519_hashblocks_sha512_STATEBYTES
  long long impl, i;
  if (!wanted("hashblocks_sha512")) return;
  for (impl = -1; impl < lib25519_numimpl_hashblocks_sha512(); ++impl) {
    int (*f)(unsigned char *, const unsigned char *, long long) = FN(hashblocks_sha512);
    IMPL_LINE(hashblocks_sha512);
    for (i = 0; i < NHASHLENS; ++i) {
      long long len = hashlens[i];
      randomize(buf_a, 64);
      randomize(buf_b, len);
      MEASURE("hashblocks_sha512", impl, len, f(buf_a, buf_b, len));
    }
  }
#endif
}

static void speed_hash_sha512(void)
{
#ifdef lib25519_hash_sha512_BYTES
  long long impl, i;
  if (!wanted("hash_sha512")) return;
  for (impl = -1; impl < lib25519_numimpl_hash_sha512(); ++impl) {
    void (*f)(unsigned char *, const unsigned char *, long long) = FN(hash_sha512);
    IMPL_LINE(hash_sha512);
    for (i = 0; i < NHASHLENS; ++i) {
      long long len = hashlens[i];
      randomize(buf_b, len);
      MEASURE("hash_sha512", impl, len, f(buf_a, buf_b, len));
    }
  }
#endif
}

static void speed_pow_inv25519(void)
{
#ifdef lib25519_pow_inv25519_BYTES
  long long impl;
  if (!wanted("pow_inv25519")) return;
  for (impl = -1; impl < lib25519_numimpl_pow_inv25519(); ++impl) {
    void (*f)(unsigned char *, const unsigned char *) = FN(pow_inv25519);
    IMPL_LINE(pow_inv25519);
    randomize(buf_b, 32);
    MEASURE("pow_inv25519", impl, 32, f(buf_a, buf_b));
  }
#endif
}

static void speed_powbatch_inv25519(void)
{
#ifdef lib25519_powbatch_inv25519_BYTES
  long long impl, i;
  if (!wanted("powbatch_inv25519")) return;
  for (impl = -1; impl < lib25519_numimpl_powbatch_inv25519(); ++impl) {
    void (*f)(unsigned char *, const unsigned char *, long long) = FN(powbatch_inv25519);
    IMPL_LINE(powbatch_inv25519);
    for (i = 0; i < NBATCH; ++i) {
      long long batch = batchsizes[i];
      randomize(scalars, 32 * batch);
      MEASURE("powbatch_inv25519", impl, batch, f(outputs, scalars, batch));
    }
  }
#endif
}

static void speed_nP_montgomery25519(void)
{
#ifdef lib25519_nP_montgomery25519_SCALARBYTES
  long long impl;
  if (!wanted("nP_montgomery25519")) return;
  for (impl = -1; impl < lib25519_numimpl_nP_montgomery25519(); ++impl) {
    void (*f)(unsigned char *, const unsigned char *, const unsigned char *) = FN(nP_montgomery25519);
    IMPL_LINE(nP_montgomery25519);
    randomize(scalars, 32);
    randomize(points, 32);
    MEASURE("nP_montgomery25519", impl, 32, f(outputs, scalars, points));
  }
#endif
}

static void speed_nPbatch_montgomery25519(void)
{
#ifdef lib25519_nPbatch_montgomery25519_SCALARBYTES
  long long impl, i;
  if (!wanted("nPbatch_montgomery25519")) return;
  for (impl = -1; impl < lib25519_numimpl_nPbatch_montgomery25519(); ++impl) {
    void (*f)(unsigned char *, const unsigned char *, const unsigned char *, long long) =
        FN(nPbatch_montgomery25519);
    IMPL_LINE(nPbatch_montgomery25519);
    for (i = 0; i < NBATCH; ++i) {
      long long batch = batchsizes[i];
      randomize(scalars, 32 * batch);
      randomize(points, 32 * batch);
      MEASURE("nPbatch_montgomery25519", impl, batch, f(outputs, scalars, points, batch));
    }
  }
#endif
}

static void speed_nG_merged25519(void)
{
#ifdef lib25519_nG_merged25519_SCALARBYTES
  long long impl;
  if (!wanted("nG_merged25519")) return;
  for (impl = -1; impl < lib25519_numimpl_nG_merged25519(); ++impl) {
    void (*f)(unsigned char *, const unsigned char *) = FN(nG_merged25519);
    IMPL_LINE(nG_merged25519);
    randomize(scalars, 32);
    MEASURE("nG_merged25519", impl, 32, f(outputs, scalars));
  }
#endif
}

static void speed_nG_montgomery25519(void)
{
#ifdef lib25519_nG_montgomery25519_SCALARBYTES
  long long impl;
  if (!wanted("nG_montgomery25519")) return;
  for (impl = -1; impl < lib25519_numimpl_nG_montgomery25519(); ++impl) {
    void (*f)(unsigned char *, const unsigned char *) = FN(nG_montgomery25519);
    IMPL_LINE(nG_montgomery25519);
    randomize(scalars, 32);
    MEASURE("nG_montgomery25519", impl, 32, f(outputs, scalars));
  }
#endif
}

static void speed_mGnP_ed25519(void)
{
#ifdef lib25519_mGnP_ed25519_OUTPUTBYTES
  long long impl;
  if (!wanted("mGnP_ed25519")) return;
  for (impl = -1; impl < lib25519_numimpl_mGnP_ed25519(); ++impl) {
    void (*f)(unsigned char *, const unsigned char *, const unsigned char *, const unsigned char *) =
        FN(mGnP_ed25519);
    IMPL_LINE(mGnP_ed25519);
    random_scalar(buf_a);  /* m < L */
    randomize(buf_b, 64);  /* n: any 512-bit integer */
    random_point(buf_c);   /* P valid */
    MEASURE("mGnP_ed25519", impl, 32, f(outputs, buf_a, buf_b, buf_c));
    if (outputs[32] != 1) fprintf(stderr, "lib25519-speed: warning: mGnP_ed25519 rejected valid inputs\n");
  }
#endif
}

static void speed_multiscalar_ed25519(void)
{
#ifdef lib25519_multiscalar_ed25519_OUTPUTBYTES
  long long impl, i;
  if (!wanted("multiscalar_ed25519")) return;
  for (i = 0; i < MAXBATCH; ++i) random_point(points + 32 * i);
  for (impl = -1; impl < lib25519_numimpl_multiscalar_ed25519(); ++impl) {
    void (*f)(unsigned char *, const unsigned char *, const unsigned char *, long long) =
        FN(multiscalar_ed25519);
    IMPL_LINE(multiscalar_ed25519);
    for (i = 0; i < NMSM; ++i) {
      long long len = msmsizes[i], j;
      for (j = 0; j < len; ++j) random_scalar(scalars + 32 * j);
      MEASURE("multiscalar_ed25519", impl, len, f(outputs, scalars, points, len));
      if (outputs[32] != 1)
        fprintf(stderr, "lib25519-speed: warning: multiscalar_ed25519 rejected valid inputs\n");
    }
  }
#endif
}

static void speed_dh_x25519(void)
{
#ifdef lib25519_dh_x25519_SECRETKEYBYTES
  long long impl;
  unsigned char pk[32], sk[32], pk2[32], sk2[32];
  if (!wanted("dh_x25519")) return;
  for (impl = -1; impl < lib25519_numimpl_dh_x25519(); ++impl) {
    void (*keypair)(unsigned char *, unsigned char *) = FN(dh_x25519_keypair);
    void (*dh)(unsigned char *, const unsigned char *, const unsigned char *) = FN(dh_x25519);
    IMPL_LINE(dh_x25519);
    MEASURE("dh_x25519_keypair", impl, 32, keypair(pk, sk));
    keypair(pk2, sk2);
    MEASURE("dh_x25519", impl, 32, dh(outputs, pk2, sk));
  }
#endif
}

static void speed_sign_ed25519(void)
{
#ifdef lib25519_sign_ed25519_SECRETKEYBYTES
  long long impl, i;
  unsigned char pk[32], sk[64];
  static unsigned char sm[MAXMSG + 64], m2[MAXMSG + 64];
  long long smlen, m2len;
  if (!wanted("sign_ed25519")) return;
  for (impl = -1; impl < lib25519_numimpl_sign_ed25519(); ++impl) {
    void (*keypair)(unsigned char *, unsigned char *) = FN(sign_ed25519_keypair);
    void (*sign)(unsigned char *, long long *, const unsigned char *, long long, const unsigned char *) =
        FN(sign_ed25519);
    int (*open)(unsigned char *, long long *, const unsigned char *, long long, const unsigned char *) =
        FN(sign_ed25519_open);
    int ok;
    IMPL_LINE(sign_ed25519);
    MEASURE("sign_ed25519_keypair", impl, 32, keypair(pk, sk));
    for (i = 0; i < NMSG; ++i) {
      long long mlen = msglens[i];
      randomize(buf_a, mlen);
      MEASURE("sign_ed25519", impl, mlen, sign(sm, &smlen, buf_a, mlen, sk));
    }
    for (i = 0; i < NMSG; ++i) {
      long long mlen = msglens[i];
      randomize(buf_a, mlen);
      sign(sm, &smlen, buf_a, mlen, sk);
      ok = 0;
      MEASURE("sign_ed25519_open", impl, mlen, ok |= open(m2, &m2len, sm, smlen, pk));
      if (ok != 0 || m2len != mlen)
        fprintf(stderr, "lib25519-speed: warning: sign_ed25519_open rejected a valid signature\n");
    }
  }
#endif
}

/* ---- main ---- */

static void usage(void)
{
  fprintf(stderr, "usage: lib25519-speed [--quick] [primitive-or-operation ...]\n");
  exit(100);
}

int main(int argc, char **argv)
{
  int first = 1, i;

  while (first < argc && argv[first][0] == '-') {
    if (strcmp(argv[first], "--quick") == 0)
      runs = 15;
    else
      usage();
    ++first;
  }
  nargs = argc - first;
  args = argv + first;
  for (i = 0; i < nargs; ++i) {
    int found = 0, p;
    for (p = 0; primitives[p]; ++p) found |= matches(primitives[p], args[i]);
    if (!found) {
      fprintf(stderr, "lib25519-speed: unknown primitive %s\n", args[i]);
      return 100;
    }
  }

  printf("lib25519 version %s\n", lib25519_version);
  printf("lib25519 release %s\n", LIB25519_RELEASE);
  printf("lib25519 arch %s\n", lib25519_arch);
  {
    unsigned int w[16];
    lib25519_cpuid(w, 16);
    printf("cpuid");
    for (i = 0; i < 16; ++i) printf(" %08x", w[i]);
    printf("\n");
  }
  /* the raw cpuid words do not show what LIB25519_DISABLE masked: say it,
     so that scripts/gen/prioritize files the run under the right class */
  if (getenv("LIB25519_DISABLE") && *getenv("LIB25519_DISABLE"))
    printf("lib25519 disable %s\n", getenv("LIB25519_DISABLE"));
  printf("cpucycles implementation %s\n", cpucycles_implementation());
  if (strcmp(cpucycles_implementation(), "amd64-rdtsc") == 0)
    printf("cpucycles note: counting time-stamp-counter ticks at a constant reference rate, not core cycles\n");
  else if (strcmp(cpucycles_implementation(), "arm64-vct") == 0)
    printf("cpucycles note: counting ticks of the fixed-frequency virtual timer, not core cycles\n");
  else if (strcmp(cpucycles_implementation(), "monotonic-ns") == 0)
    printf("cpucycles note: counting nanoseconds, not core cycles\n");
  printf("cpucycles persecond %lld\n", cpucycles_persecond());
  printf("runs %lld (CYCLES is the interquartile mean; deviations are per run)\n", runs);
  MEASURE("cpucycles", -1, 0, (void)0);
  fflush(stdout);

  speed_verify_32();
  speed_hashblocks_sha512();
  speed_hash_sha512();
  speed_pow_inv25519();
  speed_powbatch_inv25519();
  speed_nP_montgomery25519();
  speed_nPbatch_montgomery25519();
  speed_nG_merged25519();
  speed_nG_montgomery25519();
  speed_mGnP_ed25519();
  speed_multiscalar_ed25519();
  speed_dh_x25519();
  speed_sign_ed25519();
  print_summary();
  return 0;
}
