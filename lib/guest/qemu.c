/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * qemu-system-x86_64 argv, version probe and one boot (lib/guest/qemu.h).
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qemu.h"
#include "wb_image.h"
#include "wb_util.h"

#define CONSOLE_MAX	(64 * 1024 * 1024)

const char *
wb_qemu_accel_name(enum wb_qemu_accel a)
{

	return (a == WB_ACCEL_KVM ? "kvm" : "tcg");
}

const char *
wb_qemu_timing_name(enum wb_qemu_timing t)
{

	return (t == WB_TIMING_ICOUNT ? "icount" : "wall");
}

int
wb_qemu_timing_parse(const char *s, enum wb_qemu_timing *t)
{

	if (strcmp(s, "icount") == 0)
		*t = WB_TIMING_ICOUNT;
	else if (strcmp(s, "wall") == 0)
		*t = WB_TIMING_WALL;
	else
		return (-1);
	return (0);
}

const char *
wb_qemu_layout_params(const struct wb_qemu_conf *c)
{

	if (c->timing != WB_TIMING_ICOUNT || c->randomize)
		return (NULL);
	return (WB_QEMU_FIXED_LAYOUT);
}

const char *
wb_qemu_layout_name(const struct wb_qemu_conf *c)
{

	return (wb_qemu_layout_params(c) != NULL ?
	    "fixed (" WB_QEMU_FIXED_LAYOUT ")" : "randomised");
}

void
wb_qemu_argv_free(char **argv)
{
	char **p;

	if (argv == NULL)
		return;
	for (p = argv; *p != NULL; p++)
		free(*p);
	free(argv);
}

struct argv_b {
	char	**v;
	size_t	  n;
	int	  failed;
};

static void
add(struct argv_b *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
add(struct argv_b *b, const char *fmt, ...)
{
	va_list ap;
	char **nv, *s;

	if (b->failed)
		return;
	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0) {
		va_end(ap);
		b->failed = 1;
		return;
	}
	va_end(ap);
	if ((nv = reallocarray(b->v, b->n + 2, sizeof(*nv))) == NULL) {
		free(s);
		b->failed = 1;
		return;
	}
	b->v = nv;
	b->v[b->n++] = s;
	b->v[b->n] = NULL;
}

char **
wb_qemu_argv(const struct wb_qemu_conf *c, struct wb_err *err)
{
	struct argv_b b;
	const char *layout;

	if (c->kernel == NULL || c->initrd == NULL || c->console_log == NULL) {
		wb_err_set(err, "qemu: kernel, initrd and console log needed");
		return (NULL);
	}
	if (c->accel == WB_ACCEL_KVM && c->timing == WB_TIMING_ICOUNT) {
		wb_err_set(err, "qemu: icount timing needs TCG, not KVM "
		    "(use --timing=wall or --accel=tcg)");
		return (NULL);
	}
	if (strchr(c->console_log, ',') != NULL) {
		wb_err_set(err, "qemu: console log path '%s' contains a comma",
		    c->console_log);
		return (NULL);
	}
	memset(&b, 0, sizeof(b));
	add(&b, "%s", c->qemu != NULL ? c->qemu : WB_QEMU_DEFAULT);
	add(&b, "-nographic");
	add(&b, "-no-reboot");
	add(&b, "-nodefaults");
	add(&b, "-accel");
	add(&b, "%s", wb_qemu_accel_name(c->accel));
	if (c->timing == WB_TIMING_ICOUNT) {
		add(&b, "-icount");
		add(&b, "shift=%d,sleep=off", c->icount_shift > 0 ?
		    c->icount_shift : WB_QEMU_ICOUNT_SHIFT);
	}
	add(&b, "-smp");
	add(&b, "%d", c->smp > 0 ? c->smp : 1);
	add(&b, "-m");
	add(&b, "%d", c->memory_mb > 0 ? c->memory_mb : 512);
	add(&b, "-monitor");
	add(&b, "none");
	add(&b, "-serial");
	add(&b, "file:%s", c->console_log);
	if (c->plugin != NULL) {
		add(&b, "-plugin");
		add(&b, "%s", c->plugin);
	}
	add(&b, "-kernel");
	add(&b, "%s", c->kernel);
	add(&b, "-initrd");
	add(&b, "%s", c->initrd);
	layout = wb_qemu_layout_params(c);
	add(&b, "-append");
	add(&b, "console=ttyS0 panic=-1%s%s%s%s",
	    layout != NULL ? " " : "", layout != NULL ? layout : "",
	    c->append != NULL && *c->append != '\0' ? " " : "",
	    c->append != NULL ? c->append : "");
	if (b.failed) {
		wb_qemu_argv_free(b.v);
		wb_err_setsys(err, "qemu argv");
		return (NULL);
	}
	return (b.v);
}

char *
wb_qemu_argv_line(char *const *argv, struct wb_err *err)
{
	size_t len, i;
	char *s, *p;
	const char *q;

	for (len = 1, i = 0; argv[i] != NULL; i++)
		len += strlen(argv[i]) * 4 + 3;
	if ((s = malloc(len)) == NULL) {
		wb_err_setsys(err, "qemu argv");
		return (NULL);
	}
	p = s;
	for (i = 0; argv[i] != NULL; i++) {
		if (i > 0)
			*p++ = ' ';
		if (strspn(argv[i], "abcdefghijklmnopqrstuvwxyz"
		    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=,.:/+") ==
		    strlen(argv[i]) && argv[i][0] != '\0') {
			p = stpcpy(p, argv[i]);
			continue;
		}
		*p++ = '\'';
		for (q = argv[i]; *q != '\0'; q++) {
			if (*q == '\'')
				p = stpcpy(p, "'\\''");
			else
				*p++ = *q;
		}
		*p++ = '\'';
	}
	*p = '\0';
	return (s);
}

int
wb_qemu_version(const char *qemu, char *buf, size_t len, struct wb_err *err)
{

	return (wb_toolver_get(qemu != NULL ? qemu : WB_QEMU_DEFAULT, buf, len,
	    err));
}

static int
read_console(const char *path, char **buf, size_t *len, struct wb_err *err)
{
	struct stat st;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return (wb_err_setsys(err, "%s", path));
	if (fstat(fd, &st) != 0) {
		close(fd);
		return (wb_err_setsys(err, "%s", path));
	}
	if (st.st_size > CONSOLE_MAX) {
		close(fd);
		return (wb_err_set(err, "%s: console capture larger than "
		    "%d bytes", path, CONSOLE_MAX));
	}
	/* A short read is not an error here: the capture is kept as read. */
	if (wb_world_fs_read_fd(fd, (size_t)st.st_size, buf, len) != 0) {
		close(fd);
		return (wb_err_setsys(err, "%s", path));
	}
	close(fd);
	return (0);
}

/* What the console watcher has seen of one boot. */
struct watch {
	const struct wb_qemu_conf	*c;
	int				 fd;	/* the console, read-only */
	off_t				 size;	/* bytes seen so far */
	double				 start, last;	/* last: size grew */
	char				 tail[sizeof(WB_QEMU_INIT_MARK)];
	size_t				 ntail;
	int				 hung, reached;
	double				 hung_after, init_wall;
};

/* Look for init's hello in the new console bytes. */
static void
watch_read(struct watch *w, double now)
{
	char buf[8192 + sizeof(w->tail)];
	size_t len, keep, mlen;
	ssize_t n;

	mlen = strlen(WB_QEMU_INIT_MARK);
	while (!w->reached) {
		memcpy(buf, w->tail, w->ntail);
		n = pread(w->fd, buf + w->ntail, 8192, w->size);
		if (n <= 0)
			return;
		w->size += n;
		w->last = now;
		len = w->ntail + (size_t)n;
		if (memmem(buf, len, WB_QEMU_INIT_MARK, mlen) != NULL) {
			w->reached = 1;
			w->init_wall = now - w->start;
		}
		keep = len < mlen - 1 ? len : mlen - 1;
		memmove(w->tail, buf + len - keep, keep);
		w->ntail = keep;
	}
}

/*
 * Called by wb_spawn_run() while qemu runs: stop it at init's hello
 * (a probe) or when the console has been quiet too long (a hang).
 */
static int
watch_console(void *arg)
{
	struct watch *w;
	struct stat st;
	double now, limit;

	w = arg;
	now = wb_spawn_now();
	if (!w->reached)
		watch_read(w, now);
	else if (fstat(w->fd, &st) == 0 && st.st_size != w->size) {
		w->size = st.st_size;
		w->last = now;
	}
	if (w->reached && w->c->stop_at_init)
		return (1);
	if (!(w->c->hang_timeout > 0))
		return (0);
	limit = w->c->hang_timeout + (w->reached && w->c->pass_quiet > 0 ?
	    w->c->pass_quiet : 0);
	if (now - w->last < limit)
		return (0);
	w->hung = 1;
	w->hung_after = limit;
	return (1);
}

int
wb_qemu_run(const struct wb_qemu_conf *c, double timeout,
    struct wb_qemu_boot *b, struct wb_err *err)
{
	struct wb_spawn_result r;
	struct wb_spawn sp;
	struct watch w;
	char **argv;
	int fd, rc;

	memset(b, 0, sizeof(*b));
	if ((argv = wb_qemu_argv(c, err)) == NULL)
		return (-1);
	/* A fresh, empty console file: no stale capture is ever parsed. */
	if ((fd = open(c->console_log, O_WRONLY | O_CREAT | O_TRUNC |
	    O_CLOEXEC, 0644)) < 0) {
		wb_qemu_argv_free(argv);
		return (wb_err_setsys(err, "%s", c->console_log));
	}
	close(fd);
	memset(&w, 0, sizeof(w));
	w.c = c;
	if ((w.fd = open(c->console_log, O_RDONLY | O_CLOEXEC)) < 0) {
		wb_qemu_argv_free(argv);
		return (wb_err_setsys(err, "%s", c->console_log));
	}
	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.timeout = timeout;
	if (c->hang_timeout > 0 || c->stop_at_init) {
		sp.watch = watch_console;
		sp.watch_arg = &w;
	}
	memset(&r, 0, sizeof(r));
	w.start = w.last = wb_spawn_now();
	rc = wb_spawn_run(&sp, 1, &r, err);
	wb_qemu_argv_free(argv);
	if (rc != 0) {
		close(w.fd);
		return (-1);
	}
	/* The hello may have arrived after the last look. */
	if (!w.reached)
		watch_read(&w, wb_spawn_now());
	close(w.fd);
	b->status = r.status;
	b->timed_out = r.timed_out;
	b->hung = w.hung;
	b->hung_after = w.hung_after;
	b->reached_init = w.reached;
	b->init_wall = w.reached ? w.init_wall : -1;
	b->wall = r.wall;
	b->qemu_err = r.err;
	r.err = NULL;
	wb_spawn_result_fini(&r);
	if (read_console(c->console_log, &b->console, &b->len, err) != 0) {
		wb_qemu_boot_fini(b);
		return (-1);
	}
	return (0);
}

void
wb_qemu_boot_fini(struct wb_qemu_boot *b)
{

	free(b->console);
	free(b->qemu_err);
	memset(b, 0, sizeof(*b));
}
