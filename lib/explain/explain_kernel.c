/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The plans of an explanation over a kernel recipe (explain_kernel.h).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "explain_kernel.h"
#include "explain_plan.h"
#include "wb_image.h"
#include "wb_model.h"
#include "wb_sandbox.h"
#include "wb_stats.h"
#include "wb_util.h"

#define MAXSYMS		64

struct kfactor {
	char		*name;
	uint64_t	 opts;
};

struct kbuild_ctx {
	struct wb_explain_kernel	*kx;
	const char		*recipe;
	struct kfactor		*f;
	size_t			 k;
	int			 short_labels;	/* "+syms-HEX" when long */
};

/* The symbols of the extra fragments, in order, without CONFIG_. */
static int
read_syms(struct wb_explain_kernel *kx, const char *const *extra, size_t nextra,
    struct wb_err *err)
{
	struct wb_fragment fr;
	uint64_t in_all = ~(uint64_t)0, in_this;
	size_t i, j, s;
	const char *key;

	for (i = 0; i < nextra; i++) {
		wb_fragment_init(&fr);
		if (wb_fragment_merge_nofollow(&fr, extra[i], NULL, NULL,
		    err) == -1) {
			wb_fragment_fini(&fr);
			return (-1);
		}
		in_this = 0;
		for (j = 0; j < fr.n; j++) {
			key = fr.e[j].key;
			if (strncmp(key, "CONFIG_", 7) == 0)
				key += 7;
			for (s = 0; s < kx->nsyms; s++)
				if (strcmp(kx->syms[s], key) == 0)
					break;
			if (s == kx->nsyms) {
				if (s == MAXSYMS) {
					wb_fragment_fini(&fr);
					return (wb_err_set(err, "%s: more than "
					    "%d symbols", extra[i], MAXSYMS));
				}
				if ((kx->syms[s] = strdup(key)) == NULL ||
				    (kx->vals[s] = strdup(fr.e[j].value ==
				    NULL ? "n" : fr.e[j].value)) == NULL) {
					wb_fragment_fini(&fr);
					return (wb_err_setsys(err, "strdup"));
				}
				kx->nsyms++;
			}
			in_this |= (uint64_t)1 << s;
		}
		in_all &= in_this;
		wb_fragment_fini(&fr);
	}
	if (kx->nsyms == 0)
		return (wb_err_set(err, "variants %s and %s: the target's "
		    "fragments request nothing the base does not: nothing to "
		    "explain", kx->base, kx->target));
	kx->enablers = nextra > 1 ? in_all : 0;
	return (0);
}

/* Does s (DEBUG_LIST, CONFIG_DEBUG_LIST, debug-list) name sym? */
static int
sym_is(const char *s, size_t len, const char *sym)
{
	size_t i;

	if (len > 7 && strncasecmp(s, "CONFIG_", 7) == 0) {
		s += 7;
		len -= 7;
	}
	if (strlen(sym) != len)
		return (0);
	for (i = 0; i < len; i++)
		if (toupper((unsigned char)(s[i] == '-' ? '_' : s[i])) !=
		    sym[i])
			return (0);
	return (1);
}

static int
parse_group(struct kbuild_ctx *c, const char *g, uint64_t taken,
    struct kfactor *f, struct wb_err *err)
{
	struct wb_explain_kernel *kx = c->kx;
	const char *eq, *p;
	size_t len, s;

	if ((eq = strchr(g, '=')) == NULL || eq == g || eq[1] == '\0' ||
	    !wb_label_ok(g, (size_t)(eq - g)) || memchr(g, '+',
	    (size_t)(eq - g)) != NULL)
		return (wb_err_set(err, "group '%s': expected name=SYMBOL,"
		    "SYMBOL", g));
	f->opts = 0;
	for (p = eq + 1; *p != '\0'; p += len + (p[len] == ',')) {
		len = strcspn(p, ",");
		for (s = 0; s < kx->nsyms; s++)
			if (sym_is(p, len, kx->syms[s]))
				break;
		if (s == kx->nsyms)
			return (wb_err_set(err, "group '%s': %.*s is not "
			    "requested by the fragments of %s that %s lacks",
			    g, (int)len, p, kx->target, kx->base));
		if ((kx->enablers >> s) & 1)
			return (wb_err_set(err, "group '%s': %s is requested "
			    "by every fragment: it is on in every point but "
			    "the base", g, kx->syms[s]));
		if (((taken | f->opts) >> s) & 1)
			return (wb_err_set(err, "group '%s': %s is in another "
			    "group", g, kx->syms[s]));
		f->opts |= (uint64_t)1 << s;
	}
	if ((f->name = strndup(g, (size_t)(eq - g))) == NULL)
		return (wb_err_setsys(err, "strndup"));
	return (0);
}

static int
make_factors(struct kbuild_ctx *c, const char *const *groups,
    size_t ngroups, struct wb_err *err)
{
	struct wb_explain_kernel *kx = c->kx;
	uint64_t taken = kx->enablers;
	char word[128];
	size_t i;

	if ((c->f = calloc(ngroups + kx->nsyms, sizeof(*c->f))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	for (i = 0; i < ngroups; i++) {
		if (parse_group(c, groups[i], taken, &c->f[c->k], err) == -1)
			return (-1);
		taken |= c->f[c->k++].opts;
	}
	for (i = 0; i < kx->nsyms; i++) {
		if ((taken >> i) & 1)
			continue;
		c->f[c->k].opts = (uint64_t)1 << i;
		if ((c->f[c->k++].name = strdup(wb_recipe_option_word(
		    kx->syms[i], word, sizeof(word)))) == NULL)
			return (wb_err_setsys(err, "strdup"));
	}
	if (c->k == 0)
		return (wb_err_set(err, "every symbol is an enabler: nothing "
		    "to explain beyond the first step"));
	return (0);
}

static uint64_t
all_syms(const struct wb_explain_kernel *kx)
{

	return (kx->nsyms == 64 ? ~(uint64_t)0 :
	    ((uint64_t)1 << kx->nsyms) - 1);
}

/* The label of the point with the symbols of set on. */
static char *
label_of(const struct kbuild_ctx *c, uint64_t set, struct wb_err *err)
{
	const struct wb_explain_kernel *kx = c->kx;
	char buf[1024], word[128];
	size_t i, n;

	if (set == 0)
		return (strdup(kx->base));
	if (set == all_syms(kx))
		return (strdup(kx->target));
	n = (size_t)snprintf(buf, sizeof(buf), "%s", kx->base);
	for (i = 0; i < kx->nsyms; i++)
		if (((kx->enablers & set) >> i) & 1)
			n += (size_t)snprintf(buf + n, n < sizeof(buf) ?
			    sizeof(buf) - n : 0, "+%s", wb_recipe_option_word(
			    kx->syms[i], word, sizeof(word)));
	for (i = 0; i < c->k; i++)
		if ((c->f[i].opts & set) == c->f[i].opts)
			n += (size_t)snprintf(buf + n, n < sizeof(buf) ?
			    sizeof(buf) - n : 0, "+%s", c->f[i].name);
	if ((n >= sizeof(buf) || !wb_label_ok(buf, n)) && c->short_labels)
		n = (size_t)snprintf(buf, sizeof(buf), "%s+syms-%llx",
		    kx->base, (unsigned long long)set);
	if (n >= sizeof(buf) || wb_label_check(buf, err) == -1) {
		wb_err_set(err, "the label of the point %.*s... is not a "
		    "label (at most 64 characters): give its factors shorter "
		    "names (--group name=SYMBOL)", 40, buf);
		return (NULL);
	}
	return (strdup(buf));
}

/*
 * A plan from the point base_on over the factors fi[0 .. nf) of the
 * context (or the one factor "name" with opts, when fi is NULL).
 */
static struct wb_explain_plan *
plan_new(const struct kbuild_ctx *c, uint64_t base_on, const size_t *fi,
    size_t nf, const struct kfactor *one, const char *const *gens,
    size_t ngens, struct wb_err *err)
{
	const struct wb_explain_kernel *kx = c->kx;
	struct wb_explain_plan *p;
	uint64_t all = 0;
	size_t i, j, run;

	if ((p = calloc(1, sizeof(*p))) == NULL ||
	    (p->f = calloc(nf + 1, sizeof(*p->f))) == NULL ||
	    (p->recipe = strdup(c->recipe)) == NULL) {
		wb_err_setsys(err, "explain plan");
		goto fail;
	}
	p->options = kx->syms;
	p->noptions = kx->nsyms;
	p->base_on = base_on;
	for (i = 0; i < nf; i++) {
		const struct kfactor *f = fi != NULL ? &c->f[fi[i]] : one;

		if ((p->f[i].name = strdup(f->name)) == NULL) {
			wb_err_setsys(err, "strdup");
			goto fail;
		}
		p->f[i].opts = f->opts;
		p->k++;
		all |= f->opts;
	}
	if ((p->base = label_of(c, base_on, err)) == NULL ||
	    (p->target = label_of(c, base_on | all, err)) == NULL ||
	    wb_explain_plan_design(p, gens, ngens, err) == -1)
		goto fail;
	if ((p->labels = calloc(p->design->nruns + 1,
	    sizeof(*p->labels))) == NULL ||
	    (p->sets = calloc(p->design->nruns, sizeof(*p->sets))) == NULL) {
		wb_err_setsys(err, "calloc");
		goto fail;
	}
	for (run = 0; run < p->design->nruns; run++) {
		p->sets[run] = base_on;
		for (j = 0; j < p->k; j++)
			if (p->design->x[run * p->design->k + j] > 0)
				p->sets[run] |= p->f[j].opts;
		if ((p->labels[run] = label_of(c, p->sets[run], err)) == NULL)
			goto fail;
	}
	return (p);
fail:
	wb_explain_plan_free(p);
	return (NULL);
}

static int
add_point(struct wb_explain_kernel *kx, const char *label, uint64_t set,
    struct wb_err *err)
{
	size_t i;

	for (i = 0; i < kx->npoints; i++)
		if (kx->psets[i] == set)
			return (0);
	if (kx->npoints == WB_KEXPLAIN_MAXPOINTS)
		return (wb_err_set(err, "more than %d kernels: group symbols "
		    "(--group)", WB_KEXPLAIN_MAXPOINTS));
	if ((kx->points[kx->npoints] = strdup(label)) == NULL)
		return (wb_err_setsys(err, "strdup"));
	kx->psets[kx->npoints++] = set;
	return (0);
}

static int
add_points(struct wb_explain_kernel *kx, const struct wb_explain_plan *p,
    struct wb_err *err)
{
	size_t i;

	for (i = 0; p != NULL && i < p->design->nruns; i++)
		if (add_point(kx, p->labels[i], p->sets[i], err) == -1)
			return (-1);
	return (0);
}

/* The last step: every symbol but the enablers, from the reference. */
static int
add_total(struct kbuild_ctx *c, struct wb_err *err)
{
	struct wb_explain_kernel *kx = c->kx;
	struct kfactor total;

	total.name = "all";
	total.opts = all_syms(kx) & ~kx->enablers;
	if ((kx->steps[kx->nsteps] = plan_new(c, kx->enablers, NULL, 1,
	    &total, NULL, 0, err)) == NULL)
		return (-1);
	kx->nsteps++;
	return (0);
}

static int
make_plans(struct kbuild_ctx *c, const char *const *gens, size_t ngens,
    int one_at_a_time, int with_enable, struct wb_err *err)
{
	struct wb_explain_kernel *kx = c->kx;
	struct kfactor en;
	char word[128], name[512];
	size_t i, n, fi[64];

	if (kx->enablers != 0 && with_enable) {
		for (i = n = 0; i < kx->nsyms; i++)
			if ((kx->enablers >> i) & 1)
				n += (size_t)snprintf(name + n, n < sizeof(name)
				    ? sizeof(name) - n : 0, "%s%s", n ? "+" : "",
				    wb_recipe_option_word(kx->syms[i], word,
				    sizeof(word)));
		en.name = name;
		en.opts = kx->enablers;
		if ((kx->enable = plan_new(c, 0, NULL, 1, &en, NULL, 0,
		    err)) == NULL)
			return (-1);
	}
	for (i = 0; i < c->k; i++)
		fi[i] = i;
	if (!one_at_a_time)
		return ((kx->main = plan_new(c, kx->enablers, fi, c->k, NULL,
		    gens, ngens, err)) == NULL ? -1 : 0);
	if ((kx->steps = calloc(c->k + 1, sizeof(*kx->steps))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	for (i = 0; i < c->k; i++) {
		if ((kx->steps[i] = plan_new(c, kx->enablers, &fi[i], 1, NULL,
		    NULL, 0, err)) == NULL)
			return (-1);
		kx->nsteps++;
	}
	return (add_total(c, err));
}

/* An empty explanation of base against target, its tables made. */
static struct wb_explain_kernel *
kx_new(const char *base, const char *target, struct wb_err *err)
{
	struct wb_explain_kernel *kx;

	if ((kx = calloc(1, sizeof(*kx))) == NULL ||
	    (kx->base = strdup(base)) == NULL ||
	    (kx->target = strdup(target)) == NULL ||
	    (kx->syms = calloc(MAXSYMS, sizeof(*kx->syms))) == NULL ||
	    (kx->vals = calloc(MAXSYMS, sizeof(*kx->vals))) == NULL ||
	    (kx->points = calloc(WB_KEXPLAIN_MAXPOINTS + 1,
	    sizeof(*kx->points))) == NULL ||
	    (kx->psets = calloc(WB_KEXPLAIN_MAXPOINTS,
	    sizeof(*kx->psets))) == NULL) {
		wb_err_setsys(err, "kernel explain");
		wb_explain_kernel_free(kx);
		return (NULL);
	}
	return (kx);
}

static void
ctx_fini(struct kbuild_ctx *c)
{
	size_t i;

	for (i = 0; i < c->k; i++)
		free(c->f[i].name);
	free(c->f);
}

/*
 * A constructor's end: the points of every step added, the context
 * freed; the explanation, or NULL (freed) when it failed.
 */
static struct wb_explain_kernel *
kx_done(struct kbuild_ctx *c, int failed, struct wb_err *err)
{
	struct wb_explain_kernel *kx = c->kx;
	size_t i;

	for (i = 0; !failed && i < kx->nsteps; i++)
		if (add_points(kx, kx->steps[i], err) == -1)
			failed = 1;
	ctx_fini(c);
	if (failed) {
		wb_explain_kernel_free(kx);
		return (NULL);
	}
	return (kx);
}

struct wb_explain_kernel *
wb_explain_kernel_new(const char *recipe, const char *base, const char *target,
    const char *const *extra, size_t nextra, const char *const *groups,
    size_t ngroups, const char *const *gens, size_t ngens,
    int one_at_a_time, struct wb_err *err)
{
	struct kbuild_ctx c;
	struct wb_explain_kernel *kx;

	memset(&c, 0, sizeof(c));
	c.recipe = recipe;
	if ((kx = kx_new(base, target, err)) == NULL)
		return (NULL);
	c.kx = kx;
	if (read_syms(kx, extra, nextra, err) == -1 ||
	    make_factors(&c, groups, ngroups, err) == -1 ||
	    make_plans(&c, gens, ngens, one_at_a_time, 1, err) == -1 ||
	    add_point(kx, kx->base, 0, err) == -1 ||
	    add_points(kx, kx->enable, err) == -1 ||
	    add_points(kx, kx->main, err) == -1)
		return (kx_done(&c, 1, err));
	return (kx_done(&c, 0, err));
}

/* A new explanation with kx's variants and symbols, no plans yet. */
static struct wb_explain_kernel *
kx_like(const struct wb_explain_kernel *kx, struct wb_err *err)
{
	struct wb_explain_kernel *to;
	size_t i;

	if ((to = kx_new(kx->base, kx->target, err)) == NULL)
		return (NULL);
	for (i = 0; i < kx->nsyms; i++) {
		if ((to->syms[i] = strdup(kx->syms[i])) == NULL ||
		    (to->vals[i] = strdup(kx->vals[i])) == NULL) {
			wb_err_setsys(err, "strdup");
			to->nsyms = i + 1;
			wb_explain_kernel_free(to);
			return (NULL);
		}
		to->nsyms++;
	}
	to->enablers = kx->enablers;
	return (to);
}

/* Stage two's steps: each member of the active groups after the ones before. */
static int
refine_steps(struct kbuild_ctx *c, const struct wb_explain_kernel *kx,
    const int *active, struct wb_err *err)
{
	struct wb_explain_kernel *r = c->kx;
	const struct wb_explain_plan *p;
	uint64_t before;
	size_t i, j, k0 = 0;	/* c's factors: the members, in order */

	for (i = 0; i + 1 < kx->nsteps; i++) {
		p = kx->steps[i];
		if (!active[i] || __builtin_popcountll(p->f[0].opts) < 2)
			continue;
		before = 0;
		for (j = 0; j < kx->nsyms; j++) {
			if (!((p->f[0].opts >> j) & 1))
				continue;
			if ((r->steps[r->nsteps] = plan_new(c, kx->enablers |
			    before, &k0, 1, NULL, NULL, 0, err)) == NULL)
				return (-1);
			r->nsteps++;
			before |= (uint64_t)1 << j;
			k0++;
		}
	}
	return (add_total(c, err));
}

/* Replace *label by from's label of the same set, if from has one. */
static int
relabel(char **label, uint64_t set, const struct wb_explain_kernel *from,
    struct wb_err *err)
{
	size_t i;
	char *s;

	for (i = 0; i < from->npoints; i++)
		if (from->psets[i] == set && strcmp(*label,
		    from->points[i]) != 0) {
			if ((s = strdup(from->points[i])) == NULL)
				return (wb_err_setsys(err, "strdup"));
			free(*label);
			*label = s;
			break;
		}
	return (0);
}

/*
 * Stage two's points that stage one has (a group's last step ends at the
 * group's point) keep stage one's labels: one kernel, built once.
 */
static int
reuse_labels(struct wb_explain_kernel *r, const struct wb_explain_kernel *kx,
    struct wb_err *err)
{
	struct wb_explain_plan *p;
	uint64_t all;
	size_t i, j, run;

	for (i = 0; i < r->nsteps; i++) {
		p = r->steps[i];
		for (all = p->base_on, j = 0; j < p->k; j++)
			all |= p->f[j].opts;
		if (relabel(&p->base, p->base_on, kx, err) == -1 ||
		    relabel(&p->target, all, kx, err) == -1)
			return (-1);
		for (run = 0; run < p->design->nruns; run++)
			if (relabel(&p->labels[run], p->sets[run], kx,
			    err) == -1)
				return (-1);
	}
	return (0);
}

struct wb_explain_kernel *
wb_explain_kernel_refine(const struct wb_explain_kernel *kx, const int *active,
    const char *recipe, int *none, struct wb_err *err)
{
	struct kbuild_ctx c;
	struct wb_explain_kernel *r;
	const struct wb_explain_plan *p;
	char word[128];
	size_t i, j;

	memset(&c, 0, sizeof(c));
	c.recipe = recipe;
	c.short_labels = 1;
	*none = 0;
	if ((r = kx_like(kx, err)) == NULL)
		return (NULL);
	c.kx = r;
	if ((c.f = calloc(kx->nsyms, sizeof(*c.f))) == NULL ||
	    (r->steps = calloc(kx->nsyms + 1, sizeof(*r->steps))) == NULL) {
		wb_err_setsys(err, "calloc");
		goto fail;
	}
	for (i = 0; i + 1 < kx->nsteps; i++) {
		p = kx->steps[i];
		if (!active[i] || __builtin_popcountll(p->f[0].opts) < 2)
			continue;
		for (j = 0; j < kx->nsyms; j++) {
			if (!((p->f[0].opts >> j) & 1))
				continue;
			c.f[c.k].opts = (uint64_t)1 << j;
			if ((c.f[c.k++].name = strdup(wb_recipe_option_word(
			    kx->syms[j], word, sizeof(word)))) == NULL) {
				wb_err_setsys(err, "strdup");
				goto fail;
			}
		}
	}
	if (c.k == 0) {
		*none = 1;
		goto fail;
	}
	if (refine_steps(&c, kx, active, err) == -1 ||
	    reuse_labels(r, kx, err) == -1)
		goto fail;
	return (kx_done(&c, 0, err));
fail:
	return (kx_done(&c, 1, err));
}

struct wb_explain_kernel *
wb_explain_kernel_pair(const struct wb_explain_kernel *kx, uint64_t set,
    const char *recipe, struct wb_err *err)
{
	struct kbuild_ctx c;
	struct wb_explain_kernel *r;
	struct kfactor one;
	char name[512];
	size_t i, n, nf;

	memset(&c, 0, sizeof(c));
	c.recipe = recipe;
	c.short_labels = 1;
	nf = kx->nsteps > 0 ? kx->nsteps - 1 : 0;
	if (nf == 0 || kx->main != NULL || set == 0 ||
	    (nf < 64 && set >> nf != 0)) {
		wb_err_set(err, "a configuration of a search: a nonempty set "
		    "of the %zu factors of a one-at-a-time plan", nf);
		return (NULL);
	}
	if ((r = kx_like(kx, err)) == NULL)
		return (NULL);
	c.kx = r;
	if ((c.f = calloc(nf, sizeof(*c.f))) == NULL ||
	    (r->steps = calloc(1, sizeof(*r->steps))) == NULL) {
		wb_err_setsys(err, "calloc");
		goto fail;
	}
	one.opts = 0;
	for (i = n = 0; i < nf; i++) {
		if ((c.f[c.k].name = strdup(kx->steps[i]->f[0].name)) == NULL) {
			wb_err_setsys(err, "strdup");
			goto fail;
		}
		c.f[c.k++].opts = kx->steps[i]->f[0].opts;
		if (!((set >> i) & 1))
			continue;
		one.opts |= kx->steps[i]->f[0].opts;
		n += (size_t)snprintf(name + n, n < sizeof(name) ?
		    sizeof(name) - n : 0, "%s%s", n ? "+" : "",
		    kx->steps[i]->f[0].name);
	}
	if (n >= sizeof(name))
		snprintf(name, sizeof(name), "syms-%llx",
		    (unsigned long long)one.opts);
	one.name = name;
	if ((r->steps[0] = plan_new(&c, kx->enablers, NULL, 1, &one, NULL,
	    0, err)) == NULL)
		goto fail;
	r->nsteps = 1;
	return (kx_done(&c, 0, err));
fail:
	return (kx_done(&c, 1, err));
}

void
wb_explain_kernel_free(struct wb_explain_kernel *kx)
{
	size_t i;

	if (kx == NULL)
		return;
	wb_explain_plan_free(kx->enable);
	wb_explain_plan_free(kx->main);
	for (i = 0; i < kx->nsteps; i++)
		wb_explain_plan_free(kx->steps[i]);
	free(kx->steps);
	for (i = 0; kx->syms != NULL && i < kx->nsyms; i++) {
		free(kx->syms[i]);
		free(kx->vals[i]);
	}
	free(kx->syms);
	free(kx->vals);
	for (i = 0; i < kx->npoints; i++)
		free(kx->points[i]);
	free(kx->points);
	free(kx->psets);
	free(kx->base);
	free(kx->target);
	free(kx);
}

int
wb_explain_kernel_variant(const struct wb_explain_kernel *kx, size_t i)
{

	if (kx->psets[i] == 0)
		return (1);
	if (kx->psets[i] == all_syms(kx))
		return (2);
	return (0);
}

char *
wb_explain_kernel_fragment(const struct wb_explain_kernel *kx, size_t i,
    struct wb_err *err)
{
	char *s = NULL;
	size_t len = 0, j;
	FILE *fp;

	if ((fp = open_memstream(&s, &len)) == NULL) {
		wb_err_setsys(err, "open_memstream");
		return (NULL);
	}
	fprintf(fp, "# worldbench explain: point %s\n", kx->points[i]);
	for (j = 0; j < kx->nsyms; j++)
		if ((kx->psets[i] >> j) & 1)
			fprintf(fp, "CONFIG_%s=%s\n", kx->syms[j], kx->vals[j]);
	if (fclose(fp) != 0) {
		free(s);
		wb_err_setsys(err, "fragment");
		return (NULL);
	}
	return (s);
}
