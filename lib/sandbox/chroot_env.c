/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reading an image's files from the host side without escaping its root,
 * and its declared environment.
 */
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#include <linux/openat2.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chroot_env.h"
#include "fragment.h"
#include "wb_util.h"

#define ENV_PATH	"etc/worldbench/environment"
#define ENV_MAXSIZE	(64 * 1024)

int
wb_chroot_root_open(const char *root, const char *path, int flags,
    struct wb_err *err)
{
	struct open_how how;
	int rfd, fd, saved;

	if ((rfd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		return (wb_err_setsys(err, "%s", root));
	while (*path == '/')
		path++;
	memset(&how, 0, sizeof(how));
	how.flags = (unsigned long long)(flags | O_CLOEXEC);
	how.resolve = RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS;
	fd = (int)syscall(SYS_openat2, rfd, path, &how, sizeof(how));
	saved = errno;
	close(rfd);
	if (fd == -1) {
		errno = saved;
		wb_err_setsys(err, "%s/%s", root, path);
		errno = saved;
	}
	return (fd);
}

static int
owned_by_runner(const char *key)
{
	size_t i, len;

	for (i = 0; wb_spawn_clean_env[i] != NULL; i++) {
		len = strcspn(wb_spawn_clean_env[i], "=");
		if (strlen(key) == len &&
		    strncmp(key, wb_spawn_clean_env[i], len) == 0)
			return (1);
	}
	return (0);
}

static char *
read_fd(int fd, const char *name, size_t *lenp, struct wb_err *err)
{
	char *buf;
	size_t len;
	ssize_t n;

	if ((buf = malloc(ENV_MAXSIZE + 1)) == NULL) {
		wb_err_setsys(err, "%s", name);
		return (NULL);
	}
	for (len = 0; len < ENV_MAXSIZE; len += (size_t)n) {
		if ((n = read(fd, buf + len, ENV_MAXSIZE - len)) == -1) {
			if (errno == EINTR) {
				n = 0;
				continue;
			}
			wb_err_setsys(err, "read %s", name);
			free(buf);
			return (NULL);
		}
		if (n == 0)
			break;
	}
	if (len == ENV_MAXSIZE) {
		wb_err_set(err, "%s: larger than %d bytes", name, ENV_MAXSIZE);
		free(buf);
		return (NULL);
	}
	buf[len] = '\0';
	*lenp = len;
	return (buf);
}

char **
wb_chroot_root_environment(const char *root, struct wb_err *err)
{
	struct wb_fragment f;
	char name[4096], **env, *buf;
	size_t i, n, len;
	int fd;

	if ((env = calloc(1, sizeof(char *))) == NULL) {
		wb_err_setsys(err, "calloc");
		return (NULL);
	}
	if ((fd = wb_chroot_root_open(root, ENV_PATH, O_RDONLY, err)) == -1) {
		if (errno == ENOENT)
			return (env);
		free(env);
		return (NULL);
	}
	snprintf(name, sizeof(name), "%s/%s", root, ENV_PATH);
	buf = read_fd(fd, name, &len, err);
	close(fd);
	if (buf == NULL) {
		free(env);
		return (NULL);
	}
	wb_fragment_init(&f);
	if (wb_fragment_merge_buf(&f, name, buf, len, NULL, NULL, err) == -1)
		goto fail;
	free(env);
	if ((env = calloc(f.n + 1, sizeof(char *))) == NULL) {
		wb_err_setsys(err, "calloc");
		goto fail;
	}
	for (i = n = 0; i < f.n; i++) {
		if (f.e[i].value == NULL)
			continue;
		if (owned_by_runner(f.e[i].key)) {
			wb_err_set(err, "%s:%u: %s is set by the runner, not "
			    "the image", name, f.e[i].line, f.e[i].key);
			goto fail;
		}
		if (asprintf(&env[n], "%s=%s", f.e[i].key, f.e[i].value) ==
		    -1) {
			env[n] = NULL;
			wb_err_setsys(err, "asprintf");
			goto fail;
		}
		env[++n] = NULL;
	}
	wb_fragment_fini(&f);
	free(buf);
	return (env);
fail:
	wb_fragment_fini(&f);
	free(buf);
	wb_words_free(env);
	return (NULL);
}

char **
wb_chroot_env_merge(char *const *extra, struct wb_err *err)
{
	char **env;
	size_t i, n, ne;

	for (ne = 0; extra != NULL && extra[ne] != NULL; ne++)
		;
	for (n = 0; wb_spawn_clean_env[n] != NULL; n++)
		;
	if ((env = calloc(n + ne + 1, sizeof(char *))) == NULL) {
		wb_err_setsys(err, "calloc");
		return (NULL);
	}
	for (i = 0; i < n + ne; i++) {
		env[i] = strdup(i < n ? wb_spawn_clean_env[i] : extra[i - n]);
		if (env[i] == NULL) {
			wb_err_setsys(err, "strdup");
			wb_words_free(env);
			return (NULL);
		}
	}
	return (env);
}
