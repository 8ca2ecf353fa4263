/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Accelerator choice: the fixed rules, the KVM probe boot and its
 * verdict cache (lib/guest/qemu_accel.h).
 */
#include <sys/stat.h>
#include <sys/utsname.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "qemu.h"
#include "qemu_accel.h"
#include "wb_image.h"
#include "wb_model.h"
#include "wb_util.h"

#define MACHINE_ID	"/etc/machine-id"
#define CACHE_FORMAT	"worldbench-accel"

static void
choose(struct wb_accel_choice *ch, enum wb_qemu_accel a, const char *reason)
{

	ch->accel = a;
	snprintf(ch->reason, sizeof(ch->reason), "%s", reason);
}

/* 0 when the KVM device opens read-write, else -1 with why set. */
static int
kvm_usable(const struct wb_accel_req *q, char *why, size_t len)
{
	const char *dev;
	int fd;

	dev = q->kvm_device != NULL ? q->kvm_device : WB_ACCEL_KVM_DEVICE;
	if ((fd = open(dev, O_RDWR | O_CLOEXEC)) == -1) {
		snprintf(why, len, "%s: %s", dev, strerror(errno));
		return (-1);
	}
	close(fd);
	return (0);
}

int
wb_qemu_accel_rule(const struct wb_accel_req *q, struct wb_accel_choice *ch,
    struct wb_err *err)
{
	char why[512];

	memset(ch, 0, sizeof(*ch));
	if (q->requested != NULL && strcmp(q->requested, "tcg") == 0) {
		choose(ch, WB_ACCEL_TCG, "--accel=tcg");
		return (1);
	}
	if (q->requested != NULL && strcmp(q->requested, "kvm") == 0) {
		if (q->timing == WB_TIMING_ICOUNT) {
			wb_err_set(err, "--timing=icount needs TCG, not KVM "
			    "(use --timing=wall or --accel=tcg)");
			return (-2);
		}
		if (q->no_kvm) {
			wb_err_set(err, "--accel=kvm: KVM is forbidden by "
			    "WB_NO_KVM=1");
			return (-2);
		}
		if (kvm_usable(q, why, sizeof(why)) != 0)
			return (wb_err_set(err, "--accel=kvm: %s", why));
		choose(ch, WB_ACCEL_KVM, "--accel=kvm");
		return (1);
	}
	if (q->requested != NULL) {
		wb_err_set(err, "--accel: '%s' is not tcg or kvm",
		    q->requested);
		return (-2);
	}
	if (q->timing == WB_TIMING_ICOUNT) {
		choose(ch, WB_ACCEL_TCG, "icount timing");
		return (1);
	}
	if (q->no_kvm) {
		choose(ch, WB_ACCEL_TCG, "KVM forbidden by WB_NO_KVM");
		return (1);
	}
	if (kvm_usable(q, why, sizeof(why)) != 0) {
		choose(ch, WB_ACCEL_TCG, why);
		return (1);
	}
	return (0);
}

/* The host's identity: /etc/machine-id, else the node name. */
static void
host_identity(char *id, size_t len)
{
	struct utsname u;
	FILE *f;

	id[0] = '\0';
	if ((f = fopen(MACHINE_ID, "re")) != NULL) {
		if (fgets(id, (int)len, f) == NULL)
			id[0] = '\0';
		fclose(f);
		id[strcspn(id, "\n")] = '\0';
	}
	if (id[0] == '\0' && uname(&u) == 0)
		snprintf(id, len, "node %s", u.nodename);
}

int
wb_qemu_accel_key(const char *kernel, const char *qver,
    char key[WB_SHA256_HEXSIZE], struct wb_err *err)
{
	char khash[WB_SHA256_HEXSIZE], id[256], *s;
	struct utsname u;
	int n, rc;

	if (wb_digest_sha256_file(kernel, khash, err) != 0)
		return (-1);
	host_identity(id, sizeof(id));
	if (uname(&u) != 0)
		return (wb_err_setsys(err, "uname"));
	n = asprintf(&s, "%s 1\nkernel %s\nqemu %s\nhost %s\nrelease %s\n",
	    CACHE_FORMAT, khash, qver != NULL ? qver : "", id, u.release);
	if (n < 0)
		return (wb_err_setsys(err, "accel key"));
	rc = wb_digest_sha256_buf(s, (size_t)n, key, err);
	free(s);
	return (rc);
}

/*
 * A cached verdict: 1 when found (accel and reason set), 0 when there
 * is none or it is unusable (note says why), -1 never.
 */
static int
cache_read(const char *path, enum wb_qemu_accel *a, char *reason,
    size_t rlen, char *note, size_t nlen)
{
	json_error_t je;
	json_t *j, *f, *acc, *why;
	const char *s;

	if (access(path, F_OK) == -1)
		return (0);
	if ((j = json_load_file(path, 0, &je)) == NULL) {
		snprintf(note, nlen, "ignored %.700s:%d: %.160s (probing again)", path,
		    je.line, je.text);
		return (0);
	}
	f = json_object_get(j, "format");
	acc = json_object_get(j, "accel");
	why = json_object_get(j, "reason");
	s = json_string_value(acc);
	if (!json_is_string(f) || strcmp(json_string_value(f),
	    CACHE_FORMAT) != 0 || s == NULL || (strcmp(s, "kvm") != 0 &&
	    strcmp(s, "tcg") != 0) || !json_is_string(why)) {
		snprintf(note, nlen, "ignored %.700s: not a %s file with accel "
		    "and reason (probing again)", path, CACHE_FORMAT);
		json_decref(j);
		return (0);
	}
	*a = strcmp(s, "kvm") == 0 ? WB_ACCEL_KVM : WB_ACCEL_TCG;
	snprintf(reason, rlen, "%s", json_string_value(why));
	json_decref(j);
	return (1);
}

static int
cache_write(const char *dir, const char *path, const char *kernel,
    const char *qver, enum wb_qemu_accel a, const char *reason,
    struct wb_err *err)
{
	json_t *j;
	char *s;
	int rc;

	if (wb_world_fs_mkdirs(dir, 0755, err) != 0)
		return (-1);
	j = json_pack("{s:s, s:i, s:s, s:s, s:s, s:s, s:o}", "format",
	    CACHE_FORMAT, "version", 1, "accel", wb_qemu_accel_name(a),
	    "reason", reason, "kernel", kernel, "qemu_version",
	    qver != NULL ? qver : "", "date", wb_provenance_date());
	if (j == NULL || (s = json_dumps(j, JSON_INDENT(1) |
	    JSON_SORT_KEYS)) == NULL) {
		json_decref(j);
		return (wb_err_set(err, "%s: out of memory", path));
	}
	json_decref(j);
	rc = wb_atomic_write(path, s, strlen(s), 0644, err);
	free(s);
	return (rc);
}

/* Boot one kernel under KVM until init's hello, the timeout or exit. */
static int
probe_boot(const struct wb_accel_req *q, const struct wb_qemu_conf *base,
    const char *kernel, const char *console, enum wb_qemu_accel *a,
    char *reason, size_t rlen, struct wb_err *err)
{
	struct wb_qemu_conf c;
	struct wb_qemu_boot b;
	double limit;
	size_t n;

	limit = q->probe_timeout > 0 ? q->probe_timeout :
	    WB_ACCEL_PROBE_TIMEOUT;
	c = *base;
	c.kernel = kernel;
	c.console_log = console;
	c.accel = WB_ACCEL_KVM;
	c.timing = WB_TIMING_WALL;
	c.hang_timeout = 0;
	c.stop_at_init = 1;
	if (wb_qemu_run(&c, limit, &b, err) != 0)
		return (-1);
	*a = b.reached_init ? WB_ACCEL_KVM : WB_ACCEL_TCG;
	if (b.reached_init)
		snprintf(reason, rlen, "probe boot reached init in %.1f s",
		    b.init_wall);
	else if (b.timed_out)
		snprintf(reason, rlen, "kvm probe: no init after %g s", limit);
	else {
		n = b.qemu_err != NULL ? strcspn(b.qemu_err, "\n") : 0;
		snprintf(reason, rlen, "kvm probe: qemu exited with status "
		    "%d before init%s%.*s", b.status, n > 0 ? ": " : "",
		    (int)(n > 200 ? 200 : n), n > 0 ? b.qemu_err : "");
	}
	wb_qemu_boot_fini(&b);
	return (0);
}

/* The verdict for one kernel: cached, else probed (and cached). */
static int
verdict(const struct wb_accel_req *q, const struct wb_qemu_conf *base,
    const char *kernel, const char *console, enum wb_qemu_accel *a,
    char *reason, size_t rlen, int *cached, char *note, size_t nlen,
    struct wb_err *err)
{
	char key[WB_SHA256_HEXSIZE], dir[4096], path[4200];
	struct wb_err cerr;

	*cached = 0;
	if (q->cachedir != NULL) {
		if (wb_qemu_accel_key(kernel, q->qemu_version, key, err) != 0)
			return (-1);
		snprintf(dir, sizeof(dir), "%s/accel", q->cachedir);
		snprintf(path, sizeof(path), "%s/%s.json", dir, key);
		if (cache_read(path, a, reason, rlen, note, nlen) == 1) {
			*cached = 1;
			return (0);
		}
	}
	if (probe_boot(q, base, kernel, console, a, reason, rlen, err) != 0)
		return (-1);
	/* An unwritable cache costs a probe next time, not this boot. */
	if (q->cachedir != NULL && cache_write(dir, path, kernel,
	    q->qemu_version, *a, reason, &cerr) != 0)
		snprintf(note, nlen, "verdict not cached: %.900s", cerr.msg);
	return (0);
}

int
wb_qemu_accel_probe(const struct wb_accel_req *q,
    const struct wb_qemu_conf *base,
    const char *const *kernels, const char *const *labels, size_t n,
    const char *probedir, struct wb_accel_choice *ch, struct wb_err *err)
{
	enum wb_qemu_accel a;
	char console[4096], reason[400], note[1024];
	size_t i;
	int cached, allcached;

	ch->accel = WB_ACCEL_KVM;
	ch->reason[0] = '\0';
	allcached = 1;
	for (i = 0; i < n; i++) {
		snprintf(console, sizeof(console), "%s/%s.kvm-probe.console",
		    probedir, labels[i]);
		note[0] = '\0';
		if (verdict(q, base, kernels[i], console, &a, reason,
		    sizeof(reason), &cached, note, sizeof(note), err) != 0)
			return (-1);
		if (note[0] != '\0' && ch->note[0] == '\0')
			snprintf(ch->note, sizeof(ch->note), "%s", note);
		allcached &= cached;
		if (a == WB_ACCEL_TCG) {
			ch->accel = WB_ACCEL_TCG;
			if (n > 1)
				snprintf(ch->reason, sizeof(ch->reason),
				    "%s: %s", labels[i], reason);
			else
				snprintf(ch->reason, sizeof(ch->reason), "%s",
				    reason);
			ch->cached = cached;
			return (0);
		}
		/* Every kernel's line, "label: reason; ..." with several. */
		if (n == 1)
			snprintf(ch->reason, sizeof(ch->reason), "%s", reason);
		else
			snprintf(ch->reason + strlen(ch->reason),
			    sizeof(ch->reason) - strlen(ch->reason), "%s%s: %s",
			    i > 0 ? "; " : "", labels[i], reason);
	}
	ch->cached = allcached;
	return (0);
}
