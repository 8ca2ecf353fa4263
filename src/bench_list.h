/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bench --list: the runs under a results directory as a table with a
 * header line (run, state, design, tests, images, final score).
 * Main-level code: prints.
 */
#ifndef WB_BENCH_LIST_H
#define WB_BENCH_LIST_H

#include <stdio.h>

#include "wb_experiment.h"

void	bench_list_print(FILE *, const struct wb_experiment_run *, size_t n);

#endif
