#!/usr/bin/env python3
"""Reference shortest paths for the road network tests, computed independently of the
Swift code with scipy.sparse.csgraph.dijkstra.

The graph follows the rules MapRouting documents (RoadSpeed, TravelDirection,
RoadNetworkOptions), re-implemented here from the OSM conventions:
  - nodes are the from_node/to_node ids; edge length is the geodesic WGS84 length
    along the vertices (pyproj.Geod, Karney's algorithm);
  - access=no/private is left out; oneway yes/true/1 forward, -1/reverse backward,
    no/false/0 both; untagged: junction=roundabout/circular and highway=motorway are
    one way, anything else two-way; other oneway values are left out;
  - speed from maxspeed ("50", "30 mph", "walk", "FR:urban", "50;30" -> lowest),
    else the default of the highway class.

Usage (from the package root; needs numpy, scipy, pyproj):
  python3 Tests/Scripts/road_shortest_paths.py ../shared/data/real/andorra/roads.geojson 1000 \
      > Tests/Fixtures/roads/andorra_shortest_paths.csv
  python3 Tests/Scripts/road_shortest_paths.py ../shared/data/real/helsinki/roads.geojson 300 \
      > Tests/Fixtures/roads/helsinki_shortest_paths.csv
(Benchmarks/roads/run.sh makes a venv with these in Benchmarks/.venv.) Rerunning gives
byte-identical files.
Output: a header, then one line per random node pair (fixed seed):
  from_node,to_node,time_s,distance_m   (empty cost = unreachable)
"""
import json
import random
import re
import sys

import numpy as np
from pyproj import Geod
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

DEFAULT_SPEEDS = {
    "motorway": 110, "motorway_link": 60, "trunk": 90, "trunk_link": 50,
    "primary": 65, "primary_link": 45, "secondary": 55, "secondary_link": 40,
    "tertiary": 45, "tertiary_link": 35, "unclassified": 35, "residential": 30,
    "road": 30, "living_street": 10, "service": 20, "track": 15,
}
FALLBACK_SPEED = 30
ZONES = {"urban": 50, "rural": 90, "trunk": 100, "motorway": 120, "living_street": 10,
         "walk": 6, "zone30": 30, "zone:30": 30, "school": 30}


def parse_single(text):
    text = text.strip().lower()
    if text == "walk":
        return 6.0
    if text == "living_street":
        return 10.0
    if ":" in text:
        return ZONES.get(text.split(":", 1)[1])
    match = re.fullmatch(r"([0-9.]+)\s*(km/h|kmh|kph|kmph|mph|knots|kn)?", text)
    if not match:
        return None
    try:
        value = float(match.group(1))
    except ValueError:
        return None
    unit = match.group(2) or ""
    return value * {"": 1, "km/h": 1, "kmh": 1, "kph": 1, "kmph": 1, "mph": 1.609344,
                    "knots": 1.852, "kn": 1.852}[unit]


def speed_kmh(props):
    maxspeed = props.get("maxspeed")
    if maxspeed:
        values = [parse_single(p) for p in re.split(r"[;|]", maxspeed)]
        values = [v for v in values if v is not None and v > 0]
        if values:
            return min(values)
    return DEFAULT_SPEEDS.get(props.get("highway"), FALLBACK_SPEED)


def directions(props):
    oneway = props.get("oneway")
    if oneway is not None:
        oneway = oneway.lower()
        if oneway in ("yes", "true", "1"):
            return (True, False)
        if oneway in ("-1", "reverse"):
            return (False, True)
        if oneway in ("no", "false", "0"):
            return (True, True)
        return None
    if props.get("junction") in ("roundabout", "circular") or props.get("highway") == "motorway":
        return (True, False)
    return (True, True)


def main():
    path, pair_count = sys.argv[1], int(sys.argv[2])
    features = json.load(open(path))["features"]
    geod = Geod(ellps="WGS84")
    index = {}
    rows, cols, times, lengths = [], [], [], []

    def node(osm_id):
        return index.setdefault(osm_id, len(index))

    for feature in features:
        props = feature["properties"]
        if props.get("access") in ("no", "private"):
            continue
        allowed = directions(props)
        if allowed is None:
            continue
        coords = feature["geometry"]["coordinates"]
        length = sum(geod.inv(a[0], a[1], b[0], b[1])[2] for a, b in zip(coords, coords[1:]))
        seconds = length / (speed_kmh(props) / 3.6)
        a, b = node(props["from_node"]), node(props["to_node"])
        if allowed[0]:
            rows.append(a); cols.append(b); times.append(seconds); lengths.append(length)
        if allowed[1]:
            rows.append(b); cols.append(a); times.append(seconds); lengths.append(length)

    n = len(index)

    def matrix(weights):
        # csr_matrix would add parallel edges up: keep the cheapest of each pair instead.
        best = {}
        for r, c, w in zip(rows, cols, weights):
            if r != c and ((r, c) not in best or w < best[(r, c)]):
                best[(r, c)] = w
        keys = sorted(best)
        return csr_matrix(([best[k] for k in keys], ([k[0] for k in keys], [k[1] for k in keys])), shape=(n, n))

    ids = sorted(index, key=index.get)
    rng = random.Random(7)
    pairs = [(rng.randrange(n), rng.randrange(n)) for _ in range(pair_count)]
    sources = sorted({p[0] for p in pairs})
    time_rows = dijkstra(matrix(times), directed=True, indices=sources)
    length_rows = dijkstra(matrix(lengths), directed=True, indices=sources)
    row_of = {s: i for i, s in enumerate(sources)}
    print("from_node,to_node,time_s,distance_m")
    for a, b in pairs:
        t = time_rows[row_of[a], b]
        d = length_rows[row_of[a], b]
        fmt = lambda v: "" if not np.isfinite(v) else repr(float(v))
        print(f"{ids[a]},{ids[b]},{fmt(t)},{fmt(d)}")


if __name__ == "__main__":
    main()
