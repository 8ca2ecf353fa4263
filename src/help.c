/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Every command's options with a one-line description (see help.h).
 * worldbench(1) has the full text; keep the two in step.
 */
#include <stdio.h>
#include <string.h>

#include "exitmap.h"
#include "help.h"
#include "suite.h"

struct help_opt {
	const char	*cmd;
	const char	*opt;		/* as in the synopsis */
	const char	*desc;
};

static const struct help_opt opts[] = {
	{ "run", "-c, --copies n", "run n copies of each test at once (default 1)" },
	{ "run", "-d, --duration seconds", "the length of each pass (default per test)" },
	{ "run", "-i, --passes n", "passes per test (default 10, 3 for the slow tests)" },
	{ "run", "-l, --label name", "the label of a single-variant run" },
	{ "run", "-o, --output file|dir", "the results file, or a directory for variants" },
	{ "run", "-q, --quiet", "no progress and no warnings on stderr" },
	{ "run", "-T, --tests id,...", "run these tests only (ids below)" },
	{ "run", "--datadir dir", "the suite's data files (WORLDBENCH_DATADIR)" },
	{ "run", "--design full|quick|bench", "pass lengths and counts: UnixBench's, a smoke run, or make bench's" },
	{ "run", "--index unixbench5|unixbench4", "the test set and index to score" },
	{ "run", "--libexec dir", "the suite's programs (WORLDBENCH_LIBEXEC)" },
	{ "run", "--locale name", "LC_ALL and LANG of the tests (default C)" },
	{ "run", "--max-passes n", "with --target-ci: at most n passes per test" },
	{ "run", "--max-time seconds", "with --target-ci: stop adding passes after this" },
	{ "run", "--negligible percent", "record the smallest effect of interest for compare" },
	{ "run", "--no-preflight", "skip the check of the host's noise sources" },
	{ "run", "--progress", "a line per pass even when stderr is not a terminal" },
	{ "run", "--quick", "short passes, 3 per test: a smoke run (--design quick)" },
	{ "run", "--resume file|dir", "continue an interrupted run where it stopped" },
	{ "run", "--seed n", "the seed of the interleaved pass order" },
	{ "run", "--strict", "refuse to start when the host is busy" },
	{ "run", "--target-ci percent", "aim the final interval at this width (reached in about 2 runs of 3)" },
	{ "run", "--target-ci-test percent", "also size each test's passes for its own interval (not guaranteed)" },
	{ "run", "--runner auto|name", "where image variants run (auto: the first that can; see preflight)" },
	{ "run", "--tmp-size size", "the bound of the private /tmp (default 1g)" },
	{ "run", "--max-procs n", "the bound on the command's processes (default 256)" },
	{ "run", "--max-memory size", "the bound on its memory (default 4g)" },
	{ "run", "--map-id uid:gid", "userns: the host ids the command's root maps to" },
	{ "run", "--variant label=root", "a variant to bench (host or an image root); repeat" },
	{ "run", "--unmatched", "run images that differ in more than the knob" },
	{ "bench", "-o, --output resultsdir", "where the runs go (default WORKDIR/results/bench)" },
	{ "bench", "-q, --quiet", "no progress on stderr" },
	{ "bench", "-T, --tests id,...", "these tests only (see help run)" },
	{ "bench", "-w, --workdir dir", "images, roots and logs (default $WORKDIR or work)" },
	{ "bench", "--design bench|quick|full", "passes and pass lengths (default bench)" },
	{ "bench", "-i, --passes n", "passes of every test (default: the design's)" },
	{ "bench", "--list", "list the runs under the results directory" },
	{ "bench", "--negligible percent", "the smallest effect of interest (default by timing)" },
	{ "bench", "--rundir dir", "exactly this run directory (a scheduler's task)" },
	{ "bench", "--unmatched", "run images that differ in more than the knob" },
	{ "bench", "--no-extend", "never extend an undecided headline row" },
	{ "bench", "--extend-budget-passes n", "most passes per test the extension adds (default 8)" },
	{ "bench", "--extend-budget-time s", "most seconds of extension passes (default 130, 0: none)" },
	{ "bench", "--no-preflight", "skip the check of the host's noise sources" },
	{ "bench", "--objdir dir", "the worldbench build directory (build)" },
	{ "bench", "--strict", "refuse to start when the host is busy" },
	{ "bench", "--topdir dir", "the source tree with recipes/ and overlays/" },
	{ "bench", "--runner auto|name", "where the suite runs (as for run)" },
	{ "bench", "--tmp-size size", "the bound of the private /tmp (default 1g)" },
	{ "bench", "--max-procs n", "the bound on processes (default 256)" },
	{ "bench", "--max-memory size", "the bound on memory (default 4g)" },
	{ "bench", "--map-id uid:gid", "userns: the host ids root maps to" },
	{ "explain", "-o, --output resultsdir", "where the runs go (default WORKDIR/results/explain)" },
	{ "explain", "-q, --quiet", "no progress on stderr" },
	{ "explain", "-T, --tests id,...", "these tests only (see help run)" },
	{ "explain", "-w, --workdir dir", "images, roots and logs (default $WORKDIR or work)" },
	{ "explain", "--design bench|quick|full", "passes and pass lengths (default bench)" },
	{ "explain", "-i, --passes n", "passes of every test (default: the design's)" },
	{ "explain", "--format fmt", "text, json, markdown or html on stdout (all four are saved)" },
	{ "explain", "--generators G,G", "a fractional design's generators, e.g. E=ABC,F=BCD" },
	{ "explain", "--group name=OPT,OPT", "options flipped together as one factor; repeat" },
	{ "explain", "--max-order n", "estimate interactions of up to n factors" },
	{ "explain", "--plan", "print the factors and design points, run nothing" },
	{ "explain", "--one-at-a-time", "kernel recipes: one kernel per factor instead of the design" },
	{ "explain", "--screen", "kernel recipes: the groups one at a time, then the symbols of those that cost" },
	{ "explain", "--ddmin fraction", "kernel recipes: search the fewest factors carrying that fraction of the difference" },
	{ "explain", "--boots n", "kernel recipes: boots of every kernel (default: the policy's)" },
	{ "explain", "--seconds s", "kernel recipes: seconds of every test (default: the quick plan)" },
	{ "explain", "--cachedir dir", "kernel recipes: sources and ccache (default /var/cache/worldbench)" },
	{ "explain", "--jobs n", "kernel recipes: make -j (default: the CPUs)" },
	{ "explain", "--no-preflight, --strict", "as for bench" },
	{ "explain", "--objdir dir, --topdir dir", "as for bench" },
	{ "explain", "--runner, --tmp-size, --max-procs", "as for bench" },
	{ "explain", "--max-memory, --map-id", "as for bench" },
	{ "table", "-e, --estimator unixbench|all", "how passes are combined into a score" },
	{ "table", "-F, --format fmt", "seed, unixbench5, json, csv or markdown" },
	{ "history", "--store url", "postgresql://... or a SQLite file (default WORKDIR/history.db)" },
	{ "history", "-w, --workdir dir", "the work directory (default $WORKDIR, else work)" },
	{ "history", "--release name[:order]", "add: the release of the runs (default: recipe-VERSION of the image)" },
	{ "history", "--machine fp", "series, changes, html: a machine fingerprint or its prefix" },
	{ "history", "--variant label", "series, changes, html: one variant" },
	{ "history", "--test id", "series, changes, html: one test" },
	{ "history", "--alpha a", "changes: each split's level (default 0.05: candidates, each to confirm; 0.003: the detector alone)" },
	{ "history", "--seed n", "changes: the permutations' seed (default 0)" },
	{ "history", "-o, --output dir", "html: the directory of the static site" },
	{ "history", "--passes n", "confirm: passes of each release (default 8)" },
	{ "history", "--duration s", "confirm: seconds a pass (default 1)" },
	{ "history", "-d, --dir dir", "serve: the site to serve (default: history html writes WORKDIR/history-site)" },
	{ "history", "--port n", "serve: the TCP port (default 8000; 0 picks a free one)" },
	{ "history", "--bind address", "serve: the numeric address listened on (default 127.0.0.1)" },
	{ "import", "-l, --label name", "the label recorded in the results" },
	{ "import", "-o, --output results", "the results file to write" },
	{ "import", "-t, --table n", "import the n-th table of the report (default 1)" },
	{ "import", "--lava file", "import a LAVA job's results into a directory" },
	{ "compare", "-a, --adjust holm|bh|none", "the multiple-comparison adjustment (default holm)" },
	{ "compare", "--confidence level", "the confidence level, 95 or 0.95 (default 95)" },
	{ "compare", "-e, --estimator unixbench|all", "how passes are combined into a score" },
	{ "compare", "-F, --format fmt", "text, json, csv, markdown, html or summary" },
	{ "compare", "-f, --force", "compare even when the provenance differs" },
	{ "compare", "-o, --output file", "write the report to file (atomically)" },
	{ "compare", "-p, --plot", "a chart of the ratios under the text table" },
	{ "compare", "--factorial[=knobA,knobB]", "a 2x2 factorial of four results of one run" },
	{ "compare", "--negligible percent", "ratios within this of 1 are negligible (default: recorded, else by timing)" },
	{ "compare", "--stratify", "one report per node type (fingerprint)" },
	{ "compare", "--name label=name", "show the variant labelled label as name; repeat" },
	{ "compare", "--unmatched", "compare images that differ in more than the knob (noted)" },
	{ "preflight", "-j, --json", "print the check as JSON" },
	{ "preflight", "-s, --strict", "exit 1 when the host is busy" },
	{ "preflight", "-w, --window seconds", "how long to watch the load (default 0.5)" },
	{ "check-release", "--history n", "gate --results against the last n confirmed-good releases of its series in the history store" },
	{ "check-release", "--store url", "with --history: the store (default WORKDIR/history.db)" },
	{ "check-release", "-b, --baseline results", "the production baseline of the gate" },
	{ "check-release", "-r, --results results", "the results gated against the baseline" },
	{ "check-release", "-m, --max-regression percent", "the largest slowdown the gate allows" },
	{ "check-release", "-H, --host", "check the running host's kernel and world" },
	{ "check-release", "-j, --junit file", "also write a JUnit XML report" },
	{ "check-release", "-n, --no-probe", "do not run the malloc probe in the world" },
	{ "check-release", "-w, --workdir dir", "where an image archive is unpacked" },
	{ "check-release", "--confidence level", "the gate's level: 1 - alpha (default 95)" },
	{ "check-release", "--gate all|final", "gate every test or the final score only" },
	{ "check-release", "--waivers file", "kernel options waived, with a reason each" },
	{ "recipe", "build [options] recipe", "build a recipe's port into the work directory" },
	{ "recipe", "lint [recipe ...]", "check recipes, printing file:line: problem" },
	{ "recipe", "variants recipe", "list a world recipe's variants" },
	{ "image", "pack [options] root archive", "pack a root into a reproducible archive" },
	{ "image", "-z gzip|none|zstd", "pack: the compression (default gzip)" },
	{ "image", "--manifest file", "pack: owners, modes and device nodes of the entries" },
	{ "image", "--mtime seconds", "pack: the time stamp of every entry" },
	{ "image", "unpack archive dir", "unpack an image, refusing unsafe entries" },
	{ "images", "-w workdir", "the work directory (default $WORKDIR or work)" },
	{ "images", "--root name", "unpack the image name (or archive path); its root" },
	{ "chroot", "-r", "print the command's resource usage" },
	{ "chroot", "-t timeout", "kill the command's group after timeout seconds (3600)" },
	{ "chroot", "-w workdir", "the work directory of image names (default work)" },
	{ "chroot", "image", "an image name, an archive or an unpacked root" },
	{ "chroot", "--runner auto|name", "where the command runs (auto: the first that can; see preflight)" },
	{ "chroot", "--tmp-size size", "the bound of the private /tmp (default 1g)" },
	{ "chroot", "--max-procs n", "the bound on the command's processes (default 256)" },
	{ "chroot", "--max-memory size", "the bound on its memory (default 4g)" },
	{ "chroot", "--map-id uid:gid", "userns: the host ids the command's root maps to" },
	{ "boot", "-B boots", "boots per kernel" },
	{ "boot", "-d seconds", "the pass length of every test (default the suite's)" },
	{ "boot", "-i passes", "passes per boot" },
	{ "boot", "-k kernel-image", "another kernel, interleaved with the first; repeat" },
	{ "boot", "-m megabytes", "guest memory (default 512)" },
	{ "boot", "-o outdir", "where results, consoles and the initramfs go" },
	{ "boot", "-q, --quiet", "no progress notes and no pre-flight warnings" },
	{ "boot", "-T tests", "test ids, an index name or all" },
	{ "boot", "-t timeout", "seconds per boot" },
	{ "boot", "-w workdir", "the work directory of image names" },
	{ "boot", "--accel=tcg|kvm", "the qemu accelerator" },
	{ "boot", "--timing=icount|wall", "instruction-count or wall-clock timing" },
	{ "boot", "--busybox path", "the static busybox of the initramfs" },
	{ "boot", "--data dir", "the suite's data files" },
	{ "boot", "--hang-timeout seconds", "console silence that declares a hang (30; 0 off)" },
	{ "boot", "--init path", "the guest's init program" },
	{ "boot", "--negligible percent", "record the smallest effect of interest for compare" },
	{ "boot", "--probe-timeout seconds", "how long a KVM probe boot may take (20)" },
	{ "boot", "--qemu path", "the qemu binary" },
	{ "boot", "--quick", "the suite's quick pass lengths and 3 passes" },
	{ "boot", "--strict", "refuse to boot when the host is busy" },
	{ "boot", "--unmatched", "boot kernels that differ in more than the knob" },
	{ "boot", "--suite dir", "the suite's programs" },
	{ "kernel", "build|config|diff ...", "build a kernel variant, print or compare configs" },
	{ "kernel", "-C cachedir", "sources and ccache" },
	{ "kernel", "-f", "build even when the image is up to date" },
	{ "kernel", "-j jobs", "parallel jobs (default the online CPUs)" },
	{ "kernel", "-O overlays", "the overlays directory" },
	{ "kernel", "-R recipe", "the kernel recipe" },
	{ "kernel", "-s tarball", "the kernel source distfile" },
	{ "kernel", "-t timeout", "seconds allowed for each make run (10800)" },
	{ "kernel", "-w workdir", "builds, images and logs" },
	{ "kernel", "--no-ccache", "compile without ccache" },
	{ "kernel", "--check", "diff: prove the variant is its base plus its fragments" },
	{ "kernel", "--owners", "diff, attribute: the request that brings each changed option (kconfig)" },
	{ "kernel", "attribute ...", "charge a debug kernel's extra instructions to options" },
	{ "kernel", "-d seconds", "attribute: the long run's pass length (2; short: half)" },
	{ "kernel", "-m megabytes", "attribute: guest memory (default 512)" },
	{ "kernel", "-o outdir", "attribute: where the report and the runs go" },
	{ "kernel", "-q, --quiet", "attribute: no progress notes" },
	{ "kernel", "-T tests", "attribute: test ids, comma-separated" },
	{ "kernel", "--busybox path", "attribute: the static busybox of the initramfs" },
	{ "kernel", "--data dir", "attribute: the suite's data files" },
	{ "kernel", "--init path", "attribute: the guest's init program" },
	{ "kernel", "--plugin path", "attribute: the instruction-counting qemu plugin" },
	{ "kernel", "--probe path", "attribute: the plugin API probe plugin" },
	{ "kernel", "--qemu path", "attribute: the qemu binary" },
	{ "kernel", "--suite dir", "attribute: the suite's programs" },
	{ "recipe", "build [options] recipe", "build a recipe's port into the work directory" },
	{ "recipe", "-f", "build: run every phase even if its stamp exists" },
	{ "recipe", "-v", "build: show the phases' output" },
	{ "recipe", "-t timeout", "build: seconds allowed for each phase" },
	{ "recipe", "-w workdir", "build: the work directory" },
	{ "recipe", "--objdir dir", "build: the worldbench build directory (build)" },
	{ "recipe", "--topdir dir", "build: the source tree with recipes/ and overlays/" },
	{ "recipe", "--images label ...", "build: build the images these labels name" },
	{ "recipe", "lint recipe ...", "check recipes, printing file:line: problem" },
	{ "recipe", "variants recipe", "list a world recipe's variants" },
	{ "lava-job", "-k label=kernel", "a kernel variant to bench; repeat" },
	{ "lava-job", "-d seconds", "the pass length (default 10)" },
	{ "lava-job", "--rounds n", "boots per kernel (default 2)" },
	{ "lava-job", "-T tests", "the tests, as for run -T" },
	{ "lava-job", "-w workdir", "write the initramfs under workdir" },
	{ "lava-job", "-o job.yaml", "the job file, written atomically" },
	{ "lava-job", "--boot-method m", "qemu (default), or a board: grub, u-boot" },
	{ "lava-job", "--busybox path", "the static busybox of the initramfs" },
	{ "lava-job", "--data dir", "the suite's data files" },
	{ "lava-job", "--device-type type", "the LAVA device type" },
	{ "lava-job", "--dtb url", "u-boot: the board's device tree" },
	{ "lava-job", "--job-name name", "the job's name" },
	{ "lava-job", "--kernel-type t", "u-boot: image, zimage or uimage" },
	{ "lava-job", "--ramdisk url", "use this initramfs instead of writing one" },
	{ "lava-job", "--suite dir", "the suite's programs" },
	{ "submit", "--engine slurm", "submit a run as a Slurm job array" },
	{ "submit", "-N tasks", "the array size: how many complete runs (2)" },
	{ "submit", "--dry-run", "print the job script, do not submit" },
	{ "submit", "-w workdir", "the work directory of the images" },
	{ "submit", "--image name", "a world image the tasks bench; repeat" },
	{ "submit", "--ship label=archive", "ship this image by sha256; repeat" },
	{ "submit", "--ship-kernel dir", "ship this kernel image by sha256; boot" },
	{ "submit", "--stage shared|sbcast", "how tasks get shipped images" },
	{ "submit", "--no-node-check", "submit without the nodes' pre-flight" },
	{ "submit", "--partition name", "submit to this partition" },
	{ "submit", "--account name", "charge this account (sbatch)" },
	{ "submit", "--qos name", "this quality of service (sbatch)" },
	{ "submit", "--constraint features", "nodes with these features" },
	{ "submit", "--nodelist nodes", "run on these nodes (sbatch)" },
	{ "submit", "--exclude nodes", "never on these nodes (sbatch)" },
	{ "submit", "--reservation name", "run in this reservation" },
	{ "submit", "--throttle n", "at most n tasks at once (%n)" },
	{ "submit", "--sbatch-arg opt", "another #SBATCH option; repeat" },
	{ "submit", "--shared dir", "the shared results directory" },
	{ "submit", "--srcdir dir", "the source tree the tasks build from" },
	{ "submit", "--time seconds", "the time limit of each task" },
	{ "submit", "--status dir", "the state of a submitted run's tasks" },
	{ "submit", "--resubmit dir", "submit the failed tasks again" },
	{ "submit", "--collect dir", "gather the tasks' results" },
	{ "submit", "--spread", "collect: the spread between runs" },
	{ "submit", "--variant label", "collect: one variant's results" },
};

/*
 * One piece of an option's synopsis, "-c", "--copies n", "--accel=tcg|kvm"
 * or "--factorial[=knobA,knobB]", into o; 0, or -1 when it is not an
 * option.
 */
static int
parse_piece(const char *p, size_t len, struct help_optinfo *o)
{
	size_t n;
	const char *a;

	if (len < 2 || p[0] != '-')
		return (-1);
	if (p[1] != '-') {
		o->shortname = p[1];
		a = p + 2;
	} else {
		for (n = 0; 2 + n < len && strchr(" =[", p[2 + n]) == NULL; n++)
			;
		if (n == 0 || n >= sizeof(o->longname))
			return (-1);
		memcpy(o->longname, p + 2, n);
		o->longname[n] = '\0';
		a = p + 2 + n;
	}
	if (a < p + len && *a == '[') {
		o->optional = 1;
		a++;
	}
	if (a < p + len && (*a == ' ' || *a == '='))
		a++;
	n = (size_t)(p + len - a);
	if (n > 0 && o->optional && a[n - 1] == ']')
		n--;
	if (n >= sizeof(o->arg))
		n = sizeof(o->arg) - 1;
	memcpy(o->arg, a, n);
	o->arg[n] = '\0';
	return (0);
}

/* The argument of cmd's option --name as another command states it. */
static void
borrow_arg(struct help_optinfo *o)
{
	struct help_optinfo t;
	const char *p, *e;
	size_t i;

	for (i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
		for (p = opts[i].opt; *p != '\0'; p = *e == '\0' ? e : e + 2) {
			if ((e = strstr(p, ", ")) == NULL)
				e = p + strlen(p);
			memset(&t, 0, sizeof(t));
			if (parse_piece(p, (size_t)(e - p), &t) == 0 &&
			    strcmp(t.longname, o->longname) == 0 &&
			    t.arg[0] != '\0') {
				memcpy(o->arg, t.arg, sizeof(o->arg));
				o->optional = t.optional;
				return;
			}
		}
}

static int
seen(const struct help_optinfo *v, size_t n, const struct help_optinfo *o)
{
	size_t i;

	for (i = 0; i < n; i++)
		if ((o->longname[0] != '\0' &&
		    strcmp(v[i].longname, o->longname) == 0) ||
		    (o->shortname != 0 && v[i].shortname == o->shortname))
			return (1);
	return (0);
}

size_t
help_options_of(const char *cmd, struct help_optinfo *v, size_t max)
{
	struct help_optinfo pc[4];
	const char *p, *e;
	size_t i, j, k, n;

	n = 0;
	for (i = 0; i < sizeof(opts) / sizeof(opts[0]); i++) {
		if (strcmp(opts[i].cmd, cmd) != 0 || opts[i].opt[0] != '-')
			continue;
		k = 0;
		for (p = opts[i].opt; *p != '\0' && k < 4;
		    p = *e == '\0' ? e : e + 2) {
			if ((e = strstr(p, ", ")) == NULL)
				e = p + strlen(p);
			memset(&pc[k], 0, sizeof(pc[k]));
			pc[k].desc = opts[i].desc;
			if (parse_piece(p, (size_t)(e - p), &pc[k]) == 0)
				k++;
		}
		/* "-c, --copies n" is one option; "--a, --b" are two. */
		if (k == 2 && pc[0].shortname != 0 && pc[0].arg[0] == '\0' &&
		    pc[1].longname[0] != '\0') {
			pc[1].shortname = pc[0].shortname;
			pc[0] = pc[1];
			k = 1;
		}
		for (j = 0; j < k && n < max; j++) {
			if (pc[j].longname[0] != '\0' && pc[j].arg[0] == '\0' &&
			    strncmp(pc[j].desc, "as for", 6) == 0)
				borrow_arg(&pc[j]);
			if (!seen(v, n, &pc[j]))
				v[n++] = pc[j];
		}
	}
	return (n);
}

int
help_options(FILE *fp, const char *cmd)
{
	const struct wb_test_def *t;
	size_t i, n;

	n = 0;
	for (i = 0; i < sizeof(opts) / sizeof(opts[0]); i++) {
		if (strcmp(opts[i].cmd, cmd) != 0)
			continue;
		if (n++ == 0)
			fprintf(fp, "\n");
		if (strlen(opts[i].opt) < 28)
			fprintf(fp, "  %-28s %s\n", opts[i].opt, opts[i].desc);
		else
			fprintf(fp, "  %s\n  %-28s %s\n", opts[i].opt, "",
			    opts[i].desc);
	}
	if (strcmp(cmd, "run") == 0) {
		fprintf(fp, "\ntests (-T):\n");
		for (i = 0; (t = wb_suite_at(i)) != NULL; i++)
			fprintf(fp, "  %-17s %s%s\n", t->id, t->name,
			    wb_suite_in_index(t, WB_INDEX_UNIXBENCH5) ? "" :
			    " (not in the index)");
	}
	if (n > 0)
		fprintf(fp, "\nSee worldbench(1) for the full text; "
		    "'worldbench help exit-status' for exit statuses.\n");
	return (n > 0 ? 0 : -1);
}

void
help_exit_statuses(FILE *fp)
{
	size_t i;

	fprintf(fp, "exit statuses of worldbench (worldbench(1) EXIT STATUS):\n");
	for (i = 0; cmd_exit_rows[i].meaning != NULL; i++)
		if (cmd_exit_rows[i].status == 128)
			fprintf(fp, "  %-6s %s\n", "128+N",
			    cmd_exit_rows[i].meaning);
		else
			fprintf(fp, "  %-6d %s\n", cmd_exit_rows[i].status,
			    cmd_exit_rows[i].meaning);
}

/* Optimal string alignment distance, capped at 3. */
static size_t
distance(const char *a, const char *b)
{
	size_t d[64][64], i, j, la, lb, c, v;

	la = strlen(a);
	lb = strlen(b);
	if (la >= 64 || lb >= 64)
		return (3);
	for (i = 0; i <= la; i++)
		d[i][0] = i;
	for (j = 0; j <= lb; j++)
		d[0][j] = j;
	for (i = 1; i <= la; i++)
		for (j = 1; j <= lb; j++) {
			c = a[i - 1] != b[j - 1];
			v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + c < v)
				v = d[i - 1][j - 1] + c;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return (d[la][lb] < 3 ? d[la][lb] : 3);
}

const char *
help_nearest(const char *s, const char *const *names, size_t n)
{
	const char *best;
	size_t i, d, bd;

	best = NULL;
	bd = 3;
	for (i = 0; i < n; i++) {
		/* A unique prefix of three letters or more counts as close. */
		d = strlen(s) >= 3 && strncmp(names[i], s, strlen(s)) == 0 ?
		    1 : distance(s, names[i]);
		if (d < bd) {
			bd = d;
			best = names[i];
		}
	}
	return (best);
}

void
help_suggest_options(const char *cmd, int argc, char **argv)
{
	struct help_optinfo v[HELP_MAXOPTS];
	const char *names[HELP_MAXOPTS + 1], *best;
	size_t i, m, n;
	int k;

	m = help_options_of(cmd, v, HELP_MAXOPTS);
	n = 0;
	for (i = 0; i < m; i++)
		if (v[i].longname[0] != '\0')
			names[n++] = v[i].longname;
	if (n == 0)
		return;
	names[n++] = "help";
	for (k = 1; k < argc; k++) {
		char word[64];
		size_t len;

		if (strcmp(argv[k], "--") == 0)
			break;
		if (strncmp(argv[k], "--", 2) != 0)
			continue;
		len = strcspn(argv[k] + 2, "=");
		if (len == 0 || len >= sizeof(word))
			continue;
		memcpy(word, argv[k] + 2, len);
		word[len] = '\0';
		for (i = 0; i < n; i++)
			if (strcmp(names[i], word) == 0)
				break;
		if (i < n)
			continue;
		if ((best = help_nearest(word, names, n)) != NULL)
			fprintf(stderr, "worldbench %s: --%s: did you mean "
			    "--%s?\n", cmd, word, best);
	}
}
