/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What a caller asks of the release driver (release_drive.h, which
 * includes this): the target, the files of the gate and the hooks, which
 * the driver and its target checks (release_drive_target.c) both read.
 */
#ifndef WB_RELEASE_DRIVE_OPTS_H
#define WB_RELEASE_DRIVE_OPTS_H

#include <stddef.h>

#include "wb_util.h"

struct wb_release_drive {
	const char		*target;	/* NULL: the running host */
	const char		*workdir;	/* archives unpacked there */
	const char		*waivers;	/* a waiver file, or NULL */
	const char *const	*baseline;	/* results files */
	size_t			 nbase;
	const char *const	*results;
	size_t			 nres;		/* 0: no gate */
	long			 history;	/* >0: releases of the store */
	const char		*store;		/* NULL: WORKDIR/history.db */
	double			 maxreg;	/* percent */
	double			 conf;		/* 0.95 */
	int			 all_tests;	/* gate every test, or final */
	int			 noprobe;	/* skip the malloc probe */
	wb_note_fn		*warn;		/* may be NULL */
	void			*arg;
};

#endif
