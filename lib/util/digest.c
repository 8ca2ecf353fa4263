/* SPDX-License-Identifier: BSD-2-Clause */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "digest.h"
#include "err.h"

struct wb_sha256 {
	EVP_MD_CTX	*ctx;
};

struct wb_sha256 *
wb_digest_sha256_new(struct wb_err *err)
{
	struct wb_sha256 *h;

	if ((h = malloc(sizeof(*h))) == NULL) {
		wb_err_setsys(err, "malloc");
		return (NULL);
	}
	if ((h->ctx = EVP_MD_CTX_new()) == NULL) {
		free(h);
		wb_err_set(err, "sha256: cannot allocate a digest context");
		return (NULL);
	}
	if (EVP_DigestInit_ex(h->ctx, EVP_sha256(), NULL) != 1) {
		wb_digest_sha256_free(h);
		wb_err_set(err, "sha256: cannot initialise the digest");
		return (NULL);
	}
	return (h);
}

int
wb_digest_sha256_update(struct wb_sha256 *h, const void *buf, size_t len,
    struct wb_err *err)
{

	if (EVP_DigestUpdate(h->ctx, buf, len) != 1)
		return (wb_err_set(err, "sha256: update failed"));
	return (0);
}

int
wb_digest_sha256_final(struct wb_sha256 *h, char hex[WB_SHA256_HEXSIZE],
    struct wb_err *err)
{
	static const char digits[] = "0123456789abcdef";
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int len, i;

	if (EVP_DigestFinal_ex(h->ctx, md, &len) != 1 || len != 32)
		return (wb_err_set(err, "sha256: final failed"));
	for (i = 0; i < len; i++) {
		hex[2 * i] = digits[md[i] >> 4];
		hex[2 * i + 1] = digits[md[i] & 0xf];
	}
	hex[2 * len] = '\0';
	return (0);
}

void
wb_digest_sha256_free(struct wb_sha256 *h)
{

	if (h == NULL)
		return;
	EVP_MD_CTX_free(h->ctx);
	free(h);
}

int
wb_digest_sha256_buf(const void *buf, size_t len, char hex[WB_SHA256_HEXSIZE],
    struct wb_err *err)
{
	struct wb_sha256 *h;
	int rc;

	if ((h = wb_digest_sha256_new(err)) == NULL)
		return (-1);
	rc = wb_digest_sha256_update(h, buf, len, err);
	if (rc == 0)
		rc = wb_digest_sha256_final(h, hex, err);
	wb_digest_sha256_free(h);
	return (rc);
}

int
wb_digest_sha256_fd(int fd, const char *name, char hex[WB_SHA256_HEXSIZE],
    struct wb_err *err)
{
	struct wb_sha256 *h;
	char buf[65536];
	ssize_t n;
	int rc;

	if ((h = wb_digest_sha256_new(err)) == NULL)
		return (-1);
	rc = 0;
	for (;;) {
		n = read(fd, buf, sizeof(buf));
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			rc = wb_err_setsys(err, "%s: read", name);
			break;
		}
		if (n == 0)
			break;
		if ((rc = wb_digest_sha256_update(h, buf, (size_t)n,
		    err)) == -1)
			break;
	}
	if (rc == 0)
		rc = wb_digest_sha256_final(h, hex, err);
	wb_digest_sha256_free(h);
	return (rc);
}

int
wb_digest_sha256_file(const char *path, char hex[WB_SHA256_HEXSIZE],
    struct wb_err *err)
{
	int fd, rc;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return (wb_err_setsys(err, "%s", path));
	rc = wb_digest_sha256_fd(fd, path, hex, err);
	close(fd);
	return (rc);
}

int
wb_digest_sha256_hex_ok(const char *s)
{

	return (strlen(s) == WB_SHA256_HEXSIZE - 1 &&
	    strspn(s, "0123456789abcdef") == WB_SHA256_HEXSIZE - 1);
}
