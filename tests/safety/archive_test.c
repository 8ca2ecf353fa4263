/*
 * Hostile archives: a corpus generated here with libarchive's writer
 * (names with "..", absolute paths, symlinks and hard links leading out,
 * device nodes, FIFOs, duplicates, truncated, corrupt and garbage
 * streams) fed to "worldbench image unpack" and to the chroot runner,
 * which unpacks images the same way.  Every case must be refused with a
 * non-zero exit, leave no target and no temporary directory behind, and
 * change nothing outside the target.  A clean archive is the positive
 * twin.  The number of cases is printed.
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <archive.h>
#include <archive_entry.h>
#include <atf-c.h>

#include "wbtest.h"

#define BOX	"box"		/* everything a case may touch lives here */

/* An absolute path outside the box that no archive may create. */
static char	abs_victim[256];
static char	abs_outside[4096];

struct aw {
	struct archive	*a;
};

static void
aw_open(struct aw *w, const char *path, int gzip)
{

	ATF_REQUIRE((w->a = archive_write_new()) != NULL);
	ATF_REQUIRE(archive_write_set_format_pax_restricted(w->a) ==
	    ARCHIVE_OK);
	if (gzip)
		ATF_REQUIRE(archive_write_add_filter_gzip(w->a) == ARCHIVE_OK);
	ATF_REQUIRE_MSG(archive_write_open_filename(w->a, path) == ARCHIVE_OK,
	    "%s: %s", path, archive_error_string(w->a));
}

static void
aw_close(struct aw *w)
{

	ATF_REQUIRE(archive_write_close(w->a) == ARCHIVE_OK);
	archive_write_free(w->a);
}

/* type: 'f' file, 'd' dir, 'l' symlink (to), 'h' hard link (to),
 * 'c'/'b' char/block device, 'p' FIFO. */
static void
aw_add(struct aw *w, int type, const char *path, const char *to,
    const char *data)
{
	struct archive_entry *e;
	size_t len;

	/* The tar writer stores no data for hard links. */
	len = data != NULL && type != 'h' ? strlen(data) : 0;
	ATF_REQUIRE((e = archive_entry_new()) != NULL);
	archive_entry_set_pathname(e, path);
	archive_entry_set_mtime(e, 1000000000, 0);
	archive_entry_set_uid(e, 0);
	archive_entry_set_gid(e, 0);
	switch (type) {
	case 'f':
		archive_entry_set_filetype(e, AE_IFREG);
		archive_entry_set_perm(e, 0644);
		archive_entry_set_size(e, (la_int64_t)len);
		break;
	case 'd':
		archive_entry_set_filetype(e, AE_IFDIR);
		archive_entry_set_perm(e, 0755);
		break;
	case 'l':
		archive_entry_set_filetype(e, AE_IFLNK);
		archive_entry_set_perm(e, 0777);
		archive_entry_set_symlink(e, to);
		break;
	case 'h':
		archive_entry_set_filetype(e, AE_IFREG);
		archive_entry_set_perm(e, 0644);
		archive_entry_set_hardlink(e, to);
		break;
	case 'c':
	case 'b':
		archive_entry_set_filetype(e, type == 'c' ? AE_IFCHR :
		    AE_IFBLK);
		archive_entry_set_perm(e, 0666);
		archive_entry_set_rdev(e, type == 'c' ? makedev(1, 3) :
		    makedev(8, 0));
		break;
	case 'p':
		archive_entry_set_filetype(e, AE_IFIFO);
		archive_entry_set_perm(e, 0644);
		break;
	default:
		atf_tc_fail("bad entry type %c", type);
	}
	ATF_REQUIRE_MSG(archive_write_header(w->a, e) == ARCHIVE_OK,
	    "%s: %s", path, archive_error_string(w->a));
	if (len > 0)
		ATF_REQUIRE(archive_write_data(w->a, data, len) ==
		    (la_ssize_t)len);
	archive_entry_free(e);
}

/* A clean image: the positive twin, and the base of the broken ones. */
static void
build_clean(const char *path, int gzip)
{
	struct aw w;
	char big[8192];

	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	aw_open(&w, path, gzip);
	aw_add(&w, 'd', "bin", NULL, NULL);
	aw_add(&w, 'f', "bin/true", NULL, "#!/bin/sh\nexit 0\n");
	aw_add(&w, 'l', "bin/sh", "/bin/busybox", NULL);
	aw_add(&w, 'd', "etc", NULL, NULL);
	aw_add(&w, 'f', "etc/big", NULL, big);
	aw_add(&w, 'l', "etc/rel", "../bin/true", NULL);
	aw_add(&w, 'h', "etc/hard", "bin/true", NULL);
	aw_close(&w);
}

static void
build_case(const char *name, const char *path)
{
	struct aw w;
	char buf[4096];
	struct stat st;
	off_t off;
	int fd;

	if (strcmp(name, "truncated") == 0 || strcmp(name, "corrupt-gzip") ==
	    0 || strcmp(name, "truncated-gzip") == 0) {
		build_clean(path, strcmp(name, "truncated") != 0);
		ATF_REQUIRE(stat(path, &st) == 0);
		if (strcmp(name, "corrupt-gzip") == 0) {
			/* Flip bytes in the middle of the deflate stream. */
			ATF_REQUIRE((fd = open(path, O_RDWR)) != -1);
			off = st.st_size / 2;
			ATF_REQUIRE(pread(fd, buf, 16, off) == 16);
			for (int i = 0; i < 16; i++)
				buf[i] = (char)~buf[i];
			ATF_REQUIRE(pwrite(fd, buf, 16, off) == 16);
			ATF_REQUIRE(close(fd) == 0);
		} else
			ATF_REQUIRE(truncate(path, st.st_size / 2) == 0);
		return;
	}
	if (strcmp(name, "garbage") == 0) {
		wbt_write_file(path, "this is not an archive\n\x01\x02\x03");
		return;
	}
	aw_open(&w, path, 0);
	aw_add(&w, 'd', "etc", NULL, NULL);
	if (strcmp(name, "dotdot") == 0)
		aw_add(&w, 'f', "../escape", NULL, "pwned\n");
	else if (strcmp(name, "dotdot-nested") == 0)
		aw_add(&w, 'f', "etc/../../outside/victim", NULL, "pwned\n");
	else if (strcmp(name, "dotdot-dir") == 0) {
		aw_add(&w, 'd', "etc/..", NULL, NULL);
		aw_add(&w, 'f', "etc/../../escape", NULL, "pwned\n");
	} else if (strcmp(name, "absolute") == 0)
		aw_add(&w, 'f', abs_victim, NULL, "pwned\n");
	else if (strcmp(name, "absolute-dir") == 0)
		aw_add(&w, 'd', "/tmp", NULL, NULL);
	else if (strcmp(name, "symlink-out-write") == 0) {
		aw_add(&w, 'l', "evil", "../outside", NULL);
		aw_add(&w, 'f', "evil/victim", NULL, "pwned\n");
	} else if (strcmp(name, "symlink-abs-write") == 0) {
		aw_add(&w, 'l', "evil", abs_outside, NULL);
		aw_add(&w, 'f', "evil/victim", NULL, "pwned\n");
	} else if (strcmp(name, "symlink-deep-out") == 0)
		aw_add(&w, 'l', "etc/evil", "../../../../../../../../etc",
		    NULL);
	else if (strcmp(name, "symlink-chain") == 0) {
		aw_add(&w, 'l', "etc/up", "..", NULL);
		aw_add(&w, 'l', "etc/up2", "up/..", NULL);
		aw_add(&w, 'f', "etc/up2/escape", NULL, "pwned\n");
	} else if (strcmp(name, "hardlink-out") == 0)
		aw_add(&w, 'h', "etc/h", "../outside/victim", "pwned\n");
	else if (strcmp(name, "hardlink-abs") == 0)
		aw_add(&w, 'h', "etc/h", abs_outside, NULL);
	else if (strcmp(name, "hardlink-via-symlink") == 0) {
		aw_add(&w, 'l', "evil", "../outside", NULL);
		aw_add(&w, 'h', "etc/h", "evil/victim", "pwned\n");
	} else if (strcmp(name, "hardlink-missing") == 0)
		aw_add(&w, 'h', "etc/h", "etc/nonexistent", NULL);
	else if (strcmp(name, "chardev") == 0)
		aw_add(&w, 'c', "etc/null", NULL, NULL);
	else if (strcmp(name, "blockdev") == 0)
		aw_add(&w, 'b', "etc/sda", NULL, NULL);
	else if (strcmp(name, "fifo") == 0)
		aw_add(&w, 'p', "etc/fifo", NULL, NULL);
	else if (strcmp(name, "duplicate") == 0) {
		aw_add(&w, 'f', "etc/passwd", NULL, "root:x:0:0::/:/bin/sh\n");
		aw_add(&w, 'f', "etc/passwd", NULL, "evil::0:0::/:/bin/sh\n");
	} else if (strcmp(name, "duplicate-type") == 0) {
		aw_add(&w, 'f', "etc/x", NULL, "file\n");
		aw_add(&w, 'l', "etc/x", "../outside", NULL);
	} else if (strcmp(name, "duplicate-dotslash") == 0) {
		aw_add(&w, 'f', "etc/x", NULL, "one\n");
		aw_add(&w, 'f', "./etc/x", NULL, "two\n");
	} else
		atf_tc_fail("unknown case %s", name);
	aw_close(&w);
}

static const char *const cases[] = {
	"dotdot", "dotdot-nested", "dotdot-dir", "absolute", "absolute-dir",
	"symlink-out-write", "symlink-abs-write", "symlink-deep-out",
	"symlink-chain", "hardlink-out", "hardlink-abs",
	"hardlink-via-symlink", "hardlink-missing", "chardev", "blockdev",
	"fifo", "duplicate", "duplicate-type", "duplicate-dotslash",
	"truncated", "truncated-gzip", "corrupt-gzip", "garbage",
	NULL
};

/* --- Snapshot of the box, excluding the target area. --- */

static char	*snap;
static size_t	 snaplen, snapcap;
static const char *snap_skip;

static int
snap_one(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	char line[4400], tgt[4096];
	ssize_t n;
	int len;

	(void)flag;
	(void)f;
	if (snap_skip != NULL && strncmp(path, snap_skip,
	    strlen(snap_skip)) == 0)
		return (0);
	tgt[0] = '\0';
	if (S_ISLNK(st->st_mode) && (n = readlink(path, tgt,
	    sizeof(tgt) - 1)) >= 0)
		tgt[n] = '\0';
	len = snprintf(line, sizeof(line), "%s %o %lld %ld.%09ld %s\n", path,
	    (unsigned)st->st_mode, (long long)st->st_size,
	    (long)st->st_mtim.tv_sec, st->st_mtim.tv_nsec, tgt);
	ATF_REQUIRE(len > 0 && (size_t)len < sizeof(line));
	if (snaplen + (size_t)len + 1 > snapcap) {
		snapcap = (snaplen + (size_t)len + 1) * 2;
		ATF_REQUIRE((snap = realloc(snap, snapcap)) != NULL);
	}
	memcpy(snap + snaplen, line, (size_t)len + 1);
	snaplen += (size_t)len;
	return (0);
}

/* The listing of BOX (minus skip), malloc'ed. */
static char *
snapshot(const char *skip)
{
	char *s;

	snap = NULL;
	snaplen = snapcap = 0;
	snap_skip = skip;
	ATF_REQUIRE(nftw(BOX, snap_one, 16, FTW_PHYS) == 0);
	s = snap != NULL ? snap : strdup("");
	ATF_REQUIRE(s != NULL);
	return (s);
}

/* Set up BOX: the outside world a hostile archive would like to reach. */
static void
make_box(void)
{
	char cwd[2048];

	ATF_REQUIRE(mkdir(BOX, 0755) == 0);
	ATF_REQUIRE(mkdir(BOX "/outside", 0755) == 0);
	ATF_REQUIRE(mkdir(BOX "/t", 0755) == 0);
	wbt_write_file(BOX "/outside/victim", "original\n");
	ATF_REQUIRE(getcwd(cwd, sizeof(cwd)) != NULL);
	snprintf(abs_outside, sizeof(abs_outside), "%s/" BOX "/outside/victim",
	    cwd);
	snprintf(abs_victim, sizeof(abs_victim), "/tmp/wb-safety-abs-%ld",
	    (long)getpid());
	(void)unlink(abs_victim);
}

/* Entries left in dir (a directory that must stay empty). */
static int
count_entries(const char *dir)
{
	char cmd[4200];
	FILE *fp;
	int n;

	snprintf(cmd, sizeof(cmd), "ls -A '%s' | wc -l", dir);
	ATF_REQUIRE((fp = popen(cmd, "r")) != NULL);
	ATF_REQUIRE(fscanf(fp, "%d", &n) == 1);
	ATF_REQUIRE(pclose(fp) == 0);
	return (n);
}

/* Check that a refused case left the world as it was. */
static int
check_untouched(const char *name, const char *before, const char *skip,
    const struct wbt_out *o)
{
	char *after, *victim;
	int ok;

	ok = 1;
	after = snapshot(skip);
	if (strcmp(before, after) != 0) {
		fprintf(stderr, "%s: the box changed outside the target:\n"
		    "before:\n%safter:\n%s", name, before, after);
		ok = 0;
	}
	free(after);
	victim = wbt_read_file(BOX "/outside/victim", NULL);
	if (strcmp(victim, "original\n") != 0) {
		fprintf(stderr, "%s: outside/victim was overwritten\n", name);
		ok = 0;
	}
	free(victim);
	if (access(abs_victim, F_OK) == 0) {
		fprintf(stderr, "%s: %s was created\n", name, abs_victim);
		(void)unlink(abs_victim);
		ok = 0;
	}
	if (o->status == 0) {
		fprintf(stderr, "%s: exit status 0\n", name);
		ok = 0;
	}
	if (o->err == NULL || o->err[0] == '\0') {
		fprintf(stderr, "%s: no message on stderr\n", name);
		ok = 0;
	}
	return (ok);
}

ATF_TC(unpack__hostile);
ATF_TC_HEAD(unpack__hostile, tc)
{

	atf_tc_set_md_var(tc, "descr", "worldbench image unpack refuses every "
	    "hostile archive and writes nothing outside the target");
}
ATF_TC_BODY(unpack__hostile, tc)
{
	struct wbt_out o;
	char *before, archive[256], target[256];
	char *argv[6];
	int i, nbad, nrefused;

	make_box();
	nbad = nrefused = 0;
	for (i = 0; cases[i] != NULL; i++) {
		snprintf(archive, sizeof(archive), "%s.tar", cases[i]);
		build_case(cases[i], archive);
		snprintf(target, sizeof(target), BOX "/t/%s", cases[i]);
		before = snapshot(BOX "/t");
		argv[0] = wbt_buildpath(tc, "bin/worldbench");
		argv[1] = "image";
		argv[2] = "unpack";
		argv[3] = archive;
		argv[4] = target;
		argv[5] = NULL;
		wbt_run(&o, argv);
		printf("%s: exit %d: %s", cases[i], o.status, o.err);
		if (!check_untouched(cases[i], before, BOX "/t", &o))
			nbad++;
		else if (access(target, F_OK) == 0) {
			fprintf(stderr, "%s: target %s exists\n", cases[i],
			    target);
			nbad++;
		} else if (count_entries(BOX "/t") != 0) {
			fprintf(stderr, "%s: something left in %s/t\n",
			    cases[i], BOX);
			nbad++;
		} else
			nrefused++;
		free(before);
		wbt_out_fini(&o);
	}
	printf("safety: image unpack: %d of %d hostile archives refused "
	    "cleanly\n", nrefused, i);
	if (nbad > 0)
		atf_tc_fail("%d of %d hostile archives not refused cleanly "
		    "(see stderr)", nbad, i);
}

ATF_TC(unpack__clean);
ATF_TC_HEAD(unpack__clean, tc)
{

	atf_tc_set_md_var(tc, "descr", "The positive twin: a clean archive "
	    "unpacks completely");
}
ATF_TC_BODY(unpack__clean, tc)
{
	struct wbt_out o;
	struct stat st, st2;
	char *argv[6], *s, lnk[256];
	ssize_t n;

	make_box();
	build_clean("clean.tar.gz", 1);
	argv[0] = wbt_buildpath(tc, "bin/worldbench");
	argv[1] = "image";
	argv[2] = "unpack";
	argv[3] = "clean.tar.gz";
	argv[4] = BOX "/t/clean";
	argv[5] = NULL;
	wbt_run(&o, argv);
	ATF_REQUIRE_MSG(o.status == 0, "exit %d: %s", o.status, o.err);
	s = wbt_read_file(BOX "/t/clean/bin/true", NULL);
	ATF_REQUIRE_STREQ(s, "#!/bin/sh\nexit 0\n");
	free(s);
	ATF_REQUIRE((n = readlink(BOX "/t/clean/bin/sh", lnk,
	    sizeof(lnk) - 1)) > 0);
	lnk[n] = '\0';
	ATF_REQUIRE_STREQ(lnk, "/bin/busybox");
	ATF_REQUIRE(stat(BOX "/t/clean/etc/hard", &st) == 0);
	ATF_REQUIRE(stat(BOX "/t/clean/bin/true", &st2) == 0);
	ATF_REQUIRE_EQ(st.st_ino, st2.st_ino);
	ATF_REQUIRE(stat(BOX "/t/clean/etc/big", &st) == 0);
	ATF_REQUIRE_EQ(st.st_size, 8191);
	wbt_out_fini(&o);
}

/*
 * The runner: "worldbench chroot" unpacks an image archive into
 * WORKDIR/roots/ before chrooting.  It must refuse the same corpus, run
 * nothing, and leave no root behind.
 */
ATF_TC(chroot__hostile);
ATF_TC_HEAD(chroot__hostile, tc)
{

	atf_tc_set_md_var(tc, "descr", "worldbench chroot refuses every "
	    "hostile image and runs nothing");
	atf_tc_set_md_var(tc, "require.user", "root");
}
ATF_TC_BODY(chroot__hostile, tc)
{
	struct wbt_out o;
	char *before, archive[256], *argv[10];
	int i, nbad, nrefused;

	make_box();
	ATF_REQUIRE(mkdir(BOX "/t/work", 0755) == 0);
	nbad = nrefused = 0;
	for (i = 0; cases[i] != NULL; i++) {
		snprintf(archive, sizeof(archive), "%s.tar", cases[i]);
		build_case(cases[i], archive);
		before = snapshot(BOX "/t");
		argv[0] = wbt_buildpath(tc, "bin/worldbench");
		argv[1] = "chroot";
		argv[2] = "-t";
		argv[3] = "60";
		argv[4] = "-w";
		argv[5] = BOX "/t/work";
		argv[6] = archive;
		argv[7] = "--";
		argv[8] = "/bin/true";
		argv[9] = NULL;
		wbt_run(&o, argv);
		printf("%s: exit %d: %s", cases[i], o.status, o.err);
		if (!check_untouched(cases[i], before, BOX "/t", &o))
			nbad++;
		else if (access(BOX "/t/work/roots", F_OK) == 0 &&
		    count_entries(BOX "/t/work/roots") != 0) {
			fprintf(stderr, "%s: a root was left in work/roots\n",
			    cases[i]);
			nbad++;
		} else
			nrefused++;
		free(before);
		wbt_out_fini(&o);
	}
	printf("safety: chroot runner: %d of %d hostile images refused "
	    "cleanly\n", nrefused, i);
	if (nbad > 0)
		atf_tc_fail("%d of %d hostile images not refused cleanly "
		    "(see stderr)", nbad, i);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, unpack__hostile);
	ATF_TP_ADD_TC(tp, unpack__clean);
	ATF_TP_ADD_TC(tp, chroot__hostile);
	return (atf_no_error());
}
