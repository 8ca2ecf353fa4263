/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * shell: shell script throughput, built twice (shell1 with one copy,
 * shell8 with eight).  One unit of work is one run of a /bin/sh that
 * starts SHELL_COPIES copies of DATADIR/workload.sh in the background,
 * each in its own scratch directory, and waits for all of them; this
 * wrapper shell plays the part of UnixBench's multi.sh, so a loop starts
 * the same 1 + 8N processes.  The rate is loops per minute.
 */
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

#ifndef SHELL_COPIES
#define	SHELL_COPIES	1
#endif

#define	SHELL_PATH	"/bin/sh"

/*
 * $1 is the workload script, $2 the prose file, the rest are the
 * per-copy directories.  A copy that fails makes the loop fail.  The
 * shell opens /dev/null for the background copies, so it must exist.
 */
static const char wrapper[] =
    "w=$1; p=$2; shift 2; pids=\n"
    "for d do (cd \"$d\" && exec " SHELL_PATH " \"$w\" \"$p\") & "
    "pids=\"$pids $!\"; done\n"
    "s=0; for q in $pids; do wait $q || s=1; done; exit $s\n";

static char dirs[SHELL_COPIES][32];
static int ndirs;

/* Remove a scratch directory and what a failed workload left in it. */
static void
remove_dir(const char *dir)
{
	struct dirent *de;
	DIR *d;
	int fd;

	if ((d = opendir(dir)) != NULL) {
		fd = dirfd(d);
		while ((de = readdir(d)) != NULL) {
			if (strcmp(de->d_name, ".") != 0 &&
			    strcmp(de->d_name, "..") != 0)
				(void)unlinkat(fd, de->d_name, 0);
		}
		(void)closedir(d);
	}
	(void)rmdir(dir);
}

static void
cleanup(void)
{

	while (ndirs > 0)
		remove_dir(dirs[--ndirs]);
}

static char *
data_file(const char *datadir, const char *name)
{
	char *path;

	if (asprintf(&path, "%s/%s", datadir, name) == -1)
		bench_fail("asprintf");
	if (access(path, R_OK) == -1)
		bench_fail("%s", path);
	return (path);
}

static void
make_dirs(void)
{

	for (ndirs = 0; ndirs < SHELL_COPIES; ndirs++) {
		(void)snprintf(dirs[ndirs], sizeof(dirs[ndirs]),
		    "wb-shell.%d", ndirs);
		if (mkdir(dirs[ndirs], 0700) == -1)
			bench_fail("mkdir %s", dirs[ndirs]);
	}
}

/* One loop: fork the wrapper shell and wait for it, ignoring EINTR. */
static void
one_loop(char **args)
{
	pid_t pid;
	int status;

	if ((pid = fork()) == -1)
		bench_fail("fork");
	if (pid == 0) {
		/* Diagnostics of the workload are logs: stdout, not stderr. */
		if (dup2(STDOUT_FILENO, STDERR_FILENO) == -1)
			_exit(126);
		(void)execv(SHELL_PATH, args);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) == -1) {
		if (errno != EINTR)
			bench_fail("waitpid");
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		bench_failx("workload failed (status 0x%x)", status);
}

int
main(int argc, char **argv)
{
	char *args[7 + SHELL_COPIES];
	char *datadir;
	unsigned long long count;
	double secs, start, elapsed;
	int i;

	secs = bench_args(argc, argv, 1, "DATADIR");
	args[0] = (char *)"sh";
	args[1] = (char *)"-c";
	args[2] = (char *)wrapper;
	args[3] = (char *)"sh";
	/* The copies run in subdirectories: make the paths absolute. */
	if ((datadir = realpath(argv[2], NULL)) == NULL)
		bench_fail("%s", argv[2]);
	args[4] = data_file(datadir, "workload.sh");
	args[5] = data_file(datadir, "prose.txt");
	/*
	 * The harness sets the run's locale (worldbench run --locale); run
	 * by hand, the workload gets C unless LC_ALL says otherwise.
	 */
	if (setenv("LC_ALL", "C", 0) == -1)
		bench_fail("setenv");
	if (atexit(cleanup) != 0)
		bench_failx("atexit failed");
	make_dirs();
	for (i = 0; i < SHELL_COPIES; i++)
		args[6 + i] = dirs[i];
	args[6 + SHELL_COPIES] = NULL;
	count = 0;
	bench_arm(secs);
	start = bench_now();
	while (!bench_stop) {
		one_loop(args);
		count++;
	}
	elapsed = bench_now() - start;
	for (; ndirs > 0; ndirs--) {
		if (rmdir(dirs[ndirs - 1]) == -1)
			bench_fail("workload left files in %s",
			    dirs[ndirs - 1]);
	}
	bench_count(count, 60, "lpm", elapsed);
}
