#!/usr/bin/env python3
"""Stop ordering at scale: `mapctl route` against fast-tsp on geographic stop sets, in one run.

Instances: N GeoNames places of one country (default Germany), a seeded sample of
../shared/data/real/places.geojson.gz, written to Benchmarks/out/. For each size, budget,
mode (closed = round trip, open = from the first stop to anywhere) and seed:

- ours: the release `mapctl route [--round-trip] --time-limit B --seed S` as a process;
  wall time and peak memory of the whole command (reading, costs, search, writing) from
  /usr/bin/time; the tour is read back from its stop Points;
- fast-tsp: `fast_tsp.find_tour(matrix, B)` on the geodesic matrix in integers scaled to
  at most 65,535 (its limit); an open path adds a dummy node joined to the first stop for
  free and to every other stop at one fixed cost. Its time is that of find_tour alone.

Every tour is measured the same way, independently of both solvers: the sum of its
geodesic legs by pyproj (Karney), round trip closed or not. The table gives, per case, the
median length of each solver over the seeds as the gap to the best length any run found,
median wall time, and (ours) peak memory.

Usage: Benchmarks/router/scale.sh [--sizes 500,1000,2000,5000] [--budgets 200,1000,2000] [--seeds 3]
MAPCTL=old,new (comma-separated mapctl builds) measures each build in the same run, one
"ours" column per build, so that a change is judged against the same fast-tsp runs.
"""
import argparse, gzip, json, os, random, statistics, subprocess, tempfile, time
import numpy as np
from pyproj import Geod

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
SHARED = next(p for p in [os.path.join(ROOT, "..", "shared", "data", "real"),
                          os.path.join(ROOT, "..", "..", "shared", "data", "real")] if os.path.isdir(p))
OUT = os.path.join(ROOT, "Benchmarks", "out", "scale")
BUILDS = os.environ.get("MAPCTL", os.path.join(ROOT, ".build", "release", "mapctl")).split(",")
GEOD = Geod(ellps="WGS84")


def instance(country, size):
    """A seeded sample of `size` places of `country`, written once as GeoJSON."""
    path = os.path.join(OUT, "%s-%d.geojson" % (country.lower(), size))
    if not os.path.exists(path):
        places = [f for f in json.load(gzip.open(os.path.join(SHARED, "places.geojson.gz")))["features"]
                  if f["properties"]["cc"] == country]
        sample = random.Random(size).sample(places, size)
        features = [{"type": "Feature", "id": f["properties"]["id"], "properties": {},
                     "geometry": f["geometry"]} for f in sample]
        with open(path, "w") as out:
            json.dump({"type": "FeatureCollection", "features": features}, out)
    features = json.load(open(path))["features"]
    return path, [f["id"] for f in features], np.array([f["geometry"]["coordinates"] for f in features])


def geodesic_matrix(points):
    n = len(points)
    matrix = np.zeros((n, n))
    for row in range(n):
        _, _, metres = GEOD.inv(np.full(n - row - 1, points[row, 0]), np.full(n - row - 1, points[row, 1]),
                                points[row + 1:, 0], points[row + 1:, 1])
        matrix[row, row + 1:] = metres
        matrix[row + 1:, row] = metres
    return matrix


def length(points, order, closed):
    legs = list(zip(order, order[1:])) + ([(order[-1], order[0])] if closed else [])
    a = np.array([points[i] for i, _ in legs]); b = np.array([points[j] for _, j in legs])
    return float(np.sum(GEOD.inv(a[:, 0], a[:, 1], b[:, 0], b[:, 1])[2]))


def ours(path, ids, budget_ms, seed, closed, mapctl=BUILDS[0]):
    out = tempfile.NamedTemporaryFile(suffix=".geojson", delete=False).name
    # --time-limit alone: the search runs for the whole budget, as fast-tsp's does.
    command = ["/usr/bin/time", "-f", "%e %M", mapctl, "route", "--time-limit", str(budget_ms), "--seed", str(seed),
               "-o", out, path] + (["--round-trip"] if closed else [])
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(run.stderr)
    wall, kilobytes = run.stderr.strip().splitlines()[-1].split()
    index = {identifier: i for i, identifier in enumerate(ids)}
    stops = [f for f in json.load(open(out))["features"]
             if f["geometry"]["type"] == "Point" and "sequence" in f["properties"]]
    order = []
    for stop in sorted(stops, key=lambda f: f["properties"]["sequence"]):
        order += [index[i] for i in stop["properties"]["object_ids"]]
    os.unlink(out)
    assert sorted(order) == list(range(len(ids))), "ours did not visit every stop once"
    return order, float(wall), int(kilobytes) / 1024


def fast(matrix, budget_ms, closed):
    import fast_tsp
    n = len(matrix)
    scale = 65535.0 / (matrix.max() * (1 if closed else 2))
    costs = np.rint(matrix * scale).astype(np.int64)
    if not closed:
        # Dummy node n: free to the first stop, a fixed cost to every other, so the cheapest
        # cycle runs first stop … last stop, dummy, first stop.
        fixed = int(np.rint(matrix.max() * scale))
        costs = np.pad(costs, ((0, 1), (0, 1)), constant_values=fixed)
        costs[n, n] = 0; costs[n, 0] = costs[0, n] = 0
    listed = costs.tolist()
    started = time.perf_counter()
    tour = fast_tsp.find_tour(listed, budget_ms / 1000.0)
    seconds = time.perf_counter() - started
    if not closed:
        at = tour.index(n)
        tour = tour[at + 1:] + tour[:at]
        if tour[0] != 0:
            tour.reverse()
    else:
        at = tour.index(0)
        tour = tour[at:] + tour[:at]
    return tour, seconds


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--country", default="DE")
    p.add_argument("--sizes", default="500,1000,2000,5000")
    p.add_argument("--budgets", default="200,1000,2000")
    p.add_argument("--modes", default="closed,open")
    p.add_argument("--seeds", type=int, default=3)
    a = p.parse_args()
    os.makedirs(OUT, exist_ok=True)
    ours_columns = ["ours gap % (wall s, peak MB)"] if len(BUILDS) == 1 else \
        ["%s gap %% (wall s, peak MB)" % os.path.relpath(b) for b in BUILDS]
    print("stops mode budget_ms | %s | fast-tsp gap %% (find_tour s) | best km" % " | ".join(ours_columns))
    for size in [int(s) for s in a.sizes.split(",")]:
        path, ids, points = instance(a.country, size)
        matrix = geodesic_matrix(points)
        for mode in a.modes.split(","):
            closed = mode == "closed"
            rows = []
            for budget in [int(b) for b in a.budgets.split(",")]:
                builds = [[ours(path, ids, budget, seed, closed, build) for seed in range(1, a.seeds + 1)] for build in BUILDS]
                peer = [fast(matrix, budget, closed) for _ in range(a.seeds)]
                rows.append((budget, [[(length(points, o, closed), w, m) for o, w, m in mine] for mine in builds],
                             [(length(points, t, closed), s) for t, s in peer]))
            best = min(min(l for l, *_ in sum(builds, []) + peer) for _, builds, peer in rows)
            for budget, builds, peer in rows:
                gap = lambda l: 100 * (l - best) / best
                columns = ["%.3f (%.2f, %.0f)" % (gap(statistics.median(l for l, *_ in mine)),
                                                  statistics.median(w for _, w, _ in mine), max(m for *_, m in mine))
                           for mine in builds]
                print("%d %s %d | %s | %.3f (%.2f) | %.1f" % (
                    size, mode, budget, " | ".join(columns),
                    gap(statistics.median(l for l, _ in peer)), statistics.median(s for _, s in peer),
                    best / 1000), flush=True)

if __name__ == "__main__":
    main()
