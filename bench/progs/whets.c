/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * whetstone-double: the Whetstone benchmark (H. J. Curnow and
 * B. A. Wichmann, "A synthetic benchmark", The Computer Journal 19:1,
 * 1976) in double precision, reported in MWIPS.
 *
 * One pass runs the eight modules of nonzero weight with their loop
 * weights (12, 14, 345, 210, 32, 899, 616, 93) scaled by 100, which is
 * ten million Whetstone instructions.  Each module is timed on its own
 * and MWIPS = 10 * passes / (sum of the module times).  The pass count
 * calibrates itself: passes are run in chunks of a size found by
 * doubling until a chunk lasts a fiftieth of the duration (at most
 * 0.5 s), and chunks are repeated until the timer fires.
 *
 * The modules carry their values from one iteration to the next and
 * every module's result feeds a volatile sink, so the compiler cannot
 * drop or hoist the work.  As in the double-precision variants of the
 * benchmark in common use, the procedure-call module passes its three
 * values by reference and rotates them, and the constant T alternates
 * between T and 1 - T from pass to pass so that the values neither
 * decay nor grow.
 */
#include <math.h>
#include <string.h>

#include "bench.h"

#define	WH_SCALE	100
#define	WH_NMODULES	8
#define	WH_MWI_PASS	10.0

static const long wh_weight[WH_NMODULES] = {
	12, 14, 345, 210, 32, 899, 616, 93
};

static const double wh_t0 = 0.499975;
static const double wh_t1 = 0.50025;
static const double wh_t2 = 2.0;

static volatile double wh_sink;

static void
wh_pa(double *e, double t, double t2)
{
	int j;

	for (j = 0; j < 6; j++) {
		e[0] = (e[0] + e[1] + e[2] - e[3]) * t;
		e[1] = (e[0] + e[1] - e[2] + e[3]) * t;
		e[2] = (e[0] - e[1] + e[2] + e[3]) * t;
		e[3] = (-e[0] + e[1] + e[2] + e[3]) / t2;
	}
}

static void
wh_p3(double *x, double *y, double *z, double t, double t1, double t2)
{

	*x = *y;
	*y = *z;
	*x = t * (*x + *y);
	*y = t1 * (*x + *y);
	*z = (*x + *y) / t2;
}

static void
wh_p0(double *e, int j, int k, int l)
{

	e[j] = e[k];
	e[k] = e[l];
	e[l] = e[j];
}

/* Module 2 of the original numbering: simple arithmetic. */
static double
wh_arith(long passes, long n)
{
	double x1, x2, x3, x4, t;
	long p, i;

	x1 = 1.0;
	x2 = x3 = x4 = -1.0;
	t = wh_t0;
	for (p = 0; p < passes; p++) {
		for (i = 0; i < n; i++) {
			x1 = (x1 + x2 + x3 - x4) * t;
			x2 = (x1 + x2 - x3 + x4) * t;
			x3 = (x1 - x2 + x3 + x4) * t;
			x4 = (-x1 + x2 + x3 + x4) * t;
		}
		t = 1.0 - t;
	}
	return (x1 + x2 + x3 + x4);
}

/* Module 3: an array passed as a parameter. */
static double
wh_array_param(long passes, long n)
{
	double e[4], t;
	long p, i;

	e[0] = 1.0;
	e[1] = e[2] = e[3] = -1.0;
	t = wh_t0;
	for (p = 0; p < passes; p++) {
		for (i = 0; i < n; i++)
			wh_pa(e, t, wh_t2);
		t = 1.0 - t;
	}
	return (e[0] + e[1] + e[2] + e[3]);
}

/* Module 4: conditional jumps. */
static double
wh_branch(long passes, long n)
{
	long p, i;
	int j;

	j = 1;
	for (p = 0; p < passes; p++) {
		for (i = 0; i < n; i++) {
			if (j == 1)
				j = 2;
			else
				j = 3;
			if (j > 2)
				j = 0;
			else
				j = 1;
			if (j < 1)
				j = 1;
			else
				j = 0;
		}
	}
	return ((double)j);
}

/* Module 6: integer arithmetic. */
static double
wh_integer(long passes, long n)
{
	double e[4];
	long p, i;
	int j, k, l;

	memset(e, 0, sizeof(e));
	j = 1;
	k = 2;
	l = 3;
	for (p = 0; p < passes; p++) {
		for (i = 0; i < n; i++) {
			j = j * (k - j) * (l - k);
			k = l * k - (l - j) * k;
			l = (l - k) * (k + j);
			e[l - 2] = j + k + l;
			e[k - 2] = j * k * l;
		}
	}
	return (e[0] + e[1] + (double)(j + k + l));
}

/* Module 7: trigonometric functions. */
static double
wh_trig(long passes, long n)
{
	double x, y, t;
	long p, i;

	x = y = 0.5;
	t = wh_t0;
	for (p = 0; p < passes; p++) {
		for (i = 1; i < n; i++) {
			x = t * atan(wh_t2 * sin(x) * cos(x) /
			    (cos(x + y) + cos(x - y) - 1.0));
			y = t * atan(wh_t2 * sin(y) * cos(y) /
			    (cos(x + y) + cos(x - y) - 1.0));
		}
		t = 1.0 - t;
	}
	return (x + y);
}

/* Module 8: procedure calls. */
static double
wh_calls(long passes, long n)
{
	double x, y, z, sum;
	long p, i;

	sum = 0.0;
	for (p = 0; p < passes; p++) {
		x = y = z = 1.0;
		for (i = 0; i < n; i++)
			wh_p3(&x, &y, &z, wh_t0, wh_t1, wh_t2);
		sum += z;
	}
	return (sum);
}

/* Module 9: array references. */
static double
wh_arrays(long passes, long n)
{
	double e[4];
	long p, i;

	e[0] = 1.0;
	e[1] = 2.0;
	e[2] = 3.0;
	e[3] = 0.0;
	for (p = 0; p < passes; p++) {
		for (i = 0; i < n; i++)
			wh_p0(e, 0, 1, 2);
	}
	return (e[0] + e[1] + e[2]);
}

/* Module 11: standard functions. */
static double
wh_stdfunc(long passes, long n)
{
	double x;
	long p, i;

	x = 0.75;
	for (p = 0; p < passes; p++) {
		for (i = 0; i < n; i++)
			x = sqrt(exp(log(x) / wh_t1));
	}
	return (x);
}

static double (*const wh_module[WH_NMODULES])(long, long) = {
	wh_arith, wh_array_param, wh_branch, wh_integer, wh_trig,
	wh_calls, wh_arrays, wh_stdfunc
};

/* Run every module for the given passes; return the summed module time. */
static double
wh_cycle(long passes)
{
	double t, total;
	int m;

	total = 0.0;
	for (m = 0; m < WH_NMODULES; m++) {
		t = bench_now();
		wh_sink = wh_module[m](passes, wh_weight[m] * WH_SCALE);
		total += bench_now() - t;
	}
	return (total);
}

int
main(int argc, char **argv)
{
	double secs, start, elapsed, used, spent, mwips, target;
	long chunk, passes;

	secs = bench_args(argc, argv, 0, "");
	start = bench_now();
	target = secs / 50.0 < 0.5 ? secs / 50.0 : 0.5;
	for (chunk = 1; wh_cycle(chunk) < target && chunk < (1L << 24);)
		chunk *= 2;
	spent = bench_now() - start;
	bench_arm(secs > 2.0 * spent ? secs - spent : secs / 2.0);
	passes = 0;
	used = 0.0;
	start = bench_now();
	while (!bench_stop) {
		used += wh_cycle(chunk);
		passes += chunk;
	}
	elapsed = bench_now() - start;
	if (passes == 0 || used <= 0.0)
		bench_failx("no complete pass was timed");
	mwips = WH_MWI_PASS * (double)passes / used;
	bench_rate(mwips, "MWIPS", elapsed);
}
