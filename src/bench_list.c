/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <string.h>

#include "bench_list.h"
#include "wb_util.h"

enum { C_RUN, C_STATE, C_DESIGN, C_TESTS, C_IMAGES, C_FINAL, NCOL };

static const char *const heads[NCOL] = { "RUN", "STATE", "DESIGN", "TESTS",
	"IMAGES", "FINAL SCORE (ratio [interval] verdict)" };

/* The value of key= in a settings line into buf ("-" when absent). */
static void
setting(const char *settings, const char *key, char *buf, size_t n)
{
	const char *p;
	size_t kl, len;

	snprintf(buf, n, "-");
	if (settings == NULL)
		return;
	kl = strlen(key);
	for (p = settings; *p != '\0'; p += strcspn(p, " "), p += *p == ' ') {
		if (strncmp(p, key, kl) != 0 || p[kl] != '=')
			continue;
		len = strcspn(p + kl + 1, " ");
		snprintf(buf, n, "%.*s", (int)len, p + kl + 1);
		return;
	}
}

/* One row's cells; the final score's line with its blanks collapsed. */
static void
cells(const struct wb_experiment_run *r, char c[NCOL][512])
{
	char passes[32];
	const char *p;
	size_t o;

	snprintf(c[C_RUN], 512, "%s", r->name);
	snprintf(c[C_STATE], 512, "%s", r->finished ? "finished" :
	    "interrupted");
	setting(r->settings, "design", c[C_DESIGN], 512);
	setting(r->settings, "passes", passes, sizeof(passes));
	if (strcmp(passes, "-") != 0) {
		o = strlen(c[C_DESIGN]);
		snprintf(c[C_DESIGN] + o, 512 - o, ",%s passes", passes);
	}
	setting(r->settings, "tests", c[C_TESTS], 512);
	setting(r->settings, "images", c[C_IMAGES], 512);
	o = 0;
	p = r->final != NULL ? r->final : "-";
	if (strncmp(p, "Final score", 11) == 0)
		p += 11;
	for (; *p != '\0' && o < 511; p++) {
		if (*p == ' ' && (o == 0 || c[C_FINAL][o - 1] == ' '))
			continue;
		c[C_FINAL][o++] = *p;
	}
	c[C_FINAL][o] = '\0';
	if (o == 0)
		snprintf(c[C_FINAL], 512, "-");
}

void
bench_list_print(FILE *fp, const struct wb_experiment_run *v, size_t n)
{
	char c[NCOL][512];
	size_t w[NCOL], i, j, l;

	for (j = 0; j < NCOL; j++)
		w[j] = strlen(heads[j]);
	for (i = 0; i < n; i++) {
		cells(&v[i], c);
		for (j = 0; j < NCOL; j++)
			if ((l = strlen(c[j])) > w[j])
				w[j] = l;
	}
	for (j = 0; j < NCOL; j++)
		fprintf(fp, "%-*s%s", j + 1 < NCOL ? (int)w[j] : 0, heads[j],
		    j + 1 < NCOL ? "  " : "\n");
	for (i = 0; i < n; i++) {
		cells(&v[i], c);
		for (j = 0; j < NCOL; j++)
			fprintf(fp, "%-*s%s", j + 1 < NCOL ? (int)w[j] : 0,
			    wb_strvis_slot(c[j]), j + 1 < NCOL ? "  " : "\n");
	}
}
