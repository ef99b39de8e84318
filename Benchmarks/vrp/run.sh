#!/bin/sh
# Builds VRPBench (release), makes Benchmarks/.venv with the peers, runs compare.py.
#   Benchmarks/vrp/run.sh --budget 1
#   Benchmarks/vrp/run.sh --budget 10 --instances X-n101-k25,X-n200-k36
set -e
here=$(cd "$(dirname "$0")" && pwd)
swift build -c release --package-path "$here/.." --product VRPBench >&2
venv="$here/../.venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -c "import vroom, pyvrp, ortools" 2>/dev/null || "$venv/bin/pip" install -q pyvroom pyvrp ortools >&2
exec "$venv/bin/python" "$here/compare.py" "$@"
