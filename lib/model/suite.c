/* SPDX-License-Identifier: BSD-2-Clause */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suite.h"
#include "wb_util.h"

/*
 * One entry per test, from bench/suite.def (the table that make also
 * reads to build the programs; its columns are described there).
 */
static const struct wb_test_def suite[] = {
#define WB_TEST(id_, objs_, libs_, name_, unit_, tb_, base_, dur_, quick_, \
	    bench_, slow_, data_, index_) \
	{ .id = id_, .name = name_, .unit = unit_, .timebase = tb_, \
	    .baseline = base_, .duration = dur_, .quick = quick_, \
	    .bench = bench_, .slow = slow_, .needs_data = data_, \
	    .indexes = index_ },
#include "../../bench/suite.def"
#undef WB_TEST
};

#define NSUITE	(sizeof(suite) / sizeof(suite[0]))

size_t
wb_suite_count(void)
{

	return (NSUITE);
}

const struct wb_test_def *
wb_suite_at(size_t i)
{

	return (i < NSUITE ? &suite[i] : NULL);
}

const struct wb_test_def *
wb_suite_find(const char *id)
{
	size_t i;

	for (i = 0; i < NSUITE; i++)
		if (strcmp(suite[i].id, id) == 0)
			return (&suite[i]);
	return (NULL);
}

/* Compare ignoring case and treating any run of blanks as one space. */
static int
name_equal(const char *a, const char *b)
{

	while (isspace((unsigned char)*a))
		a++;
	while (isspace((unsigned char)*b))
		b++;
	while (*a != '\0' && *b != '\0') {
		if (isspace((unsigned char)*a) && isspace((unsigned char)*b)) {
			while (isspace((unsigned char)*a))
				a++;
			while (isspace((unsigned char)*b))
				b++;
			continue;
		}
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return (0);
		a++;
		b++;
	}
	while (isspace((unsigned char)*a))
		a++;
	while (isspace((unsigned char)*b))
		b++;
	return (*a == '\0' && *b == '\0');
}

const struct wb_test_def *
wb_suite_find_name(const char *name)
{
	size_t i;

	for (i = 0; i < NSUITE; i++)
		if (name_equal(suite[i].name, name))
			return (&suite[i]);
	return (NULL);
}

/* 1 when word is one of the space-separated words of list. */
static int
word_in(const char *list, const char *word)
{
	size_t len;

	len = strlen(word);
	while (*list != '\0') {
		while (*list == ' ')
			list++;
		if (strncmp(list, word, len) == 0 &&
		    (list[len] == ' ' || list[len] == '\0'))
			return (1);
		list += strcspn(list, " ");
	}
	return (0);
}

int
wb_suite_index_valid(const char *index)
{

	return (strcmp(index, WB_INDEX_UNIXBENCH5) == 0 ||
	    strcmp(index, WB_INDEX_UNIXBENCH4) == 0);
}

int
wb_suite_in_index(const struct wb_test_def *t, const char *index)
{

	return (wb_suite_index_valid(index) && word_in(t->indexes, index));
}

int
wb_suite_unindexed(const struct wb_test_def *t)
{

	return (t->indexes[0] == '\0');
}

size_t
wb_suite_index_size(const char *index)
{
	size_t i, n;

	n = 0;
	for (i = 0; i < NSUITE; i++)
		if (wb_suite_in_index(&suite[i], index))
			n++;
	return (n);
}

static const char *const design_names[] = {
	[WB_DESIGN_FULL] = "full",
	[WB_DESIGN_QUICK] = "quick",
	[WB_DESIGN_BENCH] = "bench",
};

int
wb_suite_design_parse(const char *s, enum wb_run_design *d)
{
	size_t i;

	for (i = 0; i < sizeof(design_names) / sizeof(design_names[0]); i++)
		if (strcmp(s, design_names[i]) == 0) {
			*d = (enum wb_run_design)i;
			return (0);
		}
	return (-1);
}

const char *
wb_suite_design_name(enum wb_run_design d)
{

	return (design_names[d]);
}

double
wb_suite_duration(const struct wb_test_def *t, enum wb_run_design d)
{

	switch (d) {
	case WB_DESIGN_QUICK:
		return (t->quick);
	case WB_DESIGN_BENCH:
		return (t->bench);
	default:
		return (t->duration);
	}
}

int
wb_suite_design_passes(const struct wb_test_def *t, enum wb_run_design d,
    int passes)
{

	if (passes <= 0 && d == WB_DESIGN_QUICK)
		return (WB_QUICK_PASSES);
	if (passes <= 0 && d == WB_DESIGN_BENCH)
		return (WB_BENCH_PASSES);
	if (d == WB_DESIGN_BENCH)
		return (passes);
	return (wb_suite_passes(t, passes));
}

int
wb_suite_passes(const struct wb_test_def *t, int passes)
{
	int n;

	if (passes <= 0)
		return (t->slow ? 3 : 10);
	if (!t->slow)
		return (passes);
	n = (passes + 1) / 3;
	return (n < 1 ? 1 : n);
}

static int
list_has(const char *list, const char *id)
{
	const char *p, *e;
	size_t len;

	len = strlen(id);
	for (p = list; *p != '\0'; p = *e == '\0' ? e : e + 1) {
		if ((e = strchr(p, ',')) == NULL)
			e = p + strlen(p);
		if ((size_t)(e - p) == len && strncmp(p, id, len) == 0)
			return (1);
	}
	return (0);
}

/*
 * "unknown test 'x'; valid ids: a, b, ...; or all, unixbench5,
 * unixbench4": the whole list, so that a typo needs no second command.
 */
static int
unknown_test(struct wb_err *err, const char *p, size_t len)
{
	char ids[768];
	size_t i, o;
	int w;

	o = 0;
	ids[0] = '\0';
	for (i = 0; i < NSUITE && o < sizeof(ids); i++) {
		w = snprintf(ids + o, sizeof(ids) - o, "%s%s",
		    i > 0 ? ", " : "", suite[i].id);
		if (w < 0)
			break;
		o += (size_t)w;
	}
	return (wb_err_set(err, "unknown test '%.*s'; valid ids: %s; "
	    "or all, %s, %s", (int)(len > 64 ? 64 : len), p, ids,
	    WB_INDEX_UNIXBENCH5, WB_INDEX_UNIXBENCH4));
}

int
wb_suite_parse_list(const char *list, const struct wb_test_def ***out,
    size_t *n, struct wb_err *err)
{
	const struct wb_test_def **v;
	const char *p, *e, *index;
	size_t i, len;

	*out = NULL;
	*n = 0;
	index = NULL;
	if (strcmp(list, "all") == 0)
		index = WB_INDEX_UNIXBENCH5;
	else if (wb_suite_index_valid(list))
		index = list;
	for (p = list; index == NULL && *p != '\0';
	    p = *e == '\0' ? e : e + 1) {
		if ((e = strchr(p, ',')) == NULL)
			e = p + strlen(p);
		len = (size_t)(e - p);
		for (i = 0; i < NSUITE; i++)
			if (strlen(suite[i].id) == len &&
			    strncmp(suite[i].id, p, len) == 0)
				break;
		if (i == NSUITE)
			return (unknown_test(err, p, len));
	}
	if (index == NULL && *list == '\0')
		return (wb_err_set(err, "empty test list"));
	if ((v = calloc(NSUITE, sizeof(*v))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	for (i = 0; i < NSUITE; i++) {
		if (index != NULL ? wb_suite_in_index(&suite[i], index) :
		    list_has(list, suite[i].id))
			v[(*n)++] = &suite[i];
	}
	*out = v;
	return (0);
}
