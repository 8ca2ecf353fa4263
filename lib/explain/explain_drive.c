/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * explain over worlds (explain_drive.h): the plan's points run as one
 * experiment, matched first, then estimated, judged and reported.
 */
#include <stdlib.h>
#include <string.h>

#include "explain_drive.h"
#include "explain_format.h"
#include "explain_match.h"
#include "explain_plan.h"
#include "explain_result.h"
#include "wb_experiment.h"
#include "wb_report.h"
#include "wb_stats.h"
#include "wb_util.h"

/* The driver's state around the caller's hooks. */
struct hooks {
	const struct wb_explain_drive	*w;
	char				*report;	/* for matching.txt */
};

/* Before the run: every point differs from the base in its knobs only. */
static int
match(void *arg, const struct wb_experiment *x, const char **what,
    struct wb_err *err)
{
	struct hooks *k = arg;
	const struct wb_explain_drive *w = k->w;

	if (wb_explain_match(w->p, w->r, x->workdir, &k->report, err) == -1) {
		*what = "the design points do not match";
		return (-1);
	}
	if (!w->d.quiet && w->matching != NULL)
		w->matching(w->d.arg, k->report);
	return (0);
}

static int
run(void *arg, struct wb_harness *h)
{
	const struct wb_explain_drive *w = ((struct hooks *)arg)->w;

	return (w->d.run(w->d.arg, h));
}

static void
warn_line(void *arg, const char *line)
{
	const struct wb_explain_drive *w = ((struct hooks *)arg)->w;

	if (w->d.warn != NULL)
		w->d.warn(w->d.arg, line);
}

/* A file of the run directory written (atomically) or saved by fmt. */
static int
save(const struct wb_experiment *x, const char *name, const char *text,
    const struct wb_explain_result *r, const char *format,
    struct wb_err *err)
{
	char *path;
	int rc;

	if ((path = wb_experiment_path(x, name, err)) == NULL)
		return (-1);
	rc = text != NULL ? wb_atomic_write(path, text, strlen(text), 0644,
	    err) : wb_explain_save(path, format, r, err);
	free(path);
	return (rc);
}

/* The effects estimated, judged and reported into the run directory. */
static int
result(const struct wb_explain_drive *w, struct wb_explain_done *done,
    struct wb_err *err)
{
	static const struct {
		const char	*name;
		const char	*format;
	} files[] = {
		{ "explain.txt", "text" },
		{ "explain.json", "json" },
		{ "explain.md", "markdown" },
		{ "explain.html", "html" },
	};
	struct wb_explain_result *r;
	size_t i;

	if ((r = wb_explain_result_new(w->p, w->d.x->rundir, w->maxorder,
	    0.95, err)) == NULL)
		return (-1);
	done->result = r;
	if (wb_explain_family(r, err) == -1)
		return (-1);
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		if (save(w->d.x, files[i].name, NULL, r, files[i].format,
		    err) == -1)
			return (-1);
	return (0);
}

int
wb_explain_drive(const struct wb_explain_drive *w,
    struct wb_explain_done *done, struct wb_err *err)
{
	struct wb_experiment_drive d = w->d;
	struct hooks k = { w, NULL };
	int rc;

	memset(done, 0, sizeof(*done));
	d.x->labels = (const char *const *)w->p->labels;
	d.x->nlabels = w->p->design->nruns;
	d.images_built = match;
	d.run = run;
	d.warn = warn_line;
	d.arg = &k;
	rc = wb_experiment_drive(&d, &done->x, err);
	/* The matching report beside the others, as the run found it. */
	if (rc == 0 && done->x.status < 128 && k.report != NULL &&
	    save(d.x, "matching.txt", k.report, NULL, "text",
	    err) == -1)
		rc = -1;
	free(k.report);
	if (rc == 0 && done->x.status < 128 && result(w, done, err) == -1)
		rc = -1;
	if (rc == -1 && done->x.what == NULL && !done->x.busy)
		done->x.status = 0;	/* the error's class says */
	return (rc);
}

void
wb_explain_done_fini(struct wb_explain_done *done)
{

	wb_experiment_done_fini(&done->x);
	wb_explain_result_free(done->result);
	done->result = NULL;
}
