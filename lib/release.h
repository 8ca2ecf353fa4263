/*
 * Release-engineering checks: prove that an image is a production build.
 * Each check has a class ("kernel", "world", "probe", "performance"), a
 * name and a one-line detail; a list of checks prints as PASS/FAIL/SKIP
 * lines and as JUnit XML.
 *
 * Kernel: every debug option of the table in release_kconfig.c (the
 * Linux analogs of FreeBSD's WITNESS, INVARIANTS, DEBUG_MEMGUARD, KASAN,
 * ...) must be unset in the final .config.
 * World: no malloc debugging library in /etc/ld.so.preload, no malloc
 * check/perturb tunables or junk filling in the declared environment or
 * /etc/malloc.conf, and the image's malloc probe must report a
 * production allocator (jemalloc config.debug false, opt.junk off, glibc
 * malloc debug absent).
 * Performance: the final-score ratio against a baseline fails only when
 * the interval lies wholly below 1 - max_regression.
 */
#ifndef WB_RELEASE_H
#define WB_RELEASE_H

#include <stddef.h>
#include <stdio.h>

struct wb_err;
struct wb_results;

enum wb_check_status { WB_CHECK_PASS, WB_CHECK_FAIL, WB_CHECK_SKIP };

struct wb_check {
	enum wb_check_status	 status;
	char			*cls;
	char			*name;
	char			*detail;
};

struct wb_release {
	struct wb_check	*checks;
	size_t		 n;
	size_t		 nfail;
};

void	wb_release_init(struct wb_release *);
void	wb_release_fini(struct wb_release *);
int	wb_release_add(struct wb_release *, enum wb_check_status,
	    const char *cls, const char *name, struct wb_err *,
	    const char *fmt, ...) __attribute__((format(printf, 6, 7)));
const char	*wb_check_status_name(enum wb_check_status);

/* A kernel debug option and its FreeBSD counterpart. */
struct wb_kdebug {
	const char	*option;	/* without CONFIG_ */
	const char	*freebsd;	/* "WITNESS", "INVARIANTS", ... */
	const char	*what;
};
size_t			 wb_kdebug_count(void);
const struct wb_kdebug	*wb_kdebug_at(size_t);

/*
 * A .config (plain, or gzip-compressed as /proc/config.gz).  A line that
 * is neither blank, a comment, nor CONFIG_NAME=value is an error naming
 * path:line.
 */
int	wb_release_kconfig(struct wb_release *, const char *path,
	    struct wb_err *);
int	wb_release_kconfig_buf(struct wb_release *, const char *name,
	    const char *buf, size_t len, struct wb_err *);

/* World checks of the files under root ("/" for the host). */
int	wb_release_world_files(struct wb_release *, const char *root,
	    int host, struct wb_err *);
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

/* The performance gate; max_regression in percent. */
int	wb_release_perf(struct wb_release *, struct wb_results *base,
	    struct wb_results *res, double max_regression, double conf,
	    struct wb_err *);

int	wb_release_print(FILE *, const struct wb_release *);
/* JUnit XML, written atomically. */
int	wb_release_junit(const char *path, const char *suite,
	    const struct wb_release *, struct wb_err *);

#endif
