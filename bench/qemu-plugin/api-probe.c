/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A plugin no qemu loads: it claims an API version above any real one,
 * so that qemu's refusal names the version it accepts (lib/explain/attrib_api.c).
 * It needs no qemu header.
 */
int	qemu_plugin_version = 1000000;
int	qemu_plugin_install(void *, const void *, int, char **);

int
qemu_plugin_install(void *id, const void *info, int argc, char **argv)
{

	(void)id;
	(void)info;
	(void)argc;
	(void)argv;
	return (-1);
}
