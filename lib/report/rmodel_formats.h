/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The format table: one line per format, its name and its writer (one
 * file, lib/report/rmodel_<name>.c).  Included by rmodel_format.c with
 * WB_RM_FORMAT defined, once to declare the writers and once to list
 * them.  Adding a format is a writer file and a line here.
 */
WB_RM_FORMAT("text",		wb_rmodel_write_text)
WB_RM_FORMAT("json",		wb_rmodel_write_json)
WB_RM_FORMAT("csv",		wb_rmodel_write_csv)
WB_RM_FORMAT("markdown",	wb_rmodel_write_md)
WB_RM_FORMAT("html",		wb_rmodel_write_html)
WB_RM_FORMAT("tsv",		wb_rmodel_write_tsv)
