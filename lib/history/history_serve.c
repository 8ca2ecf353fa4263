/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The release-history site over HTTP (history_serve.h): a listening
 * socket, one connection at a time, a request head read under a
 * deadline, and a file opened beneath the site's directory and sent
 * back, or a short error answer.  Every connection is closed after its
 * answer (no keep-alive), so a client cannot hold the server longer
 * than the timeout.
 */
#include <sys/types.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>

#include <netinet/in.h>

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "history_serve.h"
#include "wb_util.h"

#define HEAD_MAX	8192		/* a request head, bytes */
#define PATH_MAXLEN	1024		/* a decoded path, bytes */

struct wb_hserve {
	int	lfd;			/* the listening socket */
	int	rootfd;			/* the site's directory */
	int	port;
	int	timeout;		/* seconds a connection may take */
	char	host[64];		/* for a URL: "127.0.0.1", "[::1]" */
};

static const struct {
	const char	*ext;
	const char	*type;
} types[] = {
	{ ".html", "text/html; charset=utf-8" },
	{ ".htm", "text/html; charset=utf-8" },
	{ ".css", "text/css; charset=utf-8" },
	{ ".js", "text/javascript; charset=utf-8" },
	{ ".json", "application/json" },
	{ ".svg", "image/svg+xml" },
	{ ".png", "image/png" },
	{ ".txt", "text/plain; charset=utf-8" },
	{ ".csv", "text/csv; charset=utf-8" },
};

const char *
wb_history_serve_type(const char *name)
{
	size_t i, n, e;

	n = strlen(name);
	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		e = strlen(types[i].ext);
		if (n > e && strcasecmp(name + n - e, types[i].ext) == 0)
			return (types[i].type);
	}
	return ("application/octet-stream");
}

static int
hexval(int c)
{

	if (c >= '0' && c <= '9')
		return (c - '0');
	if (c >= 'a' && c <= 'f')
		return (c - 'a' + 10);
	if (c >= 'A' && c <= 'F')
		return (c - 'A' + 10);
	return (-1);
}

/* Decode target's %-escapes up to its query into path; 0 or 400. */
static int
decode(const char *t, size_t tlen, char *path, size_t plen)
{
	const char *c;
	size_t o;
	int hi, lo, ch;

	o = 0;
	for (c = t; c < t + tlen && *c != '?' && *c != '#'; c++) {
		ch = (unsigned char)*c;
		if (ch == '%') {
			if (c + 2 >= t + tlen ||
			    (hi = hexval((unsigned char)c[1])) == -1 ||
			    (lo = hexval((unsigned char)c[2])) == -1)
				return (400);
			ch = hi * 16 + lo;
			c += 2;
		}
		if (ch < 0x20 || ch == 0x7f || o + 1 >= plen)
			return (400);
		path[o++] = (char)ch;
	}
	path[o] = '\0';
	return (0);
}

/* 400 when a component of path is "..". */
static int
no_dotdot(const char *path)
{
	const char *c, *s;

	for (c = path; *c != '\0'; c = s) {
		while (*c == '/')
			c++;
		for (s = c; *s != '\0' && *s != '/'; s++)
			continue;
		if (s - c == 2 && c[0] == '.' && c[1] == '.')
			return (400);
	}
	return (0);
}

int
wb_history_serve_parse(const char *head, char *method, size_t mlen, char *path,
    size_t plen)
{
	const char *c, *eol, *sp1, *sp2, *v;
	size_t len, vlen;
	int rc;

	method[0] = '\0';
	path[0] = '\0';
	if ((eol = strchr(head, '\n')) == NULL)
		eol = head + strlen(head);
	len = (size_t)(eol - head);
	if (len > 0 && head[len - 1] == '\r')
		len--;
	if ((sp1 = memchr(head, ' ', len)) == NULL || sp1 == head)
		return (400);
	if ((sp2 = memchr(sp1 + 1, ' ', len - (size_t)(sp1 + 1 - head))) ==
	    NULL || sp2 == sp1 + 1)
		return (400);
	v = sp2 + 1;
	vlen = len - (size_t)(v - head);
	if (memchr(v, ' ', vlen) != NULL || (size_t)(sp1 - head) >= mlen)
		return (400);
	for (c = head; c < sp1; c++)
		if (*c < 'A' || *c > 'Z')
			return (400);
	memcpy(method, head, (size_t)(sp1 - head));
	method[sp1 - head] = '\0';
	if (vlen < 5 || memcmp(v, "HTTP/", 5) != 0)
		return (400);
	if (vlen != 8 || (memcmp(v, "HTTP/1.0", 8) != 0 &&
	    memcmp(v, "HTTP/1.1", 8) != 0))
		return (505);
	if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
		return (405);
	if (sp1[1] != '/')
		return (400);
	if ((rc = decode(sp1 + 1, (size_t)(sp2 - sp1 - 1), path, plen)) != 0)
		return (rc);
	return (no_dotdot(path));
}

struct wb_hserve *
wb_history_serve_new(const char *root, const char *addr, int port,
    struct wb_err *err)
{
	struct addrinfo hints, *ai;
	struct sockaddr_storage ss;
	struct wb_hserve *s;
	socklen_t sl;
	char pstr[16], h[48];
	int one, rc;

	if (addr == NULL)
		addr = "127.0.0.1";
	if (port < 0 || port > 65535) {
		wb_err_set(err, "port %d: not 0 to 65535", port);
		return (NULL);
	}
	if ((s = calloc(1, sizeof(*s))) == NULL) {
		wb_err_setsys(err, "calloc");
		return (NULL);
	}
	s->lfd = -1;
	s->timeout = WB_HSERVE_TIMEOUT;
	if ((s->rootfd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) ==
	    -1) {
		wb_err_setsys(err, "%s: the site's directory", root);
		free(s);
		return (NULL);
	}
	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV | AI_PASSIVE;
	snprintf(pstr, sizeof(pstr), "%d", port);
	if ((rc = getaddrinfo(addr, pstr, &hints, &ai)) != 0) {
		wb_err_set(err, "--bind %s: not a numeric IPv4 or IPv6 "
		    "address (%s)", addr, gai_strerror(rc));
		wb_err_class(err, WB_ERR_CONFIG);
		wb_history_serve_free(s);
		return (NULL);
	}
	one = 1;
	if ((s->lfd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC,
	    ai->ai_protocol)) == -1 ||
	    setsockopt(s->lfd, SOL_SOCKET, SO_REUSEADDR, &one,
	    sizeof(one)) == -1 ||
	    bind(s->lfd, ai->ai_addr, ai->ai_addrlen) == -1 ||
	    listen(s->lfd, 16) == -1) {
		wb_err_setsys(err, "listening on %s port %d", addr, port);
		freeaddrinfo(ai);
		wb_history_serve_free(s);
		return (NULL);
	}
	freeaddrinfo(ai);
	sl = sizeof(ss);
	if (getsockname(s->lfd, (struct sockaddr *)&ss, &sl) == -1 ||
	    getnameinfo((struct sockaddr *)&ss, sl, h, sizeof(h), pstr,
	    sizeof(pstr), NI_NUMERICHOST | NI_NUMERICSERV) != 0) {
		wb_err_setsys(err, "getsockname");
		wb_history_serve_free(s);
		return (NULL);
	}
	s->port = atoi(pstr);
	snprintf(s->host, sizeof(s->host), ss.ss_family == AF_INET6 ?
	    "[%s]" : "%s", h);
	return (s);
}

void
wb_history_serve_free(struct wb_hserve *s)
{

	if (s == NULL)
		return;
	if (s->lfd != -1)
		close(s->lfd);
	if (s->rootfd != -1)
		close(s->rootfd);
	free(s);
}

int
wb_history_serve_port(const struct wb_hserve *s)
{

	return (s->port);
}

const char *
wb_history_serve_host(const struct wb_hserve *s)
{

	return (s->host);
}

void
wb_history_serve_set_timeout(struct wb_hserve *s, int seconds)
{

	s->timeout = seconds > 0 ? seconds : WB_HSERVE_TIMEOUT;
}

static long long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

/* Send all of buf; -1 when the client is gone or too slow. */
static int
send_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;
	ssize_t n;

	while (len > 0) {
		if ((n = send(fd, p, len, MSG_NOSIGNAL)) == -1) {
			if (errno == EINTR)
				continue;
			return (-1);
		}
		p += n;
		len -= (size_t)n;
	}
	return (0);
}

static const char *
reason(int status)
{

	switch (status) {
	case 200: return ("OK");
	case 400: return ("Bad Request");
	case 403: return ("Forbidden");
	case 404: return ("Not Found");
	case 405: return ("Method Not Allowed");
	case 408: return ("Request Timeout");
	case 505: return ("HTTP Version Not Supported");
	default: return ("Internal Server Error");
	}
}

static int
send_head(int fd, int status, const char *type, long long len)
{
	char h[512];
	int n;

	n = snprintf(h, sizeof(h), "HTTP/1.1 %d %s\r\n"
	    "Server: worldbench\r\n"
	    "Content-Type: %s\r\n"
	    "Content-Length: %lld\r\n"
	    "X-Content-Type-Options: nosniff\r\n"
	    "%s"
	    "Connection: close\r\n\r\n", status, reason(status), type, len,
	    status == 405 ? "Allow: GET, HEAD\r\n" : "");
	return (send_all(fd, h, (size_t)n));
}

/* An error answer with a one-line body (none for HEAD). */
static size_t
send_error(int fd, int status, int head)
{
	char body[128];
	int n;

	n = snprintf(body, sizeof(body), "%d %s\n", status, reason(status));
	if (send_head(fd, status, "text/plain; charset=utf-8", n) == -1 ||
	    head)
		return (0);
	return (send_all(fd, body, (size_t)n) == -1 ? 0 : (size_t)n);
}

/*
 * Open path beneath the site: a directory stands for its index.html.
 * Returns the fd of a regular file, or -1 with *status set.
 */
static int
open_file(struct wb_hserve *s, const char *path, struct stat *st,
    int *status)
{
	int fd, ifd;

	if ((fd = wb_beneath_openat(s->rootfd, path, O_RDONLY, 0)) == -1)
		goto fail;
	if (fstat(fd, st) == -1)
		goto fail_close;
	if (S_ISDIR(st->st_mode)) {
		ifd = wb_beneath_openat(fd, "index.html", O_RDONLY, 0);
		close(fd);
		if ((fd = ifd) == -1)
			goto fail;
		if (fstat(fd, st) == -1)
			goto fail_close;
	}
	if (!S_ISREG(st->st_mode)) {
		close(fd);
		*status = 404;
		return (-1);
	}
	return (fd);
fail_close:
	close(fd);
fail:
	switch (errno) {
	case ENOENT:
	case ENOTDIR:
	case ENAMETOOLONG:
		*status = 404;
		break;
	case ELOOP:		/* a symbolic link, not followed */
	case EXDEV:		/* leaves the site */
	case EACCES:
	case EPERM:
		*status = 403;
		break;
	default:
		*status = 500;
		break;
	}
	return (-1);
}

/* Send the file's bytes; returns those sent. */
static size_t
send_file(int cfd, int fd, long long len)
{
	char buf[16384];
	size_t sent;
	ssize_t n;

	sent = 0;
	while ((long long)sent < len) {
		if ((n = read(fd, buf, sizeof(buf))) == -1) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (n == 0 || send_all(cfd, buf, (size_t)n) == -1)
			break;
		sent += (size_t)n;
	}
	return (sent);
}

/*
 * Read a request head into buf before the deadline: 0 when complete,
 * 408 when too slow, 400 when too long or cut short, -1 when the client
 * sent nothing or a signal asks to stop.
 */
static int
read_head(int cfd, char *buf, size_t size, long long deadline,
    volatile sig_atomic_t *stop)
{
	struct pollfd pfd;
	size_t len;
	ssize_t n;
	long long left;

	len = 0;
	buf[0] = '\0';
	for (;;) {
		if (strstr(buf, "\r\n\r\n") != NULL ||
		    strstr(buf, "\n\n") != NULL)
			return (0);
		if (len + 1 >= size)
			return (400);
		if (*stop)
			return (-1);
		if ((left = deadline - now_ms()) <= 0)
			return (len > 0 ? 408 : -1);
		pfd.fd = cfd;
		pfd.events = POLLIN;
		if (poll(&pfd, 1, (int)(left > 500 ? 500 : left)) == -1) {
			if (errno == EINTR)
				continue;
			return (-1);
		}
		if (!(pfd.revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		if ((n = recv(cfd, buf + len, size - 1 - len, 0)) == -1) {
			if (errno == EINTR || errno == EAGAIN)
				continue;
			return (-1);
		}
		if (n == 0)
			return (len > 0 ? 400 : -1);
		if (memchr(buf + len, '\0', (size_t)n) != NULL)
			return (400);
		len += (size_t)n;
		buf[len] = '\0';
	}
}

static void
serve_one(struct wb_hserve *s, int cfd, volatile sig_atomic_t *stop,
    wb_hserve_log_fn *log, void *arg)
{
	struct wb_hserve_hit hit;
	struct timeval tv;
	struct stat st;
	char head[HEAD_MAX], method[16], path[PATH_MAXLEN + 16];
	size_t plen;
	int fd, status, ishead;

	tv.tv_sec = s->timeout;
	tv.tv_usec = 0;
	(void)setsockopt(cfd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	method[0] = path[0] = '\0';
	status = read_head(cfd, head, sizeof(head),
	    now_ms() + (long long)s->timeout * 1000, stop);
	if (status == -1)
		return;
	if (status == 0)
		status = wb_history_serve_parse(head, method, sizeof(method),
		    path, PATH_MAXLEN);
	ishead = strcmp(method, "HEAD") == 0;
	hit.method = method;
	hit.path = path;
	hit.bytes = 0;
	if (status == 0) {
		plen = strlen(path);
		if (plen == 0 || path[plen - 1] == '/')
			strcat(path, "index.html");
		if ((fd = open_file(s, path, &st, &status)) != -1) {
			status = 200;
			if (send_head(cfd, 200, wb_history_serve_type(path),
			    (long long)st.st_size) == 0 && !ishead)
				hit.bytes = send_file(cfd, fd,
				    (long long)st.st_size);
			close(fd);
		}
	}
	if (status != 200)
		hit.bytes = send_error(cfd, status, ishead);
	hit.status = status;
	if (log != NULL)
		log(arg, &hit);
}

int
wb_history_serve_run(struct wb_hserve *s, volatile sig_atomic_t *stop,
    wb_hserve_log_fn *log, void *arg, struct wb_err *err)
{
	struct pollfd pfd;
	int cfd, fails;

	fails = 0;
	while (!*stop) {
		pfd.fd = s->lfd;
		pfd.events = POLLIN;
		if (poll(&pfd, 1, 500) == -1) {
			if (errno == EINTR)
				continue;
			return (wb_err_setsys(err, "poll"));
		}
		if (!(pfd.revents & POLLIN))
			continue;
		if ((cfd = accept4(s->lfd, NULL, NULL, SOCK_CLOEXEC)) == -1) {
			/* A client gone, or too many files: not for good. */
			if (errno == EINTR || errno == EAGAIN ||
			    errno == ECONNABORTED || errno == EPROTO)
				continue;
			if (++fails > 100)
				return (wb_err_setsys(err, "accept"));
			continue;
		}
		fails = 0;
		serve_one(s, cfd, stop, log, arg);
		close(cfd);
	}
	return (0);
}
