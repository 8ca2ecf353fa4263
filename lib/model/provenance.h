/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Provenance of a run: build identity, host facts, load, the suite's
 * file hashes and the bench build information.
 */
#ifndef WB_PROVENANCE_H
#define WB_PROVENANCE_H

#include <jansson.h>

#include "provenance_fp.h"
#include "wb_util.h"

struct wb_err;

/* {"uname": ..., "cpu_model": ..., "nproc": n, "fingerprint": {...}} */
json_t	*wb_provenance_host(struct wb_err *);
/* [1m, 5m, 15m] from /proc/loadavg */
json_t	*wb_provenance_loadavg(struct wb_err *);
/* The current UTC time as "YYYY-MM-DDTHH:MM:SSZ". */
json_t	*wb_provenance_date(void);
/*
 * Hash every regular file in libexecdir ("libexec/<name>") and datadir
 * ("data/<name>").  root NULL: host paths; otherwise paths inside the
 * image root, opened without following any of the image's symbolic links
 * (a link there is an error).  *files gets {name: sha256}; hex gets the
 * suite hash, the sha256 of the lines "<sha256>  <name>\n" sorted by name.
 */
int	wb_provenance_suite(const char *root, const char *libexecdir,
	    const char *datadir, json_t **files, char hex[WB_SHA256_HEXSIZE],
	    struct wb_err *);
/*
 * "key: value" lines of a BUILDINFO file as an object (root as for
 * wb_provenance_suite); a missing file gives JSON null, a malformed line an
 * error naming path:line, a symbolic link in an image an error.
 */
json_t	*wb_provenance_buildinfo(const char *root, const char *path,
	    struct wb_err *);

#endif
