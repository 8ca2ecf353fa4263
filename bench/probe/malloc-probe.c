/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * malloc-probe: say which allocator this process runs with, and how it is
 * configured, as key=value lines.  Runs inside a world image to verify
 * that a variant is what it claims.  jemalloc is found at run time
 * (dlsym of "mallctl"), so one binary serves every world.
 *
 *	allocator=jemalloc|glibc
 *	jemalloc.config.debug=true|false	(jemalloc only)
 *	jemalloc.opt.junk=<value>		(jemalloc only)
 *	glibc.malloc_debug=loaded|absent
 *	glibc.tunables=<GLIBC_TUNABLES, or empty>
 *	ld.so.preload=<the file's entries, ; separated>
 */
#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int	mallctl_fn(const char *, void *, size_t *, void *, size_t);

static int
jemalloc(mallctl_fn *mallctl)
{
	const char *junk;
	size_t len;
	bool debug;

	len = sizeof(debug);
	if (mallctl("config.debug", &debug, &len, NULL, 0) != 0) {
		fprintf(stderr, "malloc-probe: mallctl config.debug failed\n");
		return (1);
	}
	printf("jemalloc.config.debug=%s\n", debug ? "true" : "false");
	len = sizeof(junk);
	if (mallctl("opt.junk", &junk, &len, NULL, 0) != 0) {
		fprintf(stderr, "malloc-probe: mallctl opt.junk failed\n");
		return (1);
	}
	printf("jemalloc.opt.junk=%s\n", junk);
	return (0);
}

/* Is libc_malloc_debug mapped into this process? */
static int
malloc_debug_loaded(void)
{
	char line[4096];
	FILE *fp;
	int found;

	if ((fp = fopen("/proc/self/maps", "r")) == NULL)
		return (dlopen("libc_malloc_debug.so.0",
		    RTLD_NOW | RTLD_NOLOAD) != NULL);
	found = 0;
	while (fgets(line, sizeof(line), fp) != NULL)
		if (strstr(line, "libc_malloc_debug") != NULL)
			found = 1;
	fclose(fp);
	return (found);
}

static void
preload(void)
{
	char word[4096];
	FILE *fp;
	int n;

	printf("ld.so.preload=");
	if ((fp = fopen("/etc/ld.so.preload", "r")) != NULL) {
		for (n = 0; fscanf(fp, "%4095s", word) == 1; n++)
			printf("%s%s", n > 0 ? ";" : "", word);
		fclose(fp);
	}
	printf("\n");
}

int
main(void)
{
	mallctl_fn *mallctl;
	const char *t;
	void *p;
	int rc;

	/* Make sure the allocator has initialized. */
	if ((p = malloc(64)) == NULL)
		return (1);
	free(p);
	rc = 0;
	mallctl = (mallctl_fn *)dlsym(RTLD_DEFAULT, "mallctl");
	printf("allocator=%s\n", mallctl != NULL ? "jemalloc" : "glibc");
	if (mallctl != NULL)
		rc = jemalloc(mallctl);
	printf("glibc.malloc_debug=%s\n", malloc_debug_loaded() ? "loaded" :
	    "absent");
	t = getenv("GLIBC_TUNABLES");
	printf("glibc.tunables=%s\n", t != NULL ? t : "");
	preload();
	if (fflush(stdout) == EOF || ferror(stdout))
		return (1);
	return (rc);
}
