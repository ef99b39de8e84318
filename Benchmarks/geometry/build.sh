#!/usr/bin/env bash
# Builds geometry/NAME/main.swift (GeometryCompare, BridgeWorkout) together with MapGeometry's
# sources and Sources/BenchmarkInputs as one optimised module, and prints the program's path.
# One module, not a SwiftPM product: both programs call the GEOS bridge itself, which is the
# engine's `package` API and out of reach of another package.
#   Benchmarks/geometry/build.sh GeometryCompare
set -euo pipefail
name=$1
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$root/Benchmarks/.build/geometry"
mkdir -p "$out"
clang -O2 -c -I "$root/Sources/CPROJ/include" "$root/Sources/CPROJ/ProjLoading.c" -o "$out/ProjLoading.o"
mapfile -t sources < <("$root/Benchmarks/engine-sources.sh" "$out/$name-sources" "$root/Sources/MapGeometry" \
    "$root/Benchmarks/Sources/BenchmarkInputs" "$root/Benchmarks/geometry/$name/main.swift")
swiftc -O -wmo -g -package-name MapEngine -module-name "$name" -I "$root/Sources/CGEOS" -I "$root/Sources/CPROJ/include" \
    "${sources[@]}" "$out/ProjLoading.o" -lgeos_c -o "$out/$name" >&2
echo "$out/$name"
