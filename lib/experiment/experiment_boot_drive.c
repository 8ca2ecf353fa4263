/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * "worldbench boot" as one call (experiment_boot_drive.h): the world,
 * the preflight check, the boots.
 */
#include <sys/stat.h>

#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "experiment_boot.h"
#include "experiment_boot_drive.h"
#include "wb_image.h"
#include "wb_model.h"
#include "wb_run.h"
#include "wb_util.h"

/*
 * The world argument: its unpacked root and its label (a directory's
 * name, an archive's or image's name).
 */
static int
world(const struct wb_experiment_boot_drive *d,
    struct wb_experiment_boot_done *done, struct wb_err *err)
{
	struct stat st;

	if ((done->world_root = wb_world_root_arg(d->world, d->workdir,
	    d->unpack, err)) == NULL ||
	    (done->world_label = wb_label_of_world(d->world, stat(d->world,
	    &st) == 0 && S_ISDIR(st.st_mode), err)) == NULL)
		return (-1);
	d->x->root.world = done->world_root;
	d->x->world_label = done->world_label;
	return (0);
}

int
wb_experiment_boot_drive(const struct wb_experiment_boot_drive *d,
    struct wb_experiment_boot_done *done, struct wb_err *err)
{
	struct wb_experiment_boot *x = d->x;
	int rc;

	memset(done, 0, sizeof(*done));
	wb_err_clear(err);
	if (d->world != NULL && world(d, done, err) != 0)
		return (-1);
	if ((x->preflight = wb_preflight_check(d->strict, d->quiet, d->warn,
	    d->arg, &done->busy, err)) == NULL)
		return (-1);
	if (d->start != NULL)
		*d->start = wb_spawn_now();
	rc = wb_experiment_boot_run(x, err);
	json_decref(x->preflight);
	x->preflight = NULL;
	return (rc);
}

void
wb_experiment_boot_done_fini(struct wb_experiment_boot_done *done)
{

	free(done->world_root);
	free(done->world_label);
	done->world_root = done->world_label = NULL;
}
