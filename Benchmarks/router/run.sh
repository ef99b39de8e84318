#!/bin/sh
# Side-by-side TSP benchmark: MapRouting against fast-tsp and LKH-3 (elkai) on TSPLIB.
# Creates Benchmarks/.venv (git-ignored) with the peers, builds RouterBench in release mode
# and runs compare.py with the arguments given (see compare.py --help).
set -e
here=$(cd "$(dirname "$0")" && pwd)
venv="$here/../.venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q fast-tsp elkai numpy
swift build -c release --package-path "$here/.." --product RouterBench
"$venv/bin/python" "$here/compare.py" "$@"
"$venv/bin/python" "$here/compare_stops.py"
