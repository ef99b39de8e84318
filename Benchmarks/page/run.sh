#!/usr/bin/env bash
# The map page's first markers on the 234,908 GeoNames places (release build, headless Chromium).
# Needs ../shared/data/real/places.geojson.gz, Debian's chromium and chromium-driver, and PyPI for selenium.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
zcat ../shared/data/real/places.geojson.gz > "$work/places.geojson"
python3 -m venv "$work/venv" && "$work/venv/bin/pip" install --quiet selenium==4.51.0
swift build -c release --product mapctl >/dev/null
.build/release/mapctl serve --port 8097 "places=$work/places.geojson" 2>"$work/serve.log" &
server=$!
until curl -sf http://127.0.0.1:8097/readyz >/dev/null; do sleep 0.2; done
"$work/venv/bin/python" Benchmarks/page/first_markers.py http://127.0.0.1:8097
