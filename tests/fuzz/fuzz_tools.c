/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: the input handling of the command-line tools
   (doc/man/x25519-cli.1.md, doc/man/ed25519-cli.1.md) and the library calls
   behind them.

   Input: tool selector t = byte 0 % 3, split byte s = byte 1, then the
   bytes the tool reads:
     0  x25519-dh 8<sk 4<pk 7>k   sk = s % 40 bytes, pk = the rest
     1  ed25519-sign 8<sk <m >sm  sk = s % 72 bytes, m = the rest
     2  ed25519-open 4<pk <sm >m  pk = s % 40 bytes, sm = the rest
   (so key files of the right size and a little too short or long all
   occur).

   Library part, always: when the key has the size the tool needs, the
   library entry points the tool calls, with exactly those bytes, for every
   implementation: dh agrees across implementations; sign gives mlen + 64
   bytes ending in the message, which open accepts when the secret key's
   public half matches its seed; open (see fuzz_sign_open.c for its full
   contract) agrees across implementations.

   Tool part, when FUZZ_TOOLS_DIR names a directory with the five tools
   (tests/check-fuzz.sh points it at the ASan build's): the tool runs on
   files holding those bytes and must not crash or trip a sanitizer (exit
   status 86 is reserved for sanitizer reports). If it succeeds, its key
   inputs must have been long enough and its output must be what the library
   gives for the first bytes it needed (a longer key file is read for its
   first bytes, as lib25519's tools do); with keys of at least the right
   size dh and sign must succeed and open must succeed exactly when the library
   accepts; ed25519-open must write nothing when it fails. Coverage inside
   the tools is not seen by libFuzzer (they run as separate processes). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "fuzzlib.h"

extern char **environ;

typedef void (*dh_fn)(unsigned char *, const unsigned char *, const unsigned char *);
typedef void (*sign_fn)(unsigned char *, long long *, const unsigned char *, long long, const unsigned char *);
typedef int (*open_fn)(unsigned char *, long long *, const unsigned char *, long long, const unsigned char *);

/* ---- running a tool ---- */

static char tooldir[4096];
static char tmpdir[4096];
static int tools_ready = -1;
static char **child_env;

static void put_file(const char *name, const unsigned char *x, long long n);

static void setup_tools(void)
{
  const char *d = getenv("FUZZ_TOOLS_DIR");
  tools_ready = 0;
  if (!d || !*d) return;
  snprintf(tooldir, sizeof tooldir, "%s", d);
  const char *base = getenv("TMPDIR");
  snprintf(tmpdir, sizeof tmpdir, "%s/fuzz-tools-XXXXXX", base && *base ? base : "/tmp");
  if (!mkdtemp(tmpdir)) {
    perror("fuzz_tools: mkdtemp");
    abort();
  }
  /* the tools' sanitizer reports get their own exit status */
  long long n = 0;
  while (environ[n]) ++n;
  child_env = calloc((size_t)n + 3, sizeof *child_env);
  if (!child_env) abort();
  long long k = 0;
  for (long long i = 0; i < n; ++i)
    if (strncmp(environ[i], "ASAN_OPTIONS=", 13) && strncmp(environ[i], "UBSAN_OPTIONS=", 14)) child_env[k++] = environ[i];
  child_env[k++] = "ASAN_OPTIONS=exitcode=86:detect_leaks=0:halt_on_error=1";
  child_env[k++] = "UBSAN_OPTIONS=exitcode=86:halt_on_error=1:print_stacktrace=1";
  child_env[k] = NULL;
  tools_ready = 1;
  put_file("empty", NULL, 0);
}

static void put_file(const char *name, const unsigned char *x, long long n)
{
  char path[4200];
  snprintf(path, sizeof path, "%s/%s", tmpdir, name);
  FILE *f = fopen(path, "wb");
  if (!f || (n > 0 && fwrite(x, 1, (size_t)n, f) != (size_t)n) || fclose(f) != 0) {
    perror("fuzz_tools: writing input");
    abort();
  }
}

/* whole file into a malloc'ed buffer; *n its length */
static unsigned char *get_file(const char *name, long long *n)
{
  char path[4200];
  snprintf(path, sizeof path, "%s/%s", tmpdir, name);
  FILE *f = fopen(path, "rb");
  if (!f) abort();
  long long cap = 1024, len = 0;
  unsigned char *b = malloc((size_t)cap);
  for (;;) {
    if (!b) abort();
    size_t r = fread(b + len, 1, (size_t)(cap - len), f);
    len += (long long)r;
    if (len < cap) break;
    cap *= 2;
    b = realloc(b, (size_t)cap);
  }
  fclose(f);
  *n = len;
  return b;
}

struct redirect {
  int fd;
  const char *file;
  int out;
};

/* run tool with the redirections; returns its exit status; fails on a
   crash or a sanitizer report */
static int run_tool(const char *tool, const struct redirect *r, int nr)
{
  char prog[4200], path[4200];
  posix_spawn_file_actions_t fa;
  pid_t pid;
  int status;

  snprintf(prog, sizeof prog, "%s/%s", tooldir, tool);
  posix_spawn_file_actions_init(&fa);
  for (int i = 0; i < nr; ++i) {
    snprintf(path, sizeof path, "%s/%s", tmpdir, r[i].file);
    posix_spawn_file_actions_addopen(&fa, r[i].fd, path, r[i].out ? O_WRONLY | O_CREAT | O_TRUNC : O_RDONLY, 0600);
  }
  snprintf(path, sizeof path, "%s/stderr", tmpdir);
  posix_spawn_file_actions_addopen(&fa, 2, path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  char *argv[] = {(char *)tool, NULL};
  int e = posix_spawn(&pid, prog, &fa, NULL, argv, child_env);
  posix_spawn_file_actions_destroy(&fa);
  if (e != 0) {
    fprintf(stderr, "fuzz_tools: cannot run %s: %s\n", prog, strerror(e));
    abort();
  }
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) abort();
  if (WIFSIGNALED(status) || (WIFEXITED(status) && WEXITSTATUS(status) == 86)) {
    long long n;
    unsigned char *err = get_file("stderr", &n);
    fprintf(stderr, "%.*s\n", (int)n, (const char *)err);
    free(err);
    FUZZ_FAIL("%s crashed or tripped a sanitizer (status %d)", tool, status);
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* ---- the three tools ---- */

static void fuzz_dh(const unsigned char *sk, long long sklen, const unsigned char *pk, long long pklen)
{
  unsigned char want[32], got[32];
  if (sklen >= 32 && pklen >= 32) {
    lib25519_dh_x25519(want, pk, sk);
    for (long long i = 0; i < lib25519_numimpl_dh_x25519(); ++i) {
      ((dh_fn)lib25519_dispatch_dh_x25519(i))(got, pk, sk);
      fuzz_same("dh", lib25519_dispatch_dh_x25519_implementation(i), got, "selected", want, 32);
    }
  }
  if (tools_ready != 1) return;
  put_file("sk", sk, sklen);
  put_file("pk", pk, pklen);
  const struct redirect r[] = {{8, "sk", 0}, {4, "pk", 0}, {7, "k", 1}, {0, "empty", 0}, {1, "stdout", 1}};
  int rc = run_tool("x25519-dh", r, 5);
  long long klen;
  unsigned char *k = get_file("k", &klen);
  if (rc == 0) {
    if (sklen < 32 || pklen < 32) FUZZ_FAIL("x25519-dh succeeded with a %lld-byte sk and a %lld-byte pk", sklen, pklen);
    if (klen != 32) FUZZ_FAIL("x25519-dh wrote %lld bytes", klen);
    fuzz_same("x25519-dh", "tool", k, "library", want, 32);
  } else if (sklen >= 32 && pklen >= 32) {
    FUZZ_FAIL("x25519-dh failed (exit %d) on keys of 32 bytes or more: X25519 accepts every input", rc);
  }
  free(k);
}

static void fuzz_sign(const unsigned char *sk, long long sklen, const unsigned char *m, long long mlen)
{
  unsigned char *sm = malloc((size_t)mlen + 64), *back = malloc((size_t)mlen + 64);
  if (!sm || !back) abort();
  int consistent = 0;
  if (sklen >= 64) {
    unsigned char pk[32], sk2[64];
    ref_keypair(pk, sk2, sk);
    consistent = memcmp(pk, sk + 32, 32) == 0;
    for (long long i = -1; i < lib25519_numimpl_sign_ed25519(); ++i) {
      sign_fn f = i < 0 ? lib25519_sign_ed25519 : lib25519_dispatch_sign_ed25519(i);
      const char *name = i < 0 ? "selected" : lib25519_dispatch_sign_ed25519_implementation(i);
      long long smlen = -7, blen;
      f(sm, &smlen, m, mlen, sk);
      if (smlen != mlen + 64) FUZZ_FAIL("sign %s: smlen %lld for mlen %lld", name, smlen, mlen);
      if (mlen && memcmp(sm + 64, m, (size_t)mlen) != 0) FUZZ_FAIL("sign %s: message not copied", name);
      int r = lib25519_sign_ed25519_open(back, &blen, sm, smlen, sk + 32);
      if (consistent && r != 0) FUZZ_FAIL("sign %s: signature does not verify", name);
    }
  }
  if (tools_ready == 1) {
    put_file("sk", sk, sklen);
    put_file("m", m, mlen);
    const struct redirect r[] = {{8, "sk", 0}, {0, "m", 0}, {1, "sm", 1}};
    int rc = run_tool("ed25519-sign", r, 3);
    long long smlen, blen;
    unsigned char *out = get_file("sm", &smlen);
    if (rc == 0) {
      if (sklen < 64) FUZZ_FAIL("ed25519-sign succeeded with a %lld-byte secret key", sklen);
      if (smlen != mlen + 64) FUZZ_FAIL("ed25519-sign wrote %lld bytes for a %lld-byte message", smlen, mlen);
      if (mlen && memcmp(out + 64, m, (size_t)mlen) != 0) FUZZ_FAIL("ed25519-sign: message not copied");
      if (consistent && lib25519_sign_ed25519_open(back, &blen, out, smlen, sk + 32) != 0)
        FUZZ_FAIL("ed25519-sign: signature does not verify");
    } else if (sklen >= 64) {
      FUZZ_FAIL("ed25519-sign failed (exit %d) with a secret key of 64 bytes or more", rc);
    }
    free(out);
  }
  free(sm);
  free(back);
}

static void fuzz_open(const unsigned char *pk, long long pklen, const unsigned char *sm, long long smlen)
{
  unsigned char *m = malloc(smlen ? (size_t)smlen : 1), *m2 = malloc(smlen ? (size_t)smlen : 1);
  long long mlen = -1, mlen2;
  int want = -1;
  if (!m || !m2) abort();
  if (pklen >= 32) {
    want = lib25519_sign_ed25519_open(m, &mlen, sm, smlen, pk);
    for (long long i = 0; i < lib25519_numimpl_sign_ed25519(); ++i) {
      int r = ((open_fn)lib25519_dispatch_sign_ed25519_open(i))(m2, &mlen2, sm, smlen, pk);
      if (r != want || mlen2 != mlen || (r == 0 && memcmp(m, m2, (size_t)mlen) != 0))
        FUZZ_FAIL("open %s disagrees with the selected one", lib25519_dispatch_sign_ed25519_implementation(i));
    }
  }
  if (tools_ready == 1) {
    put_file("pk", pk, pklen);
    put_file("sm", sm, smlen);
    const struct redirect r[] = {{4, "pk", 0}, {0, "sm", 0}, {1, "m", 1}};
    int rc = run_tool("ed25519-open", r, 3);
    long long outlen;
    unsigned char *out = get_file("m", &outlen);
    if (rc == 0) {
      if (pklen < 32) FUZZ_FAIL("ed25519-open succeeded with a %lld-byte public key", pklen);
      if (want != 0) FUZZ_FAIL("ed25519-open accepted what the library rejects");
      if (outlen != mlen || (mlen && memcmp(out, m, (size_t)mlen) != 0)) FUZZ_FAIL("ed25519-open: wrong message");
    } else {
      if (outlen != 0) FUZZ_FAIL("ed25519-open failed (exit %d) but wrote %lld bytes", rc, outlen);
      if (pklen >= 32 && want == 0) FUZZ_FAIL("ed25519-open rejected (exit %d) what the library accepts", rc);
    }
    free(out);
  }
  free(m);
  free(m2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (tools_ready < 0) setup_tools();
  if (size < 2 || size > 1 << 14) return 0;
  int tool = data[0] % 3;
  long long split = data[1] % (tool == 1 ? 72 : 40), rest = (long long)size - 2;
  if (split > rest) split = rest;
  const unsigned char *a = data + 2, *b = data + 2 + split;
  long long alen = split, blen = rest - split;
  /* exact-size copies, so ASan sees any overread */
  unsigned char *ac = malloc(alen ? (size_t)alen : 1), *bc = malloc(blen ? (size_t)blen : 1);
  if (!ac || !bc) abort();
  if (alen) memcpy(ac, a, (size_t)alen);
  if (blen) memcpy(bc, b, (size_t)blen);
  if (tool == 0) fuzz_dh(ac, alen, bc, blen);
  if (tool == 1) fuzz_sign(ac, alen, bc, blen);
  if (tool == 2) fuzz_open(ac, alen, bc, blen);
  free(ac);
  free(bc);
  return 0;
}
