/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * simarg.h: the numbers on the command lines of the simulation programs
 * in bench/scripts (each one .c file, linked alone with the library;
 * this header is their one shared piece).
 */
#ifndef SIMARG_H
#define SIMARG_H

#include <err.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>

/*
 * The number at s, ending at the end of s or at one of the characters
 * of stop ("": none), within [lo, hi]; otherwise exits with EX_USAGE,
 * naming what and the range.
 */
static inline double
arg_number(const char *s, const char *stop, double lo, double hi,
    const char *what)
{
	char *end;
	double v;

	v = strtod(s, &end);
	if (end == s || (*end != '\0' && strchr(stop, *end) == NULL) ||
	    !(v >= lo && v <= hi))
		errx(EX_USAGE, "bad %s '%s': expected %g to %g", what, s, lo,
		    hi);
	return (v);
}

#endif /* !SIMARG_H */
