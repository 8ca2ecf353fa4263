/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Kernel benchmarking under qemu (lib/guest/qemu_bench.h).
 */
#include <sys/random.h>
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "qemu.h"
#include "qemu_bench.h"
#include "serial.h"
#include "wb_image.h"
#include "wb_model.h"
#include "wb_util.h"

#define STATIC_BIN	"usr/libexec/worldbench-static"
#define WORLD_BIN	"usr/libexec/worldbench"
#define DATA_DIR	"usr/share/worldbench"

/* Everything the shell workload and its harness use. */
const char *const wb_qb_busybox_applets[] = {
	"sh", "sort", "od", "grep", "tee", "wc", "rm", "cat", "cp", "mv",
	"mkdir", "ls", "echo", "sleep", "true", "false", "test", "[",
	"sed", "head", "tail", "uname", "env", "sync", NULL
};

/* World trees are large: leave out what a benchmark never reads. */
static const char *const world_skip[] = {
	"init", "proc", "sys", "dev", "tmp", "run", "var/cache",
	"var/lib/apt", "var/log", "usr/share/doc", "usr/share/man",
	"usr/share/locale", "usr/share/info", "usr/include", "boot",
	NULL
};

#define qnote(p, ...)	wb_note_printf((p)->note, (p)->note_arg, __VA_ARGS__)

int
wb_qemu_bench_initramfs(const struct wb_qb_root *root,
    const struct wb_qb_test *t, size_t nt, const char *path, struct wb_err *err)
{
	struct wb_initramfs *ir;
	char host[4096], dst[512];
	const char *const *a;
	size_t i;
	int rc;

	if ((ir = wb_initramfs_new(0, err)) == NULL)
		return (-1);
	rc = 0;
	if (root->world != NULL)
		rc = wb_initramfs_add_tree(ir, "", root->world, world_skip,
		    err);
	else {
		for (i = 0; rc == 0 && i < nt; i++) {
			snprintf(host, sizeof(host), "%s/%s", root->suite,
			    t[i].def->id);
			snprintf(dst, sizeof(dst), "%s/%s", STATIC_BIN,
			    t[i].def->id);
			rc = wb_initramfs_add_file(ir, dst, 0755, host, err);
		}
		if (rc == 0)
			rc = wb_initramfs_add_tree(ir, DATA_DIR, root->data,
			    NULL, err);
		if (rc == 0)
			rc = wb_initramfs_add_file(ir, "bin/busybox", 0755,
			    root->busybox, err);
		for (a = wb_qb_busybox_applets; rc == 0 && *a != NULL; a++) {
			snprintf(dst, sizeof(dst), "bin/%s", *a);
			rc = wb_initramfs_add_symlink(ir, dst, "busybox", err);
		}
		if (rc == 0)
			rc = wb_initramfs_add_symlink(ir, "usr/bin", "../bin",
			    err);
	}
	/* The kernel opens /dev/console for init before devtmpfs exists. */
	if (rc == 0)
		rc = wb_initramfs_add_chardev(ir, "dev/console", 0600, 5, 1,
		    err);
	if (rc == 0)
		rc = wb_initramfs_add_chardev(ir, "dev/null", 0666, 1, 3, err);
	if (rc == 0)
		rc = wb_initramfs_add_dir(ir, "proc", 0555, err);
	if (rc == 0)
		rc = wb_initramfs_add_dir(ir, "sys", 0555, err);
	if (rc == 0)
		rc = wb_initramfs_add_dir(ir, "tmp", 01777, err);
	if (rc == 0)
		rc = wb_initramfs_add_file(ir, "init", 0755, root->init, err);
	if (rc == 0)
		rc = wb_initramfs_write_file(ir, 1, path, err);
	wb_initramfs_free(ir);
	return (rc);
}

char *
wb_qemu_bench_cmdline(const struct wb_qb_root *root, const struct wb_qb_test *t,
    size_t nt)
{
	size_t len, i;
	char *s, *p;

	len = 128;
	for (i = 0; i < nt; i++)
		len += strlen(t[i].def->id) + 48;
	if ((s = malloc(len)) == NULL)
		return (NULL);
	p = s + sprintf(s, "wb.run=");
	for (i = 0; i < nt; i++)
		p += sprintf(p, "%s%s:%g:%d", i > 0 ? "," : "", t[i].def->id,
		    t[i].seconds, t[i].passes);
	sprintf(p, " wb.bin=/%s wb.data=/%s", root->world != NULL ? WORLD_BIN :
	    STATIC_BIN, DATA_DIR);
	return (s);
}

void
wb_qemu_bench_kernel_fini(struct wb_qb_kernel *k)
{

	free(k->imagedir);
	free(k->variant);
	free(k->config_sha256);
	free(k->label);
	free(k->results_path);
	wb_results_free(k->results);
	memset(k, 0, sizeof(*k));
}

int
wb_qemu_bench_kernel_init(struct wb_qb_kernel *k, const char *imagedir,
    const char *world_label, const char *outdir, struct wb_err *err)
{
	char path[4096];
	json_error_t je;
	json_t *meta, *v, *c;
	int rc;

	memset(k, 0, sizeof(*k));
	snprintf(path, sizeof(path), "%s/kernel.json", imagedir);
	if ((meta = json_load_file(path, 0, &je)) == NULL)
		return (wb_err_set(err, "%s:%d: %s", path, je.line, je.text));
	v = json_object_get(meta, "variant");
	c = json_object_get(meta, "config_sha256");
	if (!json_is_string(v) || !json_is_string(c) ||
	    strlen(json_string_value(c)) != WB_SHA256_HEXLEN) {
		json_decref(meta);
		return (wb_err_set(err, "%s: no variant or config_sha256",
		    path));
	}
	rc = 0;
	if ((k->imagedir = strdup(imagedir)) == NULL ||
	    (k->variant = strdup(json_string_value(v))) == NULL ||
	    (k->config_sha256 = strdup(json_string_value(c))) == NULL)
		rc = wb_err_setsys(err, "kernel");
	else if ((k->label = wb_label_join(world_label, k->variant,
	    err)) == NULL || (k->results_path = wb_label_results_path(outdir,
	    k->label, err)) == NULL)
		rc = -1;
	json_decref(meta);
	if (rc == 0 && (k->results = wb_results_new(err)) == NULL)
		rc = -1;
	if (rc != 0)
		wb_qemu_bench_kernel_fini(k);
	return (rc);
}

int
wb_qemu_bench_results_setup(struct wb_qb_kernel *k, const struct wb_qb_plan *p,
    int boots, struct wb_err *err)
{
	struct wb_results *r;
	json_t *kern, *tests, *qemu, *ident;
	size_t i;

	r = k->results;
	kern = json_pack("{s:s, s:s, s:s}", "variant", k->variant,
	    "config_sha256", k->config_sha256, "image", k->imagedir);
	qemu = json_pack("{s:s, s:s, s:s, s:s, s:f, s:i, s:i}", "version",
	    p->qemu_version, "accelerator", wb_qemu_accel_name(p->qemu.accel),
	    "accel_reason", p->accel_reason != NULL ? p->accel_reason : "",
	    "hang_timeout", p->qemu.hang_timeout > 0 ? p->qemu.hang_timeout :
	    0.0, "timing", wb_qemu_timing_name(p->qemu.timing),
	    "icount_shift", p->qemu.timing == WB_TIMING_ICOUNT ?
	    (p->qemu.icount_shift > 0 ? p->qemu.icount_shift :
	    WB_QEMU_ICOUNT_SHIFT) : 0,
	    "memory_mb", p->qemu.memory_mb > 0 ? p->qemu.memory_mb : 512);
	if ((tests = json_array()) == NULL || kern == NULL || qemu == NULL) {
		json_decref(tests);
		json_decref(kern);
		json_decref(qemu);
		return (wb_err_set(err, "results: out of memory"));
	}
	for (i = 0; i < p->ntests; i++)
		json_array_append_new(tests, json_string(p->tests[i].def->id));
	if (wb_results_set_provenance(r, "worldbench_version",
	    json_string(wb_version()), err) != 0 ||
	    wb_results_set_provenance(r, "git_revision",
	    json_string(wb_version_gitrev()), err) != 0 ||
	    wb_results_set_provenance(r, "label", json_string(k->label),
	    err) != 0 ||
	    wb_results_set_provenance(r, "runner", json_string("qemu"),
	    err) != 0 ||
	    wb_results_set_provenance(r, "timing",
	    json_string(wb_qemu_timing_name(p->qemu.timing)), err) != 0 ||
	    wb_results_set_provenance(r, "accelerator",
	    json_string(wb_qemu_accel_name(p->qemu.accel)), err) != 0 ||
	    wb_results_set_provenance(r, "accel_reason",
	    json_string(p->accel_reason != NULL ? p->accel_reason : ""),
	    err) != 0 ||
	    wb_results_set_provenance(r, "qemu", qemu, err) != 0 ||
	    wb_results_set_provenance(r, "address_space",
	    json_string(wb_qemu_layout_name(&p->qemu)), err) != 0 ||
	    wb_results_set_provenance(r, "kernel", kern, err) != 0 ||
	    (ident = wb_ident_kernel(k->imagedir, err)) == NULL ||
	    wb_results_set_provenance(r, "identity", ident, err) != 0 ||
	    wb_results_set_provenance(r, "world", p->world != NULL ?
	    json_string(p->world) : json_null(), err) != 0 ||
	    wb_results_set_provenance(r, "suite_hash",
	    json_string(p->suite_hash), err) != 0 ||
	    wb_results_set_provenance(r, "host", wb_provenance_host(err),
	    err) != 0 ||
	    wb_results_set_provenance(r, "date_start", wb_provenance_date(),
	    err) != 0 ||
	    wb_results_set_provenance(r, "load_before",
	    wb_provenance_loadavg(err), err) != 0 ||
	    (p->preflight != NULL && wb_results_set_provenance(r, "preflight",
	    json_deep_copy(p->preflight), err) != 0) ||
	    wb_results_set_provenance(r, "caveat", json_string("emulated "
	    "(qemu) ratios are not hardware ratios"), err) != 0 ||
	    wb_results_set_provenance(r, "boots", json_array(), err) != 0 ||
	    wb_results_set_plan(r, "tests", tests, err) != 0 ||
	    wb_results_set_plan(r, "boots", json_integer(boots), err) != 0 ||
	    wb_results_set_plan(r, "cmdline", json_string(p->cmdline),
	    err) != 0 || (p->have_negligible && wb_results_set_plan(r,
	    "negligible", json_real(p->negligible), err) != 0))
		return (-1);
	for (i = 0; i < p->ntests; i++)
		if (wb_results_add_test(r, p->tests[i].def->id,
		    p->tests[i].def->name, p->tests[i].def->unit,
		    p->tests[i].def->timebase, p->tests[i].def->baseline,
		    p->tests[i].passes * boots, p->tests[i].seconds,
		    err) == NULL)
			return (-1);
	return (0);
}

/* Index of a test in the plan, or -1. */
static int
plan_test(const struct wb_qb_plan *p, const char *id)
{
	size_t i;

	for (i = 0; i < p->ntests; i++)
		if (strcmp(p->tests[i].def->id, id) == 0)
			return ((int)i);
	return (-1);
}

static int
add_pass(struct wb_qb_kernel *k, const struct wb_qb_plan *p, int boot,
    const struct wb_serial_pass *sp, int *seq, struct wb_err *err)
{
	struct wb_result_test *t;
	struct wb_sample s;
	char unit[32];
	int ti, tb;

	if ((ti = plan_test(p, sp->id)) < 0 || sp->pass > p->tests[ti].passes)
		return (wb_err_set(err, "boot %d: pass %d of '%s' was not "
		    "planned", boot, sp->pass, sp->id));
	t = wb_results_find_test(k->results, sp->id);
	memset(&s, 0, sizeof(s));
	s.pass = (boot - 1) * p->tests[ti].passes + sp->pass;
	s.seq = ++*seq;
	s.boot = boot;
	s.copies = 1;
	s.wall = sp->wall;
	s.utime = sp->utime;
	s.stime = sp->stime;
	s.minflt = sp->minflt;
	s.majflt = sp->majflt;
	s.nvcsw = sp->nvcsw;
	s.nivcsw = sp->nivcsw;
	if (sp->status == WB_PASS_OK) {
		if (wb_serial_count(sp->text, &s.count, &tb, unit,
		    sizeof(unit), &s.elapsed, err) != 0)
			return (-1);
		if (strcmp(unit, t->unit) != 0) {
			s.status = WB_SAMPLE_FAILED;
			s.error = "unit differs from the suite table";
		} else {
			s.status = WB_SAMPLE_OK;
			s.rate = tb == 0 ? s.count : s.count / s.elapsed * tb;
		}
	} else {
		s.status = sp->status == WB_PASS_TIMEOUT ? WB_SAMPLE_TIMEOUT :
		    WB_SAMPLE_FAILED;
		s.error = sp->text;
	}
	return (wb_results_add_sample(t, &s, err));
}

/* Failed samples for the planned passes a boot did not deliver. */
static int
add_missing(struct wb_qb_kernel *k, const struct wb_qb_plan *p, int boot,
    const char *why, int *seq, struct wb_err *err)
{
	struct wb_result_test *t;
	struct wb_sample s;
	size_t i;
	int pass, n;

	for (i = 0; i < p->ntests; i++) {
		t = wb_results_find_test(k->results, p->tests[i].def->id);
		for (pass = 1; pass <= p->tests[i].passes; pass++) {
			n = (boot - 1) * p->tests[i].passes + pass;
			if (wb_results_test_pass(t, n) != NULL)
				continue;
			memset(&s, 0, sizeof(s));
			s.pass = n;
			s.seq = ++*seq;
			s.boot = boot;
			s.copies = 1;
			s.status = WB_SAMPLE_FAILED;
			s.error = (char *)why;
			if (wb_results_add_sample(t, &s, err) != 0)
				return (-1);
		}
	}
	return (0);
}

/*
 * Console silence allowed on top of the hang timeout once init runs: a
 * pass prints nothing until it ends, and init kills it after 2 * seconds
 * + 60 guest seconds (bench/init, wb.slack).  Twice that covers a guest
 * clock that runs ahead of the host's under icount.
 */
static double
pass_quiet(const struct wb_qb_plan *p)
{
	double m;
	size_t i;

	for (m = 0, i = 0; i < p->ntests; i++)
		if (p->tests[i].seconds > m)
			m = p->tests[i].seconds;
	return (2 * (2 * m + 60));
}

static int
last_seq(const struct wb_results *r)
{
	size_t i, j;
	int m;

	m = 0;
	for (i = 0; i < r->ntests; i++)
		for (j = 0; j < r->tests[i]->nsamples; j++)
			if (r->tests[i]->samples[j].seq > m)
				m = r->tests[i]->samples[j].seq;
	return (m);
}

/* An array of strings as JSON (NULL when out of memory). */
static json_t *
strv_json(char *const *v, size_t n)
{
	json_t *a;
	size_t i;

	if ((a = json_array()) == NULL)
		return (NULL);
	for (i = 0; i < n; i++)
		if (json_array_append_new(a, json_string(v[i])) != 0) {
			json_decref(a);
			return (NULL);
		}
	return (a);
}

/*
 * Why a boot failed, or NULL: the console's parse error, a hang, the
 * timeout, a missing end marker or another kernel than the image's.
 */
static const char *
boot_failure(const struct wb_qemu_boot *qb, const struct wb_serial *s,
    int parsed, const struct wb_err *perr, const char *tag, char *hung,
    size_t nhung)
{

	/* A hung boot's console may end in a cut frame: say hung first. */
	if (parsed != 0 && !qb->hung)
		return (perr->msg);
	if (qb->hung) {
		snprintf(hung, nhung, "hung: no console output for "
		    "%g s; qemu's process group was killed", qb->hung_after);
		return (hung);
	}
	if (qb->timed_out)
		return ("timed out; qemu's process group was killed");
	if (!s->ended)
		return ("no end marker on the console (guest died or hung)");
	if (s->version == NULL || strstr(s->version, tag) == NULL)
		return ("the booted kernel's uname -v does not carry the "
		    "image's config hash");
	return (NULL);
}

/* The guest's errors and the kernel's reports as findings. */
static int
add_findings(struct wb_qb_kernel *k, const struct wb_qb_plan *p, int boot,
    const struct wb_serial *s, struct wb_err *err)
{
	char text[1500];
	size_t i;
	int rc;

	rc = 0;
	for (i = 0; rc == 0 && i < s->nerrors; i++) {
		snprintf(text, sizeof(text), "boot %d: guest init: %.1400s",
		    boot, s->errors[i]);
		rc = wb_results_add_finding(k->results, "guest-error", text,
		    err);
	}
	for (i = 0; rc == 0 && i < s->nsplats; i++) {
		snprintf(text, sizeof(text), "boot %d: %.32s: %.1400s", boot,
		    s->splats[i].kind, s->splats[i].title);
		qnote(p, "%s: kernel report: %s", k->label, text);
		rc = wb_results_add_finding(k->results, "kernel-splat", text,
		    err);
	}
	return (rc);
}

/* The boot's record in the provenance's "boots" array. */
static int
add_boot_info(struct wb_qb_kernel *k, int boot, const char *fail,
    const struct wb_qemu_boot *qb, const struct wb_serial *s,
    const char *console, struct wb_err *err)
{
	json_t *binfo, *boots;

	binfo = json_pack("{s:i, s:s, s:b, s:b, s:f, s:i, s:s, s:s?, "
	    "s:s?, s:s?, s:i}", "boot", boot, "status", fail == NULL ?
	    "ok" : "failed", "timed_out", qb->timed_out, "hung",
	    qb->hung, "host_wall", qb->wall,
	    "qemu_status", qb->status, "console", console,
	    "uname", s->uname, "clocksource", s->clocksource,
	    "init_version", s->init_version, "splats",
	    (int)(s->nsplats + s->splats_dropped));
	if (binfo != NULL && s->boot_to_init >= 0)
		json_object_set_new(binfo, "boot_to_init",
		    json_real(s->boot_to_init));
	if (binfo != NULL && s->clocksource != NULL)
		json_object_set_new(binfo, "clock_settle",
		    json_real(s->clock_settle));
	if (binfo != NULL)
		json_object_set_new(binfo, "environment",
		    strv_json(s->env, s->nenv));
	boots = json_object_get(k->results->provenance, "boots");
	if (binfo == NULL || json_array_append_new(boots, binfo) != 0)
		return (wb_err_set(err, "results: out of memory"));
	return (0);
}

/* What a boot left on its console into the kernel's results. */
static int
record_boot(struct wb_qb_kernel *k, const struct wb_qb_plan *p, int boot,
    const char *fail, const char *why, const struct wb_qemu_boot *qb,
    const struct wb_serial *s, const char *console, struct wb_err *err)
{
	size_t i;
	int seq, rc;

	seq = last_seq(k->results);
	rc = 0;
	for (i = 0; rc == 0 && i < s->npasses; i++)
		rc = add_pass(k, p, boot, &s->passes[i], &seq, err);
	if (rc == 0 && fail != NULL) {
		k->boots_failed++;
		rc = add_missing(k, p, boot, why, &seq, err);
		if (rc == 0)
			rc = wb_results_add_finding(k->results, "boot-failed",
			    why, err);
	}
	if (rc == 0)
		rc = add_findings(k, p, boot, s, err);
	if (rc == 0)
		rc = add_boot_info(k, boot, fail, qb, s, console, err);
	if (rc == 0 && boot == 1 && s->uname != NULL)
		rc = wb_results_set_provenance(k->results, "guest_uname",
		    json_string(s->uname), err);
	if (rc == 0) {
		k->results->status = WB_RESULTS_INCOMPLETE;
		rc = wb_results_write(k->results, k->results_path, err);
	}
	return (rc);
}

int
wb_qemu_bench_boot(struct wb_qb_kernel *k, const struct wb_qb_plan *p, int boot,
    struct wb_err *err)
{
	struct wb_qemu_conf qc;
	struct wb_qemu_boot qb;
	struct wb_serial s;
	struct wb_err perr;
	char console[4096], bz[4096], why[6000], tag[64], hung[128];
	const char *fail;
	int parsed, rc;

	snprintf(console, sizeof(console), "%s/%s.boot%d.console", p->outdir,
	    k->label, boot);
	snprintf(tag, sizeof(tag), "config-%.16s", k->config_sha256);
	qc = p->qemu;
	snprintf(bz, sizeof(bz), "%s/bzImage", k->imagedir);
	qc.kernel = bz;
	qc.initrd = p->initrd;
	qc.append = p->cmdline;
	qc.console_log = console;
	qc.pass_quiet = pass_quiet(p);
	qnote(p, "%s: boot %d (%s, %s)", k->label, boot,
	    wb_qemu_accel_name(qc.accel), wb_qemu_timing_name(qc.timing));
	if (wb_qemu_run(&qc, p->timeout, &qb, err) != 0)
		return (-1);
	wb_serial_init(&s);
	wb_err_clear(&perr);
	parsed = wb_serial_parse(&s, console, qb.console, qb.len, &perr);
	fail = boot_failure(&qb, &s, parsed, &perr, tag, hung, sizeof(hung));
	if (fail != NULL) {
		snprintf(why, sizeof(why), "boot %d failed: %s (qemu status "
		    "%d, console %s)", boot, fail, qb.status, console);
		qnote(p, "%s: %s", k->label, why);
	}
	rc = record_boot(k, p, boot, fail, why, &qb, &s, console, err);
	if (rc == 0)
		qnote(p, "%s: boot %d: %zu passes, boot to init %.3f s, "
		    "%zu kernel reports, host %.0f s%s", k->label, boot,
		    s.npasses, s.boot_to_init, s.nsplats + s.splats_dropped,
		    qb.wall, fail != NULL ? " (FAILED)" : "");
	wb_serial_fini(&s);
	wb_qemu_boot_fini(&qb);
	return (rc);
}

int
wb_qemu_bench_run(struct wb_qb_kernel *ks, size_t nk,
    const struct wb_qb_plan *p,
    int boots, void (*progress)(void *, const struct wb_qb_kernel *,
    size_t done, size_t total), void *arg, struct wb_err *err)
{
	unsigned char rb[16];
	char rid[sizeof(rb) * 2 + 1];
	size_t i;
	int b;

	/*
	 * One interleaved run over the kernels: one run id for all their
	 * files, so that compare tells this run from other runs (the
	 * tasks of worldbench submit, each a run on its node).
	 */
	if (getrandom(rb, sizeof(rb), 0) != (ssize_t)sizeof(rb))
		return (wb_err_setsys(err, "getrandom"));
	for (i = 0; i < sizeof(rb); i++)
		snprintf(rid + 2 * i, 3, "%02x", rb[i]);
	for (i = 0; i < nk; i++)
		if (wb_qemu_bench_results_setup(&ks[i], p, boots, err) != 0 ||
		    wb_results_set_plan(ks[i].results, "run_id",
		    json_string(rid), err) != 0)
			return (-1);
	/* Boots of different kernels interleaved, passes nested inside. */
	for (b = 1; b <= boots; b++)
		for (i = 0; i < nk; i++) {
			if (progress != NULL)
				progress(arg, &ks[i], (size_t)(b - 1) * nk + i,
				    (size_t)boots * nk);
			if (wb_qemu_bench_boot(&ks[i], p, b, err) != 0)
				return (-1);
		}
	return (0);
}

int
wb_qemu_bench_finish(struct wb_qb_kernel *k, struct wb_err *err)
{

	k->results->status = WB_RESULTS_COMPLETE;
	if (wb_results_set_provenance(k->results, "date_end",
	    wb_provenance_date(), err) != 0)
		return (-1);
	return (wb_results_write(k->results, k->results_path, err));
}
