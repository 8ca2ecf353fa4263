/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * LAVA job definitions (lib/farm/lava.h), written by a small emitter: every
 * string is single-quoted, so no YAML library is needed.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "lava.h"
#include "wb_model.h"
#include "wb_util.h"

const char wb_lava_init[] =
    "#!/bin/sh\n"
    "# worldbench LAVA initramfs: a shell on the console for LAVA's test\n"
    "# shell, with busybox's applets and the static suite.\n"
    "/bin/busybox --install -s /bin\n"
    "mount -t proc proc /proc\n"
    "mount -t sysfs sysfs /sys\n"
    "mount -t devtmpfs devtmpfs /dev 2>/dev/null\n"
    "export PATH=/bin:/usr/bin:/sbin PS1='" WB_LAVA_PROMPT "'\n"
    "echo '" WB_LAVA_READY "'\n"
    "exec /bin/sh </dev/console >/dev/console 2>&1\n";

/*
 * One pass of one program, reported to LAVA: "wbp ID SECONDS UNIT
 * [DATADIR]".  The rate is computed as the harness does, from the
 * program's own COUNT line "COUNT|count|timebase|unit|elapsed": count /
 * elapsed * timebase, or count itself for a timebase of 0; a pass that
 * fails, prints no COUNT line or another unit is reported as failed.
 * LAVA runs the steps under "sh -e": no command here may end the shell.
 */
static const char pass_fn[] =
    "wbp() { d=/tmp/wb.$1; s=0; m=; "
    "if mkdir -p $d && cd $d; then "
    "/usr/libexec/worldbench-static/$1 $2 $4 </dev/null >/dev/null "
    "2>/tmp/wb.err || s=$?; cd /; rm -rf $d; else s=1; fi; "
    "c=$(grep -m 1 '^COUNT|' /tmp/wb.err) || c=; "
    "if [ $s -eq 0 ] && [ -n \"$c\" ]; then "
    "m=$(echo \"$c\" | awk -F'|' -v u=$3 '$4 == u && $5 > 0 { "
    "if ($3 > 0) printf \"%.6f\", $2 / $5 * $3; "
    "else printf \"%.6f\", $2 }'); fi; "
    "if [ -n \"$m\" ]; then "
    "lava-test-case $1 --result pass --measurement $m --units $3; "
    "else lava-test-case $1 --result fail; fi; }";

/* Write s as a single-quoted YAML scalar. */
static void
yq(FILE *f, const char *s)
{

	fputc('\'', f);
	for (; *s != '\0'; s++) {
		if (*s == '\'')
			fputc('\'', f);
		fputc(*s, f);
	}
	fputc('\'', f);
}

/* LAVA names: letters, digits, '-', '_', '.'. */
static int
name_ok(const char *s)
{

	if (*s == '\0' || strlen(s) > 64)
		return (0);
	for (; *s != '\0'; s++)
		if (!isalnum((unsigned char)*s) && strchr("-_.", *s) == NULL)
			return (0);
	return (1);
}

void
wb_lava_order(size_t n, int rounds, size_t *order)
{
	size_t i, k;
	int r;

	k = 0;
	for (r = 0; r < rounds; r++)
		for (i = 0; i < n; i++)
			order[k++] = r % 2 == 0 ? i : n - 1 - i;
}

static const char *
sha_of(const struct wb_lava_job *j, size_t v)
{

	return (j->kernel_sha256 != NULL ? j->kernel_sha256[v] : NULL);
}

static const char *
ident_of(const struct wb_lava_job *j, size_t v)
{

	return (j->kernel_ident != NULL ? j->kernel_ident[v] : NULL);
}

/*
 * The guest's kernel against the one asked for: a test case of its own,
 * which fails (without ending the shell) when uname -v lacks the ident.
 */
static void
emit_ident(FILE *f, const struct wb_lava_job *j, size_t v)
{
	char *step;

	if (ident_of(j, v) == NULL)
		return;
	if (asprintf(&step, "if uname -v | grep -qF -e %s; then "
	    "lava-test-case kernel-identity --result pass; else echo "
	    "\"worldbench: uname -v is $(uname -v), expected %s\"; "
	    "lava-test-case kernel-identity --result fail; fi",
	    ident_of(j, v), ident_of(j, v)) == -1)
		return;
	fputs("          - ", f);
	yq(f, step);
	fputc('\n', f);
	free(step);
}

static int
check_job(const struct wb_lava_job *j, struct wb_err *err)
{
	size_t i, k;

	if (j->nvariants < 1 || j->ntests < 1 || j->rounds < 1 ||
	    j->rounds > 100 || !(j->seconds > 0))
		return (wb_err_set(err, "a job needs kernels, tests, 1..100 "
		    "rounds and a positive pass length"));
	if (!name_ok(j->device_type))
		return (wb_err_set(err, "device type '%s': not a LAVA name",
		    j->device_type));
	if (j->kernel_type != NULL && (j->boot != WB_LAVA_BOOT_UBOOT ||
	    (strcmp(j->kernel_type, "image") != 0 &&
	    strcmp(j->kernel_type, "zimage") != 0 &&
	    strcmp(j->kernel_type, "uimage") != 0)))
		return (wb_err_set(err, "kernel type '%s': image, zimage or "
		    "uimage, with the u-boot boot method only",
		    j->kernel_type));
	if (j->dtb != NULL && (j->boot != WB_LAVA_BOOT_UBOOT ||
	    strpbrk(j->dtb, "\n\"") != NULL))
		return (wb_err_set(err, "dtb '%s': a URL without newline or "
		    "'\"', with the u-boot boot method only", j->dtb));
	for (i = 0; i < j->nvariants; i++) {
		if (!name_ok(j->labels[i]))
			return (wb_err_set(err, "label '%s': LAVA names take "
			    "letters, digits, '-', '_' and '.'", j->labels[i]));
		for (k = 0; k < i; k++)
			if (strcmp(j->labels[i], j->labels[k]) == 0)
				return (wb_err_set(err, "label '%s' given "
				    "twice", j->labels[i]));
		if (strpbrk(j->kernels[i], "\n\"") != NULL)
			return (wb_err_set(err, "kernel URL '%s': no newline "
			    "or '\"' please", j->kernels[i]));
		if (sha_of(j, i) != NULL && !wb_digest_sha256_hex_ok(sha_of(j,
		    i)))
			return (wb_err_set(err, "kernel %s: sha256 '%s' is not "
			    "64 hex digits", j->labels[i], sha_of(j, i)));
		if (ident_of(j, i) != NULL && (ident_of(j, i)[0] == '\0' ||
		    !name_ok(ident_of(j, i))))
			return (wb_err_set(err, "kernel %s: identity '%s': "
			    "letters, digits, '-', '_' and '.' only",
			    j->labels[i], ident_of(j, i)));
	}
	return (0);
}

static const char *const boot_names[] = {
	[WB_LAVA_BOOT_QEMU] = "qemu",
	[WB_LAVA_BOOT_GRUB] = "grub",
	[WB_LAVA_BOOT_UBOOT] = "u-boot",
};

int
wb_lava_boot_parse(const char *s, enum wb_lava_boot *b)
{
	size_t i;

	for (i = 0; i < sizeof(boot_names) / sizeof(boot_names[0]); i++)
		if (strcmp(s, boot_names[i]) == 0) {
			*b = (enum wb_lava_boot)i;
			return (0);
		}
	return (-1);
}

/* The deploy and boot of the dispatcher's qemu (up to "media"). */
static void
emit_qemu(FILE *f, const struct wb_lava_job *j, size_t v)
{

	fputs("- deploy:\n"
	    "    timeout:\n"
	    "      minutes: 10\n"
	    "    to: tmpfs\n"
	    "    os: oe\n"
	    "    images:\n"
	    "      kernel:\n"
	    "        image_arg: ", f);
	yq(f, "-kernel {kernel} -append \"" WB_LAVA_CMDLINE_QEMU "\"");
	fputs("\n        url: ", f);
	yq(f, j->kernels[v]);
	fputs("\n      ramdisk:\n        image_arg: ", f);
	yq(f, "-initrd {ramdisk}");
	fputs("\n        url: ", f);
	yq(f, j->ramdisk);
	fputs("\n        compression: gz\n"
	    "        format: cpio.newc\n"
	    "        overlays:\n"
	    "          lava: true\n", f);
	fputs("- boot:\n"
	    "    timeout:\n"
	    "      minutes: 5\n"
	    "    method: qemu\n"
	    "    media: tmpfs", f);
}

/*
 * A board: kernel and initramfs over TFTP, booted by its bootloader
 * with the ramdisk commands of the device dictionary (up to "commands").
 */
static void
emit_tftp(FILE *f, const struct wb_lava_job *j, size_t v)
{

	fputs("- deploy:\n"
	    "    timeout:\n"
	    "      minutes: 10\n"
	    "    to: tftp\n"
	    "    os: oe\n"
	    "    kernel:\n"
	    "      url: ", f);
	yq(f, j->kernels[v]);
	if (j->boot == WB_LAVA_BOOT_UBOOT)
		fprintf(f, "\n      type: %s", j->kernel_type != NULL ?
		    j->kernel_type : "image");
	fputs("\n    ramdisk:\n      url: ", f);
	yq(f, j->ramdisk);
	fputs("\n      compression: gz", f);
	if (j->boot == WB_LAVA_BOOT_UBOOT)
		fputs("\n      header: u-boot", f);
	if (j->dtb != NULL) {
		fputs("\n    dtb:\n      url: ", f);
		yq(f, j->dtb);
	}
	fprintf(f, "\n- boot:\n"
	    "    timeout:\n"
	    "      minutes: 5\n"
	    "    method: %s\n"
	    "    commands: ramdisk", boot_names[j->boot]);
}

static void
emit_block(FILE *f, const struct wb_lava_job *j, size_t v, int round)
{
	size_t t;
	char name[128];

	snprintf(name, sizeof(name), "wb-%s-%d", j->labels[v], round);
	fprintf(f, "\n# Round %d: %s\n", round, j->labels[v]);
	if (j->boot == WB_LAVA_BOOT_QEMU)
		emit_qemu(f, j, v);
	else
		emit_tftp(f, j, v);
	fputs("\n    parameters:\n"
	    "      kernel-start-message: ", f);
	yq(f, WB_LAVA_READY);	fputs("\n    prompts:\n"
	    "    - ", f);
	yq(f, WB_LAVA_PROMPT);
	fputs("\n- test:\n    timeout:\n", f);
	fprintf(f, "      minutes: %d\n",
	    (int)((j->seconds * 2 + 60) * j->ntests / 60) + 5);
	fputs("    definitions:\n    - from: inline\n      name: ", f);
	yq(f, name);
	fprintf(f, "\n      path: inline/%s.yaml\n", name);
	fputs("      repository:\n"
	    "        metadata:\n"
	    "          format: Lava-Test Test Definition 1.0\n"
	    "          name: ", f);
	yq(f, name);
	fprintf(f, "\n          description: 'worldbench suite: %s, round "
	    "%d'\n", j->labels[v], round);
	fputs("        run:\n"
	    "          steps:\n", f);
	emit_ident(f, j, v);
	fputs("          - ", f);
	yq(f, pass_fn);
	fputc('\n', f);
	for (t = 0; t < j->ntests; t++) {
		fprintf(f, "          - 'wbp %s %g %s%s'\n", j->tests[t]->id,
		    j->seconds, j->tests[t]->unit, j->tests[t]->needs_data ?
		    " /usr/share/worldbench" : "");
	}
}

/* The job's YAML, written to f (a wb_atomic_fn for wb_atomic_render_mem). */
static int
job_yaml(FILE *f, const void *arg, struct wb_err *err)
{
	const struct wb_lava_job *j = arg;
	size_t *order, i, n;
	int minutes;

	n = j->nvariants * (size_t)j->rounds;
	if ((order = calloc(n, sizeof(*order))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	wb_lava_order(j->nvariants, j->rounds, order);
	minutes = (int)n * (20 + (int)((j->seconds * 2 + 60) * j->ntests /
	    60));
	fprintf(f, "# Written by worldbench lava-job: %zu kernels, %d rounds "
	    "in ABBA order,\n# one deploy/boot/test block per boot.\n",
	    j->nvariants, j->rounds);
	fprintf(f, "device_type: %s\njob_name: ", j->device_type);
	yq(f, j->job_name);
	fprintf(f, "\ntimeouts:\n"
	    "  job:\n"
	    "    minutes: %d\n"
	    "  action:\n"
	    "    minutes: 20\n"
	    "  connection:\n"
	    "    minutes: 2\n"
	    "priority: medium\n"
	    "visibility: public\n"
	    "context:\n"
	    "  arch: amd64\n", minutes);
	/* On a board the device dictionary sets the console; we add ours. */
	if (j->boot != WB_LAVA_BOOT_QEMU)
		fputs("  extra_kernel_args: '" WB_LAVA_CMDLINE_BOARD "'\n", f);
	fputs("metadata:\n"
	    "  worldbench.boot: ", f);
	fputs(boot_names[j->boot], f);
	fputs("\n  worldbench.version: ", f);
	yq(f, j->version);
	fputs("\n  worldbench.variants: '", f);
	for (i = 0; i < j->nvariants; i++)
		fprintf(f, "%s%s", i > 0 ? "," : "", j->labels[i]);
	fputs("'\n  worldbench.order: '", f);
	for (i = 0; i < n; i++)
		fprintf(f, "%s%s", i > 0 ? "," : "", j->labels[order[i]]);
	fputs("'\n  worldbench.tests: '", f);
	for (i = 0; i < j->ntests; i++)
		fprintf(f, "%s%s", i > 0 ? "," : "", j->tests[i]->id);
	fprintf(f, "'\n  worldbench.seconds: '%g'\n", j->seconds);
	for (i = 0; i < j->nvariants; i++) {
		if (sha_of(j, i) != NULL)
			fprintf(f, "  worldbench.sha256.%s: '%s'\n",
			    j->labels[i], sha_of(j, i));
		if (ident_of(j, i) != NULL)
			fprintf(f, "  worldbench.uname.%s: '%s'\n",
			    j->labels[i], ident_of(j, i));
	}
	fputs("actions:\n", f);
	for (i = 0; i < n; i++)
		emit_block(f, j, order[i], (int)(i / j->nvariants) + 1);
	free(order);
	return (0);
}

char *
wb_lava_job_yaml(const struct wb_lava_job *j, struct wb_err *err)
{

	if (check_job(j, err) == -1)
		return (NULL);
	return (wb_atomic_render_mem(job_yaml, j, "lava job", NULL, err));
}

int
wb_lava_kernel_ident(const char *url, char sha[WB_SHA256_HEXSIZE],
    char ident[WB_LAVA_IDENTSIZE], struct wb_err *err)
{
	char dir[4096], *slash;
	json_error_t je;
	json_t *meta, *c;

	sha[0] = ident[0] = '\0';
	if (strncmp(url, "file://", 7) != 0)
		return (0);
	if (wb_digest_sha256_file(url + 7, sha, err) == -1)
		return (-1);
	if (snprintf(dir, sizeof(dir), "%s", url + 7) >= (int)sizeof(dir) ||
	    (slash = strrchr(dir, '/')) == NULL)
		return (0);
	snprintf(slash + 1, sizeof(dir) - (size_t)(slash + 1 - dir),
	    "kernel.json");
	if ((meta = json_load_file(dir, 0, &je)) == NULL)
		return (0);
	c = json_object_get(meta, "config_sha256");
	if (json_is_string(c) && strlen(json_string_value(c)) >= 16)
		snprintf(ident, WB_LAVA_IDENTSIZE, "config-%.16s",
		    json_string_value(c));
	json_decref(meta);
	return (0);
}
