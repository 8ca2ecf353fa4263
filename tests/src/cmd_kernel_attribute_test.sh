#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# worldbench kernel attribute: its refusals before any boot (usage, a
# missing plugin, a plugin of another API version than qemu's).  The
# boots themselves are measured by bench/scripts/kernel-attribute.sh.

wb() { echo "$(atf_config_get builddir)/bin/worldbench"; }
probe() { echo "$(atf_config_get builddir)/libexec/worldbench-qemu/api-probe.so"; }

# A qemu that refuses every plugin as one of plugin API version $1.
fake_qemu() {
	cat >qemu <<END
#!/bin/sh
echo "qemu: -plugin p: Could not load plugin p: plugin requires API version 1000000, but this QEMU supports only up to version $1" >&2
exit 1
END
	chmod +x qemu
}

atf_test_case usage
usage_head() {
	atf_set descr "one image, an empty test list or a bad -d is a usage error"
}
usage_body() {
	atf_check -s exit:64 -e match:'worldbench kernel attribute' \
	    "$(wb)" kernel attribute production
	atf_check -s exit:64 -e match:'-T: no test' \
	    "$(wb)" kernel attribute -T , production debug
	atf_check -s exit:64 -e match:"-d: bad number 'x'" \
	    "$(wb)" kernel attribute -d x production debug
}

atf_test_case missing_plugin
missing_plugin_head() {
	atf_set descr "a plugin not built is no input (66), naming the target"
}
missing_plugin_body() {
	atf_check -s exit:66 -e match:'nothere.so \(make qemu-plugin builds it\)' \
	    "$(wb)" kernel attribute --plugin "$PWD/nothere.so" production debug
}

atf_test_case api_refused
api_refused_head() {
	atf_set descr "a plugin whose API version is not qemu's is refused" \
	    "(65) before any boot, naming both versions"
}
api_refused_body() {
	fake_qemu 1
	# The probe claims version 1000000: as a plugin it does not match.
	atf_check -s exit:65 -e match:'built for qemu plugin API version 1000000, but .*/qemu accepts version 1; rebuild it' \
	    "$(wb)" kernel attribute --qemu "$PWD/qemu" --plugin "$(probe)" \
	    -o out production debug
	test ! -d out/runs || atf_fail "it booted"
}

atf_init_test_cases() {
	atf_add_test_case usage
	atf_add_test_case missing_plugin
	atf_add_test_case api_refused
}
