#!/usr/bin/env bash
# Copies the engine's Swift sources under the given folders (or files) into OUT, without the
# lines that import the engine's own modules (or BenchmarkInputs), and prints the copies' paths:
# the benchmark and fuzz scripts compile them, with their driver, as one optimised module
# (whole-module inlining, internal API within reach, no package build needed).
#   Benchmarks/engine-sources.sh OUT Sources/MapGeometry Sources/MapGeoJSON ...
set -euo pipefail
out=$1
shift
rm -rf "$out"
mkdir -p "$out"
find "$@" -name '*.swift' | sort | while read -r source; do
    # One flat folder: the engine's file names are unique across its modules.
    copy="$out/$(basename "$source")"
    [ -e "$copy" ] && { echo "engine-sources.sh: two files named $(basename "$source")" >&2; exit 1; }
    grep -vE '^(@testable )?import (Map(Geometry|GeoJSON|Viewport|Query|Clustering|Routing|Editing)|BenchmarkInputs)$' \
        "$source" > "$copy"
    echo "$copy"
done
