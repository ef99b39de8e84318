#!/bin/sh
# Stop ordering at scale: the release mapctl route against fast-tsp on GeoNames samples
# (see scale.py). Creates Benchmarks/.venv (git-ignored) with the peer and pyproj.
set -e
here=$(cd "$(dirname "$0")" && pwd)
venv="$here/../.venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q fast-tsp numpy pyproj
(cd "$here/../.." && swift build -c release --product mapctl)
"$venv/bin/python" "$here/scale.py" "$@"
