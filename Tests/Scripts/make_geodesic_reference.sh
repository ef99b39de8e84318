#!/usr/bin/env bash
# Regenerates Tests/MapGeometryTests/Fixtures/geodesic_reference.json with geographiclib from PyPI,
# in a virtualenv under Benchmarks/.venv (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -x Benchmarks/.venv/bin/python ] || python3 -m venv Benchmarks/.venv
Benchmarks/.venv/bin/pip install --quiet "geographiclib==2.1"
Benchmarks/.venv/bin/python Tests/Scripts/make_geodesic_reference.py
