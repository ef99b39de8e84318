"""Peer timing for zoom extents: staticmap 0.5.7 (PyPI) picks the largest integer zoom at
which every marker, with its symbol, fits the image (StaticMap._calculate_zoom, called by
render). Same 10,000 places as main.swift; the image is the iPad's free area (1024 - 320 - 2*24
by 768 - 2*24 points) with 32-point circle markers. It has no insets, no fractional zoom and
no antimeridian handling, so its answer is a reference for speed only."""
import json
import statistics
import sys
import time

from staticmap import CircleMarker, StaticMap

path = sys.argv[1]
with open(path) as handle:
    everything = json.load(handle)["features"]
# Every n-th place, as main.swift picks them (the file is sorted by country).
features = [everything[index * len(everything) // 10_000] for index in range(10_000)]

image = StaticMap(1024 - 320 - 48, 768 - 48)
for feature in features:
    image.add_marker(CircleMarker(tuple(feature["geometry"]["coordinates"]), "red", 32))

# Thread CPU time, like main.swift: the wall clock on a shared machine also counts other processes.
cpu, wall = [], []
for _ in range(7):
    start, wall_start = time.thread_time(), time.perf_counter()
    zoom = image._calculate_zoom()
    cpu.append(time.thread_time() - start)
    wall.append(time.perf_counter() - wall_start)
print(f"staticmap 0.5.7 _calculate_zoom over {len(features)} markers: {statistics.median(cpu) * 1e6:.0f} us CPU, "
      f"{statistics.median(wall) * 1e6:.0f} us wall (medians of 7), zoom {zoom}")
