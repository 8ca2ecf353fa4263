#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# worldbench shell workload: one copy of the text-processing job that the
# shell1 and shell8 benchmarks run.  Usage: sh workload.sh PROSE
# It runs in its own scratch directory, writes four temporary files and
# removes them.  POSIX sh and sort, od, grep, tee, wc, rm only (busybox
# applets work too).
prose=${1:?usage: workload.sh PROSE}
sort <"$prose" >sorted.$$ || exit 1
od sorted.$$ | sort -n -k 1 >dump.$$ || exit 1
grep the sorted.$$ | tee match.$$ | wc >count.$$ || exit 1
rm sorted.$$ dump.$$ match.$$ count.$$
