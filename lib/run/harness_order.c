/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The interleaved order of passes: balanced (ABBA) variant orders drawn
 * from a seeded generator, so that drift in the machine's speed falls on
 * every variant alike.
 */
#include <stdint.h>

#include "harness.h"
#include "wb_util.h"

void
wb_harness_round(size_t nv, const size_t *tests, size_t nt, int pass,
    unsigned long seed, struct wb_order_item *out)
{
	size_t i, j, k, tmp, perm[64], n;
	uint64_t s;

	n = nv < 64 ? nv : 64;
	for (i = 0; i < nt; i++) {
		s = (uint64_t)seed ^
		    wb_splitmix_next(&(uint64_t){ tests[i] + 1 }) ^
		    wb_splitmix_next(&(uint64_t){
		    (uint64_t)((pass - 1) / 2) << 20 });
		for (j = 0; j < n; j++)
			perm[j] = j;
		for (j = n; j > 1; j--) {
			k = (size_t)(wb_splitmix_next(&s) % j);
			tmp = perm[j - 1];
			perm[j - 1] = perm[k];
			perm[k] = tmp;
		}
		for (j = 0; j < nv; j++) {
			out->variant = j < n ? ((pass % 2 == 1) ? perm[j] :
			    perm[n - 1 - j]) : j;
			out->test = tests[i];
			out->pass = pass;
			out++;
		}
	}
}
