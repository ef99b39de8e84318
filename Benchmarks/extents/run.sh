#!/usr/bin/env bash
# Zoom-extents benchmark: builds MapViewport's camera-fit sources (with the geometry values) with -O as a library module,
# links a timing executable, runs it, then runs the Python peer (staticmap's auto zoom) on the
# same 10,000 places and prints both figures and the ratio.
# Usage: Benchmarks/extents/run.sh [places.geojson]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
places="${1:-$root/../shared/data/real/places_15000.geojson}"
[ -f "$places" ] || places="$root/../../shared/data/real/places_15000.geojson"
out="$here/.build"
mkdir -p "$out"

mapfile -t sources < <("$root/Benchmarks/engine-sources.sh" "$out/sources" \
    "$root"/Sources/MapGeometry/{Values,Extent,Algorithms} "$root"/Sources/MapGeoJSON "$root"/Sources/MapViewport/{Mercator,Camera})
swiftc -O -wmo -parse-as-library -package-name MapEngine -module-name MapViewport \
    -emit-module -emit-module-path "$out/MapViewport.swiftmodule" \
    -emit-library -static -o "$out/libMapViewport.a" "${sources[@]}"
swiftc -O -package-name MapEngine -I "$out" -L "$out" -lMapViewport "$here/main.swift" -o "$out/extents-bench"
[ "${EXTENTS_SKIP_PEER:-}" = 1 ] && { "$out/extents-bench" "$places"; exit 0; }
swift_output="$("$out/extents-bench" "$places")"
echo "$swift_output"

# The peer: staticmap (PyPI), whose render picks the largest zoom that shows every marker.
venv="$root/Benchmarks/.venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -c "import staticmap" 2>/dev/null || "$venv/bin/pip" install -q staticmap==0.5.7
peer_output="$("$venv/bin/python" "$here/peer_staticmap.py" "$places")"
echo "$peer_output"

ours=$(echo "$swift_output" | sed -n "s/^fit over 10,000 markers (bounds + fit): \([0-9.]*\) us CPU.*/\1/p")
theirs=$(echo "$peer_output" | sed -n "s/^staticmap .*: \([0-9.]*\) us CPU.*/\1/p")
python3 -c "print(f'ratio staticmap / MapEngine, CPU time, 10,000 markers: {float(\"$theirs\") / float(\"$ours\"):.0f}x')"
