/* SPDX-License-Identifier: MIT */
/* Cycle counter for the benchmarking commands (not part of the library).
   cpucycles() returns a counter that increases with time; differences of
   two calls measure what ran between them. cpucycles_implementation() names
   the counter in use, cpucycles_persecond() estimates its ticks per second. */
#ifndef CPUCYCLES_H
#define CPUCYCLES_H

extern long long cpucycles(void);
extern const char *cpucycles_implementation(void);
extern long long cpucycles_persecond(void);

#endif
