/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The node's fingerprint (provenance.h): what makes two nodes the same
 * hardware and software for a comparison, and the node's name.  The
 * CPU's flags are hashed, not listed: they are long, and only their
 * equality matters.
 */
#include <sys/utsname.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "provenance_fp.h"
#include "wb_util.h"

/* What /proc/cpuinfo says, of the first processor where it repeats. */
struct cpuinfo {
	char	*model;
	char	*flags;
	char	*microcode;
	long	 processors;
};

static void
cpuinfo_fini(struct cpuinfo *ci)
{

	free(ci->model);
	free(ci->flags);
	free(ci->microcode);
}

/* The value of "key<blanks>: value" when line has that key, else NULL. */
static char *
field(char *line, const char *key)
{
	size_t n;
	char *p;

	n = strlen(key);
	if (strncmp(line, key, n) != 0)
		return (NULL);
	for (p = line + n; *p == ' ' || *p == '\t'; p++)
		continue;
	if (*p++ != ':')
		return (NULL);
	while (*p == ' ' || *p == '\t')
		p++;
	p[strcspn(p, "\n")] = '\0';
	return (p);
}

/* Keeps the first value of a key: *slot is set once. */
static int
keep(char **slot, const char *v, struct wb_err *err)
{

	if (v == NULL || *slot != NULL)
		return (0);
	if ((*slot = strdup(v)) == NULL)
		return (wb_err_setsys(err, "strdup"));
	return (0);
}

static int
read_cpuinfo(const char *path, struct cpuinfo *ci, struct wb_err *err)
{
	char *line;
	size_t cap;
	FILE *fp;
	int rc;

	memset(ci, 0, sizeof(*ci));
	if ((fp = fopen(path, "re")) == NULL)
		return (wb_err_setsys(err, "%s", path));
	line = NULL;
	cap = 0;
	rc = 0;
	while (rc == 0 && getline(&line, &cap, fp) != -1) {
		if (field(line, "processor") != NULL) {
			ci->processors++;
			continue;
		}
		rc = keep(&ci->model, field(line, "model name"), err);
		if (rc == 0)
			rc = keep(&ci->flags, field(line, "flags"), err);
		if (rc == 0)
			rc = keep(&ci->microcode, field(line, "microcode"),
			    err);
	}
	free(line);
	if (rc == 0 && ferror(fp))
		rc = wb_err_setsys(err, "%s", path);
	fclose(fp);
	if (rc != 0)
		cpuinfo_fini(ci);
	return (rc);
}

static int
cmp_word(const void *a, const void *b)
{

	return (strcmp(*(char *const *)a, *(char *const *)b));
}

/*
 * The sha256 of the flags sorted and joined by one space, so that the
 * order a kernel lists them in does not matter; "" for no flags line.
 */
static int
flags_hash(const char *flags, char hex[WB_SHA256_HEXSIZE], struct wb_err *err)
{
	char *copy, *w, *save, **words, *joined, *p;
	size_t n, i, len;
	int rc;

	if (flags == NULL) {
		hex[0] = '\0';
		return (0);
	}
	len = strlen(flags);
	copy = strdup(flags);
	words = calloc(len / 2 + 1, sizeof(*words));
	joined = malloc(len + 1);
	rc = -1;
	if (copy == NULL || words == NULL || joined == NULL) {
		wb_err_setsys(err, "flags");
		goto out;
	}
	n = 0;
	for (w = strtok_r(copy, " \t", &save); w != NULL;
	    w = strtok_r(NULL, " \t", &save))
		words[n++] = w;
	qsort(words, n, sizeof(*words), cmp_word);
	p = joined;
	for (i = 0; i < n; i++)
		p += sprintf(p, "%s%s", i > 0 ? " " : "", words[i]);
	rc = wb_digest_sha256_buf(joined, (size_t)(p - joined), hex, err);
out:
	free(copy);
	free(words);
	free(joined);
	return (rc);
}

/* MemTotal in GiB, rounded: kernels reserve slightly different amounts. */
static json_int_t
memory_gib(void)
{
	char line[256];
	long long kb;
	FILE *fp;

	kb = -1;
	if ((fp = fopen("/proc/meminfo", "re")) == NULL)
		return (-1);
	while (kb < 0 && fgets(line, sizeof(line), fp) != NULL)
		if (sscanf(line, "MemTotal: %lld kB", &kb) != 1)
			kb = -1;
	fclose(fp);
	if (kb < 0)
		return (-1);
	return ((json_int_t)((kb + 512 * 1024) / (1024 * 1024)));
}

/* The qemu's first --version line when it is installed; NULL otherwise. */
static json_t *
qemu_version(void)
{
	struct wb_err e;
	char buf[256];

	if (access(WB_QEMU_DEFAULT, X_OK) != 0)
		return (json_null());
	if (wb_toolver_get(WB_QEMU_DEFAULT, buf, sizeof(buf), &e) != 0)
		return (json_null());
	return (json_string(buf));
}

json_t *
wb_provenance_fingerprint(struct wb_err *err)
{
	char hex[WB_SHA256_HEXSIZE];
	struct cpuinfo ci;
	struct utsname u;
	const char *path;
	json_int_t mem;
	json_t *o;

	if (uname(&u) == -1) {
		wb_err_setsys(err, "uname");
		return (NULL);
	}
	if ((path = getenv("WORLDBENCH_CPUINFO")) == NULL || *path == '\0')
		path = "/proc/cpuinfo";
	if (read_cpuinfo(path, &ci, err) != 0)
		return (NULL);
	if (flags_hash(ci.flags, hex, err) != 0) {
		cpuinfo_fini(&ci);
		return (NULL);
	}
	mem = memory_gib();
	o = json_pack("{s:s, s:s*, s:s*, s:s*, s:I, s:o, s:s, s:s, s:o}",
	    "hostname", u.nodename, "cpu_model", ci.model,
	    "cpu_flags_sha256", hex[0] != '\0' ? hex : NULL,
	    "microcode", ci.microcode, "cores", (json_int_t)ci.processors,
	    "memory_gib", mem >= 0 ? json_integer(mem) : json_null(),
	    "kernel", u.release, "machine", u.machine,
	    "qemu", qemu_version());
	cpuinfo_fini(&ci);
	if (o == NULL)
		wb_err_set(err, "fingerprint: out of memory");
	return (o);
}
