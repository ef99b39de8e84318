#!/usr/bin/env python3
"""Geographic instances: round trips through the first 25, 50, 100, 200 stops of
Data/stops.geojson (Helsinki) on integer metres, ours (RouterBench --stops) against
fast-tsp and LKH-3 on the very same matrices (written by RouterBench), in one run.

Usage: Benchmarks/.venv/bin/python Benchmarks/router/compare_stops.py [--budgets 2,5,20,200] [--runs 3]
"""
import argparse, json, os, statistics, subprocess, tempfile
import numpy as np
from compare import BENCH, ROOT, fast_tsp_run, lkh_run, tour_length


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--sizes", default="25,50,100,200")
    p.add_argument("--budgets", default="2,5,20,200")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--lkh-runs", type=int, default=10)
    p.add_argument("--baseline", help="another RouterBench binary (e.g. an older commit's build), run alongside")
    a = p.parse_args()
    budgets = [int(b) for b in a.budgets.split(",")]
    out = tempfile.mkdtemp()
    def run(bench):
        lines = subprocess.run([bench, "--stops", os.path.join(ROOT, "Data", "stops.geojson"), a.sizes, a.budgets,
                                str(a.runs), out], capture_output=True, text=True, check=True).stdout.splitlines()
        result = {}
        for line in lines:
            f = line.split()
            result.setdefault((int(f[1]), int(f[2])), []).append((float(f[4]), float(f[3])))
        return result
    ours = run(BENCH)
    base = run(a.baseline) if a.baseline else None
    print("stops budget_ms | LKH best (time_s) | ours median length (time_s, runs at LKH) | fast-tsp median length (time_s, runs at LKH)")
    for size in [int(s) for s in a.sizes.split(",")]:
        d = np.array(json.load(open(os.path.join(out, "stops-%d.json" % size))), dtype=np.int64)
        tour, secs = lkh_run(d, a.lkh_runs)
        best = tour_length(d, tour)
        for b in budgets:
            mine = ours[(size, b)]
            fast = [fast_tsp_run(d, b) for _ in range(a.runs)]
            fast_len = [tour_length(d, t) for t, _ in fast]
            print("%d %d | %d (%.3f) | %d (%.4f, %d/%d) | %d (%.4f, %d/%d)" % (
                size, b, best, secs,
                statistics.median(l for l, _ in mine), statistics.median(t for _, t in mine),
                sum(1 for l, _ in mine if l <= best), len(mine),
                statistics.median(fast_len), statistics.median(s for _, s in fast),
                sum(1 for l in fast_len if l <= best), len(fast_len))
              + (" | baseline %d/%d at LKH" % (sum(1 for l, _ in base[(size, b)] if l <= best), len(base[(size, b)]))
                 if base else ""), flush=True)


if __name__ == "__main__":
    main()
