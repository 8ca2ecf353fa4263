/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A qemu TCG plugin that counts executed guest instructions per kernel
 * text symbol.  Arguments: syms=FILE, a table of "start end name" lines
 * (hexadecimal, half-open ranges, sorted by start, not overlapping) that
 * "worldbench kernel attribute" writes from System.map; out=FILE, where
 * the counts go when qemu exits (written to FILE.tmp, then renamed).
 *
 * Instructions below the kernel half of the address space are counted
 * as one "user" bucket; kernel addresses outside every range as
 * "kernel-other".  The work is done at translation time: a block's
 * instructions are grouped into runs that fall in the same bucket, and
 * each run gets one inline add of its length to the bucket's counter,
 * attached to the block when the block is a single run and to the run's
 * first instruction otherwise.  A block left early (a fault in its
 * middle) is still counted whole: the count is of instructions entered
 * by run, which differs from retired instructions by such exits only.
 * The counters are plain 64-bit adds, exact with one vCPU (-smp 1).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qemu-plugin.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#define KERNEL_HALF	0xffff800000000000ULL

struct sym {
	uint64_t	 start, end;
	char		*name;
};

static struct sym	*syms;
static size_t		 nsyms;
static uint64_t		*counts;	/* nsyms + 2: user, kernel-other */
static char		*outpath;

#define BUCKET_USER	(nsyms)
#define BUCKET_OTHER	(nsyms + 1)

static size_t
bucket(uint64_t va)
{
	size_t lo, hi, mid;

	if (va < KERNEL_HALF)
		return (BUCKET_USER);
	lo = 0;
	hi = nsyms;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (va < syms[mid].start)
			hi = mid;
		else if (va >= syms[mid].end)
			lo = mid + 1;
		else
			return (mid);
	}
	return (BUCKET_OTHER);
}

static void
tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	struct qemu_plugin_insn *first, *insn;
	size_t n, i, b, run_b, run_len;

	(void)id;
	n = qemu_plugin_tb_n_insns(tb);
	if (n == 0)
		return;
	first = qemu_plugin_tb_get_insn(tb, 0);
	run_b = bucket(qemu_plugin_insn_vaddr(first));
	run_len = 1;
	for (i = 1; i < n; i++) {
		insn = qemu_plugin_tb_get_insn(tb, i);
		b = bucket(qemu_plugin_insn_vaddr(insn));
		if (b == run_b) {
			run_len++;
			continue;
		}
		qemu_plugin_register_vcpu_insn_exec_inline(first,
		    QEMU_PLUGIN_INLINE_ADD_U64, &counts[run_b], run_len);
		first = insn;
		run_b = b;
		run_len = 1;
	}
	if (run_len == n)
		qemu_plugin_register_vcpu_tb_exec_inline(tb,
		    QEMU_PLUGIN_INLINE_ADD_U64, &counts[run_b], run_len);
	else
		qemu_plugin_register_vcpu_insn_exec_inline(first,
		    QEMU_PLUGIN_INLINE_ADD_U64, &counts[run_b], run_len);
}

static void
at_exit(qemu_plugin_id_t id, void *arg)
{
	char tmp[4096];
	FILE *fp;
	size_t i;
	int bad;

	(void)id;
	(void)arg;
	if (snprintf(tmp, sizeof(tmp), "%s.tmp", outpath) >=
	    (int)sizeof(tmp)) {
		fprintf(stderr, "insncount: %s: name too long\n", outpath);
		return;
	}
	if ((fp = fopen(tmp, "w")) == NULL) {
		fprintf(stderr, "insncount: %s: %s\n", tmp, strerror(errno));
		return;
	}
	fprintf(fp, "# worldbench insncount 1\n");
	fprintf(fp, "user %" PRIu64 "\n", counts[BUCKET_USER]);
	fprintf(fp, "kernel-other %" PRIu64 "\n", counts[BUCKET_OTHER]);
	for (i = 0; i < nsyms; i++)
		if (counts[i] != 0)
			fprintf(fp, "sym %" PRIx64 " %s %" PRIu64 "\n",
			    syms[i].start, syms[i].name, counts[i]);
	bad = ferror(fp);
	if (fclose(fp) != 0 || bad || rename(tmp, outpath) != 0) {
		fprintf(stderr, "insncount: %s: write failed\n", outpath);
		(void)remove(tmp);
	}
}

static int
load_syms(const char *path)
{
	char line[1024], name[512];
	unsigned long long s, e;
	struct sym *ns;
	size_t cap, lineno;
	FILE *fp;

	if ((fp = fopen(path, "r")) == NULL) {
		fprintf(stderr, "insncount: %s: %s\n", path, strerror(errno));
		return (-1);
	}
	cap = 0;
	lineno = 0;
	while (fgets(line, sizeof(line), fp) != NULL) {
		lineno++;
		if (sscanf(line, "%llx %llx %511s", &s, &e, name) != 3 ||
		    e <= s || (nsyms > 0 && s < syms[nsyms - 1].end)) {
			fprintf(stderr, "insncount: %s:%zu: not a sorted "
			    "\"start end name\" range\n", path, lineno);
			fclose(fp);
			return (-1);
		}
		if (nsyms == cap) {
			cap = cap == 0 ? 4096 : cap * 2;
			if ((ns = realloc(syms, cap * sizeof(*ns))) == NULL)
				goto nomem;
			syms = ns;
		}
		syms[nsyms].start = s;
		syms[nsyms].end = e;
		if ((syms[nsyms].name = strdup(name)) == NULL)
			goto nomem;
		nsyms++;
	}
	fclose(fp);
	return (0);
nomem:
	fprintf(stderr, "insncount: out of memory\n");
	fclose(fp);
	return (-1);
}

QEMU_PLUGIN_EXPORT int
qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc,
    char **argv)
{
	const char *sympath;
	int i;

	(void)info;
	sympath = NULL;
	for (i = 0; i < argc; i++) {
		if (strncmp(argv[i], "syms=", 5) == 0)
			sympath = argv[i] + 5;
		else if (strncmp(argv[i], "out=", 4) == 0)
			outpath = argv[i] + 4;
		else {
			fprintf(stderr, "insncount: unknown argument '%s' "
			    "(syms=FILE, out=FILE)\n", argv[i]);
			return (-1);
		}
	}
	if (sympath == NULL || outpath == NULL) {
		fprintf(stderr, "insncount: needs syms=FILE and out=FILE\n");
		return (-1);
	}
	if ((outpath = strdup(outpath)) == NULL || load_syms(sympath) == -1)
		return (-1);
	if ((counts = calloc(nsyms + 2, sizeof(*counts))) == NULL) {
		fprintf(stderr, "insncount: out of memory\n");
		return (-1);
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return (0);
}
