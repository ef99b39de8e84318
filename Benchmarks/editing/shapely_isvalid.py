#!/usr/bin/env python3
"""The peer: shapely.is_valid (vectorised over a numpy array of polygons, GEOS inside) on the
same polygon file. Polygons are built before timing, as on the C "prebuilt" side.
Prints "shapely <input> is_valid <median CPU ms> <invalid count>".
usage: shapely_isvalid.py FILE [REPS]"""
import os
import sys
import time

import numpy as np
import shapely


def main():
    path = sys.argv[1]
    reps = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    polygons = []
    with open(path) as f:
        for line in f:
            rings = []
            for ring in line.split("|"):
                values = np.array(ring.split(), dtype=float)
                rings.append(values.reshape(-1, 2))
            polygons.append(shapely.Polygon(rings[0], rings[1:]))
    array = np.array(polygons, dtype=object)
    times = []
    invalid = 0
    for _ in range(reps):
        start = time.process_time()
        valid = shapely.is_valid(array)
        times.append((time.process_time() - start) * 1e3)
        invalid = int((~valid).sum())
    times.sort()
    print(f"shapely {os.path.basename(path)} is_valid {times[len(times) // 2]:.2f} {invalid}")


if __name__ == "__main__":
    main()
