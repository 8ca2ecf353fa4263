/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench chroot: run one command inside a world image.
 */
#include <sys/resource.h>

#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "cmd.h"
#include "cmdutil.h"
#include "exitmap.h"
#include "opt.h"
#include "runopts.h"
#include "wb_image.h"
#include "wb_sandbox.h"
#include "wb_util.h"

void
cmd_chroot_usage(FILE *fp)
{

	fprintf(fp, "usage: worldbench chroot [-r] [-t timeout] "
	    "[-w workdir]\n           " RUNOPTS_USAGE
	    "\n           image -- command ...\n");
}

static int
usage(void)
{

	cmd_chroot_usage(stderr);
	return (EX_USAGE);
}

static void
print_rusage(const struct wb_spawn_result *res)
{
	const struct rusage *ru = &res->ru;

	fprintf(stderr, "rusage: wall=%.3f user=%.3f sys=%.3f minflt=%ld "
	    "majflt=%ld nvcsw=%ld nivcsw=%ld status=%d%s\n", res->wall,
	    (double)ru->ru_utime.tv_sec + ru->ru_utime.tv_usec / 1e6,
	    (double)ru->ru_stime.tv_sec + ru->ru_stime.tv_usec / 1e6,
	    ru->ru_minflt, ru->ru_majflt, ru->ru_nvcsw, ru->ru_nivcsw,
	    res->status, res->timed_out ? " timed-out" : "");
}

/*
 * The command's output, relayed once it has ended.  To a terminal,
 * every control character but newline and tab is shown as an escape
 * (wb_strvis_fputs), so that the image cannot send the caller's terminal
 * escape sequences (some terminals answer a query by typing into their
 * own input); to a file or a pipe, the bytes as they were written.
 */
static void
relay(FILE *fp, const char *s)
{

	if (!isatty(fileno(fp)))
		fputs(s, fp);
	else
		wb_strvis_fputs(s, WB_VIS_WHITE, fp);
}

/* argv for the child: absolute commands run directly, others via sh. */
static char **
child_argv(int argc, char **argv)
{
	char **v;
	int i, off;

	off = argv[0][0] == '/' ? 0 : 3;
	if ((v = calloc((size_t)argc + 4, sizeof(char *))) == NULL)
		return (NULL);
	if (off != 0) {
		v[0] = "/bin/sh";
		v[1] = "-c";
		v[2] = "exec \"$0\" \"$@\"";
	}
	for (i = 0; i < argc; i++)
		v[off + i] = argv[i];
	return (v);
}

static int
run(const char *root, int argc, char **argv, double timeout, int rflag,
    const struct wb_runner_opts *ro)
{
	char bound[256];
	struct wb_spawn_result res;
	struct wb_runner *r;
	struct wb_spawn sp;
	struct wb_err e;
	char **env, **cargv;
	int rc;

	if ((r = wb_runner_new(ro->kind, root, ro, NULL, NULL, &e)) == NULL) {
		return (cmd_fail(&e));
	}
	/*
	 * Nothing the command writes outlives it: every confining runner
	 * gives it a private /tmp of its own.
	 */
	if ((env = wb_chroot_env_merge(r->env, &e)) == NULL) {
		rc = cmd_fail(&e);
		wb_runner_free(r);
		return (rc);
	}
	if ((cargv = child_argv(argc, argv)) == NULL) {
		warn("calloc");
		wb_words_free(env);
		wb_runner_free(r);
		return (1);
	}
	memset(&sp, 0, sizeof(sp));
	sp.argv = cargv;
	sp.envp = env;
	sp.cwd = "/tmp";
	sp.timeout = timeout;
	sp.child_setup = r->child_setup;
	sp.setup_arg = r->setup_arg;
	memset(&res, 0, sizeof(res));
	if (wb_spawn_run(&sp, 1, &res, &e) == -1) {
		rc = cmd_fail(&e);
	} else {
		relay(stdout, res.out != NULL ? res.out : "");
		fflush(stdout);
		relay(stderr, res.err != NULL ? res.err : "");
		if (rflag)
			print_rusage(&res);
		if (r->bounds != NULL && wb_bounds_reason(r->bounds, &res,
		    bound, sizeof(bound)))
			warnx("%s", bound);
		if (wb_interrupt_pending() != 0) {
			warnx("interrupted; process group killed");
			rc = 128 + wb_interrupt_pending();
		} else if (res.timed_out) {
			warnx("timed out after %g s; process group killed",
			    timeout);
			rc = 124;
		} else
			rc = res.status;
		wb_spawn_result_fini(&res);
	}
	free(cargv);
	wb_words_free(env);
	wb_runner_free(r);
	return (rc);
}

/* chroot's options. */
struct chopts {
	struct wb_runner_opts	 ro;
	const char		*workdir;
	double			 timeout;
	int			 rflag;
};

static int
opt_timeout(void *ctx, char *arg)
{
	struct chopts *o = ctx;
	char *end;

	errno = 0;
	o->timeout = strtod(arg, &end);
	if (errno != 0 || *end != '\0' || end == arg || !(o->timeout > 0)) {
		warnx("-t %s: expected a positive number of seconds", arg);
		return (-1);
	}
	return (0);
}

#define CH(m)	OPT_AT(struct chopts, m)
const struct opt cmd_chroot_opts[] = {
	{ .kind = OPT_FLAG, .ch = 'r', .off = CH(rflag), .flags = OPT_PLUS,
	  .desc = "print the command's resource usage" },
	{ .kind = OPT_FN, .ch = 't', .arg = "timeout", .fn = opt_timeout,
	  .desc = "kill the command's group after timeout seconds (3600)" },
	{ .kind = OPT_STR, .ch = 'w', .arg = "workdir", .off = CH(workdir),
	  .desc = "the work directory of image names (default work)" },
	{ .kind = OPT_TEXT, .syn = "image",
	  .desc = "an image name, an archive or an unpacked root" },
	RUNOPTS_OPTS(CH(ro), 0, 0,
	    "where the command runs (auto: the first that can; see "
	    "preflight)",
	    "the bound of the private /tmp (default 1g)",
	    "the bound on the command's processes (default 256)",
	    "the bound on its memory (default 4g)",
	    "userns: the host ids the command's root maps to"),
	{ .kind = OPT_END }
};
#undef CH

int
cmd_chroot(int argc, char **argv)
{
	struct chopts o;
	struct wb_err e;
	char *root;
	int rc;

	memset(&o, 0, sizeof(o));
	o.timeout = 3600;
	o.workdir = cmd_workdir();
	wb_runner_opts_init(&o.ro);
	if (opt_parse(cmd_chroot_opts, &o, argc, argv) == -1)
		return (usage());
	argc -= optind;
	argv += optind;
	if (argc < 3 || strcmp(argv[1], "--") != 0)
		return (usage());
	if (runopts_resolve(&o.ro) == -1)
		return (1);
	if ((root = cmd_world_root(argv[0], o.workdir, &e)) == NULL) {
		return (cmd_fail(&e));
	}
	/*
	 * main's interrupt (lib/util/interrupt.h) cancels the command:
	 * wb_spawn_run() then kills its whole process group, and we exit
	 * 128 + signal once it is reaped.
	 */
	rc = run(root, argc - 2, argv + 2, o.timeout, o.rflag, &o.ro);
	free(root);
	return (rc);
}
