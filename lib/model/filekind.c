/* SPDX-License-Identifier: BSD-2-Clause */
#include <sys/stat.h>

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "filekind.h"

static const char *const readers[] = {
	[WB_FILE_RESULTS] = "a worldbench results file: worldbench table, "
	    "compare and check-release --results read it",
	[WB_FILE_COMPARE] = "a report of worldbench compare -F json: compare "
	    "reads the results files it was made from",
	[WB_FILE_EXPLAIN] = "a report of worldbench explain: compare reads "
	    "the results files in its run directory",
	[WB_FILE_ATTRIB] = "a report of worldbench kernel attribute",
	[WB_FILE_UBLOG] = "a UnixBench log: worldbench import reads it",
	[WB_FILE_LAVA] = "a LAVA job's results: worldbench import --lava "
	    "reads it",
	[WB_FILE_KCONFIG] = "a kernel configuration: worldbench "
	    "check-release reads it",
	[WB_FILE_RUNDIR] = "a run directory: give the results files in it "
	    "(*.json beside report.html) to worldbench table or compare",
};

/* 1 when s holds "key": "value", whatever the spacing. */
static int
has_pair(const char *s, const char *key, const char *value)
{
	const char *p;
	size_t kl;

	kl = strlen(key);
	for (p = s; (p = strchr(p, '"')) != NULL; p++) {
		if (strncmp(p + 1, key, kl) != 0 || p[1 + kl] != '"')
			continue;
		p += kl + 2;
		p += strspn(p, " \t\r\n");
		if (*p != ':')
			continue;
		p++;
		p += strspn(p, " \t\r\n");
		if (*p == '"' && strncmp(p + 1, value, strlen(value)) == 0 &&
		    p[1 + strlen(value)] == '"')
			return (1);
	}
	return (0);
}

/* 1 when a line of s starts with prefix. */
static int
line_starts(const char *s, const char *prefix)
{
	const char *p;

	for (p = s; p != NULL && *p != '\0'; p = strchr(p, '\n'),
	    p = p != NULL ? p + 1 : NULL)
		if (strncmp(p, prefix, strlen(prefix)) == 0)
			return (1);
	return (0);
}

enum wb_filekind
wb_filekind_of(const char *path)
{
	char buf[16384];
	struct stat st;
	ssize_t n;
	int fd;

	if (stat(path, &st) == -1)
		return (WB_FILE_UNKNOWN);
	if (S_ISDIR(st.st_mode)) {
		char p[4096];

		snprintf(p, sizeof(p), "%s/report.html", path);
		return (access(p, F_OK) == 0 ? WB_FILE_RUNDIR :
		    WB_FILE_UNKNOWN);
	}
	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)) == -1)
		return (WB_FILE_UNKNOWN);
	n = S_ISREG(st.st_mode) ? read(fd, buf, sizeof(buf) - 1) : -1;
	(void)close(fd);
	if (n <= 0)
		return (WB_FILE_UNKNOWN);
	buf[n] = '\0';
	if (memchr(buf, '\0', (size_t)n) != NULL)
		return (WB_FILE_UNKNOWN);
	if (has_pair(buf, "format", "worldbench-results"))
		return (WB_FILE_RESULTS);
	if (has_pair(buf, "format", "worldbench-compare"))
		return (WB_FILE_COMPARE);
	if (has_pair(buf, "format", "worldbench-explain"))
		return (WB_FILE_EXPLAIN);
	if (has_pair(buf, "format", "worldbench-attribution"))
		return (WB_FILE_ATTRIB);
	if (strstr(buf, "INDEX VALUES") != NULL ||
	    strstr(buf, "System Benchmarks Index Values") != NULL ||
	    strstr(buf, "BYTE UNIX Benchmarks") != NULL)
		return (WB_FILE_UBLOG);
	if (strstr(buf, "lava") != NULL && (has_pair(buf, "result", "pass") ||
	    strstr(buf, "result: pass") != NULL))
		return (WB_FILE_LAVA);
	if (line_starts(buf, "CONFIG_") || line_starts(buf,
	    "# Automatically generated file; DO NOT EDIT."))
		return (WB_FILE_KCONFIG);
	return (WB_FILE_UNKNOWN);
}

const char *
wb_filekind_reader(enum wb_filekind k)
{

	if (k <= WB_FILE_UNKNOWN || (size_t)k >=
	    sizeof(readers) / sizeof(readers[0]))
		return (NULL);
	return (readers[k]);
}

int
wb_filekind_hint(struct wb_err *err, const char *path, enum wb_filekind want)
{
	enum wb_filekind k;
	size_t len;

	k = wb_filekind_of(path);
	if (k == WB_FILE_UNKNOWN || k == want)
		return (-1);
	len = strlen(err->msg);
	(void)snprintf(err->msg + len, sizeof(err->msg) - len,
	    " (%s is %s)", path, wb_filekind_reader(k));
	return (-1);
}
