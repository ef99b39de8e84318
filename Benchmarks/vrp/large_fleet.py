#!/usr/bin/env python3
"""Fleets of thousands of stops: `mapctl route --vehicles` against VROOM, in one run.

Instances: N stops drawn uniformly (seed 5) over Berlin (13.0–13.8° E, 52.30–52.75° N), one
item each; N/100 + 5 vans of 110 items from Alexanderplatz, returning there. Written to
Benchmarks/out/large_fleet/.

- ours: the release `mapctl route --vehicles V --time-limit B STOPS` as a process (wall time and
  peak memory of the whole command from /usr/bin/time);
- VROOM (pyvroom): the same stops, vans and capacities on the geodesic matrix × 1.3 (mapctl's
  default detour factor) in whole metres, `solve(exploration_level=5, nb_threads=2,
  timeout=B)`; its time is that of `solve` alone (the matrix is given).

Every plan is measured the same way, independently of both solvers: the pyproj (Karney) length
of each route, depot → stops → depot, × 1.3.

Usage: Benchmarks/vrp/large_fleet.sh [--sizes 2000,5000] [--budget 2]
"""
import argparse, datetime, json, os, random, subprocess, tempfile, time
import numpy as np
from geodesic import DETOUR, metres_matrix, path_length

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
OUT = os.path.join(ROOT, "Benchmarks", "out", "large_fleet")
MAPCTL = os.environ.get("MAPCTL", os.path.join(ROOT, ".build", "release", "mapctl"))
DEPOT = [13.4132, 52.5219]


def instance(size):
    os.makedirs(OUT, exist_ok=True)
    stops_path = os.path.join(OUT, "berlin-%d.geojson" % size)
    vans_path = os.path.join(OUT, "berlin-%d-vans.json" % size)
    rng = random.Random(5)
    points = [[round(13.0 + rng.random() * 0.8, 6), round(52.3 + rng.random() * 0.45, 6)] for _ in range(size)]
    features = [{"type": "Feature", "id": "s%d" % i, "properties": {}, "geometry": {"type": "Point", "coordinates": p}}
                for i, p in enumerate(points)]
    json.dump({"type": "FeatureCollection", "features": features}, open(stops_path, "w"))
    vans = [{"id": "van-%d" % i, "start": DEPOT, "capacity": 110} for i in range(size // 100 + 5)]
    json.dump({"vehicles": vans}, open(vans_path, "w"))
    return stops_path, vans_path, np.array(points), vans


def route_length(points, order):
    """Depot → stops in `order` → depot, metres × the detour factor."""
    return path_length([DEPOT] + [list(points[i]) for i in order] + [DEPOT])


def ours(stops_path, vans_path, points, budget):
    out = tempfile.NamedTemporaryFile(suffix=".geojson", delete=False).name
    command = ["/usr/bin/time", "-f", "%e %M", MAPCTL, "route", "--vehicles", vans_path,
               "--time-limit", "%gs" % budget, "-o", out, stops_path]
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(run.stderr)
    wall, kilobytes = run.stderr.strip().splitlines()[-1].split()
    routes = {}
    for feature in json.load(open(out))["features"]:
        properties = feature["properties"]
        if properties.get("role") == "stop":
            routes.setdefault(properties["route"], []).append((properties["sequence"], int(properties["id"][1:])))
    os.unlink(out)
    orders = [[stop for _, stop in sorted(visits)] for visits in routes.values()]
    served = sorted(stop for order in orders for stop in order)
    assert served == list(range(len(points))), "ours did not serve every stop once"
    return sum(route_length(points, order) for order in orders), len(orders), float(wall), int(kilobytes) / 1024


def vroom_plan(points, vans, budget):
    import vroom
    places = np.vstack([points, [DEPOT]])
    n = len(places)
    matrix = metres_matrix(places)
    problem = vroom.Input()
    problem.set_durations_matrix(profile="car", matrix_input=np.rint(matrix * DETOUR).astype(np.uint32))
    for k, van in enumerate(vans):
        problem.add_vehicle(vroom.Vehicle(id=k + 1, start=n - 1, end=n - 1, capacity=[van["capacity"]]))
    problem.add_job([vroom.Job(id=i + 1, location=i, delivery=[1]) for i in range(len(points))])
    started = time.perf_counter()
    solution = problem.solve(exploration_level=5, nb_threads=2, timeout=datetime.timedelta(seconds=budget))
    seconds = time.perf_counter() - started
    routes = solution.routes
    jobs = routes[routes["type"] == "job"]
    orders = [list(group.sort_index()["id"] - 1) for _, group in jobs.groupby("vehicle_id")]
    served = sorted(stop for order in orders for stop in order)
    missing = len(points) - len(served)
    return sum(route_length(points, order) for order in orders), len(orders), seconds, missing


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="2000,5000")
    parser.add_argument("--budget", type=float, default=2)
    args = parser.parse_args()
    print("stops vans | ours km (routes, wall s, peak MB) | VROOM km (routes, solve s, unserved) | ours/VROOM")
    for size in [int(s) for s in args.sizes.split(",")]:
        stops_path, vans_path, points, vans = instance(size)
        length, count, wall, megabytes = ours(stops_path, vans_path, points, args.budget)
        peer, peer_count, peer_seconds, missing = vroom_plan(points, vans, args.budget)
        print("%d %d | %.1f (%d, %.2f, %.0f) | %.1f (%d, %.2f, %d) | %.3f" % (
            size, len(vans), length / 1000, count, wall, megabytes, peer / 1000, peer_count, peer_seconds, missing,
            length / peer), flush=True)


if __name__ == "__main__":
    main()
