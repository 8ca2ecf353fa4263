/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Progress and notes: the library never prints; a caller who wants its
 * lines hands in a function and an argument, and the library formats
 * each line with wb_note_printf().
 */
#ifndef WB_NOTE_H
#define WB_NOTE_H

typedef void	wb_note_fn(void *arg, const char *line);

/* Format one line (at most 1023 bytes) and pass it to fn; fn may be NULL. */
void	wb_note_printf(wb_note_fn *fn, void *arg, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));

#endif
