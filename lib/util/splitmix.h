/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * splitmix64: a small, well-mixed generator whose state is its seed, and
 * the draws the simulators take from it.  Used by the harness's pass
 * order (harness_order.c) and the simulators under bench/scripts, so
 * that each is written once.
 */
#ifndef WB_SPLITMIX_H
#define WB_SPLITMIX_H

#include <math.h>
#include <stdint.h>

static inline uint64_t
wb_splitmix_next(uint64_t *s)
{
	uint64_t z;

	z = (*s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return (z ^ (z >> 31));
}

/* Uniform on (0, 1), never 0 or 1: the top 53 bits, centred. */
static inline double
wb_splitmix_uniform(uint64_t *s)
{

	return (((double)(wb_splitmix_next(s) >> 11) + 0.5) /
	    9007199254740992.0);
}

/* Standard normal (Box-Muller, one of the pair). */
static inline double
wb_splitmix_gauss(uint64_t *s)
{
	double r;

	r = sqrt(-2 * log(wb_splitmix_uniform(s)));
	return (r * cos(2 * M_PI * wb_splitmix_uniform(s)));
}

/*
 * Student's t with 3 degrees of freedom scaled to unit variance (its
 * variance is 3): the heavy-tailed noise model of the simulators.
 */
static inline double
wb_splitmix_t3(uint64_t *s)
{
	double x, c;
	int i;

	x = wb_splitmix_gauss(s);
	c = 0;
	for (i = 0; i < 3; i++)
		c += pow(wb_splitmix_gauss(s), 2);
	return (x / sqrt(c / 3) / sqrt(3));
}

#endif
