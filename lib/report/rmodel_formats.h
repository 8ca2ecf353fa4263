/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The format table: one line per format, its name and its writer (one
 * file, lib/report/rmodel_<name>.c).  Included by rmodel_format.c with
 * WB_RM_FORMAT defined, once to declare the writers and once to list
 * them.  Adding a format is a writer file and a line here.
 */
WB_RM_FORMAT("text",		wb_rm_write_text)
WB_RM_FORMAT("json",		wb_rm_write_json)
WB_RM_FORMAT("csv",		wb_rm_write_csv)
WB_RM_FORMAT("markdown",	wb_rm_write_md)
WB_RM_FORMAT("html",		wb_rm_write_html)
WB_RM_FORMAT("tsv",		wb_rm_write_tsv)
