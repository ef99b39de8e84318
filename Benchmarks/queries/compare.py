"""Peer side of the query benchmark, and the shared inputs.

  python compare.py inputs PLACES.geojson QUERIES.txt NAMES.txt   # write the query positions and search texts
  python compare.py peer PLACES.geojson QUERIES.txt NAMES.txt [rounds]

The peer answers the same questions as query-bench: shapely.STRtree (GEOS) for the index,
pyproj.Geod (PROJ's geod_inverse, the same geodesic code we call) for near-me distances.
Per-query figures are in microseconds, named as query-bench names them (see `measure`).
"""
import json
import math
import random
import statistics
import sys
import time
import unicodedata


def load_places(path):
    with open(path, "rb") as handle:
        collection = json.load(handle)
    lons, lats, names = [], [], []
    for feature in collection["features"]:
        lon, lat = feature["geometry"]["coordinates"][:2]
        lons.append(lon)
        lats.append(lat)
        names.append(feature["properties"].get("name") or "")
    return lons, lats, names


def fold(text):
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def write_inputs(places, queries_path, names_path):
    lons, lats, names = load_places(places)
    rng = random.Random(20261121)
    with open(queries_path, "w") as out:
        for _ in range(2000):
            i = rng.randrange(len(lons))
            lon = max(-180.0, min(180.0, lons[i] + rng.uniform(-0.02, 0.02)))
            lat = max(-90.0, min(90.0, lats[i] + rng.uniform(-0.02, 0.02)))
            out.write(f"{lon:.6f} {lat:.6f}\n")
    texts = []
    while len(texts) < 200:
        name = names[rng.randrange(len(names))]
        if not name:
            continue
        kind = len(texts) % 4
        if kind == 0:
            texts.append(name)                      # a whole name, as typed
        elif kind == 1:
            texts.append(fold(name)[:4])            # the first letters, no accents
        elif kind == 2:
            texts.append(name.lower()[: max(3, len(name) // 2)])
        else:
            middle = fold(name)
            texts.append(middle[len(middle) // 3: len(middle) // 3 + 4] or middle)
    with open(names_path, "w") as out:
        out.write("\n".join(t.replace("\n", " ") for t in texts) + "\n")


def per_query(rounds, count, body):
    """Median over rounds of the wall and the CPU time per query of a whole loop, microseconds."""
    walls, cpus = [], []
    for _ in range(rounds):
        start, cpu_start = time.perf_counter(), time.process_time()
        body()
        cpus.append((time.process_time() - cpu_start) / count * 1e6)
        walls.append((time.perf_counter() - start) / count * 1e6)
    return statistics.median(walls), statistics.median(cpus)


def distribution(rounds, count, body):
    """Best of `rounds` per query (what is left after other processes' interruptions), then
    the median, mean, 90th and 99th percentile over queries, in microseconds."""
    best = [math.inf] * count
    for _ in range(rounds):
        for index in range(count):
            start = time.perf_counter()
            body(index)
            best[index] = min(best[index], (time.perf_counter() - start) * 1e6)
    mean = sum(best) / count
    best.sort()
    return [("median", best[count // 2]), ("best_mean", mean), ("p90", best[count * 9 // 10]), ("p99", best[count * 99 // 100])]


def measure(name, rounds, count, body):
    """The same figures as query-bench's `measure`: NAME, NAME_cpu, NAME_median, NAME_best_mean, ..."""
    wall, cpu = per_query(rounds, count, lambda: [body(i) for i in range(count)])
    print(f"{name} {wall:.3f} us")
    print(f"{name}_cpu {cpu:.3f} us")
    for suffix, value in distribution(rounds, count, body):
        print(f"{name}_{suffix} {value:.3f} us")


def peer(places, queries_path, names_path, rounds):
    import numpy as np
    import shapely
    from pyproj import Geod

    lons, lats, names = load_places(places)
    x, y = np.array(lons), np.array(lats)
    points = shapely.points(x, y)
    queries = [tuple(map(float, line.split())) for line in open(queries_path) if line.strip()]
    texts = [line.rstrip("\n") for line in open(names_path) if line.strip()]
    print(f"peer_versions shapely {shapely.__version__} geos {shapely.geos_version_string}")

    builds = []
    for _ in range(rounds):
        start = time.perf_counter()
        tree = shapely.STRtree(points)
        builds.append((time.perf_counter() - start) * 1e3)
    print(f"build {statistics.median(builds):.3f} ms")

    geod = Geod(ellps="WGS84")
    radius = 5000.0

    def box(lon, lat):
        # The same conservative degree box the engine uses (sphere of radius a(1-e^2)).
        sigma = radius / 6335439.327
        dlat = math.degrees(sigma)
        cos_lat = math.cos(math.radians(lat))
        dlon = 180.0 if math.sin(sigma) >= cos_lat else math.degrees(math.asin(math.sin(sigma) / cos_lat))
        return shapely.box(lon - dlon, lat - dlat, lon + dlon, lat + dlat)

    boxes = [box(lon, lat) for lon, lat in queries]

    def near_me(index):
        lon, lat = queries[index]
        candidates = tree.query(boxes[index])
        if len(candidates) == 0:
            return 0
        _, _, distance = geod.inv(np.full(len(candidates), lon), np.full(len(candidates), lat),
                                  x[candidates], y[candidates])
        keep = distance <= radius
        order = np.argsort(distance[keep], kind="stable")
        return len(candidates[keep][order])

    counts = [near_me(i) for i in range(len(queries))]
    print(f"near5km_mean_hits {sum(counts) / len(counts):.3f}")
    measure("near5km", rounds, len(queries), near_me)

    query_points = [shapely.Point(lon, lat) for lon, lat in queries]
    measure("nearest1", rounds, len(queries), lambda i: tree.query_nearest(query_points[i]))

    # Nearest 10 has no STRtree call; the usual way is to grow a box until it holds 10
    # candidates, then rank them geodesically.
    def nearest10(index):
        lon, lat = queries[index]
        half = 0.05
        while True:
            candidates = tree.query(shapely.box(lon - half, lat - half, lon + half, lat + half))
            if len(candidates) >= 10 or half > 180:
                break
            half *= 2
        _, _, distance = geod.inv(np.full(len(candidates), lon), np.full(len(candidates), lat),
                                  x[candidates], y[candidates])
        return candidates[np.argsort(distance, kind="stable")[:10]]

    measure("nearest10_box_growing", rounds, len(queries), nearest10)

    # Search: a plain scan over names folded once, ranked exact / prefix / substring.
    folded = [fold(name) for name in names]

    def search(text):
        query = fold(text)
        hits = []
        for index, key in enumerate(folded):
            at = key.find(query)
            if at >= 0:
                hits.append((0 if key == query else 1 if at == 0 else 2, len(key), key, index))
        hits.sort()
        return hits[:20]

    measure("search", max(1, rounds // 3), len(texts), lambda i: search(texts[i]))


if __name__ == "__main__":
    if sys.argv[1] == "inputs":
        write_inputs(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        peer(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]) if len(sys.argv) > 5 else 7)
