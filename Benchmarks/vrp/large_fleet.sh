#!/bin/sh
# Fleets of thousands of stops: the release `mapctl route --vehicles` against VROOM (pyvroom)
# at the same time limit, on seeded stop sets spread over Berlin (see large_fleet.py).
#   Benchmarks/vrp/large_fleet.sh [--sizes 2000,5000] [--budget 2]
set -e
here=$(cd "$(dirname "$0")" && pwd)
(cd "$here/../.." && swift build -c release --product mapctl >&2)
venv="$here/../.venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -c "import vroom, pyproj, numpy" 2>/dev/null || "$venv/bin/pip" install -q pyvroom pyproj numpy >&2
exec "$venv/bin/python" "$here/large_fleet.py" "$@"
