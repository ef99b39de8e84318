#!/usr/bin/env bash
# Spatial index and search, side by side with shapely.STRtree + pyproj.Geod, in one run.
#   Benchmarks/queries/compare.sh [rounds]
# Input: the 234,908 GeoNames places of ../shared/data/real/places.geojson.gz (unpacked into
# Benchmarks/out/). Query positions and search texts are written once and read by both sides.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds="${1:-7}"
data="${MAPENGINE_SHARED_DATA:-../shared/data}/real"
[ -d "$data" ] || data="../../shared/data/real"
out=Benchmarks/out
mkdir -p "$out"

if [ ! -x Benchmarks/.venv/bin/python ]; then
    python3 -m venv Benchmarks/.venv
    Benchmarks/.venv/bin/pip install --quiet shapely pyproj numpy
fi
[ -f "$out/places.geojson" ] || gunzip -c "$data/places.geojson.gz" > "$out/places.geojson"
Benchmarks/.venv/bin/python Benchmarks/queries/compare.py inputs "$out/places.geojson" "$out/queries.txt" "$out/names.txt"

# One module with MapGeometry's sources, optimised as a release build would be.
swiftc -O -wmo -package-name MapEngine -module-name QueryBench -I Sources/CGEOS -I Sources/CPROJ \
    $(find Sources/MapGeometry -name '*.swift' | sort) Benchmarks/queries/main.swift \
    -lgeos_c -lproj -o "$out/query-bench"

echo "== MapGeometry (SpatialIndex, TextSearchIndex)"
"$out/query-bench" "$out/places.geojson" "$out/queries.txt" "$out/names.txt" "$rounds" | tee "$out/ours.txt"
echo "== peer (shapely.STRtree, pyproj.Geod, Python scan for search)"
Benchmarks/.venv/bin/python Benchmarks/queries/compare.py peer "$out/places.geojson" "$out/queries.txt" "$out/names.txt" "$rounds" | tee "$out/peer.txt"

echo "== ratios (peer time / our time; > 1 means we are faster)"
echo "   *_median: best of the rounds per query, then the median over queries (robust to other"
echo "   processes on a shared machine); the plain names are mean times of whole loops."
figure() { awk -v k="$1" '$1 == k { print $2 }' "$2"; }
for pair in build:build near5km:near5km near5km_median:near5km_median nearest1:nearest1 \
    nearest1_median:nearest1_median nearest10:nearest10_box_growing \
    nearest10_median:nearest10_box_growing_median search:search search_median:search_median; do
    ours="$(figure "${pair%%:*}" "$out/ours.txt")"; peer="$(figure "${pair##*:}" "$out/peer.txt")"
    awk -v n="${pair%%:*}" -v o="$ours" -v p="$peer" 'BEGIN { printf "%-16s ours %10.3f  peer %10.3f  ratio %7.1fx\n", n, o, p, p / o }'
done
