/* SPDX-License-Identifier: MIT */
/* Internal OS randomness (see randombytes/randombytes.c).
   Fills x[0..xlen-1] or aborts the process; never returns weak output. */
#ifndef RANDOMBYTES_H
#define RANDOMBYTES_H

#define randombytes lib25519_internal_randombytes
extern void randombytes(void *x, long long xlen) __attribute__((visibility("hidden")));

#endif
