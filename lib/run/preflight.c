/* SPDX-License-Identifier: BSD-2-Clause */
#include <sys/types.h>

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "preflight.h"
#include "wb_util.h"

struct proc_ticks {
	pid_t			 pid;
	unsigned long long	 ticks;
	char			 comm[64];
};

struct snapshot {
	struct proc_ticks	*p;
	size_t			 n, cap;
};

/* Read a small file into buf; -1 when it cannot be read. */
static int
read_small(const char *dir, const char *rel, char *buf, size_t len)
{
	char path[PATH_MAX];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return (-1);
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return (-1);
	buf[n] = '\0';
	return (0);
}

int
wb_preflight_parse_stat(const char *line, char *comm, size_t commlen,
    unsigned long long *ticks)
{
	const char *open, *close, *p;
	unsigned long long ut, st;
	size_t len;
	int field;

	if ((open = strchr(line, '(')) == NULL ||
	    (close = strrchr(line, ')')) == NULL || close < open)
		return (-1);
	len = close - open - 1;
	if (len >= commlen)
		len = commlen - 1;
	memcpy(comm, open + 1, len);
	comm[len] = '\0';
	/* After ")": state is field 3; utime 14, stime 15. */
	p = close + 1;
	for (field = 3; field < 14; field++) {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			return (-1);
		while (*p != ' ' && *p != '\0')
			p++;
	}
	if (sscanf(p, " %llu %llu", &ut, &st) != 2)
		return (-1);
	*ticks = ut + st;
	return (0);
}

static int
snap_add(struct snapshot *s, const struct proc_ticks *t)
{
	struct proc_ticks *np;

	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 256;
		if ((np = reallocarray(s->p, s->cap, sizeof(*np))) == NULL)
			return (-1);
		s->p = np;
	}
	s->p[s->n++] = *t;
	return (0);
}

static int
snap_take(const char *proc, struct snapshot *s, struct wb_err *err)
{
	struct proc_ticks t;
	struct dirent *de;
	char rel[300], line[1024];
	DIR *d;

	s->n = 0;
	if ((d = opendir(proc)) == NULL)
		return (wb_err_setsys(err, "%s", proc));
	while ((de = readdir(d)) != NULL) {
		if (!isdigit((unsigned char)de->d_name[0]))
			continue;
		snprintf(rel, sizeof(rel), "%s/stat", de->d_name);
		/* Processes come and go: an unreadable one is skipped. */
		if (read_small(proc, rel, line, sizeof(line)) == -1 ||
		    wb_preflight_parse_stat(line, t.comm, sizeof(t.comm),
		    &t.ticks) == -1)
			continue;
		t.pid = (pid_t)atol(de->d_name);
		if (snap_add(s, &t) == -1) {
			closedir(d);
			return (wb_err_setsys(err, "realloc"));
		}
	}
	closedir(d);
	return (0);
}

static const struct proc_ticks *
snap_find(const struct snapshot *s, pid_t pid)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (s->p[i].pid == pid)
			return (&s->p[i]);
	return (NULL);
}

static void
top_insert(struct wb_preflight *pf, const struct proc_ticks *t, double pct)
{
	size_t i, j;

	for (i = 0; i < pf->ntop && pf->top[i].cpu_pct >= pct; i++)
		;
	if (i >= WB_PREFLIGHT_TOP)
		return;
	if (pf->ntop < WB_PREFLIGHT_TOP)
		pf->ntop++;
	for (j = pf->ntop - 1; j > i; j--)
		pf->top[j] = pf->top[j - 1];
	pf->top[i].pid = t->pid;
	pf->top[i].cpu_pct = pct;
	snprintf(pf->top[i].comm, sizeof(pf->top[i].comm), "%s", t->comm);
}

static int
busy_processes(const struct wb_preflight_src *src, const char *proc,
    struct wb_preflight *pf, struct wb_err *err)
{
	struct snapshot a, b;
	const struct proc_ticks *old;
	struct timespec ts;
	double hz, pct;
	size_t i;
	int rc;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	hz = (double)sysconf(_SC_CLK_TCK);
	rc = -1;
	if (snap_take(proc, &a, err) == -1)
		goto out;
	ts.tv_sec = (time_t)src->window;
	ts.tv_nsec = (long)((src->window - ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) == -1 && errno == EINTR)
		;
	if (snap_take(proc, &b, err) == -1)
		goto out;
	for (i = 0; i < b.n; i++) {
		if (b.p[i].pid == src->self ||
		    (old = snap_find(&a, b.p[i].pid)) == NULL)
			continue;
		pct = (b.p[i].ticks - old->ticks) / hz / src->window * 100;
		if (pct > 0)
			top_insert(pf, &b.p[i], pct);
	}
	rc = 0;
out:
	free(a.p);
	free(b.p);
	return (rc);
}

static void
meminfo_swap(const char *proc, struct wb_preflight *pf)
{
	char buf[8192], *p;
	long freekb;

	pf->swap_total_kb = pf->swap_used_kb = 0;
	if (read_small(proc, "meminfo", buf, sizeof(buf)) == -1)
		return;
	freekb = 0;
	if ((p = strstr(buf, "SwapTotal:")) != NULL)
		pf->swap_total_kb = atol(p + 10);
	if ((p = strstr(buf, "SwapFree:")) != NULL)
		freekb = atol(p + 9);
	pf->swap_used_kb = pf->swap_total_kb - freekb;
}

static void
cpu_knobs(const char *sys, struct wb_preflight *pf)
{
	char buf[sizeof(pf->governor)];

	pf->governor[0] = '\0';
	if (read_small(sys, "devices/system/cpu/cpu0/cpufreq/scaling_governor",
	    buf, sizeof(buf)) == 0) {
		buf[strcspn(buf, "\n")] = '\0';
		memcpy(pf->governor, buf, sizeof(buf));
	}
	pf->smt = -1;
	if (read_small(sys, "devices/system/cpu/smt/active", buf,
	    sizeof(buf)) == 0)
		pf->smt = atoi(buf) != 0;
}

static int
warn(struct wb_preflight *pf, struct wb_err *err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int
warn(struct wb_preflight *pf, struct wb_err *err, const char *fmt, ...)
{
	char **w, *s;
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (rc == -1)
		return (wb_err_setsys(err, "vasprintf"));
	if ((w = reallocarray(pf->warnings, pf->nwarnings + 1,
	    sizeof(*w))) == NULL) {
		free(s);
		return (wb_err_setsys(err, "realloc"));
	}
	pf->warnings = w;
	w[pf->nwarnings++] = s;
	return (0);
}

static int
judge(struct wb_preflight *pf, struct wb_err *err)
{
	size_t i;

	if (pf->load[0] >= 0.5 * pf->ncpu) {
		pf->busy = 1;
		if (warn(pf, err, "load average %.2f on %ld CPUs",
		    pf->load[0], pf->ncpu) == -1)
			return (-1);
	}
	for (i = 0; i < pf->ntop; i++)
		if (pf->top[i].cpu_pct >= WB_PREFLIGHT_BUSY_PCT) {
			pf->busy = 1;
			if (warn(pf, err, "busy process %ld (%s) at %.0f%% "
			    "CPU", (long)pf->top[i].pid, pf->top[i].comm,
			    pf->top[i].cpu_pct) == -1)
				return (-1);
		}
	if (pf->governor[0] != '\0' &&
	    strcmp(pf->governor, "performance") != 0 &&
	    warn(pf, err, "CPU frequency governor is %s, not performance",
	    pf->governor) == -1)
		return (-1);
	if (pf->smt == 1 && warn(pf, err, "SMT is on: sibling threads "
	    "share cores") == -1)
		return (-1);
	if (pf->swap_used_kb > 0 && warn(pf, err, "%ld KB of swap in use",
	    pf->swap_used_kb) == -1)
		return (-1);
	if (!pf->kvm && warn(pf, err, "no usable /dev/kvm: qemu runs in "
	    "TCG emulation (slow, kernel results not comparable to KVM)") == -1)
		return (-1);
	return (0);
}

int
wb_preflight_run(const struct wb_preflight_src *src, struct wb_preflight *pf,
    struct wb_err *err)
{
	const char *proc, *sys, *kvm;
	char buf[256];
	int fd;

	memset(pf, 0, sizeof(*pf));
	proc = src->proc != NULL ? src->proc : "/proc";
	sys = src->sys != NULL ? src->sys : "/sys";
	kvm = src->kvm != NULL ? src->kvm : "/dev/kvm";
	if (!(src->window > 0))
		return (wb_err_set(err, "preflight: the sampling window must "
		    "be positive"));
	if (read_small(proc, "loadavg", buf, sizeof(buf)) == -1)
		return (wb_err_setsys(err, "%s/loadavg", proc));
	if (sscanf(buf, "%lf %lf %lf", &pf->load[0], &pf->load[1],
	    &pf->load[2]) != 3)
		return (wb_err_set(err, "%s/loadavg: line 1: not three load "
		    "averages", proc));
	if ((pf->ncpu = sysconf(_SC_NPROCESSORS_ONLN)) < 1)
		pf->ncpu = 1;
	meminfo_swap(proc, pf);
	cpu_knobs(sys, pf);
	if ((fd = open(kvm, O_RDWR | O_CLOEXEC)) != -1) {
		pf->kvm = 1;
		close(fd);
	}
	if (busy_processes(src, proc, pf, err) == -1 || judge(pf, err) == -1) {
		wb_preflight_fini(pf);
		return (-1);
	}
	return (0);
}

void
wb_preflight_fini(struct wb_preflight *pf)
{
	size_t i;

	for (i = 0; i < pf->nwarnings; i++)
		free(pf->warnings[i]);
	free(pf->warnings);
	pf->warnings = NULL;
	pf->nwarnings = 0;
}

json_t *
wb_preflight_json(const struct wb_preflight *pf)
{
	json_t *o, *top, *w;
	size_t i;
	int ok;

	o = json_pack("{s:[fff], s:I, s:s?, s:o, s:I, s:I, s:b, s:b}",
	    "load", pf->load[0], pf->load[1], pf->load[2], "ncpu",
	    (json_int_t)pf->ncpu, "governor", pf->governor[0] != '\0' ?
	    pf->governor : NULL, "smt", pf->smt < 0 ? json_null() :
	    json_boolean(pf->smt), "swap_total_kb",
	    (json_int_t)pf->swap_total_kb, "swap_used_kb",
	    (json_int_t)pf->swap_used_kb, "kvm", pf->kvm, "busy", pf->busy);
	top = json_array();
	w = json_array();
	ok = o != NULL && top != NULL && w != NULL;
	for (i = 0; ok && i < pf->ntop; i++)
		ok = json_array_append_new(top, json_pack("{s:I, s:s, s:f}",
		    "pid", (json_int_t)pf->top[i].pid, "comm",
		    pf->top[i].comm, "cpu_pct", pf->top[i].cpu_pct)) == 0;
	for (i = 0; ok && i < pf->nwarnings; i++)
		ok = json_array_append_new(w,
		    json_string(pf->warnings[i])) == 0;
	if (ok)
		ok = json_object_set_new(o, "top", top) == 0;
	else
		json_decref(top);
	if (ok)
		ok = json_object_set_new(o, "warnings", w) == 0;
	else
		json_decref(w);
	if (!ok) {
		json_decref(o);
		return (NULL);
	}
	return (o);
}
