# SPDX-License-Identifier: BSD-2-Clause
# sim.sh: sourced by the wrappers of the simulation programs
# (bench/scripts/NAME.sh runs build/bin/NAME, which "make tests" builds).

# sim_bin NAME: the path of build/bin/NAME into $bin; exit 1 when it is
# not built.
sim_bin()
{
	bin=$(cd "$(dirname "$0")/../.." && pwd)/build/bin/$1
	[ -x "$bin" ] || { echo "$1.sh: $bin: run make tests" >&2; exit 1; }
}

# sim_opts NAME UNIT N SEED [ARG ...]: parse "-n count -s seed" (usage
# names UNIT) into $n and $seed, N and SEED by default; no operands.
sim_opts()
{
	_name=$1 _unit=$2 n=$3 seed=$4
	shift 4
	OPTIND=1
	while getopts n:s: _ch; do
		case $_ch in
		n)	n=$OPTARG ;;
		s)	seed=$OPTARG ;;
		*)	echo "usage: $_name.sh [-n $_unit] [-s seed]" >&2
			exit 64 ;;
		esac
	done
	shift $((OPTIND - 1))
	[ $# -eq 0 ] || { echo "usage: $_name.sh [-n $_unit] [-s seed]" >&2; exit 64; }
	sim_bin "$_name"
}
