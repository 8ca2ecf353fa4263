# SPDX-License-Identifier: BSD-2-Clause
# awk -v k=K -v step=S -f history_release.awk prod.json: release K (1 to
# 12) of a synthetic series for the history tests: every pass's "rate"
# and "count" times a small wobble of the release's own (within +-0.6%,
# no trend), and dhry2reg's also times S.  The fixture is one key a line.
BEGIN {
	split("0.003 -0.005 0.001 0.006 -0.002 -0.006 0.004 0 -0.003 " \
	    "0.005 -0.001 0.002", w, " ")
}
/"id": "/ {
	id = $0
	sub(/.*"id": "/, "", id)
	sub(/".*/, "", id)
}
/"(rate|count)": / {
	f = 1 + w[(k - 1) % 12 + 1]
	if (id == "dhry2reg")
		f *= step
	v = $2
	comma = sub(/,$/, "", v)
	printf "%s %.17g%s\n", $1, v * f, comma ? "," : ""
	next
}
{ print }
