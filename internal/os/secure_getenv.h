/* SPDX-License-Identifier: MIT */
/* os_secure_getenv(name): the library's only way to read the environment.
   Like getenv, but null when the process runs with privileges its caller
   does not have (setuid or setgid, file capabilities: the kernel's
   AT_SECURE), so that the caller of a privileged program cannot choose
   its implementations (LIB25519_DISABLE) or its randomness path
   (LIB25519_NO_VDSO_GETRANDOM).  glibc 2.17 and later: secure_getenv;
   other Linux C libraries: AT_SECURE from the auxiliary vector; elsewhere:
   real and effective user and group ids must agree. */
#ifndef OS_SECURE_GETENV_H
#define OS_SECURE_GETENV_H

#include <stdlib.h>
#include <unistd.h>

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 17))
/* declared by <stdlib.h> only with _GNU_SOURCE; the same declaration */
extern char *secure_getenv(const char *name);
static inline const char *os_secure_getenv(const char *name)
{
  return secure_getenv(name);
}
#elif defined(__linux__)
#include <sys/auxv.h>
static inline const char *os_secure_getenv(const char *name)
{
  return getauxval(AT_SECURE) ? 0 : getenv(name);
}
#else
static inline const char *os_secure_getenv(const char *name)
{
  if (getuid() != geteuid() || getgid() != getegid()) return 0;
  return getenv(name);
}
#endif

#endif
