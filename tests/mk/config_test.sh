#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# mk/config.mk: a missing pkgconf is named as such, not as a library.

atf_test_case no_pkgconf
no_pkgconf_head() {
	atf_set descr "without pkgconf the build says to install pkgconf"
}
no_pkgconf_body() {
	atf_check -s exit:2 -o ignore -e match:'install Debian package pkgconf' \
	    -e not-match:'libarchive' -e not-match:'not found$' \
	    make -n -C "$(atf_config_get top_srcdir)" O="$PWD/b" \
	    PKG_CONFIG=wb-no-such-pkgconf all
}

atf_init_test_cases() {
	atf_add_test_case no_pkgconf
}
