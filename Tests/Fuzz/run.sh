#!/usr/bin/env bash
# Fuzz the GeoJSON reader with libFuzzer + AddressSanitizer, seeded with the conformance fixtures.
#   Tests/Fuzz/run.sh [seconds] [max_len]   (defaults 600 and 65536; findings go to Tests/Fuzz/out/, git-ignored)
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-600}
max_len=${2:-65536}
out=Tests/Fuzz/out
mkdir -p "$out/corpus" "$out/crashes"
mapfile -t sources < <(Benchmarks/engine-sources.sh "$out/sources" Sources/MapGeometry/{Values,Extent,Algorithms} Sources/MapGeoJSON)
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -package-name MapEngine -module-name GeoJSONFuzz \
    "${sources[@]}" Tests/Fuzz/FuzzGeoJSONReader.swift \
    -o "$out/fuzz-geojson"
seeds=()
[ -d ../shared/data/conformance/geojson ] && seeds+=(../shared/data/conformance/geojson)
[ -n "${MAPENGINE_SHARED_DATA:-}" ] && seeds+=("$MAPENGINE_SHARED_DATA/conformance/geojson")
seeds+=(Tests/Fuzz/regressions Data)
"$out/fuzz-geojson" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$out/crashes/" -print_final_stats=1 "$out/corpus" "${seeds[@]}"
