/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * dhry2reg: the Dhrystone 2.1 synthetic integer benchmark, first
 * translation unit: the globals, procedures 1 to 5 and the measuring
 * loop.  One pass of the statement mix is one unit of work.  The final
 * state is checked against the values the benchmark definition
 * prescribes, which both catches a miscompiled loop and keeps every
 * result live.
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "dhry.h"

#define	DH_STR1		"DHRYSTONE PROGRAM, 1'ST STRING"
#define	DH_STR2		"DHRYSTONE PROGRAM, 2'ND STRING"
#define	DH_STR3		"DHRYSTONE PROGRAM, 3'RD STRING"
#define	DH_STRSOME	"DHRYSTONE PROGRAM, SOME STRING"

struct dh_rec	*dh_glob_rec;
static struct dh_rec *dh_glob_next;
int		 dh_glob_int;
int		 dh_glob_bool;
char		 dh_glob_ch1;
char		 dh_glob_ch2;
int		 dh_glob_arr1[DH_ARRLEN];
int		 dh_glob_arr2[DH_ARRLEN][DH_ARRLEN];

/* The locals of the measuring loop, kept for the final check. */
struct dh_locals {
	int		i1, i2, i3;
	enum dh_ident	e;
	char		s1[DH_STRLEN];
	char		s2[DH_STRLEN];
};

void
dh_proc1(struct dh_rec *r)
{
	struct dh_rec *next;

	next = r->next;
	*r->next = *dh_glob_rec;
	r->u.v1.icomp = 5;
	next->u.v1.icomp = r->u.v1.icomp;
	next->next = r->next;
	dh_proc3(&next->next);
	if (next->discr == DH_ID1) {
		next->u.v1.icomp = 6;
		dh_proc6(r->u.v1.ecomp, &next->u.v1.ecomp);
		next->next = dh_glob_rec->next;
		dh_proc7(next->u.v1.icomp, 10, &next->u.v1.icomp);
	} else
		*r = *r->next;
}

void
dh_proc2(int *ip)
{
	enum dh_ident e;
	int loc;

	e = DH_ID2;
	loc = *ip + 10;
	do {
		if (dh_glob_ch1 == 'A') {
			loc -= 1;
			*ip = loc - dh_glob_int;
			e = DH_ID1;
		}
	} while (e != DH_ID1);
}

void
dh_proc3(struct dh_rec **rp)
{

	if (dh_glob_rec != NULL)
		*rp = dh_glob_rec->next;
	dh_proc7(10, dh_glob_int, &dh_glob_rec->u.v1.icomp);
}

void
dh_proc4(void)
{
	int b;

	b = dh_glob_ch1 == 'A';
	dh_glob_bool = b | dh_glob_bool;
	dh_glob_ch2 = 'B';
}

void
dh_proc5(void)
{

	dh_glob_ch1 = 'A';
	dh_glob_bool = 0;
}

static void
setup(struct dh_locals *l)
{

	if ((dh_glob_next = malloc(sizeof(*dh_glob_next))) == NULL ||
	    (dh_glob_rec = malloc(sizeof(*dh_glob_rec))) == NULL)
		bench_fail("malloc");
	dh_glob_rec->next = dh_glob_next;
	dh_glob_rec->discr = DH_ID1;
	dh_glob_rec->u.v1.ecomp = DH_ID3;
	dh_glob_rec->u.v1.icomp = 40;
	(void)strcpy(dh_glob_rec->u.v1.scomp, DH_STRSOME);
	(void)strcpy(l->s1, DH_STR1);
	dh_glob_arr2[8][7] = 10;
}

static unsigned long long
run(struct dh_locals *l)
{
	unsigned long long n;
	enum dh_ident e;
	int i1, i2, i3;
	char c, s1[DH_STRLEN], s2[DH_STRLEN];

	(void)strcpy(s1, l->s1);
	i1 = i2 = i3 = 0;
	e = DH_ID1;
	for (n = 1; !bench_stop; n++) {
		dh_proc5();
		dh_proc4();
		i1 = 2;
		i2 = 3;
		(void)strcpy(s2, DH_STR2);
		e = DH_ID2;
		dh_glob_bool = !dh_func2(s1, s2);
		while (i1 < i2) {
			i3 = 5 * i1 - i2;
			dh_proc7(i1, i2, &i3);
			i1 += 1;
		}
		dh_proc8(dh_glob_arr1, dh_glob_arr2, i1, i3);
		dh_proc1(dh_glob_rec);
		for (c = 'A'; c <= dh_glob_ch2; c++) {
			if (e == dh_func1(c, 'C')) {
				dh_proc6(DH_ID1, &e);
				(void)strcpy(s2, DH_STR3);
				i2 = (int)n;
				dh_glob_int = (int)n;
			}
		}
		i2 = i2 * i1;
		i1 = i2 / i3;
		i2 = 7 * (i2 - i3) - i1;
		dh_proc2(&i1);
	}
	l->i1 = i1;
	l->i2 = i2;
	l->i3 = i3;
	l->e = e;
	(void)memcpy(l->s1, s1, sizeof(s1));
	(void)memcpy(l->s2, s2, sizeof(s2));
	return (n - 1);
}

/* The final values given by the Dhrystone 2.1 definition. */
static void
check(const struct dh_locals *l, unsigned long long n)
{
	const struct dh_rec *g, *x;

	g = dh_glob_rec;
	x = dh_glob_next;
	if (dh_glob_int != 5 || dh_glob_bool != 1 || dh_glob_ch1 != 'A' ||
	    dh_glob_ch2 != 'B' || dh_glob_arr1[8] != 7 ||
	    (unsigned)dh_glob_arr2[8][7] != (unsigned)(n + 10))
		bench_failx("wrong global state after %llu loops", n);
	if (g->discr != DH_ID1 || g->u.v1.ecomp != DH_ID3 ||
	    g->u.v1.icomp != 17 || strcmp(g->u.v1.scomp, DH_STRSOME) != 0 ||
	    x->next != g->next || x->discr != DH_ID1 ||
	    x->u.v1.ecomp != DH_ID2 || x->u.v1.icomp != 18 ||
	    strcmp(x->u.v1.scomp, DH_STRSOME) != 0)
		bench_failx("wrong record state after %llu loops", n);
	if (l->i1 != 5 || l->i2 != 13 || l->i3 != 7 || l->e != DH_ID2 ||
	    strcmp(l->s1, DH_STR1) != 0 || strcmp(l->s2, DH_STR2) != 0)
		bench_failx("wrong local state after %llu loops", n);
}

int
main(int argc, char **argv)
{
	struct dh_locals l;
	unsigned long long n;
	double secs, start, elapsed;

	secs = bench_args(argc, argv, 0, "");
	memset(&l, 0, sizeof(l));
	setup(&l);
	bench_arm(secs);
	start = bench_now();
	n = run(&l);
	elapsed = bench_now() - start;
	check(&l, n);
	bench_count(n, 1, "lps", elapsed);
}
