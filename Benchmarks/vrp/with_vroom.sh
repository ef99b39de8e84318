#!/bin/sh
# Runs one of this folder's Python benchmarks against VROOM: builds the release `mapctl`, makes
# Benchmarks/.venv with pyvroom, pyproj and numpy if needed, then runs SCRIPT with ARGS.
#   Benchmarks/vrp/with_vroom.sh SCRIPT.py [ARGS...]
set -e
here=$(cd "$(dirname "$0")" && pwd)
(cd "$here/../.." && swift build -c release --product mapctl >&2)
venv="$here/../.venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -c "import vroom, pyproj, numpy" 2>/dev/null || "$venv/bin/pip" install -q pyvroom pyproj numpy >&2
script=$1
shift
exec "$venv/bin/python" "$here/$script" "$@"
