#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# The release-history site (lib/report/history_html.c) in a real browser: the
# fixture site (tests/helpers/history_fixture.c, written by the
# history-site program beside this test) rendered by headless Chromium
# to a non-trivial PNG, and its DOM, as Chromium parsed it, holding the
# change-point marks and their links.

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
}
