#!/usr/bin/env python3
"""pysupercluster on the same points file as cluster-bench: build time (median), memory, queries."""
import resource
import statistics
import sys
import time

import numpy as np
import pysupercluster

points = np.fromfile(sys.argv[1], dtype="<f8").reshape(-1, 2)
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
print(f"points {len(points)}")
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
times, cpu = [], []
for _ in range(runs):
    start, start_cpu = time.perf_counter(), time.process_time()
    index = pysupercluster.SuperCluster(points, min_zoom=0, max_zoom=16, radius=40, extent=512)
    times.append(time.perf_counter() - start)
    cpu.append(time.process_time() - start_cpu)
    if _ < runs - 1:
        del index
print(f"build_seconds_median {statistics.median(times):.3f}")
print(f"build_cpu_seconds_median {statistics.median(cpu):.3f}")
print("build_seconds_all " + ",".join(f"{t:.3f}" for t in times))
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(f"peak_rss_growth_bytes_per_point {(after - before) * 1024 / len(points):.1f}")
for zoom in range(0, 17):
    clusters = index.getClusters(top_left=(-180, 90), bottom_right=(180, -90), zoom=zoom)
    if len(clusters) > 1000:
        break
    samples = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(200):
            index.getClusters(top_left=(-180, 90), bottom_right=(180, -90), zoom=zoom)
        samples.append((time.perf_counter() - start) / 200)
    print(f"world_query_z{zoom}_ms {statistics.median(samples) * 1000:.4f} markers {len(clusters)}")
samples = []
for _ in range(5):
    start = time.perf_counter()
    for _ in range(2000):
        result = index.getClusters(top_left=(2.28, 48.90), bottom_right=(2.42, 48.81), zoom=12)
    samples.append((time.perf_counter() - start) / 2000)
print(f"city_box_z12_us {statistics.median(samples) * 1e6:.2f} markers {len(result)}")
