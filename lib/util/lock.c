/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Work-directory lock (see lock.h).
 */
#include <sys/file.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "err.h"
#include "lock.h"

int
wb_lock_workdir(const char *workdir, int wait, struct wb_err *err)
{
	char path[PATH_MAX], holder[32];
	struct timespec ts;
	ssize_t n;
	int fd, i;

	if ((size_t)snprintf(path, sizeof(path), "%s/lock", workdir) >=
	    sizeof(path))
		return (wb_err_set(err, "%s: path too long", workdir));
	if ((fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC,
	    0644)) == -1)
		return (wb_err_setsys(err, "%s", path));
	for (i = 0; ; i++) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			break;
		if (errno != EWOULDBLOCK) {
			wb_err_setsys(err, "flock %s", path);
			close(fd);
			return (-1);
		}
		if (i >= wait * 10) {
			n = pread(fd, holder, sizeof(holder) - 1, 0);
			holder[n > 0 ? n : 0] = '\0';
			holder[strcspn(holder, "\n")] = '\0';
			wb_err_set(err, "%s is in use by process %s (another "
			    "build or run on this work directory); wait for "
			    "it or use another WORKDIR", workdir,
			    holder[0] != '\0' ? holder : "?");
			(void)wb_err_class(err, WB_ERR_TEMPFAIL);
			close(fd);
			return (-1);
		}
		ts.tv_sec = 0;
		ts.tv_nsec = 100000000;
		nanosleep(&ts, NULL);
	}
	n = snprintf(holder, sizeof(holder), "%ld\n", (long)getpid());
	if (ftruncate(fd, 0) == -1 || pwrite(fd, holder, (size_t)n, 0) != n) {
		wb_err_setsys(err, "%s", path);
		close(fd);
		return (-1);
	}
	return (fd);
}

void
wb_lock_workdir_release(int fd)
{

	if (fd != -1)
		close(fd);
}

struct wb_outlock {
	int	 dfd;		/* the output's directory */
	int	 dirfd_lock;	/* <dir>/.lock */
	int	 file_lock;	/* <dir>/<name>.lock, or -1 */
	char	*file_name;	/* "<name>.lock" */
};

/*
 * flock name in dfd (shown as what/name) with op, creating it without
 * following a link; the lock is ours only when the name still names the
 * file we locked (a holder removes it at exit).
 */
static int
lock_name(int dfd, const char *name, int op, const char *output,
    const char *what, struct wb_err *err)
{
	struct stat fsb, sb;
	int fd;

	for (;;) {
		if ((fd = openat(dfd, name, O_RDWR | O_CREAT | O_NOFOLLOW |
		    O_NONBLOCK | O_CLOEXEC, 0644)) == -1) {
			if (errno == ELOOP)
				return (wb_err_set(err, "%s/%s: a symbolic "
				    "link, not followed: refusing to lock",
				    what, name));
			return (wb_err_setsys(err, "%s/%s", what, name));
		}
		if (fstat(fd, &fsb) == -1 || !S_ISREG(fsb.st_mode)) {
			close(fd);
			return (wb_err_set(err, "%s/%s: not a regular file: "
			    "refusing to lock", what, name));
		}
		if (flock(fd, op | LOCK_NB) == -1) {
			close(fd);
			if (errno == EWOULDBLOCK) {
				(void)wb_err_set(err, "%s: in use by another "
				    "worldbench run (lock %s/%s)", output,
				    what, name);
				return (wb_err_class(err, WB_ERR_TEMPFAIL));
			}
			return (wb_err_setsys(err, "flock %s/%s", what, name));
		}
		if (fstatat(dfd, name, &sb, AT_SYMLINK_NOFOLLOW) == 0 &&
		    sb.st_dev == fsb.st_dev && sb.st_ino == fsb.st_ino)
			return (fd);
		close(fd);
	}
}

/* Split output into its canonical directory (opened) and file name. */
static int
output_dir(const char *output, int is_dir, char **dir, char **name,
    struct wb_err *err)
{
	char *c1, *c2;

	*dir = *name = NULL;
	if (*output == '\0')
		return (wb_err_set(err, "empty output path"));
	if (is_dir) {
		if (mkdir(output, 0755) == -1 && errno != EEXIST)
			return (wb_err_setsys(err, "%s", output));
		if ((*dir = realpath(output, NULL)) == NULL)
			return (wb_err_setsys(err, "%s", output));
		return (0);
	}
	if ((c1 = strdup(output)) == NULL || (c2 = strdup(output)) == NULL) {
		free(c1);
		return (wb_err_setsys(err, "strdup"));
	}
	*dir = realpath(dirname(c1), NULL);
	if (*dir == NULL)
		wb_err_setsys(err, "%s", output);
	else if (strcmp(basename(c2), ".") == 0 ||
	    strcmp(basename(c2), "..") == 0 || strcmp(basename(c2), "/") == 0)
		wb_err_set(err, "%s: not a results file name", output);
	else if (asprintf(name, "%s.lock", basename(c2)) == -1) {
		*name = NULL;
		wb_err_setsys(err, "asprintf");
	}
	free(c1);
	free(c2);
	if (*name == NULL) {
		free(*dir);
		*dir = NULL;
		return (-1);
	}
	return (0);
}

struct wb_outlock *
wb_lock_output(const char *output, int is_dir, int whole_dir,
    struct wb_err *err)
{
	struct wb_outlock *l;
	struct stat st;
	char *dir;

	if (!is_dir && stat(output, &st) == 0 && S_ISDIR(st.st_mode))
		is_dir = 1;
	if ((l = calloc(1, sizeof(*l))) == NULL) {
		wb_err_setsys(err, "calloc");
		return (NULL);
	}
	l->dfd = l->dirfd_lock = l->file_lock = -1;
	if (output_dir(output, is_dir, &dir, &l->file_name, err) == -1) {
		free(l);
		return (NULL);
	}
	if ((l->dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1) {
		wb_err_setsys(err, "%s", dir);
		goto fail;
	}
	if ((l->dirfd_lock = lock_name(l->dfd, ".lock",
	    is_dir || whole_dir ? LOCK_EX : LOCK_SH, output, dir, err)) == -1)
		goto fail;
	if (!is_dir && !whole_dir && (l->file_lock = lock_name(l->dfd,
	    l->file_name, LOCK_EX, output, dir, err)) == -1)
		goto fail;
	free(dir);
	return (l);
fail:
	free(dir);
	wb_lock_output_release(l);
	return (NULL);
}

void
wb_lock_output_release(struct wb_outlock *l)
{

	if (l == NULL)
		return;
	if (l->file_lock != -1) {
		(void)unlinkat(l->dfd, l->file_name, 0);
		close(l->file_lock);
	}
	/* The directory lock goes only when no other run shares it. */
	if (l->dirfd_lock != -1) {
		if (flock(l->dirfd_lock, LOCK_EX | LOCK_NB) == 0)
			(void)unlinkat(l->dfd, ".lock", 0);
		close(l->dirfd_lock);
	}
	if (l->dfd != -1)
		close(l->dfd);
	free(l->file_name);
	free(l);
}
