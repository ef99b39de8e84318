#!/usr/bin/env python3
"""Side-by-side VRP benchmark: ours (VRPBench, release) against PyVRP, VROOM and OR-Tools
on the same instances, matrices and budgets, in one run.

Every solver gets the same integer matrix built with the benchmark's own convention
(CVRP: Euclidean rounded to the nearest integer, or E-n13-k4's explicit matrix;
Solomon: Euclidean truncated to tenths, times x 10), and the gap is to bks.csv.
Ours: RUNS runs (seeds 1..RUNS), time budget only; min/median/max gap and median CPU
seconds (the machine may be shared: CPU time shows what the wall budget bought).
PyVRP: MaxRuntime, seed 1.
OR-Tools: guided local search with the budget as time limit. VROOM has no time budget:
it runs to completion at exploration level 5 (one thread), and its time is printed.
"""
import argparse, math, os, resource, statistics, subprocess, sys, time

DATA = os.path.normpath(os.path.join(os.path.dirname(__file__), "../../../shared/data/vrp"))
if not os.path.isdir(DATA):
    DATA = os.path.normpath(os.path.join(os.path.dirname(__file__), "../../../../shared/data/vrp"))
BENCH = os.path.join(os.path.dirname(__file__), "..", ".build", "release", "VRPBench")


def read_instance(name):
    """(matrix, demands, capacity, vehicles, service, windows, scale); node 0 is the depot."""
    vrp = os.path.join(DATA, name + ".vrp")
    if os.path.exists(vrp):
        header, section, coords, demands, weights = {}, "", [], [], []
        for line in open(vrp):
            line = line.strip()
            if not line or line == "EOF":
                continue
            if ":" in line and not line[0].isdigit() and section == "":
                k, v = line.split(":", 1)
                header[k.strip().upper()] = v.strip()
                continue
            if line.endswith("SECTION"):
                section = line
                continue
            nums = [float(x) for x in line.split()]
            if section == "NODE_COORD_SECTION":
                coords.append((nums[1], nums[2]))
            elif section == "DEMAND_SECTION":
                demands.append(int(nums[1]))
            elif section == "EDGE_WEIGHT_SECTION":
                weights += nums
        n = int(header["DIMENSION"])
        m = [[0] * n for _ in range(n)]
        if header.get("EDGE_WEIGHT_TYPE") == "EXPLICIT":
            k = 0
            for i in range(1, n):
                for j in range(i):
                    m[i][j] = m[j][i] = int(weights[k]); k += 1
        else:
            for i in range(n):
                for j in range(n):
                    if i != j:
                        m[i][j] = int(math.floor(math.dist(coords[i], coords[j]) + 0.5))
        return m, demands, int(header["CAPACITY"]), None, [0] * n, None, 1
    rows, fleet = [], None
    for line in open(os.path.join(DATA, name + ".txt")):
        parts = line.split()
        if len(parts) == 2 and all(p.isdigit() for p in parts):
            fleet = (int(parts[0]), int(parts[1]))
        elif len(parts) == 7 and all(p.replace(".", "").isdigit() for p in parts):
            rows.append([float(p) for p in parts])
    n = len(rows)
    m = [[int(math.floor(10 * math.dist(rows[i][1:3], rows[j][1:3]))) if i != j else 0 for j in range(n)] for i in range(n)]
    demands = [int(r[3]) for r in rows]
    windows = [(int(10 * r[4]), int(10 * r[5])) for r in rows]
    service = [int(10 * r[6]) for r in rows]
    return m, demands, fleet[1], fleet[0], service, windows, 10


def bks():
    out = {}
    for line in list(open(os.path.join(DATA, "bks.csv")))[1:]:
        f = line.strip().split(",")
        out[f[0]] = (float(f[6]), int(f[5]))
    return out


def cpu():
    """CPU seconds of this process so far (the peers run in it, single-threaded)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def ours(name, budget, runs):
    """(costs per seed, nan when a stop is unserved; median wall s; median CPU s)."""
    out = subprocess.run([BENCH, DATA, name, str(int(budget * 1000)), str(runs)], capture_output=True, text=True, check=True)
    lines = [l.split() for l in out.stdout.strip().split("\n")]
    costs = [float(l[3]) if l[5] == "0" else float("nan") for l in lines]
    return costs, statistics.median(float(l[6]) for l in lines), statistics.median(float(l[8]) for l in lines)


def pyvrp_solve(inst, budget):
    import pyvrp
    from pyvrp.stop import MaxRuntime
    m, demands, cap, fleet, service, windows, scale = inst
    n = len(m)
    model = pyvrp.Model()
    locations = [model.add_location(x=0, y=0) for _ in range(n)]
    late = windows[0][1] if windows else 2**40
    depot = model.add_depot(locations[0], tw_early=windows[0][0] if windows else 0, tw_late=late)
    model.add_vehicle_type(num_available=fleet or n - 1, capacity=cap, start_depot=depot, end_depot=depot,
                           tw_early=windows[0][0] if windows else 0, tw_late=late)
    for i in range(1, n):
        model.add_client(locations[i], delivery=demands[i], service_duration=service[i],
                         tw_early=windows[i][0] if windows else 0, tw_late=windows[i][1] if windows else 2**40)
    for i in range(n):
        for j in range(n):
            model.add_edge(locations[i], locations[j], distance=m[i][j], duration=m[i][j] if windows else 0)
    start, cpu_start = time.perf_counter(), cpu()
    result = model.solve(stop=MaxRuntime(budget), seed=1, display=False)
    return (result.cost() / scale if result.is_feasible() else float("nan")), time.perf_counter() - start, cpu() - cpu_start


def vroom_solve(inst, vehicles):
    import vroom
    m, demands, cap, fleet, service, windows, scale = inst
    n = len(m)
    problem = vroom.Input()
    problem.set_durations_matrix(profile="car", matrix_input=m)
    horizon = vroom.TimeWindow(windows[0][0], windows[0][1]) if windows else None
    for v in range(fleet or vehicles):
        kwargs = {"time_window": horizon} if horizon else {}
        problem.add_vehicle(vroom.Vehicle(v + 1, start=0, end=0, capacity=[cap], **kwargs))
    for i in range(1, n):
        kwargs = {"time_windows": [vroom.TimeWindow(*windows[i])], "default_service": service[i]} if windows else {}
        problem.add_job(vroom.Job(i, location=i, delivery=[demands[i]], **kwargs))
    start, cpu_start = time.perf_counter(), cpu()
    solution = problem.solve(exploration_level=5, nb_threads=1)
    elapsed, cpu_used = time.perf_counter() - start, cpu() - cpu_start
    if solution.summary.unassigned:
        return float("nan"), elapsed, cpu_used
    # VROOM's cost is the summed matrix values = distance here (travel time = distance).
    return solution.summary.cost / scale, elapsed, cpu_used


def ortools_solve(inst, budget, vehicles):
    from ortools.constraint_solver import pywrapcp, routing_enums_pb2
    m, demands, cap, fleet, service, windows, scale = inst
    n = len(m)
    count = fleet or vehicles
    manager = pywrapcp.RoutingIndexManager(n, count, 0)
    routing = pywrapcp.RoutingModel(manager)
    dist = routing.RegisterTransitCallback(lambda a, b: m[manager.IndexToNode(a)][manager.IndexToNode(b)])
    routing.SetArcCostEvaluatorOfAllVehicles(dist)
    demand = routing.RegisterUnaryTransitCallback(lambda a: demands[manager.IndexToNode(a)])
    routing.AddDimensionWithVehicleCapacity(demand, 0, [cap] * count, True, "load")
    if windows:
        travel = routing.RegisterTransitCallback(
            lambda a, b: m[manager.IndexToNode(a)][manager.IndexToNode(b)] + service[manager.IndexToNode(a)])
        routing.AddDimension(travel, windows[0][1], windows[0][1], False, "time")
        dimension = routing.GetDimensionOrDie("time")
        for node in range(1, n):
            dimension.CumulVar(manager.NodeToIndex(node)).SetRange(*windows[node])
    params = pywrapcp.DefaultRoutingSearchParameters()
    params.first_solution_strategy = routing_enums_pb2.FirstSolutionStrategy.PATH_CHEAPEST_ARC
    params.local_search_metaheuristic = routing_enums_pb2.LocalSearchMetaheuristic.GUIDED_LOCAL_SEARCH
    params.time_limit.FromMilliseconds(int(budget * 1000))
    start, cpu_start = time.perf_counter(), cpu()
    solution = routing.SolveWithParameters(params)
    elapsed, cpu_used = time.perf_counter() - start, cpu() - cpu_start
    return (solution.ObjectiveValue() / scale if solution else float("nan")), elapsed, cpu_used


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--instances", default="E-n13-k4,A-n32-k5,F-n72-k4,X-n101-k25,C101,R101,RC101,R201")
    parser.add_argument("--budget", type=float, default=1.0, help="seconds")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--peers", default="pyvrp,vroom,ortools")
    args = parser.parse_args()
    known = bks()
    peers = [p for p in args.peers.split(",") if p]
    print(f"budget {args.budget} s; ours: seeds 1..{args.runs}, gap % to best known min/median/max; "
          "peers: gap %; (wall s / CPU s)")
    print(f"{'instance':12} {'bks':>9} {'ours min/med/max':>24} {'(wall/cpu)':>12} "
          + " ".join(f"{p:>22}" for p in peers))
    for name in args.instances.split(","):
        best, routes = known[name]
        inst = read_instance(name)
        vehicles = routes + 4
        gap = lambda cost: (cost - best) / best * 100
        costs, wall, cpu_used = ours(name, args.budget, args.runs)
        gaps = sorted(gap(c) for c in costs)
        cells = []
        for peer in peers:
            if peer == "pyvrp":
                cost, seconds, cpu_s = pyvrp_solve(inst, args.budget)
            elif peer == "vroom":
                cost, seconds, cpu_s = vroom_solve(inst, vehicles)
            elif peer == "ortools":
                cost, seconds, cpu_s = ortools_solve(inst, args.budget, vehicles)
            cells.append(f"{gap(cost):7.2f} ({seconds:5.2f}/{cpu_s:5.2f})")
        ours_cell = (f"{gaps[0]:6.2f} /{statistics.median(gaps):6.2f} /{gaps[-1]:6.2f}"
                     if not any(math.isnan(g) for g in gaps) else "a stop unserved")
        print(f"{name:12} {best:9.1f} {ours_cell:>24} {f'({wall:.2f}/{cpu_used:.2f})':>12} "
              + " ".join(f"{c:>22}" for c in cells), flush=True)


if __name__ == "__main__":
    main()
