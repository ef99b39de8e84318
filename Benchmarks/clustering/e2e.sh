#!/usr/bin/env bash
# End to end: `mapctl cluster --zoom 12` on a 1M-point GeoJSON file (GeoNames places x4, jittered,
# made by ../shared/data/real/scripts/make_big.py), RUNS times; prints wall, user and sys time
# per run and their medians, the file sizes and the machine load (the machine is shared).
# Usage: Benchmarks/clustering/e2e.sh [RUNS] [ZOOM]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
runs="${1:-3}"
zoom="${2:-12}"
out="$root/Benchmarks/out"
mkdir -p "$out"
input="$out/big-1m.geojson"
shared="${MAPENGINE_SHARED_DATA:-$root/../shared/data}"
[ -d "$shared" ] || shared="$root/../../shared/data"
if [ ! -f "$input" ]; then
    python3 "$shared/real/scripts/make_big.py" "$shared/real/places.geojson.gz" "$input" --count 1000000
fi
(cd "$root" && swift build -c release --product mapctl >/dev/null)
mapctl="$root/.build/release/mapctl"

echo "== mapctl cluster --zoom $zoom $(basename "$input") ($(stat -c %s "$input") bytes), $runs runs"
times="$out/e2e-times.txt"
: > "$times"
for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %U %S %M" -a -o "$times" "$mapctl" cluster --zoom "$zoom" "$input" > "$out/e2e-z$zoom.geojson"
done
python3 - "$times" "$out/e2e-z$zoom.geojson" <<'PY'
import os, statistics, sys
rows = [list(map(float, line.split())) for line in open(sys.argv[1]) if line.strip()]
for wall, user, system, rss in rows:
    print(f"run: wall {wall:.2f} s  user {user:.2f} s  sys {system:.2f} s  cpu {user + system:.2f} s  max rss {rss / 1024:.0f} MB")
med = lambda k: statistics.median(r[k] for r in rows)
print(f"median: wall {med(0):.2f} s  cpu {statistics.median(r[1] + r[2] for r in rows):.2f} s (user {med(1):.2f} + sys {med(2):.2f})")
print(f"output {os.path.getsize(sys.argv[2])} bytes")
PY
echo "load: $(uptime)"
