#!/bin/sh
# Driver breaks: the release `mapctl route --vehicles` against VROOM (pyvroom) on Data/stops
# with a break for every vehicle (see breaks.py).
#   Benchmarks/vrp/breaks.sh [--costs]
set -e
here=$(cd "$(dirname "$0")" && pwd)
(cd "$here/../.." && swift build -c release --product mapctl >&2)
venv="$here/../.venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -c "import vroom, pyproj, numpy" 2>/dev/null || "$venv/bin/pip" install -q pyvroom pyproj numpy >&2
exec "$venv/bin/python" "$here/breaks.py" "$@"
