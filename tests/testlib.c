/* SPDX-License-Identifier: MIT */
/* Helpers for lib25519-test: failure reporting, a reproducible input stream,
   guarded buffers and output checksums. tests/checksum_model.py reproduces
   the stream and the checksum in python. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "testlib.h"

/* MemorySanitizer builds (tests/check-msan.sh) poison with MSan's own
   shadow; valgrind cannot run such binaries anyway */
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define TESTLIB_MSAN 1
#include <sanitizer/msan_interface.h>
#endif
#endif

#if defined(LIB25519_HAVE_VALGRIND) && !defined(TESTLIB_MSAN)
#define TESTLIB_VALGRIND 1
#include <valgrind/memcheck.h>
#endif

int test_long = 0;
int test_valgrind = 0;

static const char *cur_primitive = "?";
static long long cur_impl = -2;
static const char *cur_implementation = "?";
static const char *cur_compiler = "?";
static long long failures = 0;

void test_begin(const char *primitive, long long impl, const char *implementation, const char *compiler)
{
  cur_primitive = primitive;
  cur_impl = impl;
  cur_implementation = implementation;
  cur_compiler = compiler;
  if (impl < 0)
    printf("%s selected implementation %s compiler %s\n", primitive, implementation, compiler);
  else
    printf("%s %lld implementation %s compiler %s\n", primitive, impl, implementation, compiler);
  fflush(stdout);
}

void test_fail(const char *fmt, ...)
{
  va_list ap;
  ++failures;
  if (failures > 100) return; /* enough to diagnose; the count still grows */
  if (cur_impl < -1) /* before the first implementation (loading vectors) */
    printf("FAIL %s: ", cur_primitive);
  else
    printf("FAIL %s %s implementation %s compiler %s: ", cur_primitive,
           cur_impl < 0 ? "selected" : "dispatched", cur_implementation, cur_compiler);
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  printf("\n");
  fflush(stdout);
}

long long test_failures(void) { return failures; }

static void tohex(char *out, const unsigned char *x, long long len)
{
  static const char digits[] = "0123456789abcdef";
  for (long long i = 0; i < len; ++i) {
    out[2 * i] = digits[x[i] >> 4];
    out[2 * i + 1] = digits[x[i] & 15];
  }
  out[2 * len] = 0;
}

void test_expect_bytes(const char *what, const unsigned char *got, const unsigned char *want, long long len)
{
  if (memcmp(got, want, len) == 0) return;
  char *g = malloc(2 * len + 1), *w = malloc(2 * len + 1);
  if (!g || !w) { test_fail("%s: mismatch", what); free(g); free(w); return; }
  tohex(g, got, len);
  tohex(w, want, len);
  test_fail("%s: got %s want %s", what, g, w);
  free(g);
  free(w);
}

static int hexval(char c)
{
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void test_hex_decode(unsigned char *out, const char *hex, long long len)
{
  for (long long i = 0; i < len; ++i) {
    int hi = hexval(hex[2 * i]), lo = hi < 0 ? -1 : hexval(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) {
      fprintf(stderr, "lib25519-test: bad hex constant %s\n", hex);
      exit(111);
    }
    out[i] = (unsigned char)(16 * hi + lo);
  }
}

void test_expect_hex(const char *what, const unsigned char *got, const char *wanthex, long long len)
{
  unsigned char *want = malloc(len ? len : 1);
  if (!want) { test_fail("%s: out of memory", what); return; }
  if ((long long)strlen(wanthex) != 2 * len) {
    test_fail("%s: expected value has wrong length", what);
    free(want);
    return;
  }
  test_hex_decode(want, wanthex, len);
  test_expect_bytes(what, got, want, len);
  free(want);
}

/* splitmix64: reproducible, fast, and trivial to model in python */
static uint64_t rng_state;

void test_rng_seed(uint64_t seed) { rng_state = seed; }

uint64_t test_rng_u64(void)
{
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* 8 bytes per output word, little-endian; a partial last word is truncated */
void test_rng_bytes(unsigned char *x, long long len)
{
  while (len > 0) {
    uint64_t r = test_rng_u64();
    for (int i = 0; i < 8 && len > 0; ++i, --len) {
      *x++ = (unsigned char)r;
      r >>= 8;
    }
  }
}

/* guarded buffers: [header 64][guard 64][misalign][data len][guard 64] */
#define GUARD 64
#define GUARDBYTE(i) ((unsigned char)(0xa5 ^ (i)))

struct guarded {
  long long len;
  long long misalign;
  unsigned char *base;
};

unsigned char *test_guarded_alloc(long long len, long long misalign)
{
  if (len < 0 || misalign < 0 || misalign > 63) {
    fprintf(stderr, "lib25519-test: bad guarded allocation\n");
    exit(111);
  }
  unsigned char *base;
  if (posix_memalign((void **)&base, 64, 64 + GUARD + 64 + len + GUARD) != 0) {
    fprintf(stderr, "lib25519-test: out of memory\n");
    exit(111);
  }
  unsigned char *data = base + 64 + GUARD + misalign;
  struct guarded g = {len, misalign, base};
  memcpy(base, &g, sizeof g);
  for (long long i = 0; i < GUARD + misalign; ++i) base[64 + i] = GUARDBYTE(i);
  for (long long i = 0; i < GUARD; ++i) data[len + i] = GUARDBYTE(i + 1);
  test_rng_bytes(data, len);
  return data;
}

static struct guarded guarded_header(const unsigned char *data)
{
  struct guarded g;
  /* the header sits at a 64-byte boundary below data */
  uintptr_t p = (uintptr_t)data - GUARD;
  p -= p % 64;
  p -= 64;
  memcpy(&g, (const void *)p, sizeof g);
  return g;
}

void test_guard_check(const char *what, const unsigned char *data)
{
  struct guarded g = guarded_header(data);
  const unsigned char *base = g.base;
  for (long long i = 0; i < GUARD + g.misalign; ++i)
    if (base[64 + i] != GUARDBYTE(i)) {
      test_fail("%s: wrote %lld bytes before the output", what, GUARD + g.misalign - i);
      break;
    }
  for (long long i = 0; i < GUARD; ++i)
    if (data[g.len + i] != GUARDBYTE(i + 1)) {
      test_fail("%s: wrote past the end of the output (byte %lld after it)", what, i);
      break;
    }
}

void test_guarded_free(unsigned char *data)
{
  if (!data) return;
  struct guarded g = guarded_header(data);
  free(g.base);
}

/* checksum: four 64-bit lanes; see tests/checksum_model.py */
static uint64_t rotl64(uint64_t x, int c) { return (x << c) | (x >> (64 - c)); }

void test_checksum_init(test_checksum *c)
{
  c->s[0] = 0x6a09e667f3bcc908ULL;
  c->s[1] = 0xbb67ae8584caa73bULL;
  c->s[2] = 0x3c6ef372fe94f82bULL;
  c->s[3] = 0xa54ff53a5f1d36f1ULL;
}

static void checksum_byte(test_checksum *c, unsigned char b)
{
  c->s[0] = (c->s[0] ^ b) * 0x100000001b3ULL;
  c->s[1] = rotl64(c->s[1] ^ c->s[0], 23) * 0x9e3779b97f4a7c15ULL;
  c->s[2] = (c->s[2] + c->s[1]) * 0xbf58476d1ce4e5b9ULL;
  c->s[3] = rotl64(c->s[3] ^ c->s[2], 41) + c->s[0];
}

/* absorbs the length (8 bytes, little-endian) and then the bytes */
void test_checksum_add(test_checksum *c, const unsigned char *x, long long len)
{
  uint64_t l = (uint64_t)len;
  for (int i = 0; i < 8; ++i) checksum_byte(c, (unsigned char)(l >> (8 * i)));
  for (long long i = 0; i < len; ++i) checksum_byte(c, x[i]);
}

void test_checksum_hex(const test_checksum *c, char out[65])
{
  unsigned char b[32];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 8; ++j) b[8 * i + j] = (unsigned char)(c->s[i] >> (8 * j));
  tohex(out, b, 32);
}

void test_checksum_expect(const char *what, const test_checksum *c, const char *wanthex)
{
  char got[65];
  test_checksum_hex(c, got);
  if (!wanthex) {
    printf("%s checksum %s\n", what, got);
    return;
  }
  if (strcmp(got, wanthex) != 0) test_fail("%s: checksum %s, want %s", what, got, wanthex);
}

char *test_read_file(const char *path, long long *len)
{
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  long long cap = 1 << 16, n = 0;
  char *buf = malloc(cap + 1);
  while (buf) {
    size_t r = fread(buf + n, 1, cap - n, f);
    n += r;
    if (n < cap) break;
    char *bigger = realloc(buf, 2 * cap + 1);
    if (!bigger) { free(buf); buf = NULL; break; }
    buf = bigger;
    cap *= 2;
  }
  int err = ferror(f);
  fclose(f);
  if (!buf) return NULL;
  if (err) { free(buf); return NULL; }
  buf[n] = 0;
  if (len) *len = n;
  return buf;
}

/* ---------- the public vectors of tests/vectors ---------- */

static long long skips = 0;

void test_skip(const char *fmt, ...)
{
  va_list ap;
  ++skips;
  printf("SKIPPED: ");
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  printf("\n");
  fflush(stdout);
}

long long test_skips(void) { return skips; }

static int has_vectors(const char *dir)
{
  char probe[4096];
  if (snprintf(probe, sizeof probe, "%s/README.md", dir) >= (int)sizeof probe) return 0;
  return access(probe, R_OK) == 0;
}

/* dir with its last n path components removed (in place); 0 if too few */
static int strip_components(char *dir, int n)
{
  while (n-- > 0) {
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir) return 0;
    *slash = 0;
  }
  return 1;
}

const char *test_vectors_dir(void)
{
  static char found[4096];
  static int looked = 0;
  char exe[4096];
  ssize_t n;

  if (looked) return found[0] ? found : NULL;
  looked = 1;
  const char *env = getenv("LIB25519_TEST_VECTORS");
  if (env && *env) {
    /* told where: a missing file there is a failure, not a skip */
    snprintf(found, sizeof found, "%s", env);
    return found;
  }
  /* a build of this tree: SRC/build/NAME/package/bin/lib25519-test */
  n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0) {
    exe[n] = 0;
    if (strip_components(exe, 5) && strlen(exe) + 16 < sizeof exe) {
      strcat(exe, "/tests/vectors");
      if (has_vectors(exe)) {
        snprintf(found, sizeof found, "%s", exe);
        return found;
      }
    }
  }
  /* the source tree around the current directory */
  const char *tries[] = {"tests/vectors", "../tests/vectors", "../../tests/vectors", "../../../tests/vectors"};
  for (size_t i = 0; i < sizeof tries / sizeof tries[0]; ++i)
    if (has_vectors(tries[i])) {
      snprintf(found, sizeof found, "%s", tries[i]);
      return found;
    }
  return NULL;
}

int test_vectors_open(test_vectors *v, const char *primitive, const char *name)
{
  const char *dir = test_vectors_dir();
  memset(v, 0, sizeof *v);
  snprintf(v->name, sizeof v->name, "%s", name);
  cur_primitive = primitive;
  cur_impl = -2;
  if (!dir) {
    test_skip("%s: %s not run: tests/vectors not found (LIB25519_TEST_VECTORS names the folder)", primitive, name);
    return 0;
  }
  if (snprintf(v->path, sizeof v->path, "%s/%s", dir, name) >= (int)sizeof v->path) {
    test_fail("path of %s too long", name);
    return 0;
  }
  v->text = test_read_file(v->path, &v->len);
  if (!v->text) {
    test_fail("cannot read %s", v->path);
    return 0;
  }
  v->line = malloc(v->len + 1);
  if (!v->line) {
    test_fail("out of memory");
    free(v->text);
    v->text = NULL;
    return 0;
  }
  return 1;
}

void test_vectors_rewind(test_vectors *v)
{
  v->pos = 0;
  v->lineno = 0;
  v->nfields = 0;
}

long long test_vectors_count(test_vectors *v)
{
  long long n = 0;
  test_vectors_rewind(v);
  while (test_vectors_next(v) > 0) ++n;
  test_vectors_rewind(v);
  return n;
}

int test_vectors_next(test_vectors *v)
{
  while (v->text && v->pos < v->len) {
    const char *s = v->text + v->pos;
    const char *eol = memchr(s, '\n', v->len - v->pos);
    long long n = eol ? eol - s : v->len - v->pos;
    v->pos += n + (eol ? 1 : 0);
    ++v->lineno;
    if (n == 0 || s[0] == '#') continue;
    memcpy(v->line, s, n);
    v->line[n] = 0;
    v->nfields = 0;
    for (char *f = v->line; f; ) {
      char *sp = strchr(f, ' ');
      if (sp) *sp++ = 0;
      if (v->nfields == TEST_VECTORS_MAXFIELDS) {
        test_fail("%s line %lld: more than %d fields", v->name, v->lineno, TEST_VECTORS_MAXFIELDS);
        return 0;
      }
      v->field[v->nfields++] = f;
      f = sp;
    }
    return v->nfields;
  }
  return 0;
}

/* the length in bytes of a hex field ("-" is empty), or -1 */
static long long field_bytes(const char *f)
{
  long long n = (long long)strlen(f);
  if (strcmp(f, "-") == 0) return 0;
  if (n == 0 || n % 2) return -1;
  for (long long i = 0; i < n; ++i)
    if (hexval(f[i]) < 0) return -1;
  return n / 2;
}

int test_vectors_bytes(test_vectors *v, int i, unsigned char *out, long long len)
{
  long long n = i < v->nfields ? field_bytes(v->field[i]) : -1;
  if (n != len) {
    test_fail("%s line %lld: field %d is not %lld bytes of hex", v->name, v->lineno, i + 1, len);
    return -1;
  }
  if (len) test_hex_decode(out, v->field[i], len);
  return 0;
}

unsigned char *test_vectors_alloc(test_vectors *v, int i, long long *len)
{
  long long n = i < v->nfields ? field_bytes(v->field[i]) : -1;
  unsigned char *out;
  if (n < 0) {
    test_fail("%s line %lld: field %d is not hex", v->name, v->lineno, i + 1);
    return NULL;
  }
  out = malloc(n ? n : 1);
  if (!out) {
    test_fail("out of memory");
    return NULL;
  }
  if (n) test_hex_decode(out, v->field[i], n);
  *len = n;
  return out;
}

void test_vectors_close(test_vectors *v)
{
  free(v->text);
  free(v->line);
  v->text = v->line = NULL;
}

long long test_vectors_x25519(const char *primitive, long long want, unsigned char **n, unsigned char **p,
                              unsigned char **shared)
{
  test_vectors v;
  long long count = 0;
  int nf;

  *n = *p = *shared = NULL;
  if (!test_vectors_open(&v, primitive, "x25519-wycheproof.txt")) return 0;
  *n = malloc(32 * want);
  *p = malloc(32 * want);
  *shared = malloc(32 * want);
  if (!*n || !*p || !*shared) {
    test_fail("out of memory");
    count = -1;
  }
  while (count >= 0 && (nf = test_vectors_next(&v)) > 0) {
    if (count == want) {
      test_fail("wycheproof x25519: more than %lld tests found in %s", want, v.path);
      count = -1;
      break;
    }
    /* tcId result private public shared flags */
    if (nf != 6 || test_vectors_bytes(&v, 2, *n + 32 * count, 32) != 0 ||
        test_vectors_bytes(&v, 3, *p + 32 * count, 32) != 0 ||
        test_vectors_bytes(&v, 4, *shared + 32 * count, 32) != 0) {
      test_fail("wycheproof x25519: cannot parse test %lld", count + 1);
      count = -1;
      break;
    }
    ++count;
  }
  test_vectors_close(&v);
  if (count >= 0 && count != want) {
    test_fail("wycheproof x25519: %lld tests found, want %lld", count, want);
    count = -1;
  }
  if (count < 0) {
    free(*n);
    free(*p);
    free(*shared);
    *n = *p = *shared = NULL;
    return 0;
  }
  printf("%s: %lld Wycheproof X25519 cases from %s\n", primitive, count, v.path);
  return count;
}

/* ---------- every implementation of a primitive ---------- */

int test_next_impl(const struct test_impls *p, long long *impl)
{
  ++*impl;
  if (*impl < -1) *impl = -1;
  if (*impl >= p->count()) return 0;
  if (*impl < 0)
    test_begin(p->primitive, *impl, p->implementation(), p->compiler());
  else
    test_begin(p->primitive, *impl, p->dispatch_implementation(*impl), p->dispatch_compiler(*impl));
  return 1;
}

void test_poison(const void *x, long long len)
{
#if defined(TESTLIB_MSAN)
  __msan_poison(x, (size_t)len);
#elif defined(TESTLIB_VALGRIND)
  VALGRIND_MAKE_MEM_UNDEFINED(x, len);
#else
  (void)x;
  (void)len;
#endif
}

void test_unpoison(const void *x, long long len)
{
#if defined(TESTLIB_MSAN)
  __msan_unpoison(x, (size_t)len);
#elif defined(TESTLIB_VALGRIND)
  VALGRIND_MAKE_MEM_DEFINED(x, len);
#else
  (void)x;
  (void)len;
#endif
}
