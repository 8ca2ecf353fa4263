/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Release-engineering checks: prove that an image is a production build.
 * Each check has a class ("kernel", "world", "probe", "performance"), a
 * name and a one-line detail; a list of checks prints as PASS, FAIL,
 * SKIP, INCONCLUSIVE and WAIVED lines and as JUnit XML.
 *
 * Kernel: every debug option of the table in release_kconfig.c (the
 * Linux analogs of FreeBSD's WITNESS, INVARIANTS, DEBUG_MEMGUARD, KASAN,
 * ...) must be unset in the final .config.
 * World: no malloc debugging library in /etc/ld.so.preload, no malloc
 * check/perturb tunables or junk filling in any place the system sets
 * the environment (release_env.c) or /etc/malloc.conf, and the image's malloc probe must report a
 * production allocator (jemalloc config.debug false, opt.junk off, glibc
 * malloc debug absent).
 * Performance: a non-inferiority gate of results against a baseline
 * (release_gate.c).
 * Kernel debug options may be waived (release_waiver.c): a waived failure
 * is kept in the report with its reason, and does not fail the check.
 */
#ifndef WB_RELEASE_H
#define WB_RELEASE_H

#include <stddef.h>
#include <stdio.h>

struct wb_err;
struct wb_results;

/*
 * INCONCLUSIVE: the evidence decides neither way (a gate whose interval
 * straddles its limit); WAIVED: a failure the waiver file accepts.
 */
enum wb_check_status { WB_CHECK_PASS, WB_CHECK_FAIL, WB_CHECK_SKIP,
	WB_CHECK_INCONCLUSIVE, WB_CHECK_WAIVED };

struct wb_check {
	enum wb_check_status	 status;
	char			*cls;
	char			*name;
	char			*detail;
	char			*reason;	/* WAIVED: file:line: reason */
};

struct wb_release {
	struct wb_check	*checks;
	size_t		 n;
	size_t		 nfail;
	size_t		 ninconclusive;
	size_t		 nwaived;
};

void	wb_release_init(struct wb_release *);
void	wb_release_fini(struct wb_release *);
int	wb_release_add(struct wb_release *, enum wb_check_status,
	    const char *cls, const char *name, struct wb_err *,
	    const char *fmt, ...) __attribute__((format(printf, 6, 7)));
const char	*wb_release_check_status_name(enum wb_check_status);

/* A kernel debug option and its FreeBSD counterpart. */
struct wb_kdebug {
	const char	*option;	/* without CONFIG_ */
	const char	*freebsd;	/* "WITNESS", "INVARIANTS", ... */
	const char	*what;
};
size_t			 wb_release_kdebug_count(void);
const struct wb_kdebug	*wb_release_kdebug_at(size_t);

/*
 * A .config (plain, or gzip-compressed as /proc/config.gz).  A line that
 * is neither blank, a comment, nor CONFIG_NAME=value is an error naming
 * path:line.
 */
int	wb_release_kconfig(struct wb_release *, const char *path,
	    struct wb_err *);
int	wb_release_kconfig_buf(struct wb_release *, const char *name,
	    const char *buf, size_t len, struct wb_err *);

/*
 * World checks of the files under root ("/" for the host): every place
 * a system sets an environment variable for its processes
 * (release_env.c) and /etc/ld.so.preload, /etc/malloc.conf.  In an image
 * no symbolic link is followed (beneath.h): a link where one of these
 * files should be fails the check as unverifiable.
 */
int	wb_release_world_files(struct wb_release *, const char *root,
	    int host, struct wb_err *);

/* One variable set for the processes of a system, and where. */
struct wb_envvar {
	char	*key;
	char	*value;		/* "$(...)" etc. kept verbatim */
	char	*where;		/* "/etc/environment:3" */
	int	 unevaluated;	/* the value holds an expansion */
};

/* Every assignment found, in reading order, and what stopped a read. */
struct wb_release_envset {
	struct wb_envvar	*v;
	size_t			 n;
	char			**sources;	/* places read, nsources */
	size_t			 nsources;
	char			**problems;	/* "file:line: problem" */
	size_t			 nproblems;
	/*
	 * Where the current place's assignments start (a place: pam_env's
	 * file, the profile scripts, systemd's files, ...): a later
	 * assignment of a key replaces the place's earlier one, a systemd
	 * reset ("DefaultEnvironment=") or a shell "unset" removes them.
	 */
	size_t			 mark;
};

void	wb_release_envset_init(struct wb_release_envset *);
void	wb_release_envset_fini(struct wb_release_envset *);
/*
 * Parsers of each place's format (release_env.c; the forms recognised
 * are listed in worldbench(1), check-release), name naming buf in
 * "where" and in problems.  They fail only when memory runs out.
 */
int	wb_release_env_parse_pam(struct wb_release_envset *, const char *name,
	    const char *buf, struct wb_err *);
int	wb_release_env_parse_sh(struct wb_release_envset *, const char *name,
	    const char *buf, struct wb_err *);
int	wb_release_env_parse_systemd(struct wb_release_envset *,
	    const char *name, const char *buf, struct wb_err *);
/* Add one assignment (replacing the current place's) or a place read. */
int	wb_release_env_add(struct wb_release_envset *, const char *key,
	    size_t klen, const char *value, const char *name, unsigned line,
	    struct wb_err *);
int	wb_release_env_source(struct wb_release_envset *, const char *name,
	    struct wb_err *);
/*
 * Read every place under root (host: following links; else never):
 * /etc/environment, /etc/profile.d/NAME.sh, /etc/systemd/system.conf and
 * system.conf.d/NAME.conf, /etc/worldbench/environment.
 */
int	wb_release_env_read_root(struct wb_release_envset *, const char *root,
	    int host, struct wb_err *);
/*
 * Read path under root into *buf (NULL when absent).  In an image a
 * symbolic link is not followed: *buf NULL and *islink set.
 */
int	wb_release_read(const char *root, const char *path, int host,
	    char **buf, int *islink, struct wb_err *);

/*
 * Waivers: "OPTION reason" lines (worldbench-waivers(5)).  A bad line is
 * an error naming file:line.
 */
struct wb_waiver {
	char	*option;	/* without CONFIG_ */
	char	*reason;
	char	*where;		/* file:line */
	int	 used;
};
struct wb_release_waivers {
	struct wb_waiver	*w;
	size_t			 n;
};
void	wb_release_waivers_init(struct wb_release_waivers *);
void	wb_release_waivers_fini(struct wb_release_waivers *);
int	wb_release_waivers_parse(struct wb_release_waivers *, const char *name,
	    const char *buf, struct wb_err *);
int	wb_release_waivers_read(struct wb_release_waivers *, const char *path,
	    struct wb_err *);
/* Turns the failed kernel checks the waivers name into WAIVED ones. */
int	wb_release_waive(struct wb_release *, struct wb_release_waivers *,
	    struct wb_err *);
/*
 * The malloc probe's output (key=value lines) as checks.  source names
 * where it came from, for error messages.
 */
int	wb_release_probe_output(struct wb_release *, const char *source,
	    const char *out, struct wb_err *);
/*
 * Run the probe in the image (chroot; root only) or on the host.  probe
 * is its path inside the root (NULL: WB_PROBE_PATH); on the host, the
 * one installed beside worldbench.
 */
int	wb_release_probe_run(struct wb_release *, const char *root, int host,
	    const char *probe, struct wb_err *);

#define WB_PROBE_PATH	"/usr/libexec/worldbench/malloc-probe"

/*
 * The performance gate (release_gate.c): a non-inferiority test of the
 * results set against the baseline set, max_regression in percent.  The
 * sets are nbase and nres files: one each (compared as they are), or
 * runs that each hold one baseline and one results file (runs as
 * units, compare.h); any other set is an error naming a file.  Gated
 * rows: the final score, and with all_tests every test.  With alpha =
 * 1 - conf (conf in [0.5, 1)) and m gated rows, a row PASSes when the
 * one-sided 1 - alpha lower bound of its ratio is above the limit L =
 * 1 - max_regression / 100 (intersection-union: no correction, the
 * release passes only if every row does), FAILs when its one-sided
 * 1 - alpha / m upper bound is below L (Bonferroni) and is INCONCLUSIVE
 * otherwise.
 */
int	wb_release_gate(struct wb_release *, struct wb_results *const *base,
	    const char *const *basepaths, size_t nbase,
	    struct wb_results *const *res, const char *const *respaths,
	    size_t nres, double max_regression, double conf, int all_tests,
	    struct wb_err *);

/*
 * The same gate against the history store (release_history.c): res
 * against the pooled passes of the last n confirmed-good releases of
 * its series (its machine fingerprint and label) before its release.
 * A check "history" names them, or SKIPs when there are none.
 */
struct wb_hstore;
int	wb_release_gate_history(struct wb_release *, struct wb_hstore *,
	    struct wb_results *res, const char *respath, size_t n,
	    double max_regression, double conf, int all_tests,
	    struct wb_err *);

/*
 * The decision of one gated row from the log ratio's estimate diff, its
 * standard error se and degrees of freedom df, against limit (L, e.g.
 * 0.95), at alpha in (0, 0.5] among m gated rows.  lo is the one-sided
 * 1 - alpha lower bound of the ratio, hi its one-sided 1 - alpha / m
 * upper bound.  Without an interval (se not above 0, df not above 0:
 * no spread, or one unit on a side) the row is INCONCLUSIVE with lo and
 * hi NaN.  No file is read and nothing is printed: the simulation
 * bench/scripts/gate-error.c calls it as the gate does.
 */
struct wb_gate_row {
	enum wb_check_status	 st;
	double			 ratio;
	double			 lo;		/* one-sided, at lo_level */
	double			 hi;		/* one-sided, at hi_level */
	double			 lo_level;	/* 1 - alpha */
	double			 hi_level;	/* 1 - alpha / m */
	int			 have_ci;
};
void	wb_release_gate_row(double diff, double se, double df, double limit,
	    double alpha, size_t m, struct wb_gate_row *);

int	wb_release_print(FILE *, const struct wb_release *);
/* JUnit XML, written atomically. */
int	wb_release_junit(const char *path, const char *suite,
	    const struct wb_release *, struct wb_err *);

#endif
