/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The qemu experiment policy: timing, accelerator, plan, boots per
 * kernel (lib/guest/qemu_policy.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "qemu.h"
#include "qemu_accel.h"
#include "qemu_bench.h"
#include "qemu_policy.h"
#include "wb_model.h"
#include "wb_util.h"

/* The timing: as asked, else icount unless KVM was asked for. */
static int
choose_timing(const struct wb_qemu_policy_req *q, enum wb_qemu_timing *t,
    struct wb_err *err)
{

	*t = q->accel != NULL && strcmp(q->accel, "kvm") == 0 ?
	    WB_TIMING_WALL : WB_TIMING_ICOUNT;
	if (q->timing != NULL && wb_qemu_timing_parse(q->timing, t) != 0) {
		wb_err_set(err, "--timing: '%s' is not icount or wall",
		    q->timing);
		return (-2);
	}
	return (0);
}

static void
accel_req(const struct wb_qemu_policy_req *q, enum wb_qemu_timing timing,
    struct wb_accel_req *a)
{
	const char *s;

	memset(a, 0, sizeof(*a));
	a->requested = q->accel;
	a->timing = timing;
	s = getenv("WB_NO_KVM");
	a->no_kvm = s != NULL && *s != '\0' && strcmp(s, "0") != 0;
	/* Tests name a stand-in for /dev/kvm. */
	if ((s = getenv("WB_KVM_DEVICE")) != NULL && *s != '\0')
		a->kvm_device = s;
	a->cachedir = q->cachedir;
	a->probe_timeout = q->probe_timeout;
}

/*
 * Passes and their length per test.  --quick under qemu gives every
 * test WB_POLICY_QUICK_PASSES passes in one boot; a slow test's passes
 * are shortened so that the plan lasts about as long as the single
 * quick pass it had before.
 */
static int
make_plan(const struct wb_qemu_policy_req *q, struct wb_qemu_policy *p,
    struct wb_err *err)
{
	const struct wb_test_def **defs, *d;
	struct wb_qb_test *t;
	size_t n, i;

	if (wb_suite_parse_list(q->tests != NULL ? q->tests : "all", &defs,
	    &n, err) != 0)
		return (-2);
	if ((t = calloc(n, sizeof(*t))) == NULL) {
		free(defs);
		return (wb_err_setsys(err, "plan"));
	}
	for (i = 0; i < n; i++) {
		d = t[i].def = defs[i];
		if (q->quick && q->passes == 0) {
			t[i].passes = WB_POLICY_QUICK_PASSES;
			t[i].seconds = d->slow ? d->quick *
			    WB_POLICY_SLOW_FRACTION : d->quick;
		} else {
			t[i].passes = wb_suite_passes(d, q->passes);
			t[i].seconds = q->quick ? d->quick : d->duration;
		}
		if (q->seconds > 0)
			t[i].seconds = q->seconds;
	}
	free(defs);
	p->tests = t;
	p->ntests = n;
	return (0);
}

int
wb_qemu_policy_init(struct wb_qemu_policy *p,
    const struct wb_qemu_policy_req *q, struct wb_err *err)
{
	int rc;

	memset(p, 0, sizeof(*p));
	if ((rc = choose_timing(q, &p->timing, err)) != 0)
		return (rc);
	p->hang_timeout = q->hang >= 0 ? q->hang : WB_QEMU_HANG_TIMEOUT;
	accel_req(q, p->timing, &p->areq);
	if ((rc = wb_qemu_accel_rule(&p->areq, &p->accel, err)) < 0)
		return (rc);
	p->probe = rc == 0;
	p->boots = q->boots;
	p->boots_given = q->boots > 0;
	return (make_plan(q, p, err));
}

void
wb_qemu_policy_fini(struct wb_qemu_policy *p)
{

	free(p->tests);
	json_decref(p->records);
	p->tests = NULL;
	p->records = NULL;
}

int
wb_qemu_policy_accel(struct wb_qemu_policy *p,
    const struct wb_qemu_conf *base, const char *const *kernels,
    const char *const *labels, size_t n, const char *qver,
    const char *probedir, void (*note)(void *, const char *),
    void *note_arg, struct wb_err *err)
{

	if (!p->probe)
		return (0);
	p->areq.qemu_version = qver;
	if (note != NULL)
		note(note_arg, "wall timing: KVM only if a short probe boot of "
		    "each kernel reaches init (or its cached verdict says so)");
	if (wb_qemu_accel_probe(&p->areq, base, kernels, labels, n, probedir,
	    &p->accel, err) != 0)
		return (-1);
	if (note != NULL && p->accel.note[0] != '\0')
		note(note_arg, p->accel.note);
	return (0);
}

/* The largest between-boot spread of a record, or NaN. */
static double
record_spread(json_t *rec)
{
	json_t *v;

	v = json_object_get(json_object_get(rec, "measured"),
	    "max_between_boots");
	return (json_is_number(v) ? json_number_value(v) : NAN);
}

int
wb_qemu_policy_boots(struct wb_qemu_policy *p, const char *const *keys,
    const char *const *labels, size_t n, struct wb_err *err)
{
	json_t *rec;
	const char *missing;
	double s, worst;
	size_t i;
	int rc;

	if (p->boots_given) {
		snprintf(p->boots_reason, sizeof(p->boots_reason), "-B %d",
		    p->boots);
		p->measuring = p->boots >= 2;
		return (0);
	}
	if (p->timing == WB_TIMING_WALL) {
		p->boots = WB_POLICY_WALL_BOOTS;
		p->measuring = 1;
		snprintf(p->boots_reason, sizeof(p->boots_reason), "wall "
		    "timing: boots vary, the boot is the unit");
		return (0);
	}
	json_decref(p->records);
	if ((p->records = json_object()) == NULL)
		return (wb_err_set(err, "boots: out of memory"));
	missing = NULL;
	worst = 0;
	for (i = 0; i < n; i++) {
		if ((rc = wb_qemu_repeat_load(p->areq.cachedir, keys[i], &rec,
		    err)) < 0)
			return (-1);
		s = rc == 1 ? record_spread(rec) : NAN;
		if (rc == 1)
			json_object_set_new(p->records, labels[i], rec);
		if (isnan(s)) {
			if (missing == NULL)
				missing = labels[i];
		} else if (s > worst)
			worst = s;
	}
	if (missing != NULL) {
		p->boots = WB_POLICY_MEASURE_BOOTS;
		snprintf(p->boots_reason, sizeof(p->boots_reason), "icount: "
		    "the repeatability of %s is not measured yet; %d boots "
		    "measure and record it", missing, p->boots);
	} else if (worst <= WB_POLICY_REPEAT_TOL) {
		p->boots = 1;
		snprintf(p->boots_reason, sizeof(p->boots_reason), "icount: "
		    "repeat boots of every kernel agreed within %.3g%% "
		    "(recorded; at most %.3g%% allowed): one boot",
		    100 * worst, 100 * WB_POLICY_REPEAT_TOL);
	} else {
		p->boots = WB_POLICY_WALL_BOOTS;
		snprintf(p->boots_reason, sizeof(p->boots_reason), "icount: "
		    "repeat boots differed by %.3g%% (more than %.3g%%): %d "
		    "boots, the boot is the unit", 100 * worst,
		    100 * WB_POLICY_REPEAT_TOL, p->boots);
	}
	p->measuring = p->boots >= 2;
	return (0);
}

const char *
wb_qemu_policy_caveat(const struct wb_qemu_policy *p)
{

	if (p->timing == WB_TIMING_ICOUNT)
		return ("deterministic icount timing: emulated ratios are not "
		    "hardware ratios");
	return (p->accel.accel == WB_ACCEL_KVM ? "wall-clock timing under "
	    "KVM: boots vary, and virtual-machine ratios are not bare-metal "
	    "ratios" : "wall-clock timing under emulation: boots vary, and "
	    "emulated ratios are not hardware ratios");
}

/* "passes within one boot (...)" or "N boots (...)". */
static void
uncertainty(const struct wb_qemu_policy *p, json_t *measured,
    const char *label, char *buf, size_t len)
{
	json_t *rec;
	double s;

	if (p->boots >= 2) {
		s = json_is_number(json_object_get(measured,
		    "max_between_boots")) ? json_number_value(
		    json_object_get(measured, "max_between_boots")) : NAN;
		if (isnan(s))
			snprintf(buf, len, "repeat boots: %d boots per kernel, "
			    "the boot is the unit (%s); fewer than two boots "
			    "of this kernel were ok", p->boots, p->timing ==
			    WB_TIMING_ICOUNT ? "icount" : "wall-clock timing");
		else
			snprintf(buf, len, "repeat boots: %d boots per kernel, "
			    "the boot is the unit (%s); boots of this kernel "
			    "differed by up to %.3g%%", p->boots, p->timing ==
			    WB_TIMING_ICOUNT ? "icount" : "wall-clock timing",
			    100 * s);
		return;
	}
	rec = p->records != NULL ? json_object_get(p->records, label) : NULL;
	s = rec != NULL ? record_spread(rec) : NAN;
	if (isnan(s))
		snprintf(buf, len, "passes within one boot; repeat boots not "
		    "measured");
	else
		snprintf(buf, len, "passes within one boot; repeat boots of "
		    "this kernel agreed within %.3g%%, a spread these "
		    "intervals leave out (measured %s)", 100 * s,
		    json_string_value(json_object_get(rec, "date")) != NULL ?
		    json_string_value(json_object_get(rec, "date")) :
		    "earlier");
}

int
wb_qemu_policy_record(const struct wb_qemu_policy *p, struct wb_results *r,
    const char *key, struct wb_err *err)
{
	json_t *measured, *rep, *prev, *bb;
	struct wb_err serr;
	const char *label;
	char unc[512];

	if ((measured = wb_qemu_repeat_measure(r)) == NULL)
		return (wb_err_set(err, "repeatability: out of memory"));
	label = json_string_value(json_object_get(r->provenance, "label"));
	/* Only a file's label keys the records read for it. */
	prev = p->records != NULL && label != NULL ?
	    json_object_get(p->records, label) : NULL;
	uncertainty(p, measured, label != NULL ? label : "", unc, sizeof(unc));
	bb = json_object_get(measured, "max_between_boots");
	rep = json_pack("{s:i, s:s, s:s, s:f, s:O, s:O?}", "boots", p->boots,
	    "boots_reason", p->boots_reason, "rule", "icount: one boot when "
	    "every kernel's repeat boots agreed within the tolerance, else "
	    "repeat boots; two boots when not measured yet; wall timing: "
	    "repeat boots", "tolerance", WB_POLICY_REPEAT_TOL, "measured",
	    measured, "record", prev);
	if (rep == NULL) {
		json_decref(measured);
		return (wb_err_set(err, "repeatability: out of memory"));
	}
	if (wb_results_set_provenance(r, "repeatability", rep, err) != 0 ||
	    wb_results_set_provenance(r, "uncertainty", json_string(unc),
	    err) != 0) {
		json_decref(measured);
		return (-1);
	}
	/*
	 * Only icount boots repeat well enough to decide later runs.  A
	 * record that cannot be written costs the next run a measurement,
	 * not this run its results: the reason is kept in them.
	 */
	wb_err_clear(&serr);
	if (p->timing == WB_TIMING_ICOUNT && json_is_number(bb) &&
	    p->areq.cachedir != NULL && key != NULL &&
	    wb_qemu_repeat_save(p->areq.cachedir, key, measured, &serr) != 0)
		json_object_set_new(rep, "record_error", json_string(serr.msg));
	json_decref(measured);
	return (0);
}
