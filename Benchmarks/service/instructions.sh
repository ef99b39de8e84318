#!/usr/bin/env bash
# Instructions per answer of `mapctl serve` for 1,000 fixed map views (1024x768 pixels, zooms
# 3-16 over the 234,908 GeoNames places), counted by callgrind: the same figure on every run,
# unlike requests per second on a shared machine. The views go one after another over one curl
# connection; the counters are zeroed after a first pass, so the marker cache is warm.
#
#   [KEEP_DUMP=1] [GZIP=1] Benchmarks/service/instructions.sh [MAPCTL...]   (default: the release
#   build; KEEP_DUMP keeps the last callgrind dump as Benchmarks/out/service/last.callgrind;
#   GZIP asks for gzip answers, as browsers and apps do)
#
# Needs valgrind (Debian). Each build is copied without its DWARF (strip -g), which this
# valgrind cannot read; under it the service takes about a minute to index the places.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=Benchmarks/out/service
mkdir -p "$out"
[ -f "$out/places.geojson" ] || gunzip -c "${PLACES:-../shared/data/real/places.geojson.gz}" > "$out/places.geojson"
[ $# -gt 0 ] || { swift build -c release --product mapctl >/dev/null; set -- .build/release/mapctl; }
port=18183

python3 - "$port" > "$out/views.curl" <<'PY'
import math, random, sys
random.seed(7919)
mercator = lambda latitude: math.log(math.tan(math.pi / 4 + math.radians(latitude) / 2))
latitude = lambda y: math.degrees(2 * math.atan(math.exp(y)) - math.pi / 2)
for _ in range(1000):
    zoom, lon, lat = random.randint(3, 16), random.random() * 360 - 180, random.random() * 130 - 60
    pixels = 256 * 2 ** zoom
    half_width, half_height, y = 512 / pixels * 360, 384 / pixels * 2 * math.pi, mercator(lat)
    print('url = "http://127.0.0.1:%s/datasets/places/clusters?zoom=%d&bbox=%.5f,%.5f,%.5f,%.5f"\noutput = /dev/null'
          % (sys.argv[1], zoom, max(-180, lon - half_width), max(-85, latitude(y - half_height)),
             min(180, lon + half_width), min(85, latitude(y + half_height))))
PY
[ -z "${GZIP:-}" ] || sed -i '1i header = "Accept-Encoding: gzip"' "$out/views.curl"

for build in "$@"; do
    copy="$out/$(basename "$build")-nodwarf"
    strip -g "$build" -o "$copy"
    rm -f "$out"/callgrind.out.*
    valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.out.%p" "$copy" serve --port "$port" \
        "places=$out/places.geojson" 2>"$out/callgrind.log" &
    for _ in $(seq 1 1200); do curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.5; done
    pid=$(pgrep -f "callgrind.*$(basename "$copy")" | head -1)
    curl -s -K "$out/views.curl"
    callgrind_control -z "$pid" >/dev/null
    curl -s -K "$out/views.curl"
    callgrind_control -d "$pid" >/dev/null
    sleep 3
    kill "$pid"; wait 2>/dev/null || true
    dump=$(ls -t "$out"/callgrind.out.*.* | head -1)
    total=$(callgrind_annotate "$dump" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1; exit }')
    echo "$build: $((total / 1000)) instructions per answer"
    rm -f "$copy"; [ -z "${KEEP_DUMP:-}" ] || cp "$dump" "$out/last.callgrind"
done
