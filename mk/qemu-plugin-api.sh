#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# qemu-plugin-api.sh PROBE [QEMU]: print the plugin API version the qemu
# binary accepts.  qemu checks a plugin's qemu_plugin_version against its
# own range before anything else, so the probe plugin
# (bench/qemu-plugin/api-probe.c), which claims an impossible version,
# makes qemu name its maximum in the refusal: "... but this QEMU supports
# only up to version N".  lib/explain/attrib_api.c does the same in C.
set -eu
probe=${1:?usage: qemu-plugin-api.sh probe.so [qemu]}
qemu=${2:-/usr/bin/qemu-system-x86_64}
me=qemu-plugin-api.sh

msg=$(timeout -k 2 20 "$qemu" -M none -display none -nodefaults \
    -plugin "$probe" 2>&1 </dev/null || true)
v=$(printf '%s\n' "$msg" |
    sed -n 's/.*supports only up to version \([0-9][0-9]*\).*/\1/p' | head -1)
if [ -z "$v" ]; then
	echo "$me: $qemu: its answer to a plugin of API version 1000000" \
	    "names no maximum version: $msg" >&2
	exit 65
fi
echo "$v"
