/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A small read-only HTTP/1.0 and 1.1 server for the release-history site
 * (worldbench history serve): GET and HEAD of the regular files beneath
 * one directory, one connection at a time, each closed after its answer.
 * Paths are resolved beneath the directory without following a symbolic
 * link (lib/util/beneath.h); ".." is refused.
 */
#ifndef WB_HISTORY_SERVE_H
#define WB_HISTORY_SERVE_H

#include <signal.h>
#include <stddef.h>

struct wb_err;
struct wb_hserve;

/* Seconds a client has to send its request, and to take the answer. */
#define WB_HSERVE_TIMEOUT	10

/*
 * Listen on addr (a numeric IPv4 or IPv6 address; NULL: 127.0.0.1) and
 * port (0: a free one) to serve the directory root.  Returns NULL with
 * err set when root is not a directory or the socket cannot be bound.
 */
struct wb_hserve	*wb_history_serve_new(const char *root,
			    const char *addr, int port, struct wb_err *);
void	wb_history_serve_free(struct wb_hserve *);
/* The port listened on (the one chosen when 0 was asked). */
int	wb_history_serve_port(const struct wb_hserve *);
/* The listening address as a URL's host ("127.0.0.1", "[::1]"). */
const char	*wb_history_serve_host(const struct wb_hserve *);
/* Seconds a connection may take (default WB_HSERVE_TIMEOUT). */
void	wb_history_serve_set_timeout(struct wb_hserve *, int seconds);

/* What was answered to one request, for a caller's log. */
struct wb_hserve_hit {
	const char	*method;	/* "" when the request was unreadable */
	const char	*path;		/* the decoded path; "" likewise */
	int		 status;
	size_t		 bytes;		/* of the body sent */
};
typedef void	wb_hserve_log_fn(void *, const struct wb_hserve_hit *);

/*
 * Answer connections until *stop is set (a signal handler's flag: it is
 * looked at at least twice a second, and a signal interrupting the wait
 * is seen at once).  log, when not NULL, is told of every answer.
 * Returns 0 when stopped, -1 with err set when accept fails for good.
 */
int	wb_history_serve_run(struct wb_hserve *, volatile sig_atomic_t *stop,
	    wb_hserve_log_fn *log, void *arg, struct wb_err *);

/* The Content-Type of a file name, by its extension. */
const char	*wb_history_serve_type(const char *name);

/*
 * Parse a request head (the request line; header lines are ignored):
 * the method into method (at most mlen bytes with its NUL) and the
 * decoded path into path (plen).  Returns the HTTP status that is due:
 * 0 when the request may be served, 400 for a malformed line or path
 * (a "..", a NUL, a bad %-escape, a target not starting with "/"), 405
 * for a method other than GET and HEAD, 505 for a version other than
 * HTTP/1.0 and HTTP/1.1.
 */
int	wb_history_serve_parse(const char *head, char *method, size_t mlen,
	    char *path, size_t plen);

#endif
