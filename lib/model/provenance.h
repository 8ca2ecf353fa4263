/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Provenance of a run: build identity, host facts, load, the suite's
 * file hashes and the bench build information.
 */
#ifndef WB_PROVENANCE_H
#define WB_PROVENANCE_H

#include <jansson.h>

#include "digest.h"

struct wb_err;

/* {"uname": ..., "cpu_model": ..., "nproc": n, "fingerprint": {...}} */
json_t	*wb_prov_host(struct wb_err *);
/*
 * The node's identity (lib/model/provenance_fp.c): {"hostname", "cpu_model",
 * "cpu_flags_sha256" (of the flags sorted), "microcode", "cores" (the
 * processors listed), "memory_gib" (MemTotal rounded), "kernel" (uname
 * release), "machine", "qemu" (the first line of --version, null when
 * none is installed)}; a key cpuinfo lacks is left out.  Two nodes with
 * the same object but the hostname are the same hardware and software.
 * Test hook: WORLDBENCH_CPUINFO names a file read instead of
 * /proc/cpuinfo, so that a test can make a node look like other hardware.
 */
json_t	*wb_prov_fingerprint(struct wb_err *);
/* [1m, 5m, 15m] from /proc/loadavg */
json_t	*wb_prov_loadavg(struct wb_err *);
/* The current UTC time as "YYYY-MM-DDTHH:MM:SSZ". */
json_t	*wb_prov_date(void);
/*
 * Hash every regular file in libexecdir ("libexec/<name>") and datadir
 * ("data/<name>").  root NULL: host paths; otherwise paths inside the
 * image root, opened without following any of the image's symbolic links
 * (a link there is an error).  *files gets {name: sha256}; hex gets the
 * suite hash, the sha256 of the lines "<sha256>  <name>\n" sorted by name.
 */
int	wb_prov_suite(const char *root, const char *libexecdir,
	    const char *datadir, json_t **files, char hex[WB_SHA256_HEXSIZE],
	    struct wb_err *);
/*
 * "key: value" lines of a BUILDINFO file as an object (root as for
 * wb_prov_suite); a missing file gives JSON null, a malformed line an
 * error naming path:line, a symbolic link in an image an error.
 */
json_t	*wb_prov_buildinfo(const char *root, const char *path,
	    struct wb_err *);

#endif
