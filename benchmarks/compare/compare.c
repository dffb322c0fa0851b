/* SPDX-License-Identifier: MIT */
/* Side-by-side speed of lib25519 (this tree), any number of other
   libraries with lib25519's API (loaded with dlopen), OpenSSL and
   libsodium on the seven headline operations of lib25519's speed table,
   on one core.

   usage: compare [--rounds N] [--no-avx2-view | --avx512f-view] [--lib NAME=PATH ...]

   Libraries are interleaved round by round (the order rotates each round),
   so slow drifts of a shared machine hit all of them alike. Each figure is
   the interquartile mean of ROUNDS single-operation timings; "ours/best" is
   the median over rounds of ours divided by the fastest other lib25519-API
   library (by interquartile mean) in the same round.

   Definitions follow lib25519's table: OpenSSL's figures time only
   EVP_PKEY_Q_keygen, EVP_PKEY_derive, EVP_DigestSign and EVP_DigestVerify;
   key decoding, context creation and *Init calls are done outside the
   timed region. "X batch" and "Ed MSM" are per item of a batch of 16.

   A --lib is loaded with dlopen(RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND), so
   identical symbol names of several builds do not clash, and, above all, so
   that its calls of its own exported functions (lib25519's sign calls
   lib25519_nG_merged25519, its open lib25519_mGnP_ed25519, ...) stay inside
   it: without RTLD_DEEPBIND the dynamic linker resolves them to the first
   definition in the global scope, which is ours (linked into this program),
   and a "lib25519" column would time our primitives. Before it, every librandombytes*.so*
   in its folder is loaded by path, which satisfies its dependency on
   librandombytes without LD_LIBRARY_PATH (run.sh also sets that).

   The AVX2-class view (on unless --no-avx2-view): for five primitives that
   carry the headline operations (nP: X dh; nPbatch of 16: X batch;
   nG_merged25519: the fixed-base part of X key, Ed key, Ed sign; mGnP: Ed
   verif; multiscalar of 16: Ed MSM) every implementation that a library
   enumerates through lib25519_numimpl_P / lib25519_dispatch_P(i) and whose
   implementation name and compiler line both lack "avx512" is timed in
   interleaved rounds; each library is represented by its fastest such one. This
   imitates, on an AVX-512 machine, what an AVX2-only CPU could run. Only
   the primitive itself is restricted: whatever it calls through its own
   library's dispatcher keeps that library's choice on this CPU.
   With --avx512f-view the view is the AVX-512F class's instead (Skylake-SP,
   Cascade Lake: AVX-512 F/VL without IFMA or VBMI): the candidates are the
   implementations whose name and compiler line both lack "ifma" and
   "vbmi", so AVX2, mulx and AVX-512F code competes.
   The view has rounds of its own, after the headline rounds, and times
   the second of two back-to-back calls of each candidate (view_call): its
   figures are warm costs, unlike the headline table's.

   Build and run: benchmarks/compare/run.sh (needs libssl-dev; libsodium-dev
   optional). */
#define _GNU_SOURCE /* RTLD_DEFAULT */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <lib25519.h>
#include <openssl/evp.h>
#ifdef HAVE_SODIUM
#include <sodium.h>
#endif
#include "cpucycles.h"

#define MAXROUNDS 1001
#define MAXAPI 8   /* ours and up to 7 --lib */
#define MAXCAND 24 /* implementations of one primitive in one library */
static int rounds = 301;

enum { XKEY, XDH, XBATCH, EDKEY, EDSIGN, EDVERIFY, EDMSM, NOPS };
static const char *opnames[NOPS] = {"X key", "X dh", "X batch", "Ed key", "Ed sign", "Ed verif", "Ed MSM"};

/* ---------------------------------------------------- lib25519-API libraries */

typedef void fn_keypair(unsigned char *, unsigned char *);
typedef void fn_dh(unsigned char *, const unsigned char *, const unsigned char *);
typedef void fn_batch(unsigned char *, const unsigned char *, const unsigned char *, long long);
typedef void fn_sign(unsigned char *, long long *, const unsigned char *, long long, const unsigned char *);
typedef int fn_open(unsigned char *, long long *, const unsigned char *, long long, const unsigned char *);
typedef void fn_nG(unsigned char *, const unsigned char *);
typedef void fn_mGnP(unsigned char *, const unsigned char *, const unsigned char *, const unsigned char *);
typedef const char *fn_name(void);
typedef const char *fn_name_i(long long);
typedef long long fn_count(void);
typedef void (*fn_any)(void);
typedef fn_any fn_dispatch(long long);

/* the primitives of the AVX2-class view */
enum { VNP, VBATCH, VNG, VMGNP, VMSM, NVIEW };
static const char *viewprim[NVIEW] = {"nP_montgomery25519", "nPbatch_montgomery25519", "nG_merged25519",
                                      "mGnP_ed25519", "multiscalar_ed25519"};
static const char *viewnames[NVIEW] = {"nP (X dh)", "nPbatch (X batch)", "nG_merged (X key, Ed key, Ed sign)",
                                       "mGnP (Ed verif)", "multiscalar (Ed MSM)"};

struct api {
  const char *name;
  fn_keypair *dh_keypair, *sign_keypair;
  fn_dh *dh;
  fn_batch *nPbatch, *msm;
  fn_sign *sign;
  fn_open *open;
  fn_name *selected[NVIEW];
  /* the view: candidates without AVX-512, their names and entry points */
  int ncand[NVIEW];
  fn_any cand[NVIEW][MAXCAND];
  char candname[NVIEW][MAXCAND][64];
};
static struct api api[MAXAPI];
static int napi;

static void *need(void *h, const char *lib, const char *sym)
{
  void *p = dlsym(h, sym);
  if (!p) {
    fprintf(stderr, "compare: %s has no %s\n", lib, sym);
    exit(1);
  }
  return p;
}

static int mentions(const char *s, const char *what)
{
  size_t n = strlen(what);
  for (; s && *s; ++s)
    if (strncasecmp(s, what, n) == 0) return 1;
  return 0;
}

/* the view's class: 0 AVX2 (no AVX-512 at all), 1 AVX-512F (no IFMA, no
   VBMI); set by --avx512f-view before the candidates are enumerated */
static int view_avx512f;

/* an implementation (name or compiler line s) that the view's class
   cannot run */
static int outside_class(const char *s)
{
  if (view_avx512f) return mentions(s, "ifma") || mentions(s, "vbmi");
  return mentions(s, "avx512");
}

/* batch implementations that only loop over the library's dispatched nP
   (ours: loop-nP; lib25519: ref): on this CPU they would time its AVX-512
   nP, so they are no AVX2-class candidates */
static int delegates(int v, const char *n)
{
  return v == VBATCH && (strcmp(n, "loop-nP") == 0 || strcmp(n, "ref") == 0);
}

/* the view candidates of library a: the primitive's enumeration through h
   (RTLD_DEFAULT for ours) */
static void find_candidates(struct api *a, void *h)
{
  char sym[128];
  for (int v = 0; v < NVIEW; ++v) {
    snprintf(sym, sizeof sym, "lib25519_%s_implementation", viewprim[v]);
    a->selected[v] = (fn_name *)need(h, a->name, sym);
    snprintf(sym, sizeof sym, "lib25519_numimpl_%s", viewprim[v]);
    fn_count *count = (fn_count *)need(h, a->name, sym);
    snprintf(sym, sizeof sym, "lib25519_dispatch_%s", viewprim[v]);
    fn_dispatch *get = (fn_dispatch *)need(h, a->name, sym);
    snprintf(sym, sizeof sym, "lib25519_dispatch_%s_implementation", viewprim[v]);
    fn_name_i *iname = (fn_name_i *)need(h, a->name, sym);
    snprintf(sym, sizeof sym, "lib25519_dispatch_%s_compiler", viewprim[v]);
    fn_name_i *icomp = (fn_name_i *)need(h, a->name, sym);
    a->ncand[v] = 0;
    for (long long i = 0; i < count() && a->ncand[v] < MAXCAND; ++i) {
      const char *n = iname(i), *c = icomp(i);
      if (!n || outside_class(n) || outside_class(c) || delegates(v, n)) continue;
      const char *cc = c ? c : "?";
      size_t cl = strcspn(cc, " ");
      a->cand[v][a->ncand[v]] = get(i);
      snprintf(a->candname[v][a->ncand[v]], sizeof a->candname[v][0], "%s/%.*s", n, (int)cl, cc);
      a->ncand[v]++;
    }
  }
}

static void add_ours(void)
{
  struct api *a = &api[napi++];
  a->name = "ours";
  a->dh_keypair = lib25519_dh_x25519_keypair;
  a->dh = lib25519_dh_x25519;
  a->nPbatch = lib25519_nPbatch_montgomery25519;
  a->sign_keypair = lib25519_sign_ed25519_keypair;
  a->sign = lib25519_sign_ed25519;
  a->open = lib25519_sign_ed25519_open;
  a->msm = lib25519_multiscalar_ed25519;
  find_candidates(a, RTLD_DEFAULT);
}

/* --lib NAME=PATH */
static void add_lib(const char *arg)
{
  const char *eq = strchr(arg, '=');
  if (!eq || eq == arg || napi == MAXAPI) {
    fprintf(stderr, "compare: --lib NAME=PATH (at most %d)\n", MAXAPI - 1);
    exit(100);
  }
  char *name = strndup(arg, (size_t)(eq - arg));
  const char *path = eq + 1;
  /* its librandombytes, from its own folder, by path */
  char dir[4096];
  snprintf(dir, sizeof dir, "%s", path);
  char *slash = strrchr(dir, '/');
  if (slash) {
    static const char *deps[] = {"librandombytes.so.1", "librandombytes-kernel.so.1"};
    for (size_t i = 0; i < sizeof deps / sizeof deps[0]; ++i) {
      char p[4200];
      snprintf(p, sizeof p, "%.*s/%s", (int)(slash - dir), dir, deps[i]);
      FILE *f = fopen(p, "rb");
      if (f) {
        fclose(f);
        if (!dlopen(p, RTLD_NOW | RTLD_LOCAL)) fprintf(stderr, "compare: %s\n", dlerror());
      }
    }
  }
  void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
  if (!h) {
    fprintf(stderr, "compare: %s\n", dlerror());
    exit(1);
  }
  struct api *a = &api[napi++];
  a->name = name;
  a->dh_keypair = (fn_keypair *)need(h, name, "lib25519_dh_x25519_keypair");
  a->dh = (fn_dh *)need(h, name, "lib25519_dh_x25519");
  a->nPbatch = (fn_batch *)need(h, name, "lib25519_nPbatch_montgomery25519");
  a->sign_keypair = (fn_keypair *)need(h, name, "lib25519_sign_ed25519_keypair");
  a->sign = (fn_sign *)need(h, name, "lib25519_sign_ed25519");
  a->open = (fn_open *)need(h, name, "lib25519_sign_ed25519_open");
  a->msm = (fn_batch *)need(h, name, "lib25519_multiscalar_ed25519");
  find_candidates(a, h);
}

/* ------------------------------------------------------------------ timing */

/* columns: the lib25519-API libraries (0 = ours), then OpenSSL, libsodium */
#define OPENSSL_COL MAXAPI
#define SODIUM_COL (MAXAPI + 1)
#define NCOLS (MAXAPI + 2)
static long long t[NCOLS][NOPS][MAXROUNDS];
static int have[NCOLS][NOPS];
static long long tv[MAXAPI][NVIEW][MAXCAND][MAXROUNDS];
static int view = 1;

static int cmp(const void *a, const void *b)
{
  long long x = *(const long long *)a, y = *(const long long *)b;
  return (x > y) - (x < y);
}

static double iqm(const long long *v0, int n)
{
  long long v[MAXROUNDS];
  memcpy(v, v0, sizeof v[0] * (size_t)n);
  qsort(v, (size_t)n, sizeof v[0], cmp);
  double s = 0;
  int lo = n / 4, hi = n - n / 4;
  for (int i = lo; i < hi; ++i) s += (double)v[i];
  return s / (hi - lo);
}

static int cmpd(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* median over rounds of a[r] / b[r] */
static double median_ratio(const long long *a, const long long *b, int n)
{
  double q[MAXROUNDS];
  for (int r = 0; r < n; ++r) q[r] = (double)a[r] / (double)(b[r] ? b[r] : 1);
  qsort(q, (size_t)n, sizeof q[0], cmpd);
  return n % 2 ? q[n / 2] : (q[n / 2 - 1] + q[n / 2]) / 2;
}

static unsigned char m59[59];
static unsigned char xsk[32], xpk[32], xk[32];
static unsigned char bsk[16 * 32], bpk[16 * 32], bk[16 * 32];
static unsigned char esk[64], epk[32], esm[59 + 64], em[59 + 64];
static unsigned char msm_n[16 * 32], msm_p[16 * 32], msm_out[33];
static unsigned char g_n[32], v_m[32], v_n[64];
static unsigned char scratch_pk[32], scratch_sk[64], scratch_sm[59 + 64];

static void lib_op(int k, int op, int r)
{
  struct api *a = &api[k];
  long long x, y, smlen, mlen;
  switch (op) {
    case XKEY: x = cpucycles(); a->dh_keypair(scratch_pk, scratch_sk); y = cpucycles(); break;
    case XDH: x = cpucycles(); a->dh(xk, xpk, xsk); y = cpucycles(); break;
    case XBATCH: x = cpucycles(); a->nPbatch(bk, bsk, bpk, 16); y = cpucycles(); y = x + (y - x) / 16; break;
    case EDKEY: x = cpucycles(); a->sign_keypair(scratch_pk, scratch_sk); y = cpucycles(); break;
    case EDSIGN: x = cpucycles(); a->sign(scratch_sm, &smlen, m59, 59, esk); y = cpucycles(); break;
    case EDVERIFY:
      x = cpucycles();
      if (a->open(em, &mlen, esm, 59 + 64, epk) != 0) {
        fprintf(stderr, "compare: %s: verify failed\n", a->name);
        exit(1);
      }
      y = cpucycles();
      break;
    default: x = cpucycles(); a->msm(msm_out, msm_n, msm_p, 16); y = cpucycles(); y = x + (y - x) / 16; break;
  }
  t[k][op][r] = y - x;
}

/* one view candidate, writing its result to out: the second of two
   back-to-back calls, so that the figure is the candidate's own warm cost
   and not what the candidate before it left in the caches, the branch
   predictors or the TLB (a library's candidates run back to back, and
   lib25519's share code and tables: its later ones ran faster there
   than alone, by up to a third, while each of ours starts on its own) */
static long long view_once(int v, fn_any f, unsigned char *out)
{
  long long x = cpucycles(), y;
  switch (v) {
    case VNP: ((fn_dh *)f)(out, xsk, xpk); y = cpucycles(); break;
    case VBATCH: ((fn_batch *)f)(out, bsk, bpk, 16); y = cpucycles(); y = x + (y - x) / 16; break;
    case VNG: ((fn_nG *)f)(out, g_n); y = cpucycles(); break;
    case VMGNP: ((fn_mGnP *)f)(out, v_m, v_n, epk); y = cpucycles(); break;
    default: ((fn_batch *)f)(out, msm_n, msm_p, 16); y = cpucycles(); y = x + (y - x) / 16; break;
  }
  return y - x;
}

static long long view_call(int v, fn_any f, unsigned char *out)
{
  view_once(v, f, out);
  return view_once(v, f, out);
}

static const size_t viewbytes[NVIEW] = {32, 16 * 32, 32, 33, 33};

/* drop view candidates whose output differs from ours' selected one */
static void check_view(void)
{
  unsigned char want[NVIEW][16 * 32], got[16 * 32];
  fn_any sel[NVIEW] = {(fn_any)lib25519_nP_montgomery25519, (fn_any)lib25519_nPbatch_montgomery25519,
                       (fn_any)lib25519_nG_merged25519, (fn_any)lib25519_mGnP_ed25519,
                       (fn_any)lib25519_multiscalar_ed25519};
  for (int v = 0; v < NVIEW; ++v) view_call(v, sel[v], want[v]);
  for (int k = 0; k < napi; ++k)
    for (int v = 0; v < NVIEW; ++v)
      for (int c = 0; c < api[k].ncand[v]; ++c) {
        memset(got, 0, sizeof got);
        view_call(v, api[k].cand[v][c], got);
        if (memcmp(got, want[v], viewbytes[v]) != 0) {
          fprintf(stderr, "compare: %s %s %s gives another result; left out\n", api[k].name, viewprim[v],
                  api[k].candname[v][c]);
          api[k].cand[v][c] = api[k].cand[v][api[k].ncand[v] - 1];
          memcpy(api[k].candname[v][c], api[k].candname[v][api[k].ncand[v] - 1], sizeof api[k].candname[v][c]);
          --api[k].ncand[v];
          --c;
        }
      }
}

static void lib_view(int k, int r)
{
  unsigned char out[16 * 32];
  for (int v = 0; v < NVIEW; ++v)
    for (int c = 0; c < api[k].ncand[v]; ++c) tv[k][v][c][r] = view_call(v, api[k].cand[v][c], out);
}

/* OpenSSL state prepared outside the timed regions */
static EVP_PKEY *o_xpriv, *o_xpub, *o_edpriv, *o_edpub;
static unsigned char o_sig[64];

static void openssl(int op, int r)
{
  long long a = 0, b = 0;
  EVP_PKEY *k = NULL;
  EVP_PKEY_CTX *ctx = NULL;
  EVP_MD_CTX *md = NULL;
  size_t len;
  switch (op) {
    case XKEY: a = cpucycles(); k = EVP_PKEY_Q_keygen(NULL, NULL, "X25519"); b = cpucycles(); break;
    case XDH:
      ctx = EVP_PKEY_CTX_new(o_xpriv, NULL);
      if (!ctx || EVP_PKEY_derive_init(ctx) <= 0 || EVP_PKEY_derive_set_peer(ctx, o_xpub) <= 0) exit(1);
      len = 32;
      a = cpucycles(); EVP_PKEY_derive(ctx, xk, &len); b = cpucycles();
      break;
    case EDKEY: a = cpucycles(); k = EVP_PKEY_Q_keygen(NULL, NULL, "ED25519"); b = cpucycles(); break;
    case EDSIGN:
      md = EVP_MD_CTX_new();
      if (!md || EVP_DigestSignInit(md, NULL, NULL, NULL, o_edpriv) <= 0) exit(1);
      len = 64;
      a = cpucycles(); EVP_DigestSign(md, o_sig, &len, m59, 59); b = cpucycles();
      break;
    case EDVERIFY:
      md = EVP_MD_CTX_new();
      if (!md || EVP_DigestVerifyInit(md, NULL, NULL, NULL, o_edpub) <= 0) exit(1);
      a = cpucycles();
      if (EVP_DigestVerify(md, o_sig, 64, m59, 59) != 1) { fprintf(stderr, "compare: OpenSSL verify failed\n"); exit(1); }
      b = cpucycles();
      break;
  }
  EVP_PKEY_free(k);
  EVP_PKEY_CTX_free(ctx);
  EVP_MD_CTX_free(md);
  t[OPENSSL_COL][op][r] = b - a;
}

#ifdef HAVE_SODIUM
static unsigned char s_pk[32], s_sk[64], s_sig[64];
static void sodium(int op, int r)
{
  long long a = 0, b = 0;
  switch (op) {
    case XKEY: a = cpucycles(); randombytes_buf(scratch_sk, 32); crypto_scalarmult_base(scratch_pk, scratch_sk); b = cpucycles(); break;
    case XDH: a = cpucycles(); if (crypto_scalarmult(xk, xsk, xpk)) {} b = cpucycles(); break;
    case EDKEY: a = cpucycles(); crypto_sign_keypair(s_pk, s_sk); b = cpucycles(); break;
    case EDSIGN: a = cpucycles(); crypto_sign_detached(s_sig, NULL, m59, 59, s_sk); b = cpucycles(); break;
    case EDVERIFY:
      a = cpucycles();
      if (crypto_sign_verify_detached(s_sig, m59, 59, s_pk) != 0) { fprintf(stderr, "compare: libsodium verify failed\n"); exit(1); }
      b = cpucycles();
      break;
  }
  t[SODIUM_COL][op][r] = b - a;
}
#endif

/* "AMD EPYC (family 25 model 17)" from /proc/cpuinfo, or "?" */
static void cpu_line(char *out, size_t n)
{
  char line[512], model[256] = "?", fam[32] = "?", mod[32] = "?";
  FILE *f = fopen("/proc/cpuinfo", "r");
  while (f && fgets(line, sizeof line, f)) {
    char *c = strchr(line, ':');
    if (!c) continue;
    c += 1 + (c[1] == ' ');
    c[strcspn(c, "\n")] = 0;
    if (!strncmp(line, "model name", 10) && model[0] == '?') snprintf(model, sizeof model, "%s", c);
    else if (!strncmp(line, "cpu family", 10) && fam[0] == '?') snprintf(fam, sizeof fam, "%s", c);
    else if (!strncmp(line, "model\t", 6) && mod[0] == '?') snprintf(mod, sizeof mod, "%s", c);
  }
  if (f) fclose(f);
  snprintf(out, n, "%s (cpu family %s model %s)", model, fam, mod);
}

int main(int argc, char **argv)
{
  for (int i = 1; i < argc; ++i)
    if (!strcmp(argv[i], "--avx512f-view")) view_avx512f = 1;
  add_ours();
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--lib") && i + 1 < argc) add_lib(argv[++i]);
    else if (!strncmp(argv[i], "--lib=", 6)) add_lib(argv[i] + 6);
    else if (!strcmp(argv[i], "--rounds") && i + 1 < argc) rounds = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--no-avx2-view")) view = 0;
    else if (!strcmp(argv[i], "--avx512f-view")) view = 1;
    else {
      fprintf(stderr, "usage: compare [--rounds N] [--no-avx2-view | --avx512f-view] [--lib NAME=PATH ...]\n");
      return 100;
    }
  }
  if (rounds < 4 || rounds > MAXROUNDS) {
    fprintf(stderr, "compare: --rounds between 4 and %d\n", MAXROUNDS);
    return 100;
  }

  memset(m59, 0x5a, sizeof m59);
  lib25519_dh_keypair(xpk, xsk);
  for (int i = 0; i < 16; ++i) lib25519_dh_keypair(bpk + 32 * i, bsk + 32 * i);
  lib25519_sign_keypair(epk, esk);
  long long smlen;
  lib25519_sign(esm, &smlen, m59, 59, esk);
  for (int i = 0; i < 16; ++i) {
    unsigned char seed[64];
    lib25519_sign_keypair(msm_p + 32 * i, seed);
    lib25519_hash_sha512(seed, msm_p + 32 * i, 32);
    memcpy(msm_n + 32 * i, seed, 32);
    msm_n[32 * i + 31] &= 15; /* below L */
  }
  lib25519_hash_sha512(v_n, m59, 59);       /* a 64-byte hash, as verification has */
  memcpy(v_m, v_n + 7, 32);
  v_m[31] &= 15;                             /* below L */
  memcpy(g_n, esk + 3, 32);
  g_n[31] &= 15;
  o_xpriv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, xsk, 32);
  o_xpub = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, xpk, 32);
  o_edpriv = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, esk, 32);
  o_edpub = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, epk, 32);
  if (!o_xpriv || !o_xpub || !o_edpriv || !o_edpub) return 1;
  { size_t len = 64; EVP_MD_CTX *md = EVP_MD_CTX_new(); EVP_DigestSignInit(md, NULL, NULL, NULL, o_edpriv); EVP_DigestSign(md, o_sig, &len, m59, 59); EVP_MD_CTX_free(md); }
#ifdef HAVE_SODIUM
  if (sodium_init() < 0) return 1;
  crypto_sign_keypair(s_pk, s_sk);
  crypto_sign_detached(s_sig, NULL, m59, 59, s_sk);
#endif
  /* every library agrees with ours on the fixed inputs */
  for (int k = 1; k < napi; ++k) {
    unsigned char out[16 * 32];
    api[k].dh(out, xpk, xsk);
    if (memcmp(out, (lib25519_dh(xk, xpk, xsk), xk), 32)) { fprintf(stderr, "compare: %s: dh differs\n", api[k].name); return 1; }
    /* signatures may be randomized (lib25519 hedges them): check by verifying */
    api[k].sign(scratch_sm, &smlen, m59, 59, esk);
    long long mlen;
    if (lib25519_sign_open(out, &mlen, scratch_sm, smlen, epk) != 0 || mlen != 59) {
      fprintf(stderr, "compare: %s: its signature does not verify with ours\n", api[k].name);
      return 1;
    }
  }
  if (view) check_view();

  for (int op = 0; op < NOPS; ++op) {
    for (int k = 0; k < napi; ++k) have[k][op] = 1;
    have[OPENSSL_COL][op] = op != XBATCH && op != EDMSM;
#ifdef HAVE_SODIUM
    have[SODIUM_COL][op] = op != XBATCH && op != EDMSM;
#endif
  }
  int cols[NCOLS], ncols = 0;
  for (int k = 0; k < napi; ++k) cols[ncols++] = k;
  cols[ncols++] = OPENSSL_COL;
#ifdef HAVE_SODIUM
  cols[ncols++] = SODIUM_COL;
#endif
  for (int r = -10; r < rounds; ++r) { /* 10 warm-up rounds */
    int rr = r < 0 ? 0 : r;
    for (int j = 0; j < ncols; ++j) {
      int col = cols[(j + rr) % ncols];
      for (int op = 0; op < NOPS; ++op) {
        if (!have[col][op]) continue;
        if (col < MAXAPI) lib_op(col, op, rr);
        if (col == OPENSSL_COL) openssl(op, rr);
#ifdef HAVE_SODIUM
        if (col == SODIUM_COL) sodium(op, rr);
#endif
      }
    }
  }
  /* the view in rounds of its own, after the headline table: its cache
     sweeps would otherwise leave the next library's headline operations
     colder than they are in a run without the view */
  if (view)
    for (int r = -10; r < rounds; ++r) {
      int rr = r < 0 ? 0 : r;
      for (int j = 0; j < napi; ++j) lib_view((j + rr) % napi, rr);
    }

  char cpu[400];
  cpu_line(cpu, sizeof cpu);
  printf("# compare: %d interleaved rounds, interquartile mean per operation; ours/best: median over rounds of ours over the fastest other lib25519-API library\n", rounds);
  printf("# cpu: %s\n", cpu);
  {
    const char *mask = getenv("LIB25519_DISABLE");
    if (mask && *mask)
      printf("# ours masked: LIB25519_DISABLE=%s (the other libraries ignore it: their columns keep their own choice)\n", mask);
  }
  printf("# counter: %s%s\n", cpucycles_implementation(),
         strstr(cpucycles_implementation(), "tsc") ? " (TSC ticks, not core cycles)" : "");
  for (int k = 0; k < napi; ++k)
    printf("# %s: %s / %s / %s / %s\n", k == 0 ? "ours (lib25519 API " lib25519_version ")" : api[k].name,
           api[k].selected[VNP](), api[k].selected[VBATCH](), api[k].selected[VNG](), api[k].selected[VMGNP]());
  printf("# OpenSSL: %s\n", OpenSSL_version(OPENSSL_VERSION));
#ifdef HAVE_SODIUM
  printf("# libsodium: %s\n", sodium_version_string());
#endif
  printf("op");
  for (int k = 0; k < napi; ++k) printf("\t%s", api[k].name);
  printf("\tOpenSSL");
#ifdef HAVE_SODIUM
  printf("\tlibsodium");
#endif
  printf("\tOpenSSL/ours");
#ifdef HAVE_SODIUM
  printf("\tlibsodium/ours");
#endif
  if (napi > 1) printf("\tbest lib25519\tours/best");
  printf("\n");
  for (int op = 0; op < NOPS; ++op) {
    double v[NCOLS] = {0};
    printf("%s", opnames[op]);
    for (int j = 0; j < ncols; ++j) {
      int col = cols[j];
      if (have[col][op]) {
        v[col] = iqm(t[col][op], rounds);
        printf("\t%.0f", v[col]);
      } else
        printf("\t-");
    }
    for (int col = OPENSSL_COL; col < NCOLS; ++col) {
#ifndef HAVE_SODIUM
      if (col == SODIUM_COL) continue;
#endif
      if (have[col][op]) printf("\t%.2f", v[col] / v[0]);
      else printf("\t-");
    }
    if (napi > 1) {
      int best = 1;
      for (int k = 2; k < napi; ++k)
        if (v[k] < v[best]) best = k;
      printf("\t%s\t%.2f", api[best].name, median_ratio(t[0][op], t[best][op], rounds));
    }
    printf("\n");
  }

  if (!view) return 0;
  if (view_avx512f)
    printf("\n# AVX-512F class view: per primitive, each library's fastest implementation whose name and compiler line lack \"ifma\" and \"vbmi\" (lib25519_dispatch_P), timed in interleaved rounds of their own after the headline ones, warm (the second of two back-to-back calls); cells: interquartile mean, implementation/compiler\n");
  else
    printf("\n# AVX2 class view: per primitive, each library's fastest implementation whose name and compiler line lack \"avx512\" (lib25519_dispatch_P), timed in interleaved rounds of their own after the headline ones, warm (the second of two back-to-back calls); cells: interquartile mean, implementation/compiler\n");
  printf("primitive");
  for (int k = 0; k < napi; ++k) printf("\t%s", api[k].name);
  if (napi > 1) printf("\tbest lib25519\tours/best");
  printf("\n");
  for (int v = 0; v < NVIEW; ++v) {
    int pick[MAXAPI];
    double val[MAXAPI];
    printf("%s", viewnames[v]);
    for (int k = 0; k < napi; ++k) {
      pick[k] = -1;
      val[k] = 0;
      for (int c = 0; c < api[k].ncand[v]; ++c) {
        double x = iqm(tv[k][v][c], rounds);
        if (pick[k] < 0 || x < val[k]) pick[k] = c, val[k] = x;
      }
      if (pick[k] < 0) printf("\t-");
      else printf("\t%.0f %s", val[k], api[k].candname[v][pick[k]]);
    }
    if (napi > 1) {
      int best = -1;
      for (int k = 1; k < napi; ++k)
        if (pick[k] >= 0 && (best < 0 || val[k] < val[best])) best = k;
      if (best < 0 || pick[0] < 0) printf("\t-\t-");
      else printf("\t%s\t%.2f", api[best].name, median_ratio(tv[0][v][pick[0]], tv[best][v][pick[best]], rounds));
    }
    printf("\n");
  }
  return 0;
}
