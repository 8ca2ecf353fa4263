/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench lava-job and import --lava as calls (lava_drive.h): the
 * kernels' URLs and identities, the initramfs, the job's name and its
 * YAML written atomically; LAVA's results read back into results files.
 */
#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lava_drive.h"
#include "wb_guest.h"
#include "wb_model.h"
#include "wb_util.h"

static int
is_url(const char *s)
{

	return (strncmp(s, "http://", 7) == 0 ||
	    strncmp(s, "https://", 8) == 0 || strncmp(s, "file://", 7) == 0);
}

/* k itself, or its bzImage when k is a directory (malloc'ed). */
static char *
kernel_file(const char *k, struct wb_err *e)
{
	struct stat st;
	char *p;

	if (stat(k, &st) == -1) {
		wb_err_setsys(e, "kernel %s", k);
		return (NULL);
	}
	if (!S_ISDIR(st.st_mode))
		p = strdup(k);
	else if (asprintf(&p, "%s/bzImage", k) == -1)
		p = NULL;
	if (p == NULL)
		wb_err_setsys(e, "kernel %s", k);
	return (p);
}

char *
wb_lava_kernel_url(const char *k, struct wb_err *e)
{
	char *p, *abs, *url;

	if (is_url(k)) {
		if ((url = strdup(k)) == NULL)
			wb_err_setsys(e, "strdup");
		return (url);
	}
	if ((p = kernel_file(k, e)) == NULL)
		return (NULL);
	url = NULL;
	if ((abs = realpath(p, NULL)) == NULL)
		wb_err_setsys(e, "kernel %s", p);
	else if (asprintf(&url, "file://%s", abs) == -1) {
		url = NULL;
		wb_err_setsys(e, "asprintf");
	}
	free(abs);
	free(p);
	return (url);
}

/* given, else rel beside the running binary, else ./../rel. */
static const char *
beside(const char *given, const char *rel, char *buf, size_t len)
{
	struct wb_err e;

	if (given != NULL)
		return (given);
	if (wb_exe_path(rel, buf, len, &e) == -1)
		snprintf(buf, len, "./../%s", rel);
	return (buf);
}

/* "what: " before the message e holds (cut to fit); e's class kept. */
static void
err_prefix(struct wb_err *e, const char *what)
{
	size_t n, len;

	n = strlen(what) + 2;
	if (n >= sizeof(e->msg))
		return;
	len = strnlen(e->msg, sizeof(e->msg) - 1);
	if (n + len >= sizeof(e->msg))
		len = sizeof(e->msg) - 1 - n;
	memmove(e->msg + n, e->msg, len);
	e->msg[n + len] = '\0';
	memcpy(e->msg, what, n - 2);
	memcpy(e->msg + n - 2, ": ", 2);
}

/*
 * The suite, its data and busybox as for qemu boots, with the shell of
 * init (LAVA's test shell) as /init, into path.
 */
static int
initramfs_write(const struct wb_lava_drive *d, const char *init,
    const char *path, struct wb_err *e)
{
	char suite[PATH_MAX + 64], data[PATH_MAX + 64];
	struct wb_qb_test *t;
	struct wb_qb_root root;
	size_t i;
	int rc;

	if ((t = calloc(d->ntests, sizeof(*t))) == NULL)
		return (wb_err_setsys(e, "calloc"));
	for (i = 0; i < d->ntests; i++) {
		t[i].def = d->tests[i];
		t[i].seconds = d->seconds;
		t[i].passes = d->rounds;
	}
	memset(&root, 0, sizeof(root));
	root.init = init;
	root.suite = beside(d->suite, "libexec/worldbench-static", suite,
	    sizeof(suite));
	root.data = beside(d->data, "share/worldbench", data, sizeof(data));
	root.busybox = d->busybox != NULL ? d->busybox : "/bin/busybox";
	if ((rc = wb_qemu_bench_initramfs(&root, t, d->ntests, path, e)) == -1)
		err_prefix(e, path);
	free(t);
	return (rc);
}

/*
 * The initramfs in workdir/lava/ (its /init beside it, init.sh), noted;
 * *url: its file:// URL (malloc'ed).
 */
static int
initramfs_export(const struct wb_lava_drive *d, char **url,
    struct wb_err *e)
{
	char *dir, *init, *path, *abs;
	int rc;

	*url = abs = NULL;
	if (asprintf(&dir, "%s/lava", d->workdir) == -1)
		return (wb_err_setsys(e, "asprintf"));
	init = path = NULL;
	rc = -1;
	if (asprintf(&init, "%s/init.sh", dir) == -1 ||
	    asprintf(&path, "%s/worldbench-initramfs.cpio.gz", dir) == -1)
		wb_err_setsys(e, "asprintf");
	else if ((mkdir(d->workdir, 0755) == -1 && errno != EEXIST) ||
	    (mkdir(dir, 0755) == -1 && errno != EEXIST)) {
		wb_err_setsys(e, "%s", dir);
		rc = -3;
	} else if (wb_atomic_write(init, wb_lava_init, strlen(wb_lava_init),
	    0755, e) == 0 && initramfs_write(d, init, path, e) == 0) {
		if ((abs = realpath(path, NULL)) == NULL) {
			wb_err_setsys(e, "%s", path);
			rc = -3;
		} else if (asprintf(url, "file://%s", abs) == -1) {
			*url = NULL;
			wb_err_setsys(e, "asprintf");
		} else {
			wb_note_printf(d->note, d->arg, "initramfs %s", abs);
			rc = 0;
		}
	}
	free(abs);
	free(path);
	free(init);
	free(dir);
	return (rc);
}

/* "worldbench A vs B ..." into buf. */
static void
job_name(const struct wb_lava_drive *d, char *buf, size_t len)
{
	size_t i, at;

	snprintf(buf, len, "worldbench");
	for (i = 0; i < d->nkernels; i++) {
		at = strlen(buf);
		snprintf(buf + at, len - at, "%s%s", i == 0 ? " " : " vs ",
		    d->labels[i]);
	}
}

/* Per kernel its sha256 and uname -v identity, NULL when unknown. */
struct idents {
	char		 sha[WB_LAVA_MAXKERNELS][WB_SHA256_HEXSIZE];
	char		 ident[WB_LAVA_MAXKERNELS][WB_LAVA_IDENTSIZE];
	const char	*shap[WB_LAVA_MAXKERNELS];
	const char	*identp[WB_LAVA_MAXKERNELS];
};

static int
idents_fill(const struct wb_lava_drive *d, struct idents *id,
    struct wb_err *e)
{
	size_t i;

	for (i = 0; i < d->nkernels; i++) {
		if (wb_lava_kernel_ident(d->kernels[i], id->sha[i],
		    id->ident[i], e) == -1)
			return (-1);
		id->shap[i] = id->sha[i][0] != '\0' ? id->sha[i] : NULL;
		id->identp[i] = id->ident[i][0] != '\0' ? id->ident[i] : NULL;
	}
	return (0);
}

/* The job of d over ramdisk, its YAML written to d->out. */
static int
job_write(const struct wb_lava_drive *d, const char *ramdisk,
    struct wb_err *e)
{
	struct wb_lava_job j;
	struct idents id;
	char name[256], *yaml;
	int rc;

	if (idents_fill(d, &id, e) == -1)
		return (-1);
	if (d->job_name == NULL)
		job_name(d, name, sizeof(name));
	memset(&j, 0, sizeof(j));
	j.device_type = d->device_type;
	j.boot = d->boot;
	j.kernel_type = d->kernel_type;
	j.dtb = d->dtb;
	j.job_name = d->job_name != NULL ? d->job_name : name;
	j.labels = d->labels;
	j.kernels = d->kernels;
	j.kernel_sha256 = id.shap;
	j.kernel_ident = id.identp;
	j.nvariants = d->nkernels;
	j.ramdisk = ramdisk;
	j.tests = d->tests;
	j.ntests = d->ntests;
	j.seconds = d->seconds;
	j.rounds = d->rounds;
	j.version = wb_version();
	if ((yaml = wb_lava_job_yaml(&j, e)) == NULL)
		return (-2);
	rc = wb_atomic_write(d->out, yaml, strlen(yaml), 0644, e);
	free(yaml);
	return (rc);
}

int
wb_lava_drive(const struct wb_lava_drive *d, struct wb_err *e)
{
	char *ramdisk;
	int rc;

	if (d->nkernels == 0 || d->nkernels > WB_LAVA_MAXKERNELS) {
		wb_err_set(e, "%zu kernels: give 1 to %d", d->nkernels,
		    WB_LAVA_MAXKERNELS);
		return (-2);
	}
	if (d->ramdisk != NULL) {
		if ((ramdisk = strdup(d->ramdisk)) == NULL)
			return (wb_err_setsys(e, "strdup"));
	} else if ((rc = initramfs_export(d, &ramdisk, e)) != 0)
		return (rc);
	rc = job_write(d, ramdisk, e);
	free(ramdisk);
	return (rc);
}

/* outdir/LABEL.json of each of the n results, noted: -1 at a failure. */
static int
import_write(struct wb_results **res, char **labels, size_t n,
    const char *outdir, wb_note_fn *note, void *arg, struct wb_err *e)
{
	char *path;
	size_t i;
	int rc;

	for (i = 0, rc = 0; i < n && rc == 0; i++) {
		if (asprintf(&path, "%s/%s.json", outdir, labels[i]) == -1)
			return (wb_err_setsys(e, "asprintf"));
		if ((rc = wb_results_write(res[i], path, e)) == 0)
			wb_note_printf(note, arg, "%s", path);
		free(path);
	}
	return (rc);
}

int
wb_lava_import_drive(const char *in, const char *outdir, wb_note_fn *note,
    void *arg, struct wb_err *e)
{
	struct wb_results **res;
	json_t *cases;
	char **labels;
	size_t n, i;
	int rc;

	if ((cases = wb_lava_results_load(in, e)) == NULL)
		return (-1);
	rc = wb_lava_import(cases, in, &res, &labels, &n, e);
	json_decref(cases);
	if (rc == -1)
		return (-1);
	if (mkdir(outdir, 0755) == -1 && errno != EEXIST) {
		wb_err_setsys(e, "%s", outdir);
		rc = wb_err_class(e, WB_ERR_CANTCREAT);
	} else
		rc = import_write(res, labels, n, outdir, note, arg, e);
	for (i = 0; i < n; i++) {
		wb_results_free(res[i]);
		free(labels[i]);
	}
	free(res);
	free(labels);
	return (rc);
}
