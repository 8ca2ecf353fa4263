/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The identity record of a world image (ident.h): the manifest of the
 * archive that the root was unpacked from, checked to be that archive
 * by its sha256, and the owners of the paths the world did not make.
 */
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "ident.h"
#include "image_diff.h"
#include "match_knob.h"
#include "wb_model.h"
#include "wb_util.h"
#include "world.h"

/* {path: owner} for the paths the world itself did not make. */
static json_t *
owners_json(const char *workdir, const char *name, struct wb_err *err)
{
	struct wb_match_knob_owners o;
	struct wb_err e2;
	json_t *j;
	size_t i;

	if (wb_match_knob_owners_read(&o, workdir, name, &e2) == -1)
		return (json_null());
	if ((j = json_object()) == NULL)
		goto oom;
	for (i = 0; i < o.n; i++)
		if (strcmp(o.label[i], "world") != 0 &&
		    json_object_set_new(j, o.path[i],
		    json_string(o.label[i])) == -1) {
			json_decref(j);
			goto oom;
		}
	wb_match_knob_owners_fini(&o);
	return (j);
oom:
	wb_match_knob_owners_fini(&o);
	wb_err_set(err, "%s: owners: out of memory", name);
	return (NULL);
}

/* Whether the work directory has the archive of image name. */
static int
has_image(const char *workdir, const char *name)
{
	struct wb_err e;
	char *archive;
	int ok;

	if ((archive = wb_label_image_path(workdir, name, &e)) == NULL)
		return (0);
	ok = access(archive, F_OK) == 0;
	free(archive);
	return (ok);
}

static json_t *
record(const char *workdir, const char *name, const char *sha,
    struct wb_err *err)
{
	struct wb_image_manifest *m = NULL;
	char *archive, got[WB_SHA256_HEXSIZE], digest[WB_SHA256_HEXSIZE];
	json_t *man = NULL, *own = NULL, *o = NULL;

	if ((archive = wb_label_image_path(workdir, name, err)) == NULL)
		return (NULL);
	if (wb_digest_sha256_file(archive, got, err) == -1)
		goto done;
	if (sha == NULL)
		sha = got;
	else if (strcmp(got, sha) != 0) {
		wb_err_set(err, "%s: sha256 %.12s, but the root it names was "
		    "unpacked from %.12s (the image was rebuilt since: run "
		    "again to unpack it)", archive, got, sha);
		goto done;
	}
	if (wb_image_manifest_read(archive, &m, err) == -1 ||
	    wb_image_manifest_digest(m, digest, err) == -1 ||
	    (man = wb_image_manifest_json(m, err)) == NULL ||
	    (own = owners_json(workdir, name, err)) == NULL)
		goto done;
	o = json_pack("{s:s, s:s, s:s, s:s, s:I, s:O, s:O}", "kind", "world",
	    "name", name, "sha256", sha, "digest", digest, "entries",
	    (json_int_t)wb_image_manifest_size(m), "manifest", man, "owners",
	    own);
	if (o == NULL)
		wb_err_set(err, "%s: identity: out of memory", name);
done:
	json_decref(man);
	json_decref(own);
	wb_image_manifest_free(m);
	free(archive);
	return (o);
}

json_t *
wb_ident_world_image(const char *workdir, const char *label,
    struct wb_err *err)
{

	return (record(workdir, label, NULL, err));
}

json_t *
wb_ident_world(const char *root, struct wb_err *err)
{
	char buf[PATH_MAX], *workdir;
	const char *name, *sha;
	json_t *id, *o;

	if ((id = wb_world_image_ident(root, err)) == NULL)
		return (NULL);
	name = json_string_value(json_object_get(id, "name"));
	sha = json_string_value(json_object_get(id, "sha256"));
	if (name == NULL || sha == NULL) {
		json_decref(id);
		return (json_null());
	}
	/* root is WORKDIR/roots/<sha256> (world.h). */
	snprintf(buf, sizeof(buf), "%s", root);
	workdir = dirname(dirname(buf));
	/*
	 * A root unpacked from an archive that is not this work directory's
	 * image of its name (an image shipped to a node by digest, then
	 * unpacked from the shared directory): its identity is not
	 * recorded here, which the reports say.
	 */
	if (!has_image(workdir, name)) {
		json_decref(id);
		return (json_null());
	}
	o = record(workdir, name, sha, err);
	json_decref(id);
	return (o);
}
