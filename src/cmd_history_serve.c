/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench history serve: the release-history site over HTTP on
 * localhost (lib/history/history_serve.h), written first from the store
 * as history html does, unless -d names a site already written.
 * SIGINT and SIGTERM stop it cleanly.
 */
#include <err.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sysexits.h>

#include "cmd.h"
#include "cmdutil.h"
#include "exitmap.h"
#include "history_cmd.h"
#include "wb_history.h"
#include "wb_image.h"
#include "wb_util.h"

#define SERVE_PORT	8000

static volatile sig_atomic_t stopping;

static void
on_signal(int sig)
{

	(void)sig;
	stopping = 1;
}

static void
log_hit(void *arg, const struct wb_hserve_hit *h)
{

	(void)arg;
	fprintf(stderr, "%s %s %d %zu\n", h->method[0] != '\0' ? h->method :
	    "-", h->path[0] != '\0' ? wb_strvis_slot(h->path) : "-", h->status,
	    h->bytes);
}

/* Write the store's site into dir, as history html does. */
static int
write_site(struct history_opts *o, const char *dir)
{
	struct wb_hstore *s;
	struct wb_err e;
	char gen[128];
	size_t n;
	int rc;

	if (wb_world_fs_mkdirs(o->workdir, 0755, &e) == -1 ||
	    (s = history_open(o, &e)) == NULL) {
		warnx("%s", e.msg);
		return (cmd_exit_status(&e));
	}
	snprintf(gen, sizeof(gen), "worldbench %s", wb_version());
	rc = wb_history_site_write(s, &o->f, dir, gen, &n, &e);
	wb_history_close(s);
	if (rc == -1) {
		warnx("%s", e.msg);
		return (cmd_exit_status(&e));
	}
	printf("%zu series written to %s/index.html\n", n, wb_strvis_slot(dir));
	if (n == 0)
		warnx("the store holds no series: the site lists none");
	return (0);
}

int
history_serve(struct history_opts *o, int argc)
{
	struct sigaction sa;
	struct wb_hserve *h;
	struct wb_err e;
	char dir[PATH_MAX];
	const char *site;
	int rc;

	if (argc != 0) {
		cmd_history_usage(stderr);
		return (EX_USAGE);
	}
	site = o->site;
	if (site == NULL) {
		if ((size_t)snprintf(dir, sizeof(dir), "%s/history-site",
		    o->workdir) >= sizeof(dir)) {
			warnx("%s: path too long", wb_strvis_slot(o->workdir));
			return (EX_USAGE);
		}
		if ((rc = write_site(o, dir)) != 0)
			return (rc);
		site = dir;
	}
	if ((h = wb_history_serve_new(site, o->bind,
	    o->have_port ? (int)o->port : SERVE_PORT, &e)) == NULL) {
		warnx("%s", e.msg);
		return (cmd_exit_status(&e));
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* No SA_RESTART: a signal interrupts the server's wait at once. */
	if (sigaction(SIGINT, &sa, NULL) == -1 ||
	    sigaction(SIGTERM, &sa, NULL) == -1)
		err(EX_OSERR, "sigaction");
	printf("serving %s at http://%s:%d/ (SIGINT or SIGTERM stops)\n",
	    wb_strvis_slot(site), wb_history_serve_host(h),
	    wb_history_serve_port(h));
	if (fflush(stdout) == EOF)
		err(EX_IOERR, "stdout");
	rc = wb_history_serve_run(h, &stopping, log_hit, NULL, &e);
	wb_history_serve_free(h);
	if (rc == -1) {
		warnx("%s", e.msg);
		return (cmd_exit_status(&e));
	}
	printf("stopped\n");
	if (fflush(stdout) == EOF)
		err(EX_IOERR, "stdout");
	return (0);
}
