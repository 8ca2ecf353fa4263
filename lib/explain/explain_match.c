/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Each design point against the base: the shared stage, the diff, the
 * owners, the knobs (explain_match.h).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "explain_match.h"
#include "explain_plan.h"
#include "wb_image.h"
#include "wb_model.h"
#include "wb_stats.h"
#include "wb_util.h"

/*
 * "overlay X;component Y;" for the overlays and components that the
 * point's configuration and the base's do not share.
 */
static int
knob_sources(const struct wb_recipe *r, const char *base, const char *point,
    char *out, size_t len, struct wb_err *err)
{
	static const char *const what[][2] = {
		{ "OVERLAYS", "overlay" }, { "COMPONENTS", "component" },
	};
	struct wb_recipe_config cb, cp;
	char **wb = NULL, **wp = NULL;
	size_t i;
	int rc = -1;

	out[0] = '\0';
	if (wb_recipe_config_init(&cb, r, base, err) == -1)
		return (-1);
	if (wb_recipe_config_init(&cp, r, point, err) == -1) {
		wb_recipe_config_fini(&cb);
		return (-1);
	}
	for (i = 0; i < 2; i++) {
		if ((wb = wb_recipe_words(&cb, what[i][0], what[i][0],
		    err)) == NULL || (wp = wb_recipe_words(&cp, what[i][0],
		    what[i][0], err)) == NULL)
			goto done;
		wb_match_knob_sources_minus(wb, wp, what[i][1], out, len);
		wb_match_knob_sources_minus(wp, wb, what[i][1], out, len);
		wb_words_free(wb);
		wb_words_free(wp);
		wb = wp = NULL;
	}
	rc = 0;
done:
	wb_words_free(wb);
	wb_words_free(wp);
	wb_recipe_config_fini(&cb);
	wb_recipe_config_fini(&cp);
	return (rc);
}

/* One point: every change must be the knobs'. */
/*
 * The shared stage an image was built from (the "stage=" line of its
 * WORKDIR/images/LABEL.meta, recipe_stage.c) into sha; "" when the image
 * records none (a style without a shared stage, or an older image).
 */
static int
stage_of(const char *workdir, const char *label, char sha[65],
    struct wb_err *err)
{
	char *img, path[4096], line[256];
	FILE *fp;

	sha[0] = '\0';
	if ((img = wb_label_image_path(workdir, label, err)) == NULL)
		return (-1);
	snprintf(path, sizeof(path), "%.*s.meta",
	    (int)(strlen(img) - strlen(".tar.zst")), img);
	free(img);
	if ((fp = fopen(path, "re")) == NULL)
		return (0);
	while (fgets(line, sizeof(line), fp) != NULL)
		if (strncmp(line, "stage=", 6) == 0)
			snprintf(sha, 65, "%.*s", (int)strcspn(line + 6, "\n"),
			    line + 6);
	fclose(fp);
	return (0);
}

/* Two images that record their shared stages must record the same. */
static int
same_stage(const char *workdir, const char *base, const char *point,
    struct wb_err *err)
{
	char sb[65], sp[65];

	if (stage_of(workdir, base, sb, err) == -1 ||
	    stage_of(workdir, point, sp, err) == -1)
		return (-1);
	if (sb[0] != '\0' && sp[0] != '\0' && strcmp(sb, sp) != 0)
		return (wb_err_set(err, "%s was built from the shared stage "
		    "%.12s, the base %s from %.12s: their worlds were staged "
		    "apart (rebuild both from one stage)", point, sp, base,
		    sb));
	return (0);
}

static int
match_point(const struct wb_explain_plan *p, const struct wb_recipe *r,
    const char *workdir, size_t i, const struct wb_match_knob_owners *ob,
    FILE *rep, struct wb_err *err)
{
	const char *base = p->labels[p->design->base], *ow, *owb;
	struct wb_image_change *ch = NULL;
	char *ap = NULL, *bp = NULL, knobs[4096], kt[4096];
	struct wb_match_knob_owners op;
	size_t n = 0, j;
	int rc = -1;

	memset(&op, 0, sizeof(op));
	if (same_stage(workdir, base, p->labels[i], err) == -1 ||
	    knob_sources(r, base + strlen(p->recipe) + 1, p->labels[i] +
	    strlen(p->recipe) + 1, knobs, sizeof(knobs), err) == -1 ||
	    wb_match_knob_owners_read(&op, workdir, p->labels[i], err) == -1 ||
	    (ap = wb_label_image_path(workdir, base, err)) == NULL ||
	    (bp = wb_label_image_path(workdir, p->labels[i], err)) == NULL ||
	    wb_image_diff(ap, bp, &ch, &n, err) == -1)
		goto done;
	fprintf(rep, "  %s: %zu path%s differ%s", p->labels[i], n,
	    n == 1 ? "" : "s", n == 1 ? "s" : "");
	for (j = 0; j < n; j++) {
		ow = wb_match_knob_owner_of(&op, ch[j].path);
		owb = wb_match_knob_owner_of(ob, ch[j].path);
		if (!wb_match_knob_allowed(ow, knobs) &&
		    !wb_match_knob_allowed(owb, knobs)) {
			wb_err_set(err, "%s differs from the base %s in %s "
			    "(%c%s%s, made by %s), which none of its knobs "
			    "makes (%s)", p->labels[i], base, ch[j].path,
			    ch[j].kind, ch[j].what[0] != '\0' ? " " : "",
			    ch[j].what, ow != NULL ? ow : owb != NULL ? owb :
			    "nothing recorded", wb_match_knob_text(knobs, kt,
			    sizeof(kt)));
			goto done;
		}
		fprintf(rep, "%s %c %s (%s)", j == 0 ? ":" : ",", ch[j].kind,
		    ch[j].path, ow != NULL ? ow : owb);
	}
	fputc('\n', rep);
	rc = 0;
done:
	wb_image_changes_free(ch, n);
	wb_match_knob_owners_fini(&op);
	free(ap);
	free(bp);
	return (rc);
}

int
wb_explain_match(const struct wb_explain_plan *p, const struct wb_recipe *r,
    const char *workdir, char **report, struct wb_err *err)
{
	struct wb_match_knob_owners ob;
	size_t len = 0, i;
	FILE *rep;
	int rc = 0;

	*report = NULL;
	if (wb_match_knob_owners_read(&ob, workdir, p->labels[p->design->base],
	    err) == -1)
		return (-1);
	if ((rep = open_memstream(report, &len)) == NULL) {
		wb_match_knob_owners_fini(&ob);
		return (wb_err_setsys(err, "open_memstream"));
	}
	fprintf(rep, "matching: every point against the base %s, each path "
	    "that differs with the knob that made it\n",
	    p->labels[p->design->base]);
	for (i = 0; i < p->design->nruns && rc == 0; i++)
		if (i != p->design->base)
			rc = match_point(p, r, workdir, i, &ob, rep, err);
	fclose(rep);
	wb_match_knob_owners_fini(&ob);
	if (rc == -1) {
		free(*report);
		*report = NULL;
	}
	return (rc);
}
