/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * LAVA (worldbench-lava(1)): a job definition that deploys each kernel
 * variant with the initramfs holding the static suite, boots it under
 * qemu and runs the suite from an inline test definition that reports
 * every pass with "lava-test-case NAME --result pass --measurement V
 * --units U", the variants interleaved in ABBA order within one job; and
 * the reading of LAVA's results (a list of test cases) back into one
 * results file per variant.
 */
#ifndef WB_LAVA_H
#define WB_LAVA_H

#include <stddef.h>

#include <jansson.h>

#include "wb_util.h"

struct wb_err;
struct wb_results;
struct wb_test_def;

/* The PS1 the initramfs shell uses: LAVA's boot prompt. */
#define WB_LAVA_PROMPT	"worldbench# "
/*
 * What /init prints first: the boot action's kernel-start-message (the
 * kernel boots "quiet", so LAVA's default, "Linux version", never shows).
 */
#define WB_LAVA_READY	"worldbench: initramfs ready"
/* The kernel command line: whole under qemu, the additions on a board. */
#define WB_LAVA_CMDLINE_QEMU	"console=ttyS0,115200 rdinit=/init quiet"
#define WB_LAVA_CMDLINE_BOARD	"rdinit=/init quiet"

/*
 * How the device boots: qemu (the dispatcher's own emulator, deploy to
 * tmpfs), or a board over the network: grub (x86 boards, PXE/TFTP) or
 * u-boot (deploy to tftp, "bootz"/"booti"-style ramdisk commands), whose
 * kernel command line goes to the job's context (extra_kernel_args).
 */
enum wb_lava_boot {
	WB_LAVA_BOOT_QEMU = 0,
	WB_LAVA_BOOT_GRUB,
	WB_LAVA_BOOT_UBOOT
};

/* "qemu", "grub", "u-boot" into *b: 0, or -1 for another name. */
int	wb_lava_boot_parse(const char *, enum wb_lava_boot *);

struct wb_lava_job {
	const char			*device_type;	/* "qemu" */
	enum wb_lava_boot		 boot;
	const char			*kernel_type;	/* u-boot: "image", "zimage", "uimage" */
	const char			*dtb;		/* u-boot: the device tree URL, or NULL */
	const char			*job_name;
	const char *const		*labels;	/* variant labels */
	const char *const		*kernels;	/* kernel URLs */
	/*
	 * Per kernel, may be NULL or hold NULLs: the image's sha256 (into
	 * the job's metadata, worldbench.sha256.LABEL), and the string its
	 * uname -v must hold ("config-" and 16 hex digits of its config's
	 * sha256, KBUILD_BUILD_TIMESTAMP of lib/image/kbuild.c): the first step
	 * of each test checks it and fails the test case kernel-identity
	 * otherwise, so a lab serving a cached kernel is caught.
	 */
	const char *const		*kernel_sha256;
	const char *const		*kernel_ident;
	size_t				 nvariants;
	const char			*ramdisk;	/* initramfs URL */
	const struct wb_test_def *const	*tests;
	size_t				 ntests;
	double				 seconds;	/* pass length */
	int				 rounds;	/* boots per variant */
	const char			*version;	/* worldbench version */
};

/*
 * The identity of a kernel given as a file:// URL: the sha256 of the
 * image and, when a kernel.json beside it (worldbench kernel) records
 * its config_sha256, the uname -v string "config-<16 hex>"; both ""
 * for another URL or when unknown.
 */
#define WB_LAVA_IDENTSIZE	32
int	wb_lava_kernel_ident(const char *url, char sha[WB_SHA256_HEXSIZE],
	    char ident[WB_LAVA_IDENTSIZE], struct wb_err *);

/* The order of the boots: ABBA ... (indices into labels), rounds * n. */
void	wb_lava_order(size_t nvariants, int rounds, size_t *order);

/* The job YAML (malloc'ed), or NULL with err set. */
char	*wb_lava_job_yaml(const struct wb_lava_job *, struct wb_err *);

/* The /init shell script of the LAVA initramfs. */
extern const char wb_lava_init[];

/*
 * Read LAVA results (JSON from the REST API, a list or an object with
 * "results"; the YAML export, a list of flat mappings; or a job's log as
 * lava-run prints it and lava-server keeps it, output.yaml, one record a
 * line) from path into a JSON array of test case objects (new
 * reference), or NULL with err.
 */
json_t	*wb_lava_results_load(const char *path, struct wb_err *);

/*
 * One results file per variant from the test cases of worldbench's
 * suites ("<n>_wb-<label>-<round>"); other suites are skipped.  *out
 * and *labels (malloc'ed, labels owned) have *n entries.
 */
int	wb_lava_import(json_t *cases, const char *path,
	    struct wb_results ***out, char ***labels, size_t *n,
	    struct wb_err *);

#endif
