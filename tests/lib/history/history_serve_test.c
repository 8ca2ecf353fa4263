/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/history/history_serve.c: the request line's parse, the content
 * types, and a real server on a free port of 127.0.0.1 in a child
 * process, asked over a socket: the index, a missing file, a path
 * leaving the site (by "..", an escape and a symbolic link), HEAD, a
 * method refused, a request never finished, and a clean stop on SIGTERM.
 */
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <netinet/in.h>
#include <arpa/inet.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "history_serve.h"
#include "wb_util.h"

#define INDEX	"<!doctype html><title>series</title><p>index-marker</p>\n"

static volatile sig_atomic_t stop;

static void
on_term(int sig)
{

	(void)sig;
	stop = 1;
}

struct server {
	pid_t	pid;
	int	port;
};

/* A site in ./site with index.html, a.css, a link out, and a server. */
static void
start(struct server *sv, int timeout)
{
	struct sigaction sa;
	struct wb_hserve *h;
	struct wb_err e;
	FILE *fp;

	ATF_REQUIRE(mkdir("site", 0755) == 0);
	ATF_REQUIRE(mkdir("site/sub", 0755) == 0);
	ATF_REQUIRE((fp = fopen("site/index.html", "w")) != NULL);
	fputs(INDEX, fp);
	ATF_REQUIRE(fclose(fp) == 0);
	ATF_REQUIRE((fp = fopen("site/sub/index.html", "w")) != NULL);
	fputs("sub-marker\n", fp);
	ATF_REQUIRE(fclose(fp) == 0);
	ATF_REQUIRE((fp = fopen("site/a.css", "w")) != NULL);
	fputs("p{}\n", fp);
	ATF_REQUIRE(fclose(fp) == 0);
	ATF_REQUIRE((fp = fopen("secret", "w")) != NULL);
	fputs("secret-marker\n", fp);
	ATF_REQUIRE(fclose(fp) == 0);
	ATF_REQUIRE(symlink("../secret", "site/link.html") == 0);
	h = wb_history_serve_new("site", NULL, 0, &e);
	ATF_REQUIRE_MSG(h != NULL, "%s", e.msg);
	wb_history_serve_set_timeout(h, timeout);
	sv->port = wb_history_serve_port(h);
	ATF_REQUIRE(sv->port > 0);
	ATF_REQUIRE_STREQ(wb_history_serve_host(h), "127.0.0.1");
	ATF_REQUIRE((sv->pid = fork()) != -1);
	if (sv->pid == 0) {
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_term;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGTERM, &sa, NULL);
		alarm(120);	/* the child's own timeout */
		_exit(wb_history_serve_run(h, &stop, NULL, NULL,
		    &e) == 0 ? 0 : 1);
	}
	wb_history_serve_free(h);
}

/* SIGTERM: the child stops and exits 0. */
static void
finish(struct server *sv)
{
	int st;

	ATF_REQUIRE(kill(sv->pid, SIGTERM) == 0);
	ATF_REQUIRE(waitpid(sv->pid, &st, 0) == sv->pid);
	ATF_REQUIRE_MSG(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	    "server status %d", st);
}

static int
dial(int port)
{
	struct sockaddr_in sin;
	struct timeval tv;
	int fd;

	ATF_REQUIRE((fd = socket(AF_INET, SOCK_STREAM, 0)) != -1);
	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_port = htons((unsigned short)port);
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	tv.tv_sec = 60;
	tv.tv_usec = 0;
	ATF_REQUIRE(setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv,
	    sizeof(tv)) == 0);
	ATF_REQUIRE(connect(fd, (struct sockaddr *)&sin, sizeof(sin)) == 0);
	return (fd);
}

/* Send req (all of it) and read the whole answer into a new string. */
static char *
ask(int port, const char *req)
{
	char *buf;
	size_t len, size;
	ssize_t n;
	int fd;

	fd = dial(port);
	ATF_REQUIRE(send(fd, req, strlen(req), MSG_NOSIGNAL) ==
	    (ssize_t)strlen(req));
	size = 65536;
	ATF_REQUIRE((buf = malloc(size)) != NULL);
	len = 0;
	while ((n = read(fd, buf + len, size - 1 - len)) > 0)
		len += (size_t)n;
	ATF_REQUIRE_MSG(n == 0, "read: %s", strerror(errno));
	buf[len] = '\0';
	close(fd);
	return (buf);
}

static void
has(const char *answer, const char *want)
{

	ATF_CHECK_MSG(strstr(answer, want) != NULL, "no '%s' in:\n%s", want,
	    answer);
}

static void
lacks(const char *answer, const char *bad)
{

	ATF_CHECK_MSG(strstr(answer, bad) == NULL, "'%s' in:\n%s", bad,
	    answer);
}

ATF_TC_WITHOUT_HEAD(wb_history_serve_parse__requests);
ATF_TC_BODY(wb_history_serve_parse__requests, tc)
{
	static const struct {
		const char	*head;
		int		 status;
		const char	*path;
	} c[] = {
		{ "GET / HTTP/1.1\r\nHost: x\r\n\r\n", 0, "/" },
		{ "HEAD /a.css HTTP/1.0\r\n\r\n", 0, "/a.css" },
		{ "GET /series-1.html?x=1#y HTTP/1.1\n\n", 0,
		    "/series-1.html" },
		{ "GET /a%20b.html HTTP/1.1\r\n\r\n", 0, "/a b.html" },
		{ "GET /./a.html HTTP/1.1\r\n\r\n", 0, "/./a.html" },
		{ "GET /a..b HTTP/1.1\r\n\r\n", 0, "/a..b" },
		{ "GET /../etc/passwd HTTP/1.1\r\n\r\n", 400, "" },
		{ "GET /a/../../etc/passwd HTTP/1.1\r\n\r\n", 400, "" },
		{ "GET /a/.. HTTP/1.1\r\n\r\n", 400, "" },
		{ "GET /%2e%2e/etc/passwd HTTP/1.1\r\n\r\n", 400, "" },
		{ "GET /%2E%2e%2fetc HTTP/1.1\r\n\r\n", 400, "" },
		{ "GET /a%00b HTTP/1.1\r\n\r\n", 400, "" },
		{ "GET /a%zz HTTP/1.1\r\n\r\n", 400, "" },
		{ "GET /a% HTTP/1.1\r\n\r\n", 400, "" },
		{ "GET http://x/ HTTP/1.1\r\n\r\n", 400, "" },
		{ "GET  / HTTP/1.1\r\n\r\n", 400, "" },
		{ "GET / HTTP/1.1 x\r\n\r\n", 400, "" },
		{ "GET /\r\n\r\n", 400, "" },
		{ "get / HTTP/1.1\r\n\r\n", 400, "" },
		{ "GET / FTP/1.0\r\n\r\n", 400, "" },
		{ "GET / HTTP/2.0\r\n\r\n", 505, "" },
		{ "POST / HTTP/1.1\r\n\r\n", 405, "" },
		{ "DELETE /index.html HTTP/1.1\r\n\r\n", 405, "" },
	};
	char method[16], path[64];
	size_t i;
	int st;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		st = wb_history_serve_parse(c[i].head, method, sizeof(method),
		    path, sizeof(path));
		ATF_CHECK_MSG(st == c[i].status, "%s: status %d, not %d",
		    c[i].head, st, c[i].status);
		if (st == 0)
			ATF_CHECK_MSG(strcmp(path, c[i].path) == 0,
			    "%s: path '%s', not '%s'", c[i].head, path,
			    c[i].path);
	}
	/* A path too long for the buffer is refused, not cut. */
	ATF_CHECK_EQ(wb_history_serve_parse("GET /0123456789 HTTP/1.1\r\n\r\n",
	    method, sizeof(method), path, 8), 400);
}

ATF_TC_WITHOUT_HEAD(wb_history_serve_type__extensions);
ATF_TC_BODY(wb_history_serve_type__extensions, tc)
{

	ATF_CHECK_STREQ(wb_history_serve_type("index.html"),
	    "text/html; charset=utf-8");
	ATF_CHECK_STREQ(wb_history_serve_type("s.CSS"),
	    "text/css; charset=utf-8");
	ATF_CHECK_STREQ(wb_history_serve_type("a.js"),
	    "text/javascript; charset=utf-8");
	ATF_CHECK_STREQ(wb_history_serve_type("p.svg"), "image/svg+xml");
	ATF_CHECK_STREQ(wb_history_serve_type("p.png"), "image/png");
	ATF_CHECK_STREQ(wb_history_serve_type("r.json"), "application/json");
	ATF_CHECK_STREQ(wb_history_serve_type("html"),
	    "application/octet-stream");
	ATF_CHECK_STREQ(wb_history_serve_type("x.tar"),
	    "application/octet-stream");
}

ATF_TC_WITHOUT_HEAD(wb_history_serve_new__errors);
ATF_TC_BODY(wb_history_serve_new__errors, tc)
{
	struct wb_err e;

	ATF_CHECK(wb_history_serve_new("nonexistent", NULL, 0, &e) == NULL);
	ATF_CHECK_MSG(strstr(e.msg, "nonexistent") != NULL, "%s", e.msg);
	ATF_CHECK(wb_history_serve_new(".", "localhost", 0, &e) == NULL);
	ATF_CHECK_MSG(strstr(e.msg, "numeric") != NULL, "%s", e.msg);
	ATF_CHECK(wb_history_serve_new(".", NULL, 70000, &e) == NULL);
}

ATF_TC_WITHOUT_HEAD(wb_history_serve_run__get);
ATF_TC_BODY(wb_history_serve_run__get, tc)
{
	struct server sv;
	char *a;

	start(&sv, 10);
	a = ask(sv.port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
	has(a, "HTTP/1.1 200 OK\r\n");
	has(a, "Content-Type: text/html; charset=utf-8\r\n");
	has(a, "Connection: close\r\n");
	has(a, "\r\n\r\n" INDEX);
	free(a);
	a = ask(sv.port, "GET /a.css HTTP/1.0\r\n\r\n");
	has(a, "200 OK");
	has(a, "Content-Type: text/css");
	has(a, "Content-Length: 4\r\n");
	free(a);
	a = ask(sv.port, "GET /sub HTTP/1.0\r\n\r\n");
	has(a, "200 OK");
	has(a, "sub-marker");
	free(a);
	finish(&sv);
}

ATF_TC_WITHOUT_HEAD(wb_history_serve_run__missing);
ATF_TC_BODY(wb_history_serve_run__missing, tc)
{
	struct server sv;
	char *a;

	start(&sv, 10);
	a = ask(sv.port, "GET /nothing.html HTTP/1.1\r\n\r\n");
	has(a, "HTTP/1.1 404 Not Found\r\n");
	lacks(a, "index-marker");
	free(a);
	a = ask(sv.port, "GET /a.css/x HTTP/1.1\r\n\r\n");
	has(a, " 404 ");
	free(a);
	finish(&sv);
}

ATF_TC_WITHOUT_HEAD(wb_history_serve_run__escapes);
ATF_TC_BODY(wb_history_serve_run__escapes, tc)
{
	struct server sv;
	char *a;

	start(&sv, 10);
	a = ask(sv.port, "GET /../etc/passwd HTTP/1.1\r\n\r\n");
	has(a, "HTTP/1.1 400 Bad Request\r\n");
	lacks(a, "root:");
	free(a);
	a = ask(sv.port, "GET /%2e%2e/secret HTTP/1.1\r\n\r\n");
	has(a, " 400 ");
	lacks(a, "secret-marker");
	free(a);
	/* A symbolic link out of the site is not followed. */
	a = ask(sv.port, "GET /link.html HTTP/1.1\r\n\r\n");
	has(a, "HTTP/1.1 403 Forbidden\r\n");
	lacks(a, "secret-marker");
	free(a);
	finish(&sv);
}

ATF_TC_WITHOUT_HEAD(wb_history_serve_run__head);
ATF_TC_BODY(wb_history_serve_run__head, tc)
{
	struct server sv;
	char *a, want[64];

	start(&sv, 10);
	a = ask(sv.port, "HEAD /index.html HTTP/1.1\r\n\r\n");
	has(a, "HTTP/1.1 200 OK\r\n");
	snprintf(want, sizeof(want), "Content-Length: %zu\r\n",
	    strlen(INDEX));
	has(a, want);
	lacks(a, "index-marker");
	ATF_CHECK_MSG(strlen(a) > 4 && strcmp(a + strlen(a) - 4,
	    "\r\n\r\n") == 0, "a body after the head:\n%s", a);
	free(a);
	a = ask(sv.port, "POST /index.html HTTP/1.1\r\n\r\n");
	has(a, "HTTP/1.1 405 Method Not Allowed\r\n");
	has(a, "Allow: GET, HEAD\r\n");
	lacks(a, "index-marker");
	free(a);
	finish(&sv);
}

ATF_TC_WITHOUT_HEAD(wb_history_serve_run__slow_client);
ATF_TC_BODY(wb_history_serve_run__slow_client, tc)
{
	struct server sv;
	char *a;

	/* A head never finished gets 408, and the server goes on. */
	start(&sv, 1);
	a = ask(sv.port, "GET / HTTP/1.1\r\n");
	has(a, "HTTP/1.1 408 Request Timeout\r\n");
	free(a);
	a = ask(sv.port, "GET / HTTP/1.1\r\n\r\n");
	has(a, "200 OK");
	free(a);
	finish(&sv);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_history_serve_parse__requests);
	ATF_TP_ADD_TC(tp, wb_history_serve_type__extensions);
	ATF_TP_ADD_TC(tp, wb_history_serve_new__errors);
	ATF_TP_ADD_TC(tp, wb_history_serve_run__get);
	ATF_TP_ADD_TC(tp, wb_history_serve_run__missing);
	ATF_TP_ADD_TC(tp, wb_history_serve_run__escapes);
	ATF_TP_ADD_TC(tp, wb_history_serve_run__head);
	ATF_TP_ADD_TC(tp, wb_history_serve_run__slow_client);
	return (0);
}
