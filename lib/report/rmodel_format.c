/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The format table (rmodel_formats.h) and what every writer shares: a
 * cell as a string, writing to a stream or a file.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rmodel.h"
#include "wb_util.h"

#define WB_RM_FORMAT(name, fn)	wb_rm_writer fn;
#include "rmodel_formats.h"
#undef WB_RM_FORMAT

static const struct wb_rm_format formats[] = {
#define WB_RM_FORMAT(name, fn)	{ name, fn },
#include "rmodel_formats.h"
#undef WB_RM_FORMAT
};

const struct wb_rm_format *
wb_rmodel_format_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		if (strcmp(formats[i].name, name) == 0)
			return (&formats[i]);
	return (NULL);
}

const char *
wb_rmodel_format_names(void)
{
	static char buf[256];
	size_t i, o;

	o = 0;
	for (i = 0; i < sizeof(formats) / sizeof(formats[0]) &&
	    o < sizeof(buf); i++)
		o += (size_t)snprintf(buf + o, sizeof(buf) - o, "%s%s",
		    i > 0 ? ", " : "", formats[i].name);
	return (buf);
}

static const char *
num_str(char *buf, size_t len, double v, int prec)
{

	if (isnan(v))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.*f", prec, v);
	return (buf);
}

const char *
wb_rmodel_cell_str(const struct wb_rmodel_cell *c, char *buf, size_t len)
{
	char v[64], lo[64], hi[64];

	switch (c->kind) {
	case WB_RM_NUM:
		if (c->sig > 0 && !isnan(c->v)) {
			snprintf(buf, len, "%.*g", c->sig, c->v);
			return (buf);
		}
		return (num_str(buf, len, c->v, c->prec));
	case WB_RM_RATIO:
		num_str(v, sizeof(v), c->v, c->prec);
		if (isnan(c->lo) && isnan(c->hi))
			snprintf(buf, len, "%s", v);
		else
			snprintf(buf, len, "%s [%s, %s]", v,
			    num_str(lo, sizeof(lo), c->lo, c->prec),
			    num_str(hi, sizeof(hi), c->hi, c->prec));
		return (buf);
	default:
		snprintf(buf, len, "%s", c->text != NULL ? c->text : "");
		return (buf);
	}
}

int
wb_rmodel_write(FILE *fp, const struct wb_rm_format *f,
    const struct wb_rmodel *m, struct wb_err *err)
{

	if (m->failed)
		return (wb_err_set(err, "%s report: the model is incomplete "
		    "(out of memory, or a cell without a column)", f->name));
	if (f->write(fp, m, err) == -1)
		return (-1);
	if (ferror(fp))
		return (wb_err_setsys(err, "%s report", f->name));
	return (0);
}

struct save {
	const struct wb_rm_format	*f;
	const struct wb_rmodel		*m;
};

static int
save_fn(FILE *fp, const void *arg, struct wb_err *err)
{
	const struct save *s = arg;

	return (wb_rmodel_write(fp, s->f, s->m, err));
}

int
wb_rmodel_save(const char *path, const struct wb_rm_format *f,
    const struct wb_rmodel *m, struct wb_err *err)
{
	struct save s = { f, m };

	return (wb_atomic_render(path, 0644, save_fn, &s, err));
}

int
wb_rmodel_emit(FILE *fp, const char *path, const struct wb_rm_format *f,
    struct wb_rmodel *m, struct wb_err *err)
{
	int rc;

	if (m == NULL)
		return (-1);
	rc = path != NULL ? wb_rmodel_save(path, f, m, err) :
	    wb_rmodel_write(fp, f, m, err);
	wb_rmodel_free(m);
	return (rc);
}

int
wb_rmodel_emit_as(FILE *fp, const char *path, const char *format,
    struct wb_rmodel *m, struct wb_err *err)
{
	const struct wb_rm_format *f;

	if ((f = wb_rmodel_format_find(format)) == NULL) {
		wb_rmodel_free(m);
		return (wb_err_set(err, "no format %s (%s)", format,
		    wb_rmodel_format_names()));
	}
	return (wb_rmodel_emit(fp, path, f, m, err));
}
