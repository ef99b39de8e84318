#!/usr/bin/env bash
# Import of the 234,908 GeoNames places into PostGIS, in one run on one temporary server:
#   mapctl import (release: read, validate every geometry with GEOS, WKB, one transaction)
#   psql \copy of the same features as CSV, then ST_GeomFromGeoJSON in SQL (the database's own path)
# and the export back (mapctl export). Needs ../shared/data/real/places.geojson.gz and Debian's
# postgresql-15 + postgresql-15-postgis-3; run as root or as a user who may run initdb.
set -euo pipefail
cd "$(dirname "$0")/../.."
source Benchmarks/postgres/cluster.sh
zcat ../shared/data/real/places.geojson.gz > "$work/places.geojson"
swift build -c release --product mapctl >/dev/null

start=$(seconds)
/usr/bin/time -f "  peak memory %M KB" .build/release/mapctl import --postgres "$url" --table places "$work/places.geojson"
end=$(seconds)
echo "mapctl import: $(python3 -c "print(f'{$end - $start:.2f}')") s"

python3 - "$work/places.geojson" "$work/places.csv" <<'PY'
import csv, json, sys
features = json.load(open(sys.argv[1]))["features"]
with open(sys.argv[2], "w", newline="") as out:
    writer = csv.writer(out)
    for feature in features:
        geometry = feature.pop("geometry")
        writer.writerow([feature["properties"].get("id", ""), json.dumps(feature), json.dumps(geometry)])
PY
psql "$url" -qc "CREATE TABLE staged (object_id text, feature json, g text); CREATE TABLE places_sql (row bigserial PRIMARY KEY, object_id text UNIQUE, feature json NOT NULL, geom geometry(Geometry, 4326), version bigint NOT NULL DEFAULT 1); CREATE INDEX ON places_sql USING GIST (geom)"
start=$(seconds)
psql "$url" -qc "\\copy staged FROM '$work/places.csv' WITH (FORMAT csv)"
psql "$url" -qc "INSERT INTO places_sql (object_id, feature, geom) SELECT NULLIF(object_id, ''), feature, ST_SetSRID(ST_GeomFromGeoJSON(g), 4326) FROM staged"
end=$(seconds)
echo "psql \\copy + ST_GeomFromGeoJSON: $(python3 -c "print(f'{$end - $start:.2f}')") s (CSV prepared beforehand, no validation)"

start=$(seconds)
.build/release/mapctl export --postgres "$url" --table places -o "$work/export.geojson"
end=$(seconds)
echo "mapctl export: $(python3 -c "print(f'{$end - $start:.2f}')") s, $(stat -c %s "$work/export.geojson") bytes"
psql "$url" -Atc "SELECT 'rows: ' || count(*) FROM places"
