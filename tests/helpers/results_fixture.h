/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A complete results file for the tests of the history store: one test
 * of n passes at the rates given (pass i: rate[i] loops in 1 s), on the
 * machine "h" with CPU model cpu, and, when sha is not NULL, the image
 * it ran in (sha, recipe, recipe version).  Fails the test case on error.
 */
#ifndef WBT_RESULTS_FIXTURE_H
#define WBT_RESULTS_FIXTURE_H

#include <stddef.h>

void	wbt_results_file(const char *path, const char *label, const char *cpu,
	    const char *test, const double *rate, size_t n, const char *sha,
	    const char *recipe, const char *version);

#endif
