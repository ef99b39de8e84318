#!/usr/bin/env bash
# Road matrices side by side, end to end: `mapctl matrix` (release build) against pgRouting 3's
# pgr_dijkstraCostMatrix through psql, on the same graph (the real Andorra and Helsinki roads as
# MapRouting builds them, exported as a pgRouting edge table: same nodes, lengths and one-way
# rules), the same places (random nodes of the main network) and the same metric (shortest
# length), 200 × 200 and 1,000 × 1,000, in one run on one temporary PostgreSQL server. Each
# figure is the median wall time of ROUNDS runs of the whole process (start, load, compute,
# write the answer to a file); the answers are compared cell by cell. Helsinki's main network has
# 885 nodes, so its 1,000 places repeat some (pgRouting computes the 885 distinct ones once).
#
# Usage: Benchmarks/roads/pgrouting.sh [ROUNDS]   (needs ../shared/data or MAPENGINE_SHARED_DATA,
#        Debian's postgresql-15, postgresql-15-postgis-3 and postgresql-15-pgrouting)
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$(pwd)"
data="${MAPENGINE_SHARED_DATA:-$root/../shared/data}"
rounds="${1:-5}"
sizes="200 1000"
for city in andorra helsinki; do
    [ -f "$data/real/$city/roads.geojson" ] || { echo "missing $data/real/$city/roads.geojson (set MAPENGINE_SHARED_DATA)" >&2; exit 66; }
done

swift build -c release --product mapctl >&2
swift build -c release --package-path Benchmarks --product PgRoutingInputs >&2
PORT="${PORT:-55437}"
source Benchmarks/postgres/cluster.sh
psql "$url" -qc "CREATE EXTENSION pgrouting"
chmod 755 "$work"

for city in andorra helsinki; do
    mkdir -p "$work/$city"
    cp "$data/real/$city/roads.geojson" "$work/$city/roads.geojson"
    echo "$city: $(Benchmarks/.build/release/PgRoutingInputs "$data/real/$city/roads.geojson" "$work/$city" $sizes)"
    # The prepared network is our counterpart of the loaded edge table.
    .build/release/mapctl matrix --roads "$data/real/$city/roads.geojson" --save-prepared "$work/$city/roads.map" \
        "$work/$city/points-200.geojson" -o /dev/null 2>/dev/null
    psql "$url" -qc "CREATE TABLE edges_$city (id bigint PRIMARY KEY, source bigint, target bigint, cost float8, reverse_cost float8)"
    psql "$url" -qc "\\copy edges_$city FROM '$work/$city/edges.csv' CSV HEADER"
    psql "$url" -qc "VACUUM ANALYZE edges_$city"
done

python3 - "$work" "$url" "$rounds" $sizes <<'PY'
import json, statistics, subprocess, sys, time
work, url, rounds, sizes = sys.argv[1], sys.argv[2], int(sys.argv[3]), [int(s) for s in sys.argv[4:]]

def timed(command):
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start

print(f"\n{'city':<10}{'matrix':>12}{'mapctl ms':>11}{'(from GeoJSON)':>16}{'pgRouting ms':>14}{'pgr/mapctl':>12}{'max |diff| m':>14}")
for city in ["andorra", "helsinki"]:
    for n in sizes:
        points = f"{work}/{city}/points-{n}.geojson"
        ids = [feature["id"] for feature in json.load(open(points))["features"]]
        sql = f"{work}/{city}/matrix-{n}.sql"
        with open(sql, "w") as file:
            file.write("SELECT start_vid, end_vid, agg_cost FROM pgr_dijkstraCostMatrix("
                       f"'SELECT id, source, target, cost, reverse_cost FROM edges_{city}', "
                       f"ARRAY[{','.join(map(str, ids))}]::bigint[], directed => true);\n")
        ours_out, theirs_out = f"{work}/{city}/ours-{n}.json", f"{work}/{city}/pgr-{n}.txt"
        ours = ["./.build/release/mapctl", "matrix", "--roads", f"{work}/{city}/roads.map", "--metric", "distance", points, "-o", ours_out]
        theirs = ["psql", url, "-qAt", "-f", sql, "-o", theirs_out]
        times = {"ours": [], "geojson": [], "pgr": []}
        roads = f"{work}/{city}/roads.geojson"
        for _ in range(rounds):  # interleaved, so both see the same machine load
            times["ours"].append(timed(ours))
            times["geojson"].append(timed(ours[:3] + [roads] + ours[4:]))
            times["pgr"].append(timed(theirs))
        # Cell by cell: ours in tenths of metres, pgRouting exact; the diagonal is 0 and not listed.
        table = json.load(open(ours_out))
        index = {node: i for i, node in enumerate(table["sources"])}
        worst, rows = 0.0, 0
        for line in open(theirs_out):
            a, b, cost = line.strip().split("|")
            worst = max(worst, abs(table["distances"][index[int(a)]][index[int(b)]] - float(cost)))
            rows += 1
        nulls = sum(cell is None for row in table["distances"] for cell in row)
        unique = len(set(ids))  # pgRouting answers each distinct pair once
        assert rows == unique * (unique - 1) and nulls == 0, f"{city} {n}: pgRouting gave {rows} pairs, we {nulls} nulls"
        ms = {key: 1000 * statistics.median(value) for key, value in times.items()}
        print(f"{city:<10}{f'{n}x{n}':>12}{ms['ours']:>11.1f}{ms['geojson']:>16.1f}{ms['pgr']:>14.1f}"
              f"{ms['pgr'] / ms['ours']:>11.1f}x{worst:>14.3f}")
floor = 1000 * statistics.median([timed(["./.build/release/mapctl", "--version"]) for _ in range(rounds)])
print(f"mapctl --version (process start, the floor of every run): {floor:.1f} ms")
print(f"(medians of {rounds} runs; mapctl loads the prepared network (--save-prepared), the counterpart of the")
print(" loaded edge table; '(from GeoJSON)' reads the road layer and builds the hierarchies in the same process)")
PY
