/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench's guest init: shared declarations of its files.
 */
#ifndef WBINIT_H
#define WBINIT_H

#include <stddef.h>

#define WBINIT_VERSION	"1"

/*
 * Seconds between "alive" frames while a pass runs, so that the host can
 * tell a long pass from a hung guest by the console's silence.
 */
#define WBI_ALIVE_SECS	2.0

/* One test to run: program id, pass length and number of passes. */
struct wbi_test {
	char	id[64];
	double	seconds;
	int	passes;
};

struct wbi_conf {
	struct wbi_test	tests[64];
	size_t		ntests;
	char		bindir[256];	/* where the suite programs are */
	char		datadir[256];	/* workload.sh, prose.txt */
	double		slack;		/* timeout = seconds * 2 + slack */
	double		settle;		/* max seconds to wait for the clock */
};

/* proto.c: frames on the console. */
void	wbi_emit(const char *kind, const char *const *fields, size_t nf);
void	wbi_emitf(const char *kind, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
void	wbi_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
unsigned long	wbi_nframes(void);

/* cmdline.c: the plan from /proc/cmdline. */
int	wbi_conf_read(struct wbi_conf *);

/*
 * env.c: the clean environment plus the world's declared variables from
 * path (WBI_ENV_FILE in the guest); returns how many were taken.
 */
#define WBI_ENV_FILE	"/etc/worldbench/environment"
int	wbi_env_apply(const char *path);

/* run.c: one pass of one test. */
void	wbi_run_pass(const struct wbi_conf *, const struct wbi_test *,
	    int pass, long *npasses);

/* sys.c: mounts, clock, kernel log, power off. */
void	wbi_setup(void);
void	wbi_report_system(void);
void	wbi_settle_clock(double maxwait);
void	wbi_relay_kmsg(void);
void	wbi_poweroff(void) __attribute__((noreturn));

#endif
