#!/usr/bin/env bash
# Clusters of a table too large for one process, pushed down to PostGIS: 10 million points
# (the 234,908 GeoNames places, each repeated 43 times within ±0.1° — a generated table, not
# real data), a GiST index, and per-tile grid aggregation (ST_SnapToGrid of the rows in the
# tile's box, cells of 40 pixels of a 256-pixel tile, supercluster's default radius), timed for
# tiles at zooms 2, 8 and 14; and the per-zoom aggregate a trigger or a refresh would keep.
# Needs ../shared/data/real/places.geojson.gz, postgresql-15 + postgresql-15-postgis-3.
set -euo pipefail
cd "$(dirname "$0")/../.."
PORT=55434 source Benchmarks/postgres/cluster.sh
zcat ../shared/data/real/places.geojson.gz > "$work/places.geojson"
swift build -c release --product mapctl >/dev/null
.build/release/mapctl import --postgres "$url" --table places "$work/places.geojson"

timed() { local start=$(seconds); psql "$url" -qAtc "$2" >/dev/null; echo "$1: $(python3 -c "print(f'{$(seconds) - $start:.2f}')") s"; }
timed "10,000,000 rows generated" "CREATE TABLE big AS SELECT (p.row * 100 + n)::text AS object_id,
    ST_SetSRID(ST_MakePoint(least(180, greatest(-180, ST_X(p.geom) + (random() - 0.5) * 0.2)),
                            least(85, greatest(-85, ST_Y(p.geom) + (random() - 0.5) * 0.2))), 4326) AS geom
    FROM places p CROSS JOIN generate_series(1, 43) AS n LIMIT 10000000"
timed "GiST index" "CREATE INDEX big_geom ON big USING GIST (geom); ANALYZE big"
psql "$url" -qAtc "SELECT 'table and index: ' || pg_size_pretty(pg_total_relation_size('big'))"

# One tile z/x/y: its box in degrees, and the grid aggregation of the rows inside.
tile_sql() {
    local z=$1 x=$2 y=$3
    echo "WITH box AS (SELECT ST_Transform(ST_TileEnvelope($z, $x, $y), 4326) AS b),
               cell AS (SELECT (ST_XMax(b) - ST_XMin(b)) * 40.0 / 256 AS size FROM box)
          SELECT count(*) AS points, ST_AsBinary(ST_Centroid(ST_Collect(geom))) FROM big, box, cell
          WHERE geom && box.b GROUP BY ST_SnapToGrid(geom, cell.size)"
}
# The server's time for a query, best of 3 after a warm-up (psql's \timing, one session).
server_ms() {
    { echo '\timing on'; for _ in 1 2 3 4; do echo "$1;"; done; } | psql "$url" -qAt -o /dev/null 2>&1 \
        | grep -o 'Time: [0-9.]*' | tail -3 | awk '{print $2}' | sort -n | head -1
}
for tile in "2 2 1" "8 145 74" "14 9327 4742"; do
    set -- $tile
    rows=$(psql "$url" -qAtc "SELECT count(*) FROM big WHERE geom && ST_Transform(ST_TileEnvelope($1, $2, $3), 4326)")
    markers=$(psql "$url" -qAtc "SELECT count(*) FROM ($(tile_sql $1 $2 $3)) t")
    echo "tile $1/$2/$3: $(server_ms "$(tile_sql $1 $2 $3)") ms (server, best of 3), $rows rows in the box, $markers grid markers"
done

# Low zooms precomputed: one row per cell of a zoom-6 grid, which a zoom-0..6 tile then reads.
timed "zoom-6 aggregate built" "CREATE TABLE big_z6 AS SELECT count(*) AS points, ST_Centroid(ST_Collect(geom)) AS geom
    FROM big GROUP BY ST_SnapToGrid(geom, 360.0 / 256 / 64 * 40); CREATE INDEX ON big_z6 USING GIST (geom)"
psql "$url" -qAtc "SELECT 'zoom-6 aggregate rows: ' || count(*) FROM big_z6"
echo "tile 2/2/1 from the aggregate: $(server_ms "SELECT points, ST_AsBinary(geom) FROM big_z6 WHERE geom && ST_Transform(ST_TileEnvelope(2, 2, 1), 4326)") ms (server, best of 3)"
