/* SPDX-License-Identifier: MIT */
/* Runs one library operation with the OS's randomness taken away by a
   seccomp filter, installed in main (after the dynamic loader has mapped
   lib25519, before the library's first call, so every self-test runs
   under it):

     norandom GETRANDOM OPEN MODE

   GETRANDOM: what the getrandom system call returns: "allow", or an errno
   name (ENOSYS, EPERM, EINVAL, EIO); OPEN: the same for open and openat
   (every file: the filter cannot see the path). MODE:
     verify   lib25519_sign_open on RFC 8032 7.1 test 1, and a forgery;
     dh       lib25519_dh on RFC 7748 6.1;
     keypair  lib25519_dh_keypair, lib25519_sign_keypair and a signature
              (needs randomness), checked by opening it.
   The seccomp prctl marks, in a trace, where the filter starts.
   Prints "MODE ok" and exits 0 when the results are right; exits 1 when
   they are wrong.  The vDSO's getrandom, when it needs the kernel, makes
   the same system call and so sees the same filter. */
#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <lib25519.h>

#if defined(__x86_64__)
#define ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define ARCH AUDIT_ARCH_AARCH64
#else
#error "norandom: no seccomp architecture for this machine"
#endif

static int errno_of(const char *name)
{
  if (strcmp(name, "allow") == 0) return 0;
  if (strcmp(name, "ENOSYS") == 0) return ENOSYS;
  if (strcmp(name, "EPERM") == 0) return EPERM;
  if (strcmp(name, "EINVAL") == 0) return EINVAL;
  if (strcmp(name, "EIO") == 0) return EIO;
  if (strcmp(name, "ENOENT") == 0) return ENOENT;
  if (strcmp(name, "EACCES") == 0) return EACCES;
  return -1;
}

#define ALLOW BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)
#define NR(n) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (n), 0, 1)
/* return errno e, or allow when e is 0 */
#define ERR(e) BPF_STMT(BPF_RET | BPF_K, (e) ? SECCOMP_RET_ERRNO | ((unsigned)(e) & SECCOMP_RET_DATA) : SECCOMP_RET_ALLOW)

static int install(int getrandom_err, int open_err)
{
  struct sock_filter f[] = {
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, ARCH, 1, 0),
    ALLOW,
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
    NR(SYS_getrandom), ERR(getrandom_err),
    NR(SYS_openat), ERR(open_err),
#ifdef SYS_open
    NR(SYS_open), ERR(open_err),
#endif
#ifdef SYS_openat2
    NR(SYS_openat2), ERR(open_err),
#endif
    ALLOW,
  };
  struct sock_fprog prog = {(unsigned short)(sizeof f / sizeof f[0]), f};
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
  return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
}

static int nibble(char c)
{
  return c <= '9' ? c - '0' : c - 'a' + 10;
}

static void unhex(unsigned char *out, const char *hex)
{
  for (; hex[0] && hex[1]; hex += 2) *out++ = (unsigned char)(16 * nibble(hex[0]) + nibble(hex[1]));
}

/* write(2) rather than stdio: stdio's first buffer comes from malloc, whose
   first use in recent glibc asks getrandom for a few bytes, which would
   blur the system-call trace this program is for */
static void say(int fd, const char *a, const char *b)
{
  if (write(fd, a, strlen(a)) < 0 || write(fd, b, strlen(b)) < 0) _exit(101);
}

static int verify(void)
{
  unsigned char pk[32], sm[64], m[64];
  long long mlen;
  unhex(pk, "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
  unhex(sm, "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b");
  if (lib25519_sign_open(m, &mlen, sm, 64, pk) != 0 || mlen != 0) return 1;
  sm[1] ^= 1;
  if (lib25519_sign_open(m, &mlen, sm, 64, pk) != -1) return 1;
  return 0;
}

static int dh(void)
{
  unsigned char ask[32], bpk[32], k[32], want[32];
  unhex(ask, "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
  unhex(bpk, "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
  unhex(want, "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
  lib25519_dh(k, bpk, ask);
  return memcmp(k, want, 32) != 0;
}

static int keypair(void)
{
  unsigned char pk[32], sk[64], sm[67], m[67];
  long long smlen, mlen;
  lib25519_dh_keypair(pk, sk);
  lib25519_sign_keypair(pk, sk);
  lib25519_sign(sm, &smlen, (const unsigned char *)"abc", 3, sk);
  return lib25519_sign_open(m, &mlen, sm, smlen, pk) != 0 || mlen != 3;
}

int main(int argc, char **argv)
{
  int ge, oe, bad;
  if (argc != 4 || (ge = errno_of(argv[1])) < 0 || (oe = errno_of(argv[2])) < 0) {
    say(2, "usage: norandom allow|ENOSYS|EPERM|EINVAL|EIO allow|ENOENT|EACCES verify|dh|keypair", "\n");
    return 100;
  }
  if (install(ge, oe) != 0) {
    say(2, "norandom: seccomp filter refused: ", strerror(errno));
    return 100;
  }
  if (strcmp(argv[3], "verify") == 0) bad = verify();
  else if (strcmp(argv[3], "dh") == 0) bad = dh();
  else if (strcmp(argv[3], "keypair") == 0) bad = keypair();
  else return 100;
  say(1, argv[3], bad ? " WRONG\n" : " ok\n");
  return bad;
}
