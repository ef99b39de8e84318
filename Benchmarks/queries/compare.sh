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

# One module with the sources of MapGeometry, MapGeoJSON and MapQuery, optimised as a release build would be.
clang -O2 -c -I Sources/CPROJ/include Sources/CPROJ/ProjLoading.c -o "$out/ProjLoading.o"
mapfile -t sources < <(Benchmarks/engine-sources.sh "$out/query-sources" Sources/MapGeometry Sources/MapGeoJSON Sources/MapQuery)
swiftc -O -wmo -package-name MapEngine -module-name QueryBench -I Sources/CGEOS -I Sources/CPROJ/include \
    "${sources[@]}" Benchmarks/queries/main.swift "$out/ProjLoading.o" \
    -lgeos_c -o "$out/query-bench"

echo "== MapGeometry (SpatialIndex, TextSearchIndex)"
"$out/query-bench" "$out/places.geojson" "$out/queries.txt" "$out/names.txt" "$rounds" | tee "$out/ours.txt"
echo "== peer (shapely.STRtree, pyproj.Geod, Python scan for search)"
Benchmarks/.venv/bin/python Benchmarks/queries/compare.py peer "$out/places.geojson" "$out/queries.txt" "$out/names.txt" "$rounds" | tee "$out/peer.txt"

echo "== ratios (peer time / our time; > 1 means we are faster), load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "   loop: wall time per query of whole loops (median of the rounds); cpu: the same in CPU time"
echo "   (not counting time other processes take); median, best_mean: single queries, best of the"
echo "   rounds each (robust to interruptions on a shared machine), then median or mean over queries."
figure() { awk -v k="$1" '$1 == k { print $2 }' "$2"; }
printf "%-10s %-10s %12s %12s %8s\n" query figure ours peer ratio
for pair in build:build near5km:near5km nearest1:nearest1 nearest10:nearest10_box_growing search:search; do
    name="${pair%%:*}" peer="${pair##*:}"
    for statistic in loop cpu median best_mean; do
        [ "$name" = build ] && [ "$statistic" != loop ] && continue
        suffix="_$statistic"; [ "$statistic" = loop ] && suffix=""
        o="$(figure "$name$suffix" "$out/ours.txt")"; p="$(figure "$peer$suffix" "$out/peer.txt")"
        awk -v n="$name" -v s="$statistic" -v o="$o" -v p="$p" \
            'BEGIN { printf "%-10s %-10s %12.3f %12.3f %7.1fx\n", n, s, o, p, p / o }'
    done
done
