/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Building a report model (rmodel.h).  A failed allocation marks the
 * model and is reported when it is written.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rmodel.h"
#include "wb_util.h"

struct wb_rmodel *
wb_rmodel_new(const char *title, struct wb_err *err)
{
	struct wb_rmodel *m;

	if ((m = calloc(1, sizeof(*m))) == NULL ||
	    (title != NULL && (m->title = strdup(title)) == NULL)) {
		free(m);
		wb_err_setsys(err, "report model");
		return (NULL);
	}
	return (m);
}

static void
strs_free(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static void
metas_free(struct wb_rm_meta *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].key);
		free(v[i].value);
	}
	free(v);
}

static void
section_fini(struct wb_rm_section *s)
{
	size_t i;

	free(s->title);
	free(s->figure);
	for (i = 0; i < s->nnote; i++) {
		free(s->note[i].lead);
		free(s->note[i].text);
	}
	free(s->note);
	for (i = 0; i < s->ncol; i++)
		free(s->col[i].name);
	free(s->col);
	for (i = 0; i < s->ncell; i++)
		free(s->cell[i].text);
	free(s->cell);
}

void
wb_rmodel_free(struct wb_rmodel *m)
{
	size_t i;

	if (m == NULL)
		return;
	free(m->title);
	strs_free(m->note, m->nnote);
	metas_free(m->meta, m->nmeta);
	metas_free(m->rec, m->nrec);
	for (i = 0; i < m->nsec; i++)
		section_fini(&m->sec[i]);
	free(m->sec);
	strs_free(m->foot, m->nfoot);
	free(m);
}

/* Room for one more element of size sz in *v (n in use); NULL marks m. */
static void *
grow(struct wb_rmodel *m, void *vp, size_t n, size_t sz)
{
	void **v = vp;
	void *p;

	if (m->failed)
		return (NULL);
	if ((p = realloc(*v, (n + 1) * sz)) == NULL) {
		m->failed = 1;
		return (NULL);
	}
	*v = p;
	memset((char *)p + n * sz, 0, sz);
	return ((char *)p + n * sz);
}

static char *
sdup(struct wb_rmodel *m, const char *s)
{
	char *d;

	if (s == NULL || m->failed)
		return (NULL);
	if ((d = strdup(s)) == NULL)
		m->failed = 1;
	return (d);
}

static void
str_add(struct wb_rmodel *m, char ***v, size_t *n, const char *s)
{
	char **p;

	if ((p = grow(m, v, *n, sizeof(**v))) == NULL)
		return;
	if ((*p = sdup(m, s)) != NULL)
		(*n)++;
}

static void
meta_add(struct wb_rmodel *m, struct wb_rm_meta **v, size_t *n,
    const char *key, const char *value, int json)
{
	struct wb_rm_meta *p;

	if ((p = grow(m, v, *n, sizeof(*p))) == NULL)
		return;
	p->key = sdup(m, key);
	p->value = sdup(m, value);
	p->json = json;
	if (m->failed) {
		free(p->key);
		free(p->value);
		return;
	}
	(*n)++;
}

void
wb_rmodel_meta(struct wb_rmodel *m, const char *key, const char *value)
{

	meta_add(m, &m->meta, &m->nmeta, key, value, 0);
}

void
wb_rmodel_meta_json(struct wb_rmodel *m, const char *key, const char *json)
{

	meta_add(m, &m->meta, &m->nmeta, key, json, 1);
}

void
wb_rmodel_record(struct wb_rmodel *m, const char *key, const char *json)
{

	meta_add(m, &m->rec, &m->nrec, key, json, 1);
}

void
wb_rmodel_record_sig(struct wb_rmodel *m, int sig)
{

	m->recsig = sig;
}

void
wb_rmodel_note(struct wb_rmodel *m, const char *s)
{

	str_add(m, &m->note, &m->nnote, s);
}

void
wb_rmodel_footnote(struct wb_rmodel *m, const char *s)
{

	str_add(m, &m->foot, &m->nfoot, s);
}

static void
section_add(struct wb_rmodel *m, const char *title, int depth)
{
	struct wb_rm_section *s;

	if ((s = grow(m, &m->sec, m->nsec, sizeof(*s))) == NULL)
		return;
	if (title != NULL && (s->title = sdup(m, title)) == NULL)
		return;
	s->depth = depth;
	m->nsec++;
}

void
wb_rmodel_section(struct wb_rmodel *m, const char *title)
{

	section_add(m, title, 1);
}

void
wb_rmodel_subsection(struct wb_rmodel *m, const char *title)
{

	section_add(m, title, 2);
}

static struct wb_rm_section *
last(struct wb_rmodel *m)
{

	if (m->nsec == 0)
		wb_rmodel_section(m, NULL);
	return (m->failed ? NULL : &m->sec[m->nsec - 1]);
}

void
wb_rmodel_section_use(struct wb_rmodel *m, enum wb_rm_use use)
{
	struct wb_rm_section *s;

	if ((s = last(m)) != NULL)
		s->use = use;
}

static void
note_add(struct wb_rmodel *m, enum wb_rm_note_kind kind, const char *lead,
    const char *text)
{
	struct wb_rm_section *s;
	struct wb_rm_note *n;

	if ((s = last(m)) == NULL ||
	    (n = grow(m, &s->note, s->nnote, sizeof(*n))) == NULL)
		return;
	n->kind = kind;
	n->lead = sdup(m, lead);
	n->text = sdup(m, text != NULL ? text : "");
	if (m->failed) {
		free(n->lead);
		free(n->text);
		return;
	}
	s->nnote++;
}

void
wb_rmodel_section_note(struct wb_rmodel *m, const char *note)
{

	note_add(m, WB_RM_PARA, NULL, note);
}

void
wb_rmodel_section_warn(struct wb_rmodel *m, const char *note)
{

	note_add(m, WB_RM_WARN, NULL, note);
}

void
wb_rmodel_section_pre(struct wb_rmodel *m, const char *text)
{

	note_add(m, WB_RM_PRE, NULL, text);
}

void
wb_rmodel_section_item(struct wb_rmodel *m, const char *lead, int strong,
    const char *text)
{
	struct wb_rm_section *s;

	note_add(m, strong ? WB_RM_ITEM_WARN : WB_RM_ITEM, lead, text);
	if ((s = last(m)) == NULL || s->nnote == 0)
		return;
	s->note[s->nnote - 1].newlist = s->newlist;
	s->newlist = 0;
}

void
wb_rmodel_section_list(struct wb_rmodel *m)
{
	struct wb_rm_section *s;

	if ((s = last(m)) != NULL)
		s->newlist = 1;
}

void
wb_rmodel_section_figure(struct wb_rmodel *m, const char *markup)
{
	struct wb_rm_section *s;
	char *d;

	if ((s = last(m)) == NULL || (d = sdup(m, markup)) == NULL)
		return;
	free(s->figure);
	s->figure = d;
}

void
wb_rmodel_column(struct wb_rmodel *m, const char *name,
    enum wb_rm_align align, enum wb_rm_kind kind)
{
	struct wb_rm_section *s;
	struct wb_rm_col *c;

	if ((s = last(m)) == NULL ||
	    (c = grow(m, &s->col, s->ncol, sizeof(*c))) == NULL)
		return;
	if ((c->name = sdup(m, name)) == NULL)
		return;
	c->align = align;
	c->kind = kind;
	s->ncol++;
}

static struct wb_rmodel_cell *
cell_add(struct wb_rmodel *m, enum wb_rm_kind kind)
{
	struct wb_rm_section *s;
	struct wb_rmodel_cell *c;

	if ((s = last(m)) == NULL)
		return (NULL);
	if (s->ncol == 0) {
		m->failed = 1;	/* a cell without a column: a caller's bug */
		return (NULL);
	}
	if ((c = grow(m, &s->cell, s->ncell, sizeof(*c))) == NULL)
		return (NULL);
	c->kind = kind;
	c->v = c->lo = c->hi = NAN;
	s->ncell++;
	return (c);
}

void
wb_rmodel_text(struct wb_rmodel *m, const char *text)
{
	struct wb_rmodel_cell *c;

	if ((c = cell_add(m, WB_RM_TEXT)) != NULL)
		c->text = sdup(m, text != NULL ? text : "");
}

void
wb_rmodel_strong(struct wb_rmodel *m, const char *text)
{
	struct wb_rmodel_cell *c;

	if ((c = cell_add(m, WB_RM_TEXT)) == NULL)
		return;
	c->text = sdup(m, text != NULL ? text : "");
	c->strong = 1;
}

void
wb_rmodel_num(struct wb_rmodel *m, double v, int prec)
{
	struct wb_rmodel_cell *c;

	if ((c = cell_add(m, WB_RM_NUM)) == NULL)
		return;
	c->v = v;
	c->prec = prec;
}

void
wb_rmodel_num_sig(struct wb_rmodel *m, double v, int sig)
{
	struct wb_rmodel_cell *c;

	if ((c = cell_add(m, WB_RM_NUM)) == NULL)
		return;
	c->v = v;
	c->sig = sig > 0 ? sig : 1;
}

void
wb_rmodel_ratio(struct wb_rmodel *m, double v, double lo, double hi,
    int prec)
{
	struct wb_rmodel_cell *c;

	if ((c = cell_add(m, WB_RM_RATIO)) == NULL)
		return;
	c->v = v;
	c->lo = lo;
	c->hi = hi;
	c->prec = prec;
}

void
wb_rmodel_verdict(struct wb_rmodel *m, const char *words, int sign)
{
	struct wb_rmodel_cell *c;

	if ((c = cell_add(m, WB_RM_VERDICT)) == NULL)
		return;
	c->text = sdup(m, words != NULL ? words : "");
	c->sign = sign;
}

int
wb_rmodel_shown(const struct wb_rm_section *s, int readers)
{

	return (s->use == WB_RM_BOTH ||
	    s->use == (readers ? WB_RM_READERS : WB_RM_PROGRAMS));
}

size_t
wb_rmodel_nrow(const struct wb_rm_section *s)
{

	return (s->ncol == 0 ? 0 : (s->ncell + s->ncol - 1) / s->ncol);
}

const struct wb_rmodel_cell *
wb_rmodel_cell(const struct wb_rm_section *s, size_t r, size_t c)
{
	size_t i;

	i = r * s->ncol + c;
	return (c < s->ncol && i < s->ncell ? &s->cell[i] : NULL);
}
