#!/usr/bin/env python3
"""Driver breaks: `mapctl route --vehicles` against VROOM on the same problem, in one run.

Instance: the 200 stops of Data/stops.geojson (their `items`), the four vehicles of
Data/vehicles.json (shifts, capacities; the bike ends anywhere), each with a 30-minute break
(15 for the bike) inside a midday window; written to Benchmarks/out/breaks/. With --costs the
vehicles also have fixed, per-km and per-hour costs (ours then minimises money; VROOM is given
the same distances as costs, so only the distances are compared).

- ours: the release `mapctl route --vehicles V STOPS` as a process, with its default 2 s
  limit (wall time of the whole command), and with `--iterations 20000` (CPU seconds: the
  figure the insertion work changes);
- VROOM (pyvroom): geodesic metres × 1.3 as costs, the same at 30 km/h as durations (mapctl's
  defaults), shifts as time windows, the breaks as VROOM breaks; `solve(exploration_level=5,
  nb_threads=2, timeout=2 s)`, the time of `solve` alone.

Both plans are measured the same way, by pyproj (Karney) × 1.3 over start → stops → end, and
every break is checked to start inside its window.

Usage: Benchmarks/vrp/breaks.sh [--costs]
"""
import argparse, datetime, json, os, subprocess, tempfile, time
import numpy as np
from geodesic import DETOUR, metres_matrix, path_length

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
OUT = os.path.join(ROOT, "Benchmarks", "out", "breaks")
MAPCTL = os.environ.get("MAPCTL", os.path.join(ROOT, ".build", "release", "mapctl"))
SPEED = 30 / 3.6


def instance(costs):
    os.makedirs(OUT, exist_ok=True)
    vehicles = json.load(open(os.path.join(ROOT, "Data", "vehicles.json")))["vehicles"]
    for vehicle in vehicles:
        bike = vehicle["id"].startswith("bike")
        vehicle["breaks"] = [{"window": [41400, 45000] if bike else [39600, 46800], "duration": 900 if bike else 1800}]
        if costs:
            vehicle["costs"] = {"fixed": 50, "per_km": 0.4, "per_hour": 30}
    path = os.path.join(OUT, "vehicles-breaks%s.json" % ("-costs" if costs else ""))
    json.dump({"vehicles": vehicles}, open(path, "w"))
    stops = json.load(open(os.path.join(ROOT, "Data", "stops.geojson")))["features"]
    return path, vehicles, stops


def measured(vehicles, stops, orders, breaks):
    """Total pyproj length; the number of breaks outside their windows."""
    by_id = {v["id"]: v for v in vehicles}
    total, outside = 0.0, 0
    for vehicle_id, order in orders.items():
        vehicle = by_id[vehicle_id]
        path = [vehicle["start"]] + [stops[i]["geometry"]["coordinates"] for i in order]
        if vehicle.get("end", "start") == "start":
            path.append(vehicle["start"])
        total += path_length(path)
        for start in breaks.get(vehicle_id, []):
            window = vehicle["breaks"][0]["window"]
            outside += not (window[0] <= start <= window[1])
    return total, outside


def ours(vehicles_path, vehicles, stops, extra):
    out = tempfile.NamedTemporaryFile(suffix=".geojson", delete=False).name
    command = ["/usr/bin/time", "-f", "%e %U", MAPCTL, "route", "--vehicles", vehicles_path, "-o", out] + extra + [
        os.path.join(ROOT, "Data", "stops.geojson")]
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(run.stderr)
    wall, user = map(float, run.stderr.strip().splitlines()[-1].split())
    index = {f["properties"]["id"]: i for i, f in enumerate(stops)}
    visits, breaks = {}, {}
    for feature in json.load(open(out))["features"]:
        properties = feature["properties"]
        if properties.get("role") == "stop":
            visits.setdefault(properties["route"], []).append((properties["sequence"], index[properties["id"]]))
        elif feature["geometry"] and feature["geometry"]["type"] == "LineString":
            breaks[properties["route"]] = [b["start_s"] for b in properties.get("breaks", [])]
    os.unlink(out)
    orders = {route: [i for _, i in sorted(v)] for route, v in visits.items()}
    served = sum(len(order) for order in orders.values())
    total, outside = measured(vehicles, stops, orders, breaks)
    return total, served, outside, wall, user


def vroom_plan(vehicles, stops):
    import vroom
    places = [s["geometry"]["coordinates"] for s in stops] + [v["start"] for v in vehicles]
    metres = metres_matrix(np.array(places)) * DETOUR
    problem = vroom.Input()
    problem.set_durations_matrix(profile="car", matrix_input=np.rint(metres / SPEED).astype(np.uint32))
    problem.set_costs_matrix(profile="car", matrix_input=np.rint(metres).astype(np.uint32))
    for k, vehicle in enumerate(vehicles):
        start = len(stops) + k
        end = start if vehicle.get("end", "start") == "start" else None
        pause = vehicle["breaks"][0]
        problem.add_vehicle(vroom.Vehicle(
            id=k + 1, start=start, end=end, capacity=[vehicle["capacity"]],
            time_window=vroom.TimeWindow(*vehicle["shift"]),
            breaks=[vroom.Break(id=k + 1, time_windows=[vroom.TimeWindow(*pause["window"])], service=pause["duration"])]))
    problem.add_job([vroom.Job(id=i + 1, location=i, delivery=[s["properties"].get("items", 1)]) for i, s in enumerate(stops)])
    started = time.perf_counter()
    solution = problem.solve(exploration_level=5, nb_threads=2, timeout=datetime.timedelta(seconds=2))
    seconds = time.perf_counter() - started
    steps = solution.routes
    orders, breaks = {}, {}
    for vehicle_number, group in steps.groupby("vehicle_id"):
        group = group.sort_index()
        vehicle_id = vehicles[int(vehicle_number) - 1]["id"]
        orders[vehicle_id] = [int(i) - 1 for i in group[group["type"] == "job"]["id"]]
        pauses = group[group["type"] == "break"]
        waits = pauses["waiting_time"] if "waiting_time" in pauses else 0
        breaks[vehicle_id] = [int(a) for a in pauses["arrival"] + waits]
    served = sum(len(order) for order in orders.values())
    total, outside = measured(vehicles, stops, orders, breaks)
    return total, served, outside, seconds


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--costs", action="store_true")
    args = parser.parse_args()
    path, vehicles, stops = instance(args.costs)
    print("plan | km, served of %d, breaks outside their window, time" % len(stops))
    km, served, outside, wall, _ = ours(path, vehicles, stops, [])
    print("ours, default 2 s | %.2f, %d, %d, %.2f s wall" % (km / 1000, served, outside, wall), flush=True)
    km, served, outside, _, user = ours(path, vehicles, stops, ["--iterations", "20000", "--time-limit", "120s"])
    print("ours, 20,000 iterations | %.2f, %d, %d, %.2f CPU s" % (km / 1000, served, outside, user), flush=True)
    km, served, outside, seconds = vroom_plan(vehicles, stops)
    print("VROOM, 2 s | %.2f, %d, %d, %.2f s solve" % (km / 1000, served, outside, seconds), flush=True)


if __name__ == "__main__":
    main()
