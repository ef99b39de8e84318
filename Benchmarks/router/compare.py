#!/usr/bin/env python3
"""Side by side on TSPLIB closed tours: MapRouting (RouterBench, release build),
fast-tsp and LKH-3 (elkai), on the same integer distance matrices in one run.

Usage: Benchmarks/.venv/bin/python Benchmarks/router/compare.py [--budgets 20,200] [--runs 3]
       [--instances eil51,...] [--lkh-runs 10] [--no-lkh]
Prints one line per instance and budget with median gap to the published optimum
(percent) and median wall time, then the mean gap per solver and budget.
"""
import argparse, math, os, statistics, subprocess, sys, time
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
TSPLIB = next(p for p in [os.path.join(ROOT, "..", "shared", "data", "tsplib"),
                          os.path.join(ROOT, "..", "..", "shared", "data", "tsplib")] if os.path.isdir(p))
BENCH = os.path.join(HERE, "..", ".build", "release", "RouterBench")


def read_tsplib(name):
    """Coordinates and TSPLIB integer distance matrix (EUC_2D, GEO conventions of the README)."""
    kind, coords, inside = None, [], False
    for line in open(os.path.join(TSPLIB, name + ".tsp")):
        line = line.strip()
        if not line or line == "EOF":
            continue
        if inside:
            _, x, y = line.split()[:3]
            coords.append((float(x), float(y)))
        elif line.startswith("NODE_COORD_SECTION"):
            inside = True
        elif line.split(":")[0].strip() == "EDGE_WEIGHT_TYPE":
            kind = line.split(":")[1].strip()
    c = np.array(coords)
    if kind == "GEO":
        deg = np.trunc(c)
        rad = 3.141592 * (deg + 5.0 * (c - deg) / 3.0) / 180.0
        lat, lon = rad[:, 0][:, None], rad[:, 1][:, None]
        q1 = np.cos(lon - lon.T); q2 = np.cos(lat - lat.T); q3 = np.cos(lat + lat.T)
        d = (6378.388 * np.arccos(np.clip(0.5 * ((1 + q1) * q2 - (1 - q1) * q3), -1, 1)) + 1.0).astype(np.int64)
    else:
        dx = c[:, 0][:, None] - c[:, 0][None, :]; dy = c[:, 1][:, None] - c[:, 1][None, :]
        d = np.floor(np.sqrt(dx * dx + dy * dy) + 0.5).astype(np.int64)
    np.fill_diagonal(d, 0)
    return d


def tour_length(d, tour):
    t = list(tour)
    return int(sum(d[t[i], t[(i + 1) % len(t)]] for i in range(len(t))))


def optima():
    rows = [l.strip().split(",") for l in open(os.path.join(TSPLIB, "optima.csv")).readlines()[1:] if l.strip()]
    return {r[0]: int(r[3]) for r in rows}


def ours(name, budgets, runs, bench=BENCH):
    out = subprocess.run([bench, TSPLIB, name, ",".join(map(str, budgets)), str(runs)],
                         capture_output=True, text=True, check=True).stdout
    result = {}
    for line in out.splitlines():
        f = line.split()
        result.setdefault(int(f[2]), []).append((float(f[6]), float(f[3])))
    return result


def fast_tsp_run(d, budget_ms):
    import fast_tsp
    scale = 1.0
    if d.max() > 65535:
        scale = 65535.0 / d.max()
    m = np.rint(d * scale).astype(int).tolist()
    start = time.perf_counter()
    tour = fast_tsp.find_tour(m, budget_ms / 1000.0)
    return tour, time.perf_counter() - start


def lkh_run(d, runs):
    import elkai
    start = time.perf_counter()
    tour = elkai.DistanceMatrix(d.tolist()).solve_tsp(runs=runs)
    return tour[:-1] if tour[0] == tour[-1] else tour, time.perf_counter() - start


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--instances", default="ulysses22,eil51,berlin52,st70,eil76,gr96,kroA100,ch130,ch150,gr202,"
                   "a280,lin318,pcb442,ali535,rat783,pr1002")
    p.add_argument("--budgets", default="20,200")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--lkh-runs", type=int, default=10)
    p.add_argument("--no-lkh", action="store_true")
    p.add_argument("--baseline", help="another RouterBench binary (e.g. an older commit's build), run alongside")
    a = p.parse_args()
    budgets = [int(b) for b in a.budgets.split(",")]
    best = optima()
    means = {}
    print("instance n budget_ms | ours gap%% time_s | fast-tsp gap%% time_s | LKH gap%% time_s (%d runs)" % a.lkh_runs)
    for name in a.instances.split(","):
        d = read_tsplib(name)
        opt = best[name]
        mine = ours(name, budgets, a.runs)
        base = ours(name, budgets, a.runs, a.baseline) if a.baseline else None
        lkh = None
        if not a.no_lkh:
            tour, secs = lkh_run(d, a.lkh_runs)
            lkh = (100.0 * (tour_length(d, tour) - opt) / opt, secs)
        for b in budgets:
            our_gap = statistics.median(g for g, _ in mine[b]); our_t = statistics.median(t for _, t in mine[b])
            fast = [fast_tsp_run(d, b) for _ in range(a.runs)]
            fast_gap = statistics.median(100.0 * (tour_length(d, t) - opt) / opt for t, _ in fast)
            fast_t = statistics.median(s for _, s in fast)
            means.setdefault(("ours", b), []).append(our_gap)
            means.setdefault(("fast-tsp", b), []).append(fast_gap)
            lk = "%.3f %.3f" % lkh if lkh else "-"
            bl = ""
            if base:
                base_gap = statistics.median(g for g, _ in base[b])
                means.setdefault(("baseline", b), []).append(base_gap)
                bl = " | baseline %.3f" % base_gap
            print("%s %d %d | %.3f %.3f | %.3f %.3f | %s%s" % (name, len(d), b, our_gap, our_t, fast_gap, fast_t, lk, bl),
                  flush=True)
        if lkh:
            means.setdefault(("LKH", 0), []).append(lkh[0])
    for (solver, b), gaps in sorted(means.items()):
        print("mean gap %s %s: %.4f %% over %d instances" % (solver, "%d ms" % b if b else "", statistics.mean(gaps), len(gaps)))


if __name__ == "__main__":
    main()
