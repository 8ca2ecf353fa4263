/*
 * Work-directory lock (see lock.h).
 */
#include <sys/file.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
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
wb_unlock_workdir(int fd)
{

	if (fd != -1)
		close(fd);
}
