#!/usr/bin/env bash
# Instructions per query under callgrind: repeatable on a loaded machine, unlike times.
#   Benchmarks/queries/profile.sh [nearest1 nearest10 near5km]
# Runs compare.sh's inputs (run compare.sh once first) through query-bench's profile mode,
# counting only the queries (--toggle-collect), and prints instructions per query.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=Benchmarks/out
[ -f "$out/queries.txt" ] || { echo "run Benchmarks/queries/compare.sh first (it writes $out/queries.txt)" >&2; exit 66; }
clang -O2 -c -I Sources/CPROJ/include Sources/CPROJ/ProjLoading.c -o "$out/ProjLoading.o"
mapfile -t sources < <(Benchmarks/engine-sources.sh "$out/query-sources" Sources/MapGeometry Sources/MapGeoJSON Sources/MapQuery)
swiftc -O -gline-tables-only -wmo -package-name MapEngine -module-name QueryBench -I Sources/CGEOS -I Sources/CPROJ/include \
    "${sources[@]}" Benchmarks/queries/main.swift "$out/ProjLoading.o" \
    -lgeos_c -o "$out/query-profile"
queries=$(grep -c . "$out/queries.txt")
for kind in "${@:-nearest1 nearest10 near5km}"; do
    for k in $kind; do
        valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.$k" --toggle-collect='*profiledQueries*' \
            "$out/query-profile" "$out/places.geojson" "$out/queries.txt" "$out/names.txt" 1 "profile:$k" 2>"$out/callgrind.$k.log" >/dev/null
        total=$(awk '/^summary:/ { print $2 }' "$out/callgrind.$k")
        awk -v k="$k" -v t="$total" -v n="$queries" 'BEGIN { printf "%-10s %12.0f instructions per query (%d queries)\n", k, t / n, n }'
    done
done
