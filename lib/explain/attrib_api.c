/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Does the installed qemu accept the plugin's API version?  qemu checks
 * a plugin's exported qemu_plugin_version against its own range before
 * it calls the plugin, and says its maximum when the version is above
 * it.  A probe plugin (bench/qemu-plugin/api-probe.c) that claims an
 * impossible version therefore makes qemu name the version it accepts,
 * without booting anything and without a header; the plugin's own
 * version is read from the plugin file.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "attrib.h"
#include "wb_util.h"

#define PROBE_TIMEOUT	20.0
#define UPTO		"supports only up to version "

int
wb_attrib_api_parse(const char *msg, int *max)
{
	const char *p;
	char *end;
	long v;

	if (msg == NULL || (p = strstr(msg, UPTO)) == NULL)
		return (-1);
	v = strtol(p + strlen(UPTO), &end, 10);
	if (end == p + strlen(UPTO) || v < 0 || v > 1000000)
		return (-1);
	*max = (int)v;
	return (0);
}

int
wb_attrib_api_qemu(const char *qemu, const char *probe, int *max,
    struct wb_err *err)
{
	char arg[4096];
	char *argv[] = { (char *)qemu, "-M", "none", "-display", "none",
	    "-nodefaults", "-plugin", arg, NULL };
	struct wb_spawn sp;
	struct wb_spawn_result res;
	int r;

	if (strchr(probe, ',') != NULL)
		return (wb_err_set(err, "%s: a plugin path with a comma",
		    probe));
	snprintf(arg, sizeof(arg), "%s", probe);
	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.timeout = PROBE_TIMEOUT;
	if (wb_spawn_run(&sp, 1, &res, err) == -1)
		return (-1);
	r = 0;
	if (wb_attrib_api_parse(res.err, max) == -1 &&
	    wb_attrib_api_parse(res.out, max) == -1)
		r = wb_err_set(err, "%s: its answer to a plugin of API version "
		    "1000000 names no maximum version (status %d%s): %.300s",
		    qemu, res.status, res.timed_out ? ", timed out" : "",
		    res.err != NULL ? res.err : "");
	wb_spawn_result_fini(&res);
	return (r);
}

int
wb_attrib_api_plugin(const char *plugin, int *version, struct wb_err *err)
{
	const int *v;
	void *h;

	if (access(plugin, R_OK) == -1)
		return (wb_err_setsys(err, "%s (make qemu-plugin builds it)",
		    plugin));
	if ((h = dlopen(plugin, RTLD_LAZY | RTLD_LOCAL)) == NULL)
		return (wb_err_set(err, "%s: %s", plugin, dlerror()));
	if ((v = dlsym(h, "qemu_plugin_version")) == NULL) {
		dlclose(h);
		return (wb_err_set(err, "%s: not a qemu plugin (no "
		    "qemu_plugin_version)", plugin));
	}
	*version = *v;
	dlclose(h);
	return (0);
}

int
wb_attrib_api_check(const char *plugin, int version, const char *qemu,
    int max, struct wb_err *err)
{

	if (version != max)
		return (wb_err_set(err, "%s: built for qemu plugin API version "
		    "%d, but %s accepts version %d; rebuild it (make "
		    "qemu-plugin) from the qemu-plugin.h of this qemu's "
		    "source package", plugin, version, qemu, max));
	return (0);
}
