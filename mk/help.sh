#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# make help: the targets, as the comment header of the Makefile and of
# each mk/*.mk states them ("#   target   what it does" and its
# continuation lines), grouped by file.  Usage: sh mk/help.sh FILE...
set -eu
echo "make targets (from the comment headers; V=1 shows the commands," \
    "O=DIR moves the build):"
for f in "$@"; do
	awk -v file="$f" '
		!/^#/ { exit }
		/^#   [a-z]/ { if (!shown) { printf "\n%s:\n", file; shown = 1 }
			sub(/^#/, ""); print; cont = 1; next }
		cont && /^#     / { sub(/^#/, ""); print; next }
		{ cont = 0 }
	' "$f"
done
