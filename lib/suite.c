#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "suite.h"

/*
 * Pass lengths with --quick are chosen so that the 12 tests at 3 passes
 * each take about 1.5 minutes of measurement on a small machine.
 */
static const struct wb_test_def suite[] = {
	{ "dhry2reg", "Dhrystone 2 using register variables", "lps", 1,
	    116700.0, 10, 2, 0, 0 },
	{ "whetstone-double", "Double-Precision Whetstone", "MWIPS", 0,
	    55.0, 10, 2, 0, 0 },
	{ "execl", "Execl Throughput", "lps", 1, 43.0, 30, 2, 1, 0 },
	{ "fstime", "File Copy 1024 bufsize 2000 maxblocks", "KBps", 0,
	    3960.0, 30, 2, 1, 0 },
	{ "fsbuffer", "File Copy 256 bufsize 500 maxblocks", "KBps", 0,
	    1655.0, 30, 2, 1, 0 },
	{ "fsdisk", "File Copy 4096 bufsize 8000 maxblocks", "KBps", 0,
	    5800.0, 30, 2, 1, 0 },
	{ "pipe", "Pipe Throughput", "lps", 1, 12440.0, 10, 2, 0, 0 },
	{ "context1", "Pipe-based Context Switching", "lps", 1, 4000.0,
	    10, 2, 0, 0 },
	{ "spawn", "Process Creation", "lps", 1, 126.0, 30, 2, 1, 0 },
	{ "shell1", "Shell Scripts (1 concurrent)", "lpm", 60, 42.4,
	    60, 3, 1, 1 },
	{ "shell8", "Shell Scripts (8 concurrent)", "lpm", 60, 6.0,
	    60, 3, 1, 1 },
	{ "syscall", "System Call Overhead", "lps", 1, 15000.0, 10, 2, 0, 0 },
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

int
wb_suite_index_valid(const char *index)
{

	return (strcmp(index, WB_INDEX_UNIXBENCH5) == 0 ||
	    strcmp(index, WB_INDEX_UNIXBENCH4) == 0);
}

int
wb_suite_in_index(const struct wb_test_def *t, const char *index)
{

	if (strcmp(index, WB_INDEX_UNIXBENCH5) == 0)
		return (1);
	if (strcmp(index, WB_INDEX_UNIXBENCH4) == 0)
		return (strcmp(t->id, "shell1") != 0);
	return (0);
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
			return (wb_err_set(err, "unknown test '%.*s'",
			    (int)len, p));
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
