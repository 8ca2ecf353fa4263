/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The qemu half of the experiment (see experiment_boot.h): the pieces
 * are lib/guest/qemu_bench.c (initramfs, boots, results), lib/guest/qemu_policy.c
 * (what to run, how long, how often, on which accelerator) and
 * lib/guest/qemu_repeat.c (the repeatability records).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiment_boot.h"
#include "wb_guest.h"
#include "wb_image.h"
#include "wb_model.h"
#include "wb_util.h"

/* The state of one run, besides the caller's request. */
struct boot_run {
	struct wb_qb_kernel	ks[WB_BOOT_MAXKERNELS];
	size_t			nk;
	struct wb_qemu_policy	pol;
	struct wb_qb_plan	plan;
	char			keys[WB_BOOT_MAXKERNELS][WB_SHA256_HEXSIZE];
	char			hash[WB_SHA256_HEXSIZE];
	char			qver[256];
	char			initrd[PATH_MAX + 32];
	char			areason[sizeof(((struct wb_accel_choice *)0)->reason) + 16];
};

#define say(x, ...)	wb_note_printf((x)->say, (x)->note_arg, __VA_ARGS__)

/* The suite's hash: the world's own suite, else the static one. */
static int
suite_hash(const struct wb_experiment_boot *x, struct boot_run *b,
    struct wb_err *e)
{
	const char *world;
	json_t *files;

	world = x->root.world;
	if (wb_provenance_suite(world, world != NULL ?
	    "/usr/libexec/worldbench" :
	    x->root.suite, world != NULL ? "/usr/share/worldbench" :
	    x->root.data, &files, b->hash, e) != 0)
		return (wb_err_class(e, WB_ERR_NOINPUT));
	json_decref(files);
	return (0);
}

/*
 * The newest kernel's label against the others' (seen): two kernels of
 * one variant name would write one results file and one console log,
 * the second boot's over the first's.
 */
static int
same_label(const struct boot_run *b, const char *const *seen,
    struct wb_err *e)
{
	const struct wb_qb_kernel *k;
	size_t i;

	k = &b->ks[b->nk - 1];
	if ((i = wb_label_find(seen, b->nk - 1, k->label)) == b->nk - 1)
		return (0);
	wb_err_set(e, "%s and %s: both kernels are variant \"%s\" (their "
	    "kernel.json), so both would write %s; boot one kernel per "
	    "variant name", b->ks[i].imagedir, k->imagedir, k->variant,
	    k->results_path);
	return (wb_err_class(e, WB_ERR_DATA));
}

static int
open_kernels(const struct wb_experiment_boot *x, struct boot_run *b,
    struct wb_err *e)
{
	const char *seen[WB_BOOT_MAXKERNELS];
	char *img;
	size_t i;
	int rc;

	if (wb_kpaths_mkdirs(x->outdir, e) != 0)
		return (-1);
	for (i = 0; i < x->nkernels; i++) {
		if ((img = wb_kpaths_find_image(x->paths, x->kernels[i],
		    e)) == NULL)
			return (-1);
		rc = wb_qemu_bench_kernel_init(&b->ks[b->nk], img,
		    x->world_label, x->outdir, e);
		free(img);
		if (rc != 0)
			return (-1);
		seen[b->nk] = b->ks[b->nk].label;
		b->nk++;
		if (same_label(b, seen, e) != 0)
			return (-1);
	}
	return (0);
}

/* Every kernel against the first: only the knob may differ. */
static int
matching(const struct wb_experiment_boot *x, struct boot_run *b,
    struct wb_err *e)
{
	json_t *ids[WB_BOOT_MAXKERNELS];
	char *labels[WB_BOOT_MAXKERNELS], *um = NULL, *ur = NULL;
	size_t i, n;
	int rc = -1;

	memset(ids, 0, sizeof(ids));
	memset(labels, 0, sizeof(labels));
	for (n = 0; n < b->nk; n++) {
		labels[n] = b->ks[n].label;
		if ((ids[n] = wb_ident_kernel(b->ks[n].imagedir, e)) == NULL)
			goto done;
	}
	if (wb_ident_check_all((const json_t *const *)ids, n, labels, NULL,
	    &um, &ur, e) == -1)
		goto done;
	if (um != NULL && !x->unmatched) {
		wb_err_set(e, "refusing to boot: the kernels differ in more "
		    "than the knob: %s (--unmatched to boot them anyway)", um);
		goto done;
	}
	rc = 0;
	if (um != NULL)
		say(x, "WARNING: --unmatched: UNMATCHED images: %s", um);
	if (ur != NULL && !wb_ident_none((const json_t *const *)ids, n))
		wb_note_printf(x->note, x->note_arg,
		    "matching not recorded for %s "
		    "(a kernel image without its configuration): not checked",
		    ur);
done:
	for (i = 0; i < n; i++)
		json_decref(ids[i]);
	free(um);
	free(ur);
	return (rc);
}

/* The initramfs, the command line and the qemu version of the plan. */
static int
prepare(const struct wb_experiment_boot *x, struct boot_run *b,
    struct wb_err *e)
{
	struct wb_qb_plan *plan = &b->plan;

	snprintf(b->initrd, sizeof(b->initrd), "%s/initramfs-%s.cpio.gz",
	    x->outdir, x->world_label != NULL ? x->world_label : "static");
	if (wb_qemu_bench_initramfs(&x->root, b->pol.tests, b->pol.ntests,
	    b->initrd,
	    e) != 0 || wb_qemu_version(x->qemu, b->qver, sizeof(b->qver),
	    e) != 0)
		return (-1);
	if ((plan->qemu.append = wb_qemu_bench_cmdline(&x->root, b->pol.tests,
	    b->pol.ntests)) == NULL)
		return (wb_err_set(e, "out of memory"));
	plan->cmdline = plan->qemu.append;
	plan->qemu.initrd = plan->initrd = b->initrd;
	plan->qemu_version = b->qver;
	return (0);
}

/* The accelerator (a KVM probe if the rule left it open) and the boots. */
static int
decide(const struct wb_experiment_boot *x, struct boot_run *b,
    struct wb_err *e)
{
	char bz[WB_BOOT_MAXKERNELS][PATH_MAX + 16];
	const char *kernels[WB_BOOT_MAXKERNELS], *labels[WB_BOOT_MAXKERNELS],
	    *kp[WB_BOOT_MAXKERNELS];
	struct wb_qemu_policy *pol = &b->pol;
	const char *layout;
	char *key;
	size_t i;

	/* Boots of another layout are another plan: not one record. */
	layout = wb_qemu_layout_params(&b->plan.qemu);
	if (asprintf(&key, "%s%s%s", b->plan.cmdline, layout != NULL ? " " :
	    "", layout != NULL ? layout : "") == -1)
		return (wb_err_setsys(e, "asprintf"));
	for (i = 0; i < b->nk; i++) {
		snprintf(bz[i], sizeof(bz[i]), "%s/bzImage", b->ks[i].imagedir);
		kernels[i] = bz[i];
		labels[i] = b->ks[i].label;
		kp[i] = b->keys[i];
		if (wb_qemu_repeat_key(bz[i], b->plan.qemu_version, key,
		    b->plan.suite_hash, b->keys[i], e) != 0) {
			free(key);
			return (-1);
		}
	}
	free(key);
	if (wb_qemu_policy_accel(pol, &b->plan.qemu, kernels, labels, b->nk,
	    b->plan.qemu_version, x->outdir, x->note, x->note_arg, e) != 0 ||
	    wb_qemu_policy_boots(pol, kp, labels, b->nk, e) != 0)
		return (-1);
	b->plan.qemu.accel = pol->accel.accel;
	snprintf(b->areason, sizeof(b->areason), "%s%s", pol->accel.reason,
	    pol->accel.cached ? " (cached)" : "");
	b->plan.accel_reason = b->areason;
	say(x, "accel: %s (%s)%s", wb_qemu_accel_name(pol->accel.accel),
	    pol->accel.reason, pol->accel.cached ? " (cached)" : "");
	say(x, "boots: %d per kernel (%s)", pol->boots, pol->boots_reason);
	if (layout != NULL)
		say(x, "address space: fixed (%s on the kernel command line; "
		    "--randomize keeps it random)", layout);
	else
		say(x, "address space: randomised%s", b->plan.qemu.timing ==
		    WB_TIMING_ICOUNT ? " (--randomize): repeat boots may "
		    "differ" : "");
	return (0);
}

/* The rest of the plan: paths, the timeout per boot, the notes. */
static void
plan_fill(const struct wb_experiment_boot *x, struct boot_run *b)
{
	struct wb_qb_plan *plan = &b->plan;
	double planned;
	size_t i;

	for (planned = 0, i = 0; i < plan->ntests; i++)
		planned += plan->tests[i].seconds * plan->tests[i].passes;
	plan->outdir = x->outdir;
	plan->timeout = x->timeout > 0 ? x->timeout : 600 + 4 * planned;
	plan->world = x->root.world;
	plan->note = x->note;
	plan->note_arg = x->note_arg;
	plan->preflight = x->preflight;
	plan->have_negligible = x->have_negligible;
	plan->negligible = x->negligible;
}

/* Record each kernel's repeatability, write its results, keep the paths. */
static int
finish(struct wb_experiment_boot *x, struct boot_run *b, struct wb_err *e)
{
	size_t i;

	for (i = 0; i < b->nk; i++) {
		if (wb_qemu_policy_record(&b->pol, b->ks[i].results, b->keys[i],
		    e) != 0 || wb_qemu_bench_finish(&b->ks[i], e) != 0)
			return (-1);
		if ((x->results[x->nresults] = strdup(b->ks[i].results_path)) ==
		    NULL)
			return (wb_err_setsys(e, "strdup"));
		x->nresults++;
		x->boots_failed += b->ks[i].boots_failed;
	}
	return (0);
}

static int
run(struct wb_experiment_boot *x, struct boot_run *b, struct wb_err *e)
{
	struct wb_qb_plan *plan = &b->plan;
	int rc;

	if ((rc = wb_qemu_policy_init(&b->pol, &x->policy, e)) != 0)
		return (rc);
	plan->qemu.qemu = x->qemu;
	plan->qemu.memory_mb = x->memory_mb;
	plan->qemu.plugin = x->plugin;
	plan->qemu.randomize = x->randomize;
	plan->qemu.timing = b->pol.timing;
	plan->qemu.hang_timeout = b->pol.hang_timeout;
	plan->qemu.accel = b->pol.accel.accel;
	plan->tests = b->pol.tests;
	plan->ntests = b->pol.ntests;
	if (suite_hash(x, b, e) != 0)
		return (-1);
	plan->suite_hash = b->hash;
	if (open_kernels(x, b, e) != 0 || matching(x, b, e) != 0 ||
	    prepare(x, b, e) != 0 || decide(x, b, e) != 0)
		return (-1);
	plan_fill(x, b);
	if (x->note != NULL)
		x->note(x->note_arg, wb_qemu_policy_caveat(&b->pol));
	if (wb_qemu_bench_run(b->ks, b->nk, plan, b->pol.boots, x->progress,
	    x->progress_arg, e) != 0)
		return (-1);
	return (finish(x, b, e));
}

int
wb_experiment_boot_run(struct wb_experiment_boot *x, struct wb_err *e)
{
	struct boot_run *b;
	size_t i;
	int rc;

	if (x->nkernels < 1 || x->nkernels > WB_BOOT_MAXKERNELS) {
		wb_err_set(e, "a boot experiment has 1 to %d kernels, not %zu",
		    WB_BOOT_MAXKERNELS, x->nkernels);
		return (-2);
	}
	if (x->root.init == NULL) {
		wb_err_set(e, "a boot experiment needs the guest's init "
		    "program");
		return (-2);
	}
	if ((b = calloc(1, sizeof(*b))) == NULL)
		return (wb_err_setsys(e, "calloc"));
	rc = run(x, b, e);
	for (i = 0; i < b->nk; i++)
		wb_qemu_bench_kernel_fini(&b->ks[i]);
	free((char *)b->plan.cmdline);
	wb_qemu_policy_fini(&b->pol);
	free(b);
	return (rc);
}

void
wb_experiment_boot_fini(struct wb_experiment_boot *x)
{
	size_t i;

	for (i = 0; i < x->nresults; i++)
		free(x->results[i]);
	x->nresults = 0;
}
