/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Running a build's commands: through wb_spawn_run, output into the
 * phase's log file.
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "recipe.h"
#include "wb_sandbox.h"
#include "wb_util.h"

void
wb_recipe_build_log(struct wb_build *b, const char *fmt, ...)
{
	va_list ap;
	FILE *fp;

	if (b->logpath == NULL || (fp = fopen(b->logpath, "ae")) == NULL)
		return;
	va_start(ap, fmt);
	fputs("worldbench: ", fp);
	vfprintf(fp, fmt, ap);
	fputc('\n', fp);
	va_end(ap);
	fclose(fp);
}

int
wb_recipe_build_cmd(struct wb_build *b, char *const argv[], char *const env[],
    const char *cwd, struct wb_err *err)
{
	struct wb_spawn_result res;
	struct wb_spawn sp;
	char **envp;
	size_t i;
	int rc;

	if ((envp = wb_chroot_env_merge(env, err)) == NULL)
		return (-1);
	{
		FILE *fp;

		if ((fp = fopen(b->logpath, "ae")) != NULL) {
			fputs("+", fp);
			for (i = 0; env != NULL && env[i] != NULL; i++)
				fprintf(fp, " %s", env[i]);
			for (i = 0; argv[i] != NULL; i++)
				fprintf(fp, " %s", argv[i]);
			fprintf(fp, "   (in %s)\n", cwd != NULL ? cwd : ".");
			fclose(fp);
		}
	}
	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.envp = envp;
	sp.cwd = cwd;
	sp.timeout = b->timeout;
	sp.child_setup = wb_spawn_to_log;
	sp.setup_arg = b->logpath;
	memset(&res, 0, sizeof(res));
	rc = wb_spawn_run(&sp, 1, &res, err);
	wb_words_free(envp);
	if (rc == -1)
		return (-1);
	if (res.timed_out)
		rc = wb_err_set(err, "%s: timed out after %.0f s (process "
		    "group killed)", argv[0], b->timeout);
	else if (res.status != 0)
		rc = wb_err_set(err, "%s exited with status %d", argv[0],
		    res.status);
	if (res.err != NULL && res.err[0] != '\0')
		wb_recipe_build_log(b, "%s", res.err);
	wb_spawn_result_fini(&res);
	return (rc);
}

char *
wb_recipe_build_log_tail(const char *path, int n, struct wb_err *err)
{
	char *buf, *p;
	long size, off;
	size_t len;
	FILE *fp;
	int lines;

	if ((fp = fopen(path, "re")) == NULL) {
		wb_err_setsys(err, "%s", path);
		return (NULL);
	}
	if (fseek(fp, 0, SEEK_END) == -1 || (size = ftell(fp)) == -1) {
		fclose(fp);
		wb_err_setsys(err, "%s", path);
		return (NULL);
	}
	off = size > 65536 ? size - 65536 : 0;
	if ((buf = malloc((size_t)(size - off) + 1)) == NULL ||
	    fseek(fp, off, SEEK_SET) == -1) {
		free(buf);
		fclose(fp);
		wb_err_setsys(err, "%s", path);
		return (NULL);
	}
	len = fread(buf, 1, (size_t)(size - off), fp);
	fclose(fp);
	buf[len] = '\0';
	lines = 0;
	for (p = buf + len; p > buf; p--)
		if (p[-1] == '\n' && p != buf + len && ++lines == n)
			break;
	memmove(buf, p, strlen(p) + 1);
	return (buf);
}
