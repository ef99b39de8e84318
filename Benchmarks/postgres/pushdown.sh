#!/usr/bin/env bash
# A table too large for one process, served by `mapctl serve` from the database: 10 million
# points (the 234,908 GeoNames places, each repeated 43 times within ±0.1° — a generated table,
# not real data) in the layout `mapctl import` makes, served with the plain command (above
# 1,000,000 rows the service answers from the database: per-cell counts kept beside the table).
# Measures the time to ready (the counts made), the instance's memory, the time per tile and
# per 1024×768 view at zooms 2, 8 and 14 over HTTP, throughput with wrk, and, as the design
# without kept counts, PostGIS's own grid aggregation of the rows in the same tiles.
# Needs ../shared/data/real/places.geojson.gz, postgresql-15 + postgresql-15-postgis-3, wrk.
# ROWS=N for another size.
set -euo pipefail
cd "$(dirname "$0")/../.."
PORT=55434 source Benchmarks/postgres/cluster.sh
rows=${ROWS:-10000000}
zcat ../shared/data/real/places.geojson.gz > "$work/places.geojson"
echo '{"type":"FeatureCollection","features":[]}' > "$work/empty.geojson"
swift build -c release --product mapctl >/dev/null
mapctl=.build/release/mapctl
$mapctl import --postgres "$url" --table places "$work/places.geojson"
$mapctl import --postgres "$url" --table big "$work/empty.geojson"

timed() { local start=$(seconds); psql "$url" -qAtc "$2" >/dev/null; echo "$1: $(python3 -c "print(f'{$(seconds) - $start:.1f}')") s"; }
timed "$rows rows generated" "INSERT INTO big (object_id, feature, geom)
    SELECT p.object_id || '/' || n, json_build_object('type', 'Feature', 'properties',
               json_build_object('id', p.object_id || '/' || n, 'type', p.feature->'properties'->>'type'), 'geometry', null),
           ST_SetSRID(ST_MakePoint(least(180, greatest(-180, ST_X(p.geom) + (random() - 0.5) * 0.2)),
                                   least(85, greatest(-85, ST_Y(p.geom) + (random() - 0.5) * 0.2))), 4326)
    FROM places p CROSS JOIN generate_series(1, 43) AS n LIMIT $rows"
timed "analyzed" "ANALYZE big"
psql "$url" -qAtc "SELECT 'table and indexes: ' || pg_size_pretty(pg_total_relation_size('big'))"

port=$(python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
start=$(seconds)
$mapctl serve --port "$port" "big=$url?table=big" 2>"$work/serve.log" &
server=$!
trap 'kill $server 2>/dev/null; as_postgres $bin/pg_ctl -D "$work/data" stop -m immediate >/dev/null 2>&1 </dev/null; rm -rf "$work"' EXIT
until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/readyz")" = 200 ]; do
    kill -0 $server 2>/dev/null || { cat "$work/serve.log"; exit 1; }
    sleep 0.2
done
echo "service ready (counts per cell made, first start): $(python3 -c "print(f'{$(seconds) - $start:.1f}')") s"
psql "$url" -qAtc "SELECT 'kept counts: ' || count(*) || ' rows, ' || pg_size_pretty(pg_total_relation_size('big_cells')) FROM big_cells"
curl -s "http://127.0.0.1:$port/datasets" | head -c 300; echo

# Time of one request, best and median of 9 after a warm-up (curl's total time, loopback).
request_ms() {
    for _ in 1 2 3 4 5 6 7 8 9 10; do curl -s -o /dev/null -w '%{time_total}\n' "http://127.0.0.1:$port$1"; done | tail -9 | sort -n \
        | awk '{t[NR] = $1 * 1000} END {printf "best %.1f ms, median %.1f ms", t[1], t[5]}'
}
markers() { curl -s "http://127.0.0.1:$port$1" | python3 -c "import json, sys; f = json.load(sys.stdin)['features']; print(len(f), 'markers,', sum(x['properties'].get('point_count', 1) for x in f), 'objects')"; }
view() { # a 1024×768 view of 256-pixel tiles centred on lon, lat at zoom z
    python3 -c "
import math
z, lon, lat = $1, $2, $3
size = 256 * 2 ** z
x = (lon + 180) / 360 * size
y = (0.5 - math.log(math.tan(math.pi / 4 + math.radians(lat) / 2)) / (2 * math.pi)) * size
lon_at = lambda px: px / size * 360 - 180
lat_at = lambda py: math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * py / size))))
print(f'{max(-180, lon_at(x - 512)):.6f},{max(-85.05, lat_at(y + 384)):.6f},{min(180, lon_at(x + 512)):.6f},{min(85.05, lat_at(y - 384)):.6f}')"
}
for tile in "2 2 1" "8 145 74" "14 9327 4742"; do
    set -- $tile
    echo "tile $1/$2/$3: $(request_ms "/datasets/big/tiles/$1/$2/$3.geojson"), $(markers "/datasets/big/tiles/$1/$2/$3.geojson")"
done
for at in "2 25 45" "8 24.94 60.17" "14 2.35 48.86"; do
    set -- $at
    path="/datasets/big/clusters?zoom=$1&bbox=$(view $1 $2 $3)"
    echo "view at zoom $1 around $2,$3: $(request_ms "$path"), $(markers "$path")"
done
echo "instance memory (VmHWM, VmRSS): $(grep -E 'VmHWM|VmRSS' /proc/$server/status | awk '{printf "%s %d MB  ", $1, $2 / 1024}')"
if command -v wrk >/dev/null; then
    for at in "2 25 45" "8 24.94 60.17"; do
        set -- $at
        echo "wrk, view at zoom $1, 2 threads, 16 connections, 10 s: $(wrk -t2 -c16 -d10s "http://127.0.0.1:$port/datasets/big/clusters?zoom=$1&bbox=$(view $1 $2 $3)" | grep -E 'Requests/sec' | awk '{print $2}') requests/s"
    done
fi
echo "instance memory after load (VmHWM): $(grep VmHWM /proc/$server/status | awk '{print int($2 / 1024)}') MB"
# A restart finds the counts current (their triggers in place) and only reads their summary.
kill $server; wait $server 2>/dev/null || true
start=$(seconds)
$mapctl serve --port "$port" "big=$url?table=big" 2>"$work/serve.log" &
server=$!
until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/readyz")" = 200 ]; do sleep 0.05; done
echo "service ready again (restart): $(python3 -c "print(f'{$(seconds) - $start:.2f}')") s"

# The design without kept counts: PostGIS aggregates the rows of each tile itself
# (ST_SnapToGrid, cells of 40 of 256 pixels), as measured before the service did this.
tile_sql() {
    echo "WITH box AS (SELECT ST_Transform(ST_TileEnvelope($1, $2, $3), 4326) AS b),
               cell AS (SELECT (ST_XMax(b) - ST_XMin(b)) * 40.0 / 256 AS size FROM box)
          SELECT count(*) AS points, ST_AsBinary(ST_Centroid(ST_Collect(geom))) FROM big, box, cell
          WHERE geom && box.b GROUP BY ST_SnapToGrid(geom, cell.size)"
}
for tile in "2 2 1" "8 145 74" "14 9327 4742"; do
    set -- $tile
    runs=$([ "$1" = 2 ] && echo 1 || echo 3)
    ms=$({ echo '\timing on'; for _ in $(seq 0 $runs); do echo "$(tile_sql $1 $2 $3);"; done; } | psql "$url" -qAt -o /dev/null 2>&1 \
        | grep -o 'Time: [0-9.]*' | tail -$runs | awk '{print $2}' | sort -n | head -1)
    echo "PostGIS grid aggregation of the rows, tile $1/$2/$3: $ms ms (server time, best of $runs)"
done
