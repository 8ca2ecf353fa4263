/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The plan comes from the kernel command line:
 *
 *	wb.run=ID:SECONDS:PASSES[,ID:SECONDS:PASSES...]
 *	wb.bin=DIR	suite programs (default /usr/libexec/worldbench-static)
 *	wb.data=DIR	workload data (default /usr/share/worldbench)
 *	wb.slack=S	per-pass timeout is 2 * SECONDS + S (default 60)
 *	wb.settle=S	longest wait for a stable clocksource (default 30)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wbinit.h"

static int
parse_run(struct wbi_conf *c, char *v)
{
	struct wbi_test *t;
	char *item, *save, *p, *end;

	for (item = strtok_r(v, ",", &save); item != NULL;
	    item = strtok_r(NULL, ",", &save)) {
		if (c->ntests == sizeof(c->tests) / sizeof(c->tests[0])) {
			wbi_error("wb.run: more than %zu tests",
			    sizeof(c->tests) / sizeof(c->tests[0]));
			return (-1);
		}
		t = &c->tests[c->ntests];
		if ((p = strchr(item, ':')) == NULL ||
		    (size_t)(p - item) >= sizeof(t->id) || p == item) {
			wbi_error("wb.run: bad item '%s'", item);
			return (-1);
		}
		memcpy(t->id, item, (size_t)(p - item));
		t->id[p - item] = '\0';
		if (strchr(t->id, '/') != NULL || t->id[0] == '.') {
			wbi_error("wb.run: bad test id '%s'", t->id);
			return (-1);
		}
		errno = 0;
		t->seconds = strtod(p + 1, &end);
		if (errno != 0 || end == p + 1 || *end != ':' ||
		    !(t->seconds > 0 && t->seconds < 100000)) {
			wbi_error("wb.run: bad seconds in '%s'", item);
			return (-1);
		}
		p = end + 1;
		t->passes = (int)strtol(p, &end, 10);
		if (end == p || *end != '\0' || t->passes < 1 ||
		    t->passes > 1000) {
			wbi_error("wb.run: bad passes in '%s'", item);
			return (-1);
		}
		c->ntests++;
	}
	return (0);
}

static int
copy_value(char *dst, size_t len, const char *key, const char *v)
{

	if (strlen(v) >= len || v[0] != '/') {
		wbi_error("%s: bad directory '%s'", key, v);
		return (-1);
	}
	strcpy(dst, v);
	return (0);
}

static int
parse_seconds(double *dst, const char *key, const char *v)
{
	char *end;

	errno = 0;
	*dst = strtod(v, &end);
	if (errno != 0 || end == v || *end != '\0' || *dst < 0) {
		wbi_error("%s: bad number '%s'", key, v);
		return (-1);
	}
	return (0);
}

int
wbi_conf_read(struct wbi_conf *c)
{
	char buf[4096], *w, *save, *eq;
	ssize_t n;
	int fd, rc;

	memset(c, 0, sizeof(*c));
	strcpy(c->bindir, "/usr/libexec/worldbench-static");
	strcpy(c->datadir, "/usr/share/worldbench");
	c->slack = 60;
	c->settle = 30;
	if ((fd = open("/proc/cmdline", O_RDONLY | O_CLOEXEC)) < 0) {
		wbi_error("/proc/cmdline: %s", strerror(errno));
		return (-1);
	}
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n < 0) {
		wbi_error("/proc/cmdline: %s", strerror(errno));
		return (-1);
	}
	buf[n] = '\0';
	rc = 0;
	for (w = strtok_r(buf, " \t\n", &save); w != NULL && rc == 0;
	    w = strtok_r(NULL, " \t\n", &save)) {
		if (strncmp(w, "wb.", 3) != 0 || (eq = strchr(w, '=')) == NULL)
			continue;
		*eq++ = '\0';
		if (strcmp(w, "wb.run") == 0)
			rc = parse_run(c, eq);
		else if (strcmp(w, "wb.bin") == 0)
			rc = copy_value(c->bindir, sizeof(c->bindir), w, eq);
		else if (strcmp(w, "wb.data") == 0)
			rc = copy_value(c->datadir, sizeof(c->datadir), w, eq);
		else if (strcmp(w, "wb.slack") == 0)
			rc = parse_seconds(&c->slack, w, eq);
		else if (strcmp(w, "wb.settle") == 0)
			rc = parse_seconds(&c->settle, w, eq);
		else {
			wbi_error("unknown parameter '%s'", w);
			rc = -1;
		}
	}
	return (rc);
}
