/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench submit --ship label=archive: each image archive is copied
 * once into SHARED/images/<sha256>.tar.zst (with its .meta when the
 * build wrote one), so that every task unpacks the same bytes instead of
 * building its own image from its node's binaries.  Main-level: exits
 * on error.
 */
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include <jansson.h>

#include "cmd.h"
#include "digest.h"
#include "err.h"
#include "exitmap.h"
#include "image.h"
#include "slurm.h"
#include "submit.h"
#include "world_fs.h"

/* Copy from to dir/name by way of a temporary name; sha checked. */
static void
put(const char *from, const char *dir, const char *name, const char *sha)
{
	char have[WB_SHA256_HEXSIZE], *tmp, *to;
	struct wb_err e;

	if (asprintf(&to, "%s/%s", dir, name) == -1 ||
	    asprintf(&tmp, "%s/.%s.%ld", dir, name, (long)getpid()) == -1)
		err(EX_OSERR, "asprintf");
	if (wb_copy_file(from, tmp, 0644, &e) == -1)
		cmd_die(&e);
	if (sha != NULL && (wb_sha256_file(tmp, have, &e) == -1 ||
	    strcmp(have, sha) != 0)) {
		(void)unlink(tmp);
		errx(1, "%s: changed while it was copied to %s", from, dir);
	}
	if (rename(tmp, to) == -1)
		err(1, "rename %s", to);
	free(tmp);
	free(to);
}

void
submit_ship(const char *shared, char *const *labels, char *const *archives,
    size_t n, struct wb_slurm_ship *ships,
    char (*shas)[WB_SHA256_HEXSIZE])
{
	struct wb_err e;
	struct stat st;
	char *dir, *name, *meta;
	const char *a;
	size_t i, len;

	if (asprintf(&dir, "%s/%s", shared, WB_SLURM_IMAGES) == -1)
		err(EX_OSERR, "asprintf");
	if (mkdir(dir, 0755) == -1 && errno != EEXIST)
		err(1, "%s", dir);
	for (i = 0; i < n; i++) {
		a = archives[i];
		ships[i].label = labels[i];
		if (stat(a, &st) == -1)
			err(EX_NOINPUT, "--ship %s: %s", labels[i], a);
		if (!S_ISREG(st.st_mode))
			errx(EX_NOINPUT, "--ship %s: %s is not an image "
			    "archive", labels[i], a);
		if (wb_sha256_file(a, shas[i], &e) == -1)
			cmd_die(&e);
		ships[i].sha256 = shas[i];
		if (asprintf(&name, "%s.tar.zst", shas[i]) == -1)
			err(EX_OSERR, "asprintf");
		put(a, dir, name, shas[i]);
		free(name);
		/* The recipe's record of the image, when the build left it. */
		len = strlen(a);
		if (len > 8 && strcmp(a + len - 8, ".tar.zst") == 0) {
			if (asprintf(&meta, "%.*s.meta", (int)(len - 8),
			    a) == -1 ||
			    asprintf(&name, "%s.meta", shas[i]) == -1)
				err(EX_OSERR, "asprintf");
			if (access(meta, R_OK) == 0)
				put(meta, dir, name, NULL);
			free(meta);
			free(name);
		}
	}
	free(dir);
}

/*
 * A kernel image directory (kernel.json, bzImage, config) packed into
 * SHARED/images/<sha256>.tar.zst; *label is its variant, the label
 * worldbench boot gives its results (malloc'ed).
 */
void
submit_ship_kernel(const char *shared, const char *kdir, char **label,
    char sha[WB_SHA256_HEXSIZE])
{
	struct wb_pack_opts po;
	struct wb_err e;
	json_error_t je;
	json_t *meta, *v;
	char *dir, *tmp, *to, *p;

	if (asprintf(&p, "%s/kernel.json", kdir) == -1)
		err(EX_OSERR, "asprintf");
	if ((meta = json_load_file(p, 0, &je)) == NULL)
		errx(access(p, F_OK) == 0 ? EX_DATAERR : EX_NOINPUT,
		    "--ship-kernel %s: %s:%d: %s (not a kernel image)", kdir, p,
		    je.line, je.text);
	v = json_object_get(meta, "variant");
	if (!json_is_string(v))
		errx(EX_DATAERR, "%s: no variant", p);
	if ((*label = strdup(json_string_value(v))) == NULL)
		err(EX_OSERR, "strdup");
	json_decref(meta);
	free(p);
	if (asprintf(&dir, "%s/%s", shared, WB_SLURM_IMAGES) == -1 ||
	    asprintf(&tmp, "%s/.kernel-%s.%ld.tar.zst", dir, *label,
	    (long)getpid()) == -1)
		err(EX_OSERR, "asprintf");
	if (mkdir(dir, 0755) == -1 && errno != EEXIST)
		err(1, "%s", dir);
	memset(&po, 0, sizeof(po));
	po.compress = WB_COMPRESS_ZSTD;
	if (wb_image_pack(kdir, tmp, &po, sha, &e) == -1)
		cmd_die(&e);
	if (asprintf(&to, "%s/%s.tar.zst", dir, sha) == -1)
		err(EX_OSERR, "asprintf");
	if (rename(tmp, to) == -1)
		err(1, "rename %s", to);
	free(to);
	free(tmp);
	free(dir);
}
