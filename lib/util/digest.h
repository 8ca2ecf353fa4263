/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SHA-256 of buffers and files (OpenSSL libcrypto), as lowercase hex.
 */
#ifndef WB_DIGEST_H
#define WB_DIGEST_H

#include <stddef.h>

struct wb_err;

#define WB_SHA256_HEXLEN	64
#define WB_SHA256_HEXSIZE	(WB_SHA256_HEXLEN + 1)

struct wb_sha256;		/* incremental context, opaque */

struct wb_sha256	*wb_digest_sha256_new(struct wb_err *);
int			 wb_digest_sha256_update(struct wb_sha256 *,
	    const void *,
			    size_t, struct wb_err *);
/* Writes the hex digest; the context may then only be freed. */
int			 wb_digest_sha256_final(struct wb_sha256 *,
			    char hex[WB_SHA256_HEXSIZE], struct wb_err *);
void			 wb_digest_sha256_free(struct wb_sha256 *);

int	wb_digest_sha256_buf(const void *, size_t, char hex[WB_SHA256_HEXSIZE],
	    struct wb_err *);
/* 1 when s is a sha256 in hex: 64 lower-case hex digits. */
int	wb_digest_sha256_hex_ok(const char *s);
/* Hashes the file's contents; the error names the path. */
int	wb_digest_sha256_file(const char *path, char hex[WB_SHA256_HEXSIZE],
	    struct wb_err *);
/*
 * Hashes what is left to read of fd (from its offset to the end); the
 * error names name.
 */
int	wb_digest_sha256_fd(int fd, const char *name,
	    char hex[WB_SHA256_HEXSIZE], struct wb_err *);

#endif
