/* SPDX-License-Identifier: BSD-2-Clause */
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_file.h"

static char	path[4096];
static int	fd = -1;

static void
cleanup(void)
{
	char *p, *slash;

	if (fd == -1)
		return;
	(void)close(fd);
	(void)unlink(path);
	/* Remove the private directories, deepest first. */
	p = path;
	while ((slash = strrchr(p, '/')) != NULL) {
		*slash = '\0';
		if (rmdir(p) == -1)
			break;
	}
}

const char *
wbf_setup(const char *rel)
{
	const char *tmp;
	char *s;
	int n;

	tmp = getenv("TMPDIR");
	if (tmp == NULL || *tmp == '\0')
		tmp = "/tmp";
	n = snprintf(path, sizeof(path), "%s/wbfuzz.XXXXXX", tmp);
	if (n < 0 || (size_t)n >= sizeof(path))
		errx(1, "TMPDIR too long");
	if (mkdtemp(path) == NULL)
		err(1, "mkdtemp %s", path);
	n = snprintf(path + strlen(path), sizeof(path) - strlen(path), "/%s",
	    rel);
	if (n < 0 || (size_t)n >= sizeof(path))
		errx(1, "path too long");
	/* Create the parents of rel. */
	for (s = strchr(path + strlen(tmp) + 1, '/'); s != NULL;
	    s = strchr(s + 1, '/')) {
		*s = '\0';
		if (mkdir(path, 0700) == -1 && errno != EEXIST)
			err(1, "mkdir %s", path);
		*s = '/';
	}
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd == -1)
		err(1, "open %s", path);
	if (atexit(cleanup) != 0)
		errx(1, "atexit");
	return (path);
}

void
wbf_write(const uint8_t *data, size_t size)
{
	size_t off;
	ssize_t n;

	if (ftruncate(fd, 0) == -1)
		err(1, "ftruncate %s", path);
	for (off = 0; off < size; off += (size_t)n) {
		n = pwrite(fd, data + off, size - off, (off_t)off);
		if (n == -1)
			err(1, "write %s", path);
	}
}
