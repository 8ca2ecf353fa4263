/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Error class -> exit status (see exitmap.h).  sysexits(3) numbers, so
 * that a script can tell a typo from a missing file from a full disk.
 */
#include <err.h>
#include <stdlib.h>
#include <sysexits.h>

#include "exitmap.h"
#include "wb_util.h"

static const struct {
	enum wb_err_class	class;
	int			status;
} map[] = {
	{ WB_ERR_DATA,		EX_DATAERR },
	{ WB_ERR_NOINPUT,	EX_NOINPUT },
	{ WB_ERR_CANTCREAT,	EX_CANTCREAT },
	{ WB_ERR_IO,		EX_IOERR },
	{ WB_ERR_OS,		EX_OSERR },
	{ WB_ERR_UNAVAILABLE,	EX_UNAVAILABLE },
	{ WB_ERR_TEMPFAIL,	EX_TEMPFAIL },
	{ WB_ERR_NOPERM,	EX_NOPERM },
	{ WB_ERR_CONFIG,	EX_CONFIG },
	{ WB_ERR_UNKNOWN,	EX_SOFTWARE },
};

/* Every status worldbench exits with, in the order of worldbench(1). */
const struct cmd_exit_row cmd_exit_rows[] = {
	{ 0,			"success" },
	{ CMD_EXIT_VERDICT,	"the command ran and says no: run, some passes "
	    "failed; compare, the comparison is invalid; check-release, a "
	    "check failed" },
	{ 2,			"check-release: the gate failed (a regression "
	    "beyond the limit proven, or a test missing)" },
	{ 3,			"check-release: the gate is inconclusive (no "
	    "row proven beyond the limit, some not within it)" },
	{ EX_USAGE,		"usage: an unknown command or option, a bad "
	    "option value" },
	{ EX_DATAERR,		"bad input: a malformed or inconsistent file" },
	{ EX_NOINPUT,		"an input file is missing or unreadable" },
	{ EX_UNAVAILABLE,	"a program or device needed is missing" },
	{ EX_SOFTWARE,		"an internal error (a bug: please report it)" },
	{ EX_OSERR,		"a system call failed (fork, memory)" },
	{ EX_CANTCREAT,		"an output file cannot be created" },
	{ EX_IOERR,		"a read or write failed, or the disk is full" },
	{ EX_TEMPFAIL,		"busy: another run holds the lock; try later" },
	{ EX_NOPERM,		"permission denied" },
	{ EX_CONFIG,		"a configuration error" },
	{ CMD_EXIT_TIMEOUT,	"chroot: the command timed out" },
	{ 128,			"interrupted by signal N (SIGHUP 129, SIGINT 130, "
	    "SIGTERM 143); the run is resumable" },
	{ -1,			NULL },
};

int
cmd_exit_status(const struct wb_err *e)
{
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if ((int)map[i].class == e->class)
			return (map[i].status);
	return (EX_SOFTWARE);
}

int
cmd_fail(const struct wb_err *e)
{

	warnx("%s", e->msg);
	return (cmd_exit_status(e));
}

int
cmd_failp(const char *prefix, const struct wb_err *e)
{

	warnx("%s: %s", prefix, e->msg);
	return (cmd_exit_status(e));
}

void
cmd_die(const struct wb_err *e)
{

	exit(cmd_fail(e));
}
