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

struct wb_lava_job {
	const char			*device_type;	/* "qemu" */
	const char			*job_name;
	const char *const		*labels;	/* variant labels */
	const char *const		*kernels;	/* kernel URLs */
	size_t				 nvariants;
	const char			*ramdisk;	/* initramfs URL */
	const struct wb_test_def *const	*tests;
	size_t				 ntests;
	double				 seconds;	/* pass length */
	int				 rounds;	/* boots per variant */
	const char			*version;	/* worldbench version */
};

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
