#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# The release-history site (lib/report/history_html.c) in a real browser: the
# fixture site (tests/helpers/history_fixture.c, written by the
# history-site program beside this test) rendered by headless Chromium
# to a non-trivial PNG, and its DOM, as Chromium parsed it, holding the
# change-point marks and their links; and the site that worldbench history
# html writes from a store with a 20% step at release 7 of 12.

site() {
	atf_check "$(atf_get_srcdir)/history-site" site
	test -f site/index.html || atf_fail "no index.html"
	test -f site/series-1.html || atf_fail "no series-1.html"
}

need_chromium() {
	chromium=$(command -v chromium || command -v chromium-browser || true)
	[ -n "$chromium" ] || atf_skip "chromium is not installed" \
	    "(sh mk/deps.sh report installs it)"
}

# dom FILE: the DOM Chromium built from FILE, on stdout.
dom() {
	profile=$(mktemp -d "$PWD/chromium.XXXXXX")
	timeout 120 "$chromium" --headless --no-sandbox --disable-gpu \
	    --disable-quic --no-first-run --disable-background-networking \
	    --disable-component-update --disable-sync \
	    --user-data-dir="$profile" --dump-dom "file://$PWD/$1" \
	    2>"$profile.log" || { cat "$profile.log" >&2; return 1; }
	rm -rf "$profile" "$profile.log"
}

atf_test_case renders
renders_head() {
	atf_set descr "A series page renders to a non-trivial PNG"
	atf_set timeout 300
}
renders_body() {
	need_chromium
	site
	atf_check -o match:'html-render-check: .*s1.png: [0-9]+ bytes' \
	    sh "$(atf_get_srcdir)/html-render-check.sh" site/series-1.html \
	    "$PWD/s1.png"
	test -s s1.png || atf_fail "no PNG"
}

atf_test_case marks_in_dom
marks_in_dom_head() {
	atf_set descr "Chromium's DOM of a series page has the change-point" \
	    "marks with their releases and links, and the plot"
	atf_set timeout 300
}
marks_in_dom_body() {
	need_chromium
	site
	dom site/series-1.html > d1.html || atf_fail "chromium --dump-dom"
	atf_check -o match:'<svg ' cat d1.html
	atf_check -o match:'<circle class="pt"' cat d1.html
	m='<g class="cp confirmed" data-release="14.3" data-before="14.2">'
	atf_check -o match:"$m" cat d1.html
	atf_check -o match:"<a href=\"compare-14.2-14.3.html\">$m" cat d1.html
	atf_check -o match:'<g class="cp candidate" data-release="15.2"' \
	    cat d1.html
	dom site/series-2.html > d2.html || atf_fail "chromium --dump-dom"
	atf_check -o match:'<g class="cp rejected" data-release="r3 ' \
	    cat d2.html
	# Markup in a release name stayed text: no element was made of it.
	atf_check -o match:'<td class="s">r2 &lt;b&gt;bold&lt;/b&gt;</td>' \
	    cat d2.html
	# (An attribute may hold it raw: older Chromium serializes < there.)
	atf_check -s exit:1 grep -F '<td class="s">r2 <b>' d2.html
	dom site/index.html > di.html || atf_fail "chromium --dump-dom"
	atf_check -o match:'<a href="series-2.html">' cat di.html
}

# release K STEP: tests/src/data/prod.json as release rK
# (tests/helpers/history_release.awk).
release() {
	top=$(atf_config_get top_srcdir)
	awk -v k="$1" -v step="$2" -f "$top/tests/helpers/history_release.awk" \
	    "$top/tests/src/data/prod.json"
}

store_site() {
	wb="$(atf_config_get builddir)/bin/worldbench"
	for k in 1 2 3 4 5 6 7 8 9 10 11 12; do
		step=1
		[ "$k" -ge 7 ] && step=0.8
		release "$k" "$step" > "r$k.json"
		atf_check -o ignore "$wb" history add --store h.db \
		    --release "r$k:$k" "r$k.json"
	done
	atf_check -o match:'test dhry2reg: r6 -> r7: ratio 0\.80' \
	    "$wb" history changes --store h.db --alpha 0.05 --tail 0
	atf_check -o inline:'6 series written to site/index.html\n' \
	    "$wb" history html --store h.db -o site
}

atf_test_case store_site_in_dom
store_site_in_dom_head() {
	atf_set descr "The site of worldbench history html, from a store with" \
	    "a 20% step at r7 of 12, in Chromium's DOM: the step's mark"
	atf_set timeout 300
}
store_site_in_dom_body() {
	need_chromium
	store_site
	dom site/series-1.html > d1.html || atf_fail "chromium --dump-dom"
	atf_check -o match:'<h1>Dhrystone 2 using register variables, prod</h1>' \
	    cat d1.html
	atf_check -o match:'<g class="cp candidate" data-release="r7" data-before="r6">' \
	    cat d1.html
	atf_check -o inline:'1\n' sh -c "grep -o '<g class=\"cp ' d1.html | wc -l"
	atf_check -o inline:'12\n' sh -c "grep -o '<circle class=\"pt\"' d1.html | wc -l"
	# A flat series: no mark.
	dom site/series-2.html > d2.html || atf_fail "chromium --dump-dom"
	atf_check -s exit:1 grep -F '<g class="cp ' d2.html
	dom site/index.html > di.html || atf_fail "chromium --dump-dom"
	atf_check -o match:'<a href="series-6.html">' cat di.html
}

# serve_start: worldbench history serve on a free port of 127.0.0.1 in the
# background (120 s at most), the site written from h.db into w/; sets
# url and srv.
serve_start() {
	command -v curl >/dev/null || atf_skip "curl is not installed"
	timeout 120 "$wb" history serve --store h.db -w w --port 0 \
	    > serve.out 2> serve.err &
	srv=$!
	i=0
	until grep -q '^serving ' serve.out 2>/dev/null; do
		kill -0 "$srv" 2>/dev/null || { cat serve.err >&2;
		    atf_fail "history serve exited"; }
		i=$((i + 1))
		[ "$i" -lt 300 ] || atf_fail "history serve printed no URL"
		sleep 0.1
	done
	url=$(sed -n 's|^serving w/history-site at \(http://127\.0\.0\.1:[0-9]*/\) .*|\1|p' \
	    serve.out)
	[ -n "$url" ] || atf_fail "no URL in: $(cat serve.out)"
}

atf_test_case served_over_http
served_over_http_head() {
	atf_set descr "worldbench history serve: the store's site over HTTP" \
	    "with curl (the page with its mark, HEAD, 404, a path out of" \
	    "the site refused), in Chromium too, and a clean stop on SIGTERM"
	atf_set timeout 300
}
served_over_http_body() {
	store_site
	serve_start
	atf_check -o match:'<a href="series-1.html">' curl -sSf --max-time 30 \
	    "$url"
	atf_check -o match:'<g class="cp candidate" data-release="r7" data-before="r6">' \
	    curl -sSf --max-time 30 "${url}series-1.html"
	atf_check -o match:'^HTTP/1.1 200 OK' \
	    -o match:'Content-Type: text/html; charset=utf-8' \
	    -o match:'Content-Length: [1-9][0-9]*' \
	    curl -sSI --max-time 30 "${url}index.html"
	atf_check -o inline:'404' curl -s -o /dev/null -w '%{http_code}' \
	    --max-time 30 "${url}nothing.html"
	atf_check -o inline:'400' curl -s -o /dev/null -w '%{http_code}' \
	    --max-time 30 --path-as-is "${url}../../../etc/passwd"
	atf_check -o inline:'405' curl -s -o /dev/null -w '%{http_code}' \
	    --max-time 30 -X POST "${url}index.html"
	chromium=$(command -v chromium || command -v chromium-browser || true)
	if [ -n "$chromium" ]; then
		profile=$(mktemp -d "$PWD/chromium.XXXXXX")
		timeout 120 "$chromium" --headless --no-sandbox --disable-gpu \
		    --disable-quic --no-first-run \
		    --disable-background-networking \
		    --disable-component-update --disable-sync \
		    --user-data-dir="$profile" --dump-dom "${url}series-1.html" \
		    > dh.html 2> "$profile.log" || atf_fail "chromium over HTTP"
		atf_check -o match:'<g class="cp candidate" data-release="r7"' \
		    cat dh.html
	fi
	kill -TERM "$srv"
	wait "$srv" || atf_fail "history serve exited $? on SIGTERM"
	atf_check -o match:'^stopped$' cat serve.out
	atf_check -o match:'^GET /series-1.html 200 [1-9]' cat serve.err
	atf_check -o match:'^GET /nothing.html 404 ' cat serve.err
}

atf_test_case self_contained
self_contained_head() {
	atf_set descr "The site loads nothing from elsewhere and runs nothing"
}
self_contained_body() {
	site
	atf_check -s exit:1 grep -E '<script|<link|src=|url\(' site/*.html
	atf_check -o inline:'0\n' \
	    sh -c "cat site/*.html | tr -dc '\\033\\007' | wc -c"
}

atf_init_test_cases() {
	atf_add_test_case renders
	atf_add_test_case marks_in_dom
	atf_add_test_case self_contained
	atf_add_test_case store_site_in_dom
	atf_add_test_case served_over_http
}
