#!/usr/bin/env bash
# GeoJSON read/write, this project against its peers, on the same inputs in one run:
#   points:   a 500,000-point FeatureCollection made by ../shared/data/real/scripts/make_big.py (deterministic)
#             ours vs node JSON.parse/JSON.stringify vs Foundation JSONDecoder; peak memory vs file size
#   polygons: 34,024 features with a 14-vertex polygon each (make_polygons.py, deterministic), per feature:
#             ours vs GEOS's C GeoJSON reader/writer vs shapely (pip, in Benchmarks/.venv)
#   real:     countries_10m.geojson (large polygons) and andorra/objects.geojson: ours vs node
# Times are process CPU time (the machine is shared; wall time would measure the neighbours).
# Usage: Benchmarks/geojson/compare.sh [runs]   (default 5; medians are printed)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
shared=${MAPENGINE_SHARED_DATA:-$root/../shared/data}
runs=${1:-5}
out=Benchmarks/out/geojson
mkdir -p "$out"

echo "== inputs"
if [ ! -f "$out/points_500k.geojson" ]; then
    python3 "$shared/real/scripts/make_big.py" "$shared/real/places.geojson.gz" "$out/points_500k.geojson" --count 500000
fi
if [ ! -f "$out/polygons14.jsonl" ]; then
    python3 Benchmarks/geojson/make_polygons.py "$shared/real/places_15000.geojson" "$out/polygons14.geojson" "$out/polygons14.jsonl"
fi
ls -l "$out"/*.geojson "$out"/*.jsonl | awk '{print $5, $9}'

echo "== builds"
mapfile -t sources < <(Benchmarks/engine-sources.sh "$out/geojson-sources" \
    Sources/MapGeometry/{Values,Extent,Algorithms} Sources/MapGeoJSON)
swiftc -O -wmo -package-name MapEngine -module-name GeoJSONBench "${sources[@]}" Benchmarks/geojson/main.swift \
    -o "$out/geojson-bench"
swiftc -O Benchmarks/geojson/foundation_decoder.swift -o "$out/foundation-decoder"
cc -O2 Benchmarks/geojson/geos_geojson.c $(geos-config --cflags) $(geos-config --clibs) -o "$out/geos-geojson"
if [ ! -x Benchmarks/.venv/bin/python ]; then
    python3 -m venv Benchmarks/.venv
    Benchmarks/.venv/bin/pip install -q shapely
fi

log="$out/compare.log"
: > "$log"
echo "== runs ($runs each), raw lines in $log"
points="$out/points_500k.geojson"
"$out/geojson-bench" read "$points" "$runs" >> "$log"
"$out/geojson-bench" write "$points" "$runs" >> "$log"
node Benchmarks/geojson/node_json.js "$points" "$runs" >> "$log"
"$out/foundation-decoder" "$points" 3 >> "$log"
for i in $(seq "$runs"); do
    /usr/bin/time -v "$out/geojson-bench" readonce "$points" 2>&1 \
        | awk '/Maximum resident/ {print "ours peak_kb", $6} /^ours readonce/ {print}' >> "$log"
    /usr/bin/time -v node -e "JSON.parse(require('fs').readFileSync('$points','utf8'))" 2>&1 \
        | awk '/Maximum resident/ {print "node peak_kb", $6}' >> "$log"
done
"$out/geojson-bench" polygon "$out/polygons14.jsonl" "$runs" >> "$log"
"$out/geos-geojson" "$out/polygons14.jsonl" "$runs" >> "$log"
Benchmarks/.venv/bin/python Benchmarks/geojson/shapely_geojson.py "$out/polygons14.jsonl" "$runs" >> "$log"
for file in countries_10m.geojson andorra/objects.geojson; do
    name=${file%.geojson}
    name=${name//\//_}
    "$out/geojson-bench" read "$shared/real/$file" "$runs" | sed "s/^ours/real $name ours/" >> "$log"
    "$out/geojson-bench" write "$shared/real/$file" "$runs" | sed "s/^ours/real $name ours/" >> "$log"
    node Benchmarks/geojson/node_json.js "$shared/real/$file" "$runs" | sed "s/^node/real $name node/" >> "$log"
done

python3 - "$log" "$points" <<'PY'
import os, re, statistics, sys
lines = open(sys.argv[1]).read().splitlines()
size = os.path.getsize(sys.argv[2])

def median(prefix, pattern):
    values = [float(m.group(1)) for l in lines if l.startswith(prefix) for m in [re.search(pattern, l)] if m]
    return statistics.median(values) if values else float("nan")

print(f"\npoints file: {size/1e6:.1f} MB, 500,000 features (median of runs, CPU time)")
ours_r, ours_w = median("ours read", r"read ([\d.]+) MB/s"), median("ours write", r"write ([\d.]+) MB/s")
node_r, node_w = median("node read", r"read ([\d.]+) MB/s"), median("node read", r"write ([\d.]+) MB/s")
jd = median("jsondecoder", r"read ([\d.]+) MB/s")
print(f"  read : ours {ours_r:7.1f} MB/s | node JSON.parse {node_r:7.1f} MB/s ({ours_r/node_r:.2f}x) | Foundation JSONDecoder {jd:6.1f} MB/s ({ours_r/jd:.1f}x)")
once = median("ours readonce", r"readonce ([\d.]+) MB/s")
print(f"         one read per fresh process (as mapctl reads): ours {once:7.1f} MB/s ({once/node_r:.2f}x node's median)")
print(f"  write: ours {ours_w:7.1f} MB/s | node JSON.stringify {node_w:7.1f} MB/s ({ours_w/node_w:.2f}x)")
ours_m, node_m = median("ours peak_kb", r"peak_kb (\d+)"), median("node peak_kb", r"peak_kb (\d+)")
print(f"  peak RSS reading it: ours {ours_m/1024:.0f} MB = {ours_m*1024/size:.2f} x file size | node {node_m/1024:.0f} MB = {node_m*1024/size:.2f} x")
print("\n14-vertex polygon features, per feature (median)")
for name, prefix in (("ours", "ours decode"), ("GEOS 3.11 C reader/writer", "geos decode"), ("shapely", "shapely")):
    d, e = median(prefix, r"decode ([\d.]+) us"), median(prefix, r"encode ([\d.]+) us")
    print(f"  {name:28s} decode {d:6.2f} us  encode {e:6.2f} us")
for name in ("countries_10m", "andorra_objects"):
    r = median(f"real {name} ours read", r"read ([\d.]+) MB/s"); w = median(f"real {name} ours write", r"write ([\d.]+) MB/s")
    nr = median(f"real {name} node", r"read ([\d.]+) MB/s"); nw = median(f"real {name} node", r"write ([\d.]+) MB/s")
    print(f"\n{name}: read ours {r:.1f} MB/s vs node {nr:.1f} ({r/nr:.2f}x); write ours {w:.1f} MB/s vs node {nw:.1f} ({w/nw:.2f}x)")
PY
