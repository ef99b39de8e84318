#!/usr/bin/env bash
# Road network benchmark, side by side: MapRouting (release build) and the Python peers
# pandana (contraction hierarchies), igraph and scipy (Dijkstra) on the same Andorra roads,
# the same 1,000 node pairs and the same 200 stops, in one go. Prints every figure and the
# ratio of the fastest peer to ours (wall clock and CPU time; medians of ROUNDS runs).
#
# Usage: Benchmarks/roads/run.sh [ROUNDS]      (from anywhere; needs ../shared/data)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
data="${MAPENGINE_SHARED_DATA:-$root/../shared/data}"
roads="$data/real/andorra/roads.geojson"
stops="$data/real/andorra/stops.geojson"
pairs="$root/Tests/Fixtures/roads/andorra_shortest_paths.csv"
rounds="${1:-7}"
[ -f "$roads" ] || { echo "missing $roads (set MAPENGINE_SHARED_DATA)" >&2; exit 66; }

venv="$root/Benchmarks/.venv"
if ! "$venv/bin/python" -c "import pandana, igraph, scipy, pyproj, pandas" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet numpy scipy igraph pyproj pandas pandana
fi

swift build -c release --package-path "$here/.." --product RoadsBenchmark >&2
out="$(mktemp)"
"$here/../.build/release/RoadsBenchmark" "$roads" "$stops" "$pairs" "$rounds" | tee "$out"
"$venv/bin/python" "$here/peers.py" "$roads" "$stops" "$pairs" "$rounds" 2>/dev/null \
    | grep -E '^(scipy|igraph|pandana|peers) ' | tee -a "$out"

python3 - "$out" <<'PY'
import sys
figures = {}
for line in open(sys.argv[1]):
    parts = line.split()
    if len(parts) == 3:
        try:
            figures[(parts[0], parts[1])] = float(parts[2])
        except ValueError:
            pass
print()
print(f"{'measure':<28}{'ours':>10}{'fastest peer':>22}{'peer/ours':>11}")
for key, peers in [
    ("build_ms", ["pandana"]),            # the only peer that preprocesses (CH)
    ("build_cpu_ms", ["pandana"]),
    ("query_us", ["pandana", "igraph", "scipy"]),
    ("query_cpu_us", ["pandana", "igraph", "scipy"]),
    ("matrix_ms", ["pandana", "igraph", "scipy"]),
    ("matrix_cpu_ms", ["pandana", "igraph", "scipy"]),
]:
    ours = figures.get(("ours", key))
    candidates = [(figures[(p, key)], p) for p in peers if (p, key) in figures]
    if ours is None or not candidates:
        continue
    best, name = min(candidates)
    print(f"{key:<28}{ours:>10.3f}{best:>14.3f} {name:<7}{best / ours:>10.1f}x")
print("(scipy and igraph have no preprocessing: their build is only array construction,")
print(f" scipy {figures.get(('scipy', 'build_ms'), float('nan')):.3f} ms, igraph {figures.get(('igraph', 'build_ms'), float('nan')):.3f} ms; "
      "they pay for it in every query.)")
PY
rm -f "$out"
