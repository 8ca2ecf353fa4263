/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * arith-double: arithmetic on doubles, a test outside every index.
 * One unit of work (a "loop", reported in lps) is AR_STEPS rounds of
 * x = (1.5 x + y) / (x + 1), y = x - y / 2: two adds, a subtract, two
 * multiplies and a divide on values that carry from round to round.
 * The start values come from volatile variables and the result goes to
 * a volatile sink, so the compiler can neither fold the rounds into a
 * constant nor drop them.  The pair settles at (7/6, 7/9), so the values
 * neither grow nor decay into subnormals whose arithmetic is slower.
 */
#include "bench.h"

#define	AR_STEPS	1000

static volatile double ar_seed_a = 1.5;
static volatile double ar_seed_b = 0.25;
static volatile double ar_sink;

static double
ar_unit(double a, double b)
{
	double x, y;
	int i;

	x = a;
	y = b;
	for (i = 0; i < AR_STEPS; i++) {
		x = (x * 1.5 + y) / (x + 1.0);
		y = x - y * 0.5;
	}
	return (x + y);
}

int
main(int argc, char **argv)
{
	unsigned long long count;
	double secs, start, elapsed;

	secs = bench_args(argc, argv, 0, "");
	count = 0;
	bench_arm(secs);
	start = bench_now();
	while (!bench_stop) {
		ar_sink = ar_unit(ar_seed_a, ar_seed_b);
		count++;
	}
	elapsed = bench_now() - start;
	bench_count(count, 1, "lps", elapsed);
}
