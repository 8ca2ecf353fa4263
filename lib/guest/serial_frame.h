/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Frame encoding for the serial line protocol (the protocol is described
 * in serial.h, which includes this): what both the guest init and the
 * host's parser need, and nothing of the parser.
 */
#ifndef WB_SERIAL_FRAME_H
#define WB_SERIAL_FRAME_H

#include <stddef.h>
#include <stdint.h>

#define WB_SERIAL_PROTO		1
#define WB_SERIAL_MAXFIELDS	16
#define WB_SERIAL_FRAMEMAX	4096	/* longest frame init writes */

uint32_t	wb_serial_crc32(const void *, size_t);
/*
 * Encode a frame into buf (size len) from seq, kind and nf fields,
 * ending in '\n' and NUL-terminated.  Fields longer than fit are cut.
 * Returns the frame length (without the NUL), or 0 when len is too
 * small for an empty frame.
 */
size_t		wb_serial_frame(char *buf, size_t len, unsigned long seq,
		    const char *kind, const char *const *fields, size_t nf);

#endif
