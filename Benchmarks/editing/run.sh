#!/usr/bin/env bash
# Validation side by side on the same polygons, in one go:
#   swift    EditValidator.validate (structure + GEOS topology + findings), release build
#   c        a C loop: build each polygon in GEOS from coordinate buffers + GEOSisValid_r + destroy
#            ("build"), and GEOSisValid_r alone on polygons built beforehand ("prebuilt")
#   shapely  shapely.is_valid over a numpy array of polygons built beforehand (shapely 2.2.0,
#            which bundles GEOS 3.14.1; ours and the C loop use Debian's GEOS 3.11.1)
# Inputs (make_polygons.py): the 5,952 Andorra OSM polygons and 100,000 generated 14-vertex
# polygons (a third with two vertices swapped, 32,516 of them self-intersecting).
# Each program prints the median CPU time of REPS runs over the whole file; the programs run
# alternately ROUNDS times and the table shows the median over rounds and the ratios.
#
#   Benchmarks/editing/run.sh          # ROUNDS=5 REPS=5 by default
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
benchmarks="$(dirname "$here")"
root="$(dirname "$benchmarks")"
rounds="${ROUNDS:-5}"
reps="${REPS:-5}"
out="$benchmarks/out/editing"
mkdir -p "$out"

data="$root/../shared/data/real/andorra/objects.geojson"
[ -f "$data" ] || data="$root/../../shared/data/real/andorra/objects.geojson"
[ -f "$data" ] || { echo "shared/data not found beside the package" >&2; exit 66; }

if [ ! -x "$benchmarks/.venv/bin/python" ]; then
    echo "creating Benchmarks/.venv with shapely 2.2.0..." >&2
    python3 -m venv "$benchmarks/.venv"
    "$benchmarks/.venv/bin/pip" install -q shapely==2.2.0 numpy >&2
fi
[ -f "$out/generated.txt" ] || python3 "$here/make_polygons.py" "$data" "$out"
echo "building the C loop (cc -O2) and EditingCompare (swift build -c release)..." >&2
cc -O2 -o "$out/geos_isvalid_loop" "$here/geos_isvalid_loop.c" -lgeos_c
swift build -c release --package-path "$here/.." --product EditingCompare >&2
swift_bin="$(swift build -c release --package-path "$here/.." --show-bin-path)/EditingCompare"

results="$out/results.txt"
: >"$results"
for round in $(seq "$rounds"); do
    echo "round $round of $rounds..." >&2
    for input in andorra.txt generated.txt; do
        "$out/geos_isvalid_loop" "$out/$input" "$reps" >>"$results"
        "$swift_bin" "$out/$input" "$reps" >>"$results"
        "$benchmarks/.venv/bin/python" "$here/shapely_isvalid.py" "$out/$input" "$reps" >>"$results"
    done
done

awk -v rounds="$rounds" '
    function median(list,   n, v, i, j, t) {
        n = split(list, v, " ")
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] + 0 < v[i] + 0) { t = v[i]; v[i] = v[j]; v[j] = t }
        return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
    }
    { key = $2 " " $1 "." $3; ms[key] = ms[key] " " $4; invalid[key] = $5 }
    END {
        printf "%-14s %-18s %10s %9s\n", "input", "program", "median ms", "invalid"
        split("andorra.txt generated.txt", inputs, " ")
        split("swift.validate swift.bridge c.build c.prebuilt shapely.is_valid", programs, " ")
        failed = 0
        for (i = 1; i <= 2; i++) {
            for (p = 1; p <= 5; p++) {
                key = inputs[i] " " programs[p]
                m[key] = median(ms[key])
                printf "%-14s %-18s %10.2f %9d\n", inputs[i], programs[p], m[key], invalid[key]
            }
            s = m[inputs[i] " swift.validate"]; c = m[inputs[i] " c.build"]; py = m[inputs[i] " shapely.is_valid"]
            printf "%-14s validate / C build loop = %.3fx (bar 1.1x: %s); validate / shapely = %.3fx (bar < 1: %s)\n\n", \
                inputs[i], s / c, s / c <= 1.1 ? "ok" : "MISSED", s / py, s < py ? "ok" : "MISSED"
            if (s / c > 1.1 || s >= py) failed = 1
        }
        printf "(median over %d alternating rounds of each program; each figure is the median CPU time of its repetitions)\n", rounds
        exit failed
    }' "$results"
