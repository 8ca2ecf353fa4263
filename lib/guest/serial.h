/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The serial console line protocol between worldbench's guest init
 * (bench/init) and the host, and a strict parser for a whole console
 * capture.
 *
 * A protocol line (a "frame") is
 *
 *	WB|<seq>|<kind>|<field>|...|<crc>
 *
 * where seq counts frames from 1 without gaps, every field is escaped
 * (bytes below 0x20, 0x7f, '|' and '\' become \xNN) and crc is the
 * CRC-32 (IEEE) of everything before the last '|', as 8 lowercase hex
 * digits.  Kinds and their fields:
 *
 *	hello	proto-version init-version
 *	uname	sysname nodename release version machine
 *	boot	ns		CLOCK_BOOTTIME when init started
 *	clock	name settle-ms	clocksource used for measuring
 *	pass	id pass status wall utime stime minflt majflt nvcsw nivcsw text
 *		status is ok|failed|timeout; text is the program's COUNT
 *		line when ok, the reason otherwise
 *	alive	id pass secs	a pass is still running (every 2 s of it)
 *	kmsg	text		one kernel log record (relayed from /dev/kmsg)
 *	env	KEY=value	a variable init took from the world's
 *				/etc/worldbench/environment
 *	error	text		init could not do something
 *	end	npasses
 *
 * Anything else on the console (firmware output, kernel messages) is
 * kept as console text; ANSI/VT escape sequences and carriage returns
 * are removed first.  A line that holds "WB|" anywhere but at its start,
 * a frame with a bad checksum, a sequence gap or an unknown kind is an
 * error naming the line.
 *
 * Implemented in lib/guest/serial.c (parser) and lib/guest/serial_frame.c
 * (frame encoding and CRC, serial_frame.h, also linked into the static
 * guest init).
 */
#ifndef WB_SERIAL_H
#define WB_SERIAL_H

#include <stddef.h>
#include <stdint.h>

#include "serial_frame.h"

struct wb_err;

/* --- Parsed console capture (host). --- */

enum wb_pass_status {
	WB_PASS_OK,
	WB_PASS_FAILED,
	WB_PASS_TIMEOUT
};

struct wb_serial_pass {
	char			*id;
	int			 pass;
	enum wb_pass_status	 status;
	double			 wall;		/* guest seconds */
	double			 utime, stime;
	long			 minflt, majflt, nvcsw, nivcsw;
	char			*text;		/* COUNT line or reason */
	unsigned		 line;		/* console line of the frame */
};

/* A kernel warning, lockdep report, BUG, Oops or SLUB report. */
struct wb_serial_splat {
	char		*kind;		/* "lockdep", "WARNING", "BUG", ... */
	char		*title;		/* first line */
	char		*text;		/* the whole report, lines joined */
};

struct wb_serial {
	int			 hello;		/* proto version seen, 0: none */
	char			*init_version;
	char			*uname;		/* "sysname nodename ... machine" */
	char			*release;
	char			*version;	/* uname -v */
	double			 boot_to_init;	/* seconds, < 0: not seen */
	char			*clocksource;
	double			 clock_settle;	/* seconds */
	struct wb_serial_pass	*passes;
	size_t			 npasses;
	char			**kmsg;		/* relayed kernel log */
	size_t			 nkmsg;
	char			**console;	/* non-protocol lines */
	size_t			 nconsole;
	char			**env;		/* "env" frames: KEY=value */
	size_t			 nenv;
	char			**errors;	/* "error" frames from init */
	size_t			 nerrors;
	struct wb_serial_splat	*splats;
	size_t			 nsplats;
	size_t			 splats_dropped;	/* beyond the kept */
	size_t			 dropped;	/* lines beyond the kept */
	int			 ended;		/* end frame seen */
	long			 end_npasses;
	unsigned		 nlines;
};

void	wb_serial_init(struct wb_serial *);
void	wb_serial_fini(struct wb_serial *);

/*
 * What a capture may keep, so that memory stays near the input's size
 * whatever a hostile guest prints: console lines and kernel records
 * (each), env and error frames, and kernel reports.  The rest is
 * counted (dropped, splats_dropped), never stored.
 */
#define WB_SERIAL_KEEP_LINES	65536
#define WB_SERIAL_KEEP_SPLATS	256

/*
 * Parse a whole console capture.  name is used in error messages
 * ("name:line: problem").  A capture without an end frame parses
 * (ended stays 0): the caller decides that the boot failed.  Splats are
 * collected from the relayed kernel log, or from the console text when
 * no kmsg frame arrived (a guest that died early).  A second pass frame
 * for one test and pass number is an error naming both lines.  Text of
 * kmsg, env and error frames is cleaned as console lines are (escape
 * sequences and control bytes removed after unescaping).
 */
int	wb_serial_parse(struct wb_serial *, const char *name,
	    const char *buf, size_t len, struct wb_err *);

/*
 * Parse a program's result line "COUNT|count|timebase|unit|elapsed".
 * Returns -1 with err set on anything else.
 */
int	wb_serial_count(const char *line, double *count, int *timebase,
	    char *unit, size_t unitlen, double *elapsed, struct wb_err *);

const char	*wb_serial_pass_status_name(enum wb_pass_status);

#endif
