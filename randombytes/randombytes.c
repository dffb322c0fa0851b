/* SPDX-License-Identifier: MIT */
/* OS randomness for keys and signing nonces.

   First choice on Linux 6.11 and later: the kernel's getrandom() exported
   in the vDSO.  It is the kernel's own generator run in user space: the
   kernel hands out the state layout, wipes the state pages on fork (they
   are mapped with the flags it asks for), and the vDSO reseeds whenever
   the kernel's generation counter moves (reseed, VM fork), so it gives the
   same guarantees as the system call at a fraction of the cost (in this
   project's VMs ~300 TSC ticks per 32 bytes instead of ~2300).  Each state
   may be used by one caller at a time: a small pool of states, each taken
   with an atomic exchange, no locks, no thread-local storage; when every
   state is busy (many threads, or a signal handler interrupting us) the
   call goes to the system call instead.

   Then the getrandom() system call, which blocks until the kernel pool is
   initialised and then never fails for requests this size; we retry on
   EINTR and short reads.  Only when the call is missing or forbidden
   (ENOSYS, EPERM) do we read /dev/urandom, and only after /dev/random has
   been readable once (the pool is initialised); any other failure, of the
   call or of the devices, writes one line to stderr and aborts: we never
   return weak bytes, nor return without filling the buffer.
   Output is secret: under valgrind it is marked undefined so the data-flow
   test follows it.
   LIB25519_NO_VDSO_GETRANDOM=1 in the environment skips the vDSO (tests;
   read with os_secure_getenv, so not in a setuid or setgid program). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif
#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__)) && defined(__GLIBC__)
#include <elf.h>
#include <link.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#define HAVE_VDSO_GETRANDOM 1
#endif
#include "os/randombytes.h"
#include "os/secure_getenv.h"
#include "ct/crypto_declassify.h"

#ifdef HAVE_VDSO_GETRANDOM

/* what the vDSO tells about its state (kernel's struct
   vgetrandom_opaque_params) */
struct vgetrandom_params {
  uint32_t size_of_opaque_state;
  uint32_t mmap_prot;
  uint32_t mmap_flags;
  uint32_t reserved[13];
};

typedef long (*vgetrandom_fn)(void *, size_t, unsigned int, void *, size_t);

#define POOL_STATES 32

struct pool {
  vgetrandom_fn fn;
  size_t state_size;
  unsigned char *block; /* the states' mapping, block_size bytes */
  size_t block_size;
  unsigned char *state[POOL_STATES];
  int busy[POOL_STATES];
};

/* NULL: not tried yet; POOL_NONE: no usable vDSO getrandom */
static struct pool *pool_ptr;
static struct pool pool_none;
#define POOL_NONE (&pool_none)

/* the address of a symbol of the vDSO's dynamic symbol table, via its
   SysV hash table (the vDSO has one on every kernel that has getrandom) */
static void *vdso_symbol(const char *name)
{
  const ElfW(Ehdr) *eh = (const ElfW(Ehdr) *)getauxval(AT_SYSINFO_EHDR);
  const ElfW(Phdr) *ph;
  const ElfW(Dyn) *dyn = 0;
  const ElfW(Sym) *sym = 0;
  const Elf32_Word *hash = 0;
  const char *str = 0;
  uintptr_t bias = 0;
  int have_bias = 0;
  uint32_t i;

  if (!eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0) return 0;
  ph = (const ElfW(Phdr) *)((const char *)eh + eh->e_phoff);
  for (i = 0; i < eh->e_phnum; ++i) {
    if (ph[i].p_type == PT_LOAD && !have_bias) {
      bias = (uintptr_t)eh + ph[i].p_offset - ph[i].p_vaddr;
      have_bias = 1;
    }
    if (ph[i].p_type == PT_DYNAMIC) dyn = (const ElfW(Dyn) *)((const char *)eh + ph[i].p_offset);
  }
  if (!dyn || !have_bias) return 0;
  for (; dyn->d_tag != DT_NULL; ++dyn) {
    if (dyn->d_tag == DT_SYMTAB) sym = (const ElfW(Sym) *)(bias + dyn->d_un.d_ptr);
    if (dyn->d_tag == DT_STRTAB) str = (const char *)(bias + dyn->d_un.d_ptr);
    if (dyn->d_tag == DT_HASH) hash = (const Elf32_Word *)(bias + dyn->d_un.d_ptr);
  }
  if (!sym || !str || !hash) return 0;
  for (i = 0; i < hash[1]; ++i) {
    if (ELF64_ST_TYPE(sym[i].st_info) != STT_FUNC || sym[i].st_shndx == SHN_UNDEF) continue;
    if (strcmp(str + sym[i].st_name, name) == 0) return (void *)(bias + sym[i].st_value);
  }
  return 0;
}

static struct pool *pool_create(void)
{
  struct vgetrandom_params params;
  struct pool *p;
  vgetrandom_fn fn;
  const char *off = os_secure_getenv("LIB25519_NO_VDSO_GETRANDOM");
  size_t page = (size_t)sysconf(_SC_PAGESIZE), stride, total, at;
  unsigned char *block;
  int i;

  if (off && *off && strcmp(off, "0") != 0) return POOL_NONE;
#if defined(__x86_64__)
  fn = (vgetrandom_fn)vdso_symbol("__vdso_getrandom");
#else
  fn = (vgetrandom_fn)vdso_symbol("__kernel_getrandom");
#endif
  if (!fn) return POOL_NONE;
  /* the documented query: no buffer, opaque_len = ~0 */
  memset(&params, 0, sizeof params);
  if (fn(0, 0, 0, &params, ~(size_t)0) != 0) return POOL_NONE;
  if (params.size_of_opaque_state == 0 || params.size_of_opaque_state > page) return POOL_NONE;

  /* states 64-byte aligned, none crossing a page boundary */
  stride = (params.size_of_opaque_state + 63) & ~(size_t)63;
  total = 0;
  for (i = 0; i < POOL_STATES; ++i) {
    if (total / page != (total + params.size_of_opaque_state - 1) / page) total = (total + page - 1) / page * page;
    total += stride;
  }
  total = (total + page - 1) / page * page;
  block = mmap(0, total, (int)params.mmap_prot, (int)params.mmap_flags, -1, 0);
  if (block == MAP_FAILED) return POOL_NONE;
  p = mmap(0, sizeof *p, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) {
    munmap(block, total);
    return POOL_NONE;
  }
  p->fn = fn;
  p->state_size = params.size_of_opaque_state;
  p->block = block;
  p->block_size = total;
  at = 0;
  for (i = 0; i < POOL_STATES; ++i) {
    if (at / page != (at + params.size_of_opaque_state - 1) / page) at = (at + page - 1) / page * page;
    p->state[i] = block + at;
    p->busy[i] = 0;
    at += stride;
  }
  return p;
}

static struct pool *pool_get(void)
{
  struct pool *p = __atomic_load_n(&pool_ptr, __ATOMIC_ACQUIRE), *expected = 0;
  if (p) return p;
  p = pool_create();
  /* the first one published wins; a thread that lost the race unmaps its
     own pool, which nobody else has seen */
  if (!__atomic_compare_exchange_n(&pool_ptr, &expected, p, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
    if (p != POOL_NONE) {
      munmap(p->block, p->block_size);
      munmap(p, sizeof *p);
    }
    p = expected;
  }
  return p;
}

/* fills x from the vDSO; returns how many bytes it wrote (the rest goes
   to the system call) */
static long long from_vdso(unsigned char *x, long long xlen)
{
  struct pool *p = pool_get();
  long long done = 0;
  unsigned int start, k, i;

  if (p == POOL_NONE) return 0;
  start = (unsigned int)(((uintptr_t)&k >> 12) % POOL_STATES);
  for (k = 0; k < POOL_STATES; ++k) {
    i = (start + k) % POOL_STATES;
    if (__atomic_exchange_n(&p->busy[i], 1, __ATOMIC_ACQUIRE) == 0) break;
  }
  if (k == POOL_STATES) return 0;
  while (done < xlen) {
    long long chunk = xlen - done < 1048576 ? xlen - done : 1048576;
    long r = p->fn(x + done, (size_t)chunk, 0, p->state[i], p->state_size);
    if (r == -EINTR) continue;
    if (r <= 0) break;
    done += r;
  }
  __atomic_store_n(&p->busy[i], 0, __ATOMIC_RELEASE);
  return done;
}

#endif

/* The end of the road: one line on stderr (one write(2): no allocation,
   no stdio), then abort.  what says which step failed, err is its errno
   (0 when there is none). */
static void die(const char *what, int err)
{
  static const struct { int e; const char *name; } names[] = {
    {EINVAL, "EINVAL"}, {EFAULT, "EFAULT"}, {EIO, "EIO"}, {ENOENT, "ENOENT"}, {EACCES, "EACCES"},
    {EPERM, "EPERM"}, {ENOSYS, "ENOSYS"}, {ENODEV, "ENODEV"}, {EMFILE, "EMFILE"}, {ENFILE, "ENFILE"},
    {EAGAIN, "EAGAIN"}, {ENOMEM, "ENOMEM"},
  };
  char line[256], num[16];
  const char *name = 0;
  size_t n = 0, i, k = 0;
  unsigned int u = (unsigned int)err;

  for (i = 0; i < sizeof names / sizeof names[0]; ++i)
    if (names[i].e == err) name = names[i].name;
  if (!name && err) {
    do num[k++] = (char)('0' + u % 10); while ((u /= 10) && k < sizeof num);
  }
#define PUT(str) for (i = 0; (str)[i] && n < 200; ++i) line[n++] = (str)[i]
  PUT("lib25519: no randomness: ");
  PUT(what);
  if (name) {
    PUT(" (");
    PUT(name);
    PUT(")");
  } else if (err) {
    PUT(" (errno ");
    while (k > 0) line[n++] = num[--k];
    PUT(")");
  }
  PUT("; aborting\n");
#undef PUT
  if (write(2, line, n) < 0) {
    /* nothing more can be said */
  }
  abort();
}

/* The getrandom system call: fills *x[0..*xlen-1], moving both along, and
   returns 0; returns -1, with what is left in *x and *xlen, when the call
   is missing (ENOSYS: an old kernel, or no Linux) or forbidden (EPERM:
   seccomp, some container runtimes).  Any other error aborts: it means a
   bad argument or a broken kernel, not a missing source, and reading the
   device instead would only hide it. */
static int from_getrandom(unsigned char **x, long long *xlen)
{
#if defined(__linux__) && defined(SYS_getrandom)
  while (*xlen > 0) {
    long long chunk = *xlen < 1048576 ? *xlen : 1048576;
    long r = syscall(SYS_getrandom, *x, (size_t)chunk, 0);
    if (r < 0) {
      int e = errno;
      if (e == EINTR) continue;
      if (e == ENOSYS || e == EPERM) return -1;
      die("the getrandom system call failed", e);
    }
    if (r == 0) die("the getrandom system call returned no bytes", 0);
    *x += r;
    *xlen -= r;
  }
  return 0;
#else
  (void)x;
  (void)xlen;
  return -1;
#endif
}

/* 1 once /dev/random has been readable in this process (atomic: a race
   only means two threads both wait, which is harmless) */
static int pool_ready;

/* /dev/urandom never blocks, even before the kernel pool has its first
   seed; /dev/random becomes readable exactly when it has.  So before the
   first read of /dev/urandom wait, once per process, with poll, until
   /dev/random is readable (on systems where /dev/random always is, the
   wait ends at once). */
static void wait_for_pool(void)
{
  struct pollfd p;
  int fd, r;

  if (__atomic_load_n(&pool_ready, __ATOMIC_ACQUIRE)) return;
  for (;;) {
    fd = open("/dev/random", O_RDONLY | O_CLOEXEC);
    if (fd >= 0) break;
    if (errno != EINTR) die("getrandom is unavailable and /dev/random cannot be opened", errno);
  }
  for (;;) {
    p.fd = fd;
    p.events = POLLIN;
    p.revents = 0;
    r = poll(&p, 1, -1);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) die("poll on /dev/random failed", errno);
    if (r == 1 && (p.revents & POLLIN)) break;
    if (p.revents & (POLLERR | POLLHUP | POLLNVAL)) die("poll on /dev/random reports an error", 0);
  }
  close(fd);
  __atomic_store_n(&pool_ready, 1, __ATOMIC_RELEASE);
}

/* /dev/urandom, after wait_for_pool */
static void from_device(unsigned char *x, long long xlen)
{
  int fd;

  wait_for_pool();
  for (;;) {
    fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd >= 0) break;
    if (errno != EINTR) die("getrandom is unavailable and /dev/urandom cannot be opened", errno);
  }
  while (xlen > 0) {
    long long chunk = xlen < 1048576 ? xlen : 1048576;
    ssize_t r = read(fd, x, (size_t)chunk);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) die("reading /dev/urandom failed", errno);
    if (r == 0) die("/dev/urandom reached end of file", 0);
    x += r;
    xlen -= r;
  }
  close(fd);
}

void randombytes(void *x, long long xlen)
{
  unsigned char *c = x;
  long long left = xlen;
  if (xlen <= 0) return;
#ifdef HAVE_VDSO_GETRANDOM
  {
    long long done = from_vdso(c, left);
    c += done;
    left -= done;
  }
  if (left > 0)
#endif
    if (from_getrandom(&c, &left) != 0) from_device(c, left);
  crypto_secret(x, xlen);
}
