/* SPDX-License-Identifier: MIT */
/* lib25519-dudect: a statistical timing test in the style of dudect
   (Reparaz, Balasch, Verbauwhede, "Dude, is my code constant time?", 2017).

   For each target (one implementation of one constant-time primitive) it
   times single calls on two classes of secret input, "fixed" (one special
   value) and "random" (fresh values), chosen per call by a coin flip, and
   runs Welch's t-test on the two sets of tick counts: once on all of them
   and once per crop (only the measurements below a percentile of the
   pooled distribution, which removes interrupts and other long-tail
   noise). A target is flagged when the largest |t| exceeds 10.

   Every call reads its secret from the same working buffer (the row is
   copied there before the clock starts), so both classes see the same
   memory layout and cache state; only the values differ.

   Targets: every implementation this CPU can run (lib25519_dispatch_*(i))
   of nP_montgomery25519, nPbatch_montgomery25519 (7 items, and the tail
   sizes of each batch implementation, below), nG_merged25519,
   nG_montgomery25519, pow_inv25519, powbatch_inv25519 (8 items), verify_32
   and sign_ed25519. Two test-only leaky functions
   live in this file ("leaky-compare": returns at the first differing byte;
   "leaky-loop": loop count from a secret byte); they are never run by
   default and exist to show the test can fail (tests/check-dudect.sh
   expects exit status 1 from them).

   usage: lib25519-dudect [--total-seconds S] [--seconds S] [--measurements N]
                          [--long] [--list] [TARGET ...]
          lib25519-dudect --costs   (median ticks of sign, nG, keypair)
   Time: by default the selected targets share --total-seconds (60) but get
   at least one second each; --seconds gives each target S seconds, --long
   60 seconds; --measurements fixes the count instead.
   TARGET is a name as printed by --list ("nP_montgomery25519:0") or a
   prefix of one ("nP", "sign"). Exit status: 0 no leak found, 1 some target
   flagged, 100 usage, 111 other trouble. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
#include <lib25519.h>

#define T_THRESHOLD 10.0

/* ---- clock ---- */

static inline uint64_t ticks(void)
{
#if defined(__x86_64__) || defined(__amd64__)
  uint32_t lo, hi;
  /* lfence: earlier instructions finish before the counter is read, and
     later ones do not start before */
  __asm__ volatile("lfence\n\trdtsc\n\tlfence" : "=a"(lo), "=d"(hi)::"memory");
  return ((uint64_t)hi << 32) | lo;
#elif defined(__aarch64__)
  uint64_t v;
  __asm__ volatile("isb\n\tmrs %0, cntvct_el0\n\tisb" : "=r"(v)::"memory");
  return v;
#else
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
#endif
}

static const char *ticks_name(void)
{
#if defined(__x86_64__) || defined(__amd64__)
  return "rdtsc";
#elif defined(__aarch64__)
  return "cntvct_el0";
#else
  return "clock_gettime-ns";
#endif
}

static double seconds_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---- randomness for inputs and class choice (not secret, not reproducible) ---- */

static uint64_t rs[4];

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

/* xoshiro256** */
static uint64_t rnd64(void)
{
  uint64_t r = rotl(rs[1] * 5, 7) * 9, t = rs[1] << 17;
  rs[2] ^= rs[0];
  rs[3] ^= rs[1];
  rs[1] ^= rs[2];
  rs[0] ^= rs[3];
  rs[2] ^= t;
  rs[3] = rotl(rs[3], 45);
  return r;
}

static void rnd_bytes(unsigned char *x, long long n)
{
  while (n > 0) {
    uint64_t r = rnd64();
    for (int i = 0; i < 8 && n > 0; ++i, --n) *x++ = (unsigned char)(r >> (8 * i));
  }
}

static void rnd_seed(void)
{
  int fd = open("/dev/urandom", O_RDONLY);
  if (fd < 0 || read(fd, rs, sizeof rs) != (ssize_t)sizeof rs) {
    /* not security relevant: time is good enough to vary the inputs */
    rs[0] = (uint64_t)time(0);
    rs[1] = ticks();
    rs[2] = 0x9e3779b97f4a7c15ULL;
    rs[3] = (uint64_t)getpid();
  }
  if (fd >= 0) close(fd);
  if (!(rs[0] | rs[1] | rs[2] | rs[3])) rs[0] = 1;
}

/* ---- targets ---- */

enum kind { K_NP, K_ONE, K_NGM, K_VERIFY, K_SIGN, K_NPBATCH, K_POWBATCH };

/* the batch buffers hold BATCH items, each the measurement's secret;
   nPbatch runs NPBATCH_ITEMS of them (every implementation) and powbatch
   POWBATCH_ITEMS.  A batch implementation that works on groups of W lanes
   takes a path by the size of its last group (batch mod W: padded, a
   narrower group or single ladders), so it is also timed at W + r items
   for every r = 1 .. W - 1 (targets nPbatchW+r_..., but for W + r = 7,
   the common target): a full group and each possible tail.  W is read from each implementation's source by
   tests/check-dudect.sh (BATCH_LANES: the N of its "batch % N" or
   "c % N"; 1, no tail targets, when it has none), and so are the batch
   sizes of paths that no W + r reaches (its "dudect also times batches
   M ...", a string of sizes up to BATCH: timed as nPbatchM_...). */
#define BATCH 32
#define NPBATCH_ITEMS 7
#define POWBATCH_ITEMS 8
#ifndef BATCH_LANES
#define BATCH_LANES
#endif
static const struct { const char *impl; int lanes; const char *also; } batch_lanes[] = { BATCH_LANES { 0, 0, 0 } };

typedef void (*np_fn)(unsigned char *, const unsigned char *, const unsigned char *);
typedef void (*one_fn)(unsigned char *, const unsigned char *);
typedef int (*verify_fn)(const unsigned char *, const unsigned char *);
typedef void (*npbatch_fn)(unsigned char *, const unsigned char *, const unsigned char *, long long);
typedef void (*powbatch_fn)(unsigned char *, const unsigned char *, long long);
typedef void (*sign_fn)(unsigned char *, long long *, const unsigned char *, long long, const unsigned char *);

struct target {
  char name[64];
  const char *implementation;
  const char *compiler;
  enum kind kind;
  void (*f)(void);
  int leaky; /* test-only: expected to be flagged, never run by default */
  long long items; /* batch size of K_NPBATCH */
};

#define MAXTARGETS 256
static struct target targets[MAXTARGETS];
static int ntargets;

static struct target *add(const char *prim, long long i, const char *impl, const char *comp, enum kind k,
                          void (*f)(void), int leaky)
{
  if (ntargets >= MAXTARGETS || !f) return 0;
  struct target *t = &targets[ntargets++];
  if (i >= 0)
    snprintf(t->name, sizeof t->name, "%s:%lld", prim, i);
  else
    snprintf(t->name, sizeof t->name, "%s", prim);
  t->implementation = impl ? impl : "?";
  t->compiler = comp ? comp : "?";
  t->kind = k;
  t->f = f;
  t->leaky = leaky;
  t->items = NPBATCH_ITEMS;
  return t;
}

/* test-only leaky functions: correct results, secret-dependent time */
static int __attribute__((noinline)) leaky_compare(const unsigned char *x, const unsigned char *y)
{
  const volatile unsigned char *vx = x, *vy = y;
  for (int i = 0; i < 32; ++i)
    if (vx[i] != vy[i]) return -1;
  return 0;
}

static volatile unsigned char leaky_sink;
static volatile int verify_sink;

static void __attribute__((noinline)) leaky_loop(unsigned char *out, const unsigned char *x)
{
  unsigned char acc = 0;
  /* the number of rounds is the low 4 bits of the secret, plus one */
  for (int r = 0; r <= (x[0] & 15); ++r)
    for (int i = 0; i < 32; ++i) acc = (unsigned char)(acc * 31 + x[i]), leaky_sink = acc;
  memset(out, acc, 32);
}

#define CAST(f) ((void (*)(void))(f))

static void collect_targets(void)
{
  long long i;
  for (i = 0; i < lib25519_numimpl_nP_montgomery25519(); ++i)
    add("nP_montgomery25519", i, lib25519_dispatch_nP_montgomery25519_implementation(i),
        lib25519_dispatch_nP_montgomery25519_compiler(i), K_NP, CAST(lib25519_dispatch_nP_montgomery25519(i)), 0);
  for (i = 0; i < lib25519_numimpl_nG_merged25519(); ++i)
    add("nG_merged25519", i, lib25519_dispatch_nG_merged25519_implementation(i),
        lib25519_dispatch_nG_merged25519_compiler(i), K_NGM, CAST(lib25519_dispatch_nG_merged25519(i)), 0);
  for (i = 0; i < lib25519_numimpl_nG_montgomery25519(); ++i)
    add("nG_montgomery25519", i, lib25519_dispatch_nG_montgomery25519_implementation(i),
        lib25519_dispatch_nG_montgomery25519_compiler(i), K_ONE, CAST(lib25519_dispatch_nG_montgomery25519(i)), 0);
  for (i = 0; i < lib25519_numimpl_pow_inv25519(); ++i)
    add("pow_inv25519", i, lib25519_dispatch_pow_inv25519_implementation(i),
        lib25519_dispatch_pow_inv25519_compiler(i), K_ONE, CAST(lib25519_dispatch_pow_inv25519(i)), 0);
  for (i = 0; i < lib25519_numimpl_nPbatch_montgomery25519(); ++i)
    add("nPbatch_montgomery25519", i, lib25519_dispatch_nPbatch_montgomery25519_implementation(i),
        lib25519_dispatch_nPbatch_montgomery25519_compiler(i), K_NPBATCH,
        CAST(lib25519_dispatch_nPbatch_montgomery25519(i)), 0);
  for (i = 0; i < lib25519_numimpl_nPbatch_montgomery25519(); ++i) {
    const char *impl = lib25519_dispatch_nPbatch_montgomery25519_implementation(i);
    int k, w = 0;
    const char *also = "";
    for (k = 0; batch_lanes[k].impl; ++k)
      if (!strcmp(batch_lanes[k].impl, impl)) {
        w = batch_lanes[k].lanes;
        if (batch_lanes[k].also) also = batch_lanes[k].also;
      }
    if (!w) {
      fprintf(stderr, "lib25519-dudect: no lane count for nPbatch implementation %s "
              "(build with tests/check-dudect.sh, which reads it from the source)\n", impl);
      exit(111);
    }
    if (2 * w - 1 > BATCH) {
      fprintf(stderr, "lib25519-dudect: %s has %d lanes, more than BATCH allows\n", impl, w);
      exit(111);
    }
    for (k = 1; k < w; ++k) {
      char prim[40];
      if (w + k == NPBATCH_ITEMS) continue;   /* the target above */
      snprintf(prim, sizeof prim, "nPbatch%d_montgomery25519", w + k);
      struct target *t = add(prim, i, impl, lib25519_dispatch_nPbatch_montgomery25519_compiler(i), K_NPBATCH,
                             CAST(lib25519_dispatch_nPbatch_montgomery25519(i)), 0);
      if (t) t->items = w + k;
    }
    /* the extra sizes, unless a target above has them */
    while (*also) {
      char prim[40], *end;
      long m = strtol(also, &end, 10);
      if (end == also) break;
      also = end;
      if (m < 1 || m > BATCH) {
        fprintf(stderr, "lib25519-dudect: %s: extra batch size %ld outside 1 .. BATCH\n", impl, m);
        exit(111);
      }
      if (m == NPBATCH_ITEMS || (m > w && m < 2 * w)) continue;
      snprintf(prim, sizeof prim, "nPbatch%ld_montgomery25519", m);
      struct target *t = add(prim, i, impl, lib25519_dispatch_nPbatch_montgomery25519_compiler(i), K_NPBATCH,
                             CAST(lib25519_dispatch_nPbatch_montgomery25519(i)), 0);
      if (t) t->items = m;
    }
  }
  for (i = 0; i < lib25519_numimpl_powbatch_inv25519(); ++i)
    add("powbatch_inv25519", i, lib25519_dispatch_powbatch_inv25519_implementation(i),
        lib25519_dispatch_powbatch_inv25519_compiler(i), K_POWBATCH,
        CAST(lib25519_dispatch_powbatch_inv25519(i)), 0);
  for (i = 0; i < lib25519_numimpl_verify_32(); ++i)
    add("verify_32", i, lib25519_dispatch_verify_32_implementation(i),
        lib25519_dispatch_verify_32_compiler(i), K_VERIFY, CAST(lib25519_dispatch_verify_32(i)), 0);
  for (i = 0; i < lib25519_numimpl_sign_ed25519(); ++i)
    add("sign_ed25519", i, lib25519_dispatch_sign_ed25519_implementation(i),
        lib25519_dispatch_sign_ed25519_compiler(i), K_SIGN, CAST(lib25519_dispatch_sign_ed25519(i)), 0);
  add("leaky-compare", -1, "early-exit compare (test only)", "this harness", K_VERIFY, CAST(leaky_compare), 1);
  add("leaky-loop", -1, "secret loop count (test only)", "this harness", K_ONE, CAST(leaky_loop), 1);
}

/* ---- measurement ---- */

struct inputs {
  long long n;          /* measurements */
  long long rowlen;     /* bytes of secret per measurement */
  unsigned char *rows;  /* n rows: the secret of each measurement */
  unsigned char *cls;   /* class of each measurement: 0 fixed, 1 random */
  /* sign: a pool of real secret keys; rows hold indices into it */
  unsigned char *keys;
  long long nkeys;
};

#define SIGN_KEYS 256
#define MLEN 64

static unsigned char pubP[32];   /* public point for nP */
static unsigned char pubX[32];   /* public side of verify */
static unsigned char msg[MLEN];  /* public message for sign */

static void prepare(const struct target *t, struct inputs *in, long long n, unsigned char *signkeys)
{
  in->n = n;
  in->rowlen = t->kind == K_SIGN ? 2 : 32;
  in->rows = malloc((size_t)(n * in->rowlen));
  in->cls = malloc((size_t)n);
  if (!in->rows || !in->cls) {
    fprintf(stderr, "lib25519-dudect: out of memory\n");
    exit(111);
  }
  in->keys = signkeys;
  in->nkeys = SIGN_KEYS;
  for (long long i = 0; i < n; ++i) {
    unsigned char *r = in->rows + i * in->rowlen;
    in->cls[i] = (unsigned char)(rnd64() & 1);
    if (t->kind == K_SIGN) {
      /* key 0 is the fixed key; the random class draws from the others */
      unsigned k = in->cls[i] ? 1 + (unsigned)(rnd64() % (SIGN_KEYS - 1)) : 0;
      r[0] = (unsigned char)k;
      r[1] = (unsigned char)(k >> 8);
    } else if (in->cls[i] == 0) {
      if (t->kind == K_VERIFY)
        memcpy(r, pubX, 32); /* fixed class: equal to the public side */
      else
        memset(r, 0, 32); /* fixed class: the all-zero secret */
    } else {
      rnd_bytes(r, 32);
      if (t->kind == K_NGM) r[31] &= 0x7f; /* both classes ask for Edwards output */
    }
  }
}

static void release(struct inputs *in)
{
  free(in->rows);
  free(in->cls);
}

/* run measurement i; returns the ticks of the one call */
static uint64_t measure_one(const struct target *t, const struct inputs *in, long long i)
{
  static unsigned char secret[32 * BATCH] __attribute__((aligned(64)));
  static unsigned char out[32 * BATCH + MLEN] __attribute__((aligned(64)));
  static unsigned char points[32 * BATCH];
  static long long smlen;

  const unsigned char *r = in->rows + i * in->rowlen;
  uint64_t t0, t1;

  if (t->kind == K_SIGN) {
    unsigned k = r[0] | ((unsigned)r[1] << 8);
    memcpy(secret, in->keys + 64 * k, 64);
  } else if (t->kind == K_NPBATCH || t->kind == K_POWBATCH) {
    for (int j = 0; j < BATCH; ++j) memcpy(secret + 32 * j, r, 32);
    for (int j = 0; j < BATCH; ++j) memcpy(points + 32 * j, pubP, 32);
  } else {
    memcpy(secret, r, 32);
  }
  switch (t->kind) {
  case K_NPBATCH:
    t0 = ticks();
    ((npbatch_fn)t->f)(out, secret, points, t->items);
    t1 = ticks();
    break;
  case K_POWBATCH:
    t0 = ticks();
    ((powbatch_fn)t->f)(out, secret, POWBATCH_ITEMS);
    t1 = ticks();
    break;
  case K_NP:
    t0 = ticks();
    ((np_fn)t->f)(out, secret, pubP);
    t1 = ticks();
    break;
  case K_ONE:
  case K_NGM:
    t0 = ticks();
    ((one_fn)t->f)(out, secret);
    t1 = ticks();
    break;
  case K_VERIFY:
    t0 = ticks();
    verify_sink = ((verify_fn)t->f)(pubX, secret);
    t1 = ticks();
    break;
  case K_SIGN:
  default:
    t0 = ticks();
    ((sign_fn)t->f)(out, &smlen, msg, MLEN, secret);
    t1 = ticks();
    break;
  }
  return t1 - t0;
}

/* ---- statistics ---- */

struct welch {
  double n[2], mean[2], m2[2];
};

static void welch_add(struct welch *w, int c, double x)
{
  double d;
  w->n[c] += 1;
  d = x - w->mean[c];
  w->mean[c] += d / w->n[c];
  w->m2[c] += d * (x - w->mean[c]);
}

static double welch_t(const struct welch *w)
{
  if (w->n[0] < 2 || w->n[1] < 2) return 0;
  double v0 = w->m2[0] / (w->n[0] - 1), v1 = w->m2[1] / (w->n[1] - 1);
  double se = sqrt(v0 / w->n[0] + v1 / w->n[1]);
  if (se == 0) return w->mean[0] == w->mean[1] ? 0 : 1e9;
  return (w->mean[0] - w->mean[1]) / se;
}

static int cmp_u64(const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* percentiles of the pooled distribution to crop at; 0 = no crop */
static const double crops[] = {0, 99.9, 99, 95, 90, 80, 70, 50, 30};
#define NCROPS ((int)(sizeof crops / sizeof crops[0]))

struct result {
  long long n;
  double maxt;
  double crop;
  double mean[2];
  uint64_t median;
};

static void analyse(const uint64_t *x, const unsigned char *cls, long long n, struct result *res)
{
  uint64_t *sorted = malloc((size_t)n * sizeof *sorted);
  if (!sorted) {
    fprintf(stderr, "lib25519-dudect: out of memory\n");
    exit(111);
  }
  memcpy(sorted, x, (size_t)n * sizeof *sorted);
  qsort(sorted, (size_t)n, sizeof *sorted, cmp_u64);
  res->n = n;
  res->maxt = 0;
  res->crop = 0;
  res->mean[0] = res->mean[1] = 0; /* set by the first crop; gcc -O1 cannot see that */
  res->median = sorted[n / 2];
  for (int k = 0; k < NCROPS; ++k) {
    uint64_t limit = UINT64_MAX;
    if (crops[k] > 0) {
      long long idx = (long long)(crops[k] / 100.0 * (double)n);
      if (idx >= n) idx = n - 1;
      limit = sorted[idx];
    }
    struct welch w;
    memset(&w, 0, sizeof w);
    for (long long i = 0; i < n; ++i)
      if (x[i] <= limit) welch_add(&w, cls[i], (double)x[i]);
    double t = welch_t(&w);
    if (k == 0) {
      res->mean[0] = w.mean[0];
      res->mean[1] = w.mean[1];
    }
    if (fabs(t) > fabs(res->maxt)) {
      res->maxt = t;
      res->crop = crops[k];
    }
  }
  free(sorted);
}

/* ---- driver ---- */

static double opt_seconds = 0;        /* per target; 0: total / targets */
static double opt_total = 60;
static long long opt_measurements = 0;
#define MEASURE_BATCH 10000
#define FIRST_MEASURE_BATCH 200
#define MAX_MEASUREMENTS 1000000

static void *xrealloc(void *p, size_t n)
{
  p = realloc(p, n);
  if (!p) {
    fprintf(stderr, "lib25519-dudect: out of memory\n");
    exit(111);
  }
  return p;
}

/* measure in batches until the time budget (or the fixed count) is used
   up; prepare() for a batch runs outside the timed calls */
static int run_target(const struct target *t, unsigned char *signkeys)
{
  double start = seconds_now();
  long long n = 0, cap = 0, want = opt_measurements > 0 ? opt_measurements : MAX_MEASUREMENTS;
  uint64_t *x = NULL;
  unsigned char *cls = NULL;
  int warm = 0;

  while (n < want) {
    struct inputs in;
    long long b = n == 0 ? FIRST_MEASURE_BATCH : MEASURE_BATCH;
    if (b > want - n) b = want - n;
    if (opt_measurements <= 0 && n > 0) {
      /* shrink the last batch to the time left */
      double used = seconds_now() - start, per = used / (double)n;
      if (used >= opt_seconds) break;
      long long left = (long long)((opt_seconds - used) / per) + 1;
      if (left < b) b = left;
    }
    prepare(t, &in, b, signkeys);
    if (!warm) {
      /* warm up caches and branch predictors; not recorded */
      for (long long i = 0; i < b && i < 200; ++i) measure_one(t, &in, i);
      warm = 1;
    }
    if (n + b > cap) {
      cap = n + b;
      x = xrealloc(x, (size_t)cap * sizeof *x);
      cls = xrealloc(cls, (size_t)cap);
    }
    for (long long i = 0; i < b; ++i) x[n + i] = measure_one(t, &in, i);
    memcpy(cls + n, in.cls, (size_t)b);
    n += b;
    release(&in);
  }

  struct result res;
  analyse(x, cls, n, &res);
  int leak = fabs(res.maxt) > T_THRESHOLD;
  printf("%-22s %-30s n %8lld median %9llu mean fixed %10.1f random %10.1f max|t| %7.2f at %s%.1f%% %5.1f s %s\n",
         t->name, t->implementation, res.n, (unsigned long long)res.median, res.mean[0], res.mean[1],
         fabs(res.maxt), res.crop > 0 ? "crop " : "", res.crop > 0 ? res.crop : 100.0,
         seconds_now() - start, leak ? "LEAK" : "ok");
  fflush(stdout);
  free(x);
  free(cls);
  return leak;
}

/* ARG selects T when ARG is T's name, or a prefix of its primitive name up
   to an underscore ("nP", "sign"), optionally followed by ":INDEX" */
static int matches(const struct target *t, const char *arg)
{
  const char *colon = strchr(arg, ':'), *tcolon = strchr(t->name, ':');
  size_t plen = colon ? (size_t)(colon - arg) : strlen(arg);
  size_t tplen = tcolon ? (size_t)(tcolon - t->name) : strlen(t->name);
  if (plen > tplen || strncmp(t->name, arg, plen) != 0) return 0;
  if (plen < tplen && t->name[plen] != '_') return 0;
  if (!colon) return 1;
  return tcolon && strcmp(tcolon + 1, colon + 1) == 0;
}

static int selected(const struct target *t, int argc, char **argv, int first)
{
  if (first >= argc) return !t->leaky;
  for (int i = first; i < argc; ++i)
    if (matches(t, argv[i])) return 1;
  return 0;
}

/* --costs: median ticks of the selected sign, of nG_merged25519 (what
   recomputing the public key from the seed would add to sign, to detect a
   secret key whose public half does not match its seed), and of keypair */
static int cmp_ll(const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

static void costs(void)
{
  enum { N = 2001 };
  static uint64_t t[3][N];
  unsigned char sk[64], pk[32], sm[64 + MLEN], a[32], out[32];
  long long smlen;
  lib25519_sign_keypair(pk, sk);
  rnd_bytes(a, 32);
  a[31] &= 0x7f;
  for (int i = 0; i < N; ++i) {
    uint64_t t0 = ticks();
    lib25519_sign(sm, &smlen, msg, MLEN, sk);
    uint64_t t1 = ticks();
    lib25519_nG_merged25519(out, a);
    uint64_t t2 = ticks();
    lib25519_sign_keypair(pk, sk);
    uint64_t t3 = ticks();
    t[0][i] = t1 - t0;
    t[1][i] = t2 - t1;
    t[2][i] = t3 - t2;
  }
  for (int k = 0; k < 3; ++k) qsort(t[k], N, sizeof t[k][0], cmp_ll);
  printf("clock %s, medians of %d calls\n", ticks_name(), N);
  printf("sign (%d-byte message, %s) %llu\n", MLEN, lib25519_sign_ed25519_implementation(),
         (unsigned long long)t[0][N / 2]);
  printf("nG_merged25519 (%s) %llu\n", lib25519_nG_merged25519_implementation(), (unsigned long long)t[1][N / 2]);
  printf("sign_keypair %llu\n", (unsigned long long)t[2][N / 2]);
  printf("recomputing pk in sign would add %.0f%%\n", 100.0 * (double)t[1][N / 2] / (double)t[0][N / 2]);
}

static void usage(void)
{
  fprintf(stderr, "usage: lib25519-dudect [--total-seconds S] [--seconds S] [--measurements N] [--long] [--list] "
                  "[TARGET ...]\n");
  exit(100);
}

int main(int argc, char **argv)
{
  int first = 1, list = 0;
  setvbuf(stdout, NULL, _IOLBF, 0);
  while (first < argc && argv[first][0] == '-') {
    const char *a = argv[first];
    if (strcmp(a, "--list") == 0)
      list = 1;
    else if (strcmp(a, "--costs") == 0)
      list = 2;
    else if (strcmp(a, "--long") == 0)
      opt_seconds = 60;
    else if (strcmp(a, "--total-seconds") == 0 && first + 1 < argc)
      opt_total = atof(argv[++first]);
    else if (strcmp(a, "--seconds") == 0 && first + 1 < argc)
      opt_seconds = atof(argv[++first]);
    else if (strcmp(a, "--measurements") == 0 && first + 1 < argc)
      opt_measurements = atoll(argv[++first]);
    else
      usage();
    ++first;
  }
  if (opt_seconds < 0 || opt_total <= 0) usage();

  collect_targets();
  if (list == 2) {
    rnd_seed();
    rnd_bytes(msg, MLEN);
    costs();
    return 0;
  }
  if (list) {
    for (int i = 0; i < ntargets; ++i)
      printf("%s %s %s%s\n", targets[i].name, targets[i].implementation, targets[i].compiler,
             targets[i].leaky ? " (test only, expected to leak)" : "");
    return 0;
  }
  for (int i = first; i < argc; ++i) {
    int found = 0;
    for (int j = 0; j < ntargets; ++j) found |= matches(&targets[j], argv[i]);
    if (!found) {
      fprintf(stderr, "lib25519-dudect: no target %s (try --list)\n", argv[i]);
      return 100;
    }
  }

  rnd_seed();
  rnd_bytes(pubP, 32);
  rnd_bytes(pubX, 32);
  rnd_bytes(msg, MLEN);
  unsigned char *signkeys = malloc(64 * SIGN_KEYS);
  if (!signkeys) return 111;
  for (int k = 0; k < SIGN_KEYS; ++k) {
    unsigned char pk[32];
    lib25519_sign_keypair(pk, signkeys + 64 * k);
  }

  int leaks = 0, ran = 0, chosen = 0;
  for (int i = 0; i < ntargets; ++i) chosen += selected(&targets[i], argc, argv, first);
  if (opt_seconds == 0) {
    opt_seconds = opt_total / (chosen ? chosen : 1);
    if (opt_seconds < 1) opt_seconds = 1;
  }
  if (opt_measurements > 0)
    printf("lib25519-dudect: clock %s, threshold |t| > %.0f, %lld measurements per target\n", ticks_name(),
           T_THRESHOLD, opt_measurements);
  else
    printf("lib25519-dudect: clock %s, threshold |t| > %.0f, %.1f s per target\n", ticks_name(), T_THRESHOLD,
           opt_seconds);
  for (int i = 0; i < ntargets; ++i) {
    if (!selected(&targets[i], argc, argv, first)) continue;
    leaks += run_target(&targets[i], signkeys);
    ++ran;
  }
  free(signkeys);
  if (!ran) {
    fprintf(stderr, "lib25519-dudect: nothing to test\n");
    return 111;
  }
  if (leaks) {
    printf("lib25519-dudect: %d of %d targets show secret-dependent timing\n", leaks, ran);
    return 1;
  }
  printf("lib25519-dudect: no timing leak found in %d targets\n", ran);
  return 0;
}
