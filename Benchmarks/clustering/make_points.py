#!/usr/bin/env python3
"""Writes N points as little-endian Float64 (lon, lat) pairs.

    make_points.py random N OUT.f64          uniform on the sphere's lon/lat box (seeded)
    make_points.py geojson FILE OUT.f64      the Point coordinates of a GeoJSON FeatureCollection
"""
import gzip
import json
import random
import struct
import sys

mode, source, out = sys.argv[1], sys.argv[2], sys.argv[3]
if mode == "random":
    rng = random.Random(42)
    n = int(source)
    points = [(rng.uniform(-180, 180), rng.uniform(-85, 85)) for _ in range(n)]
else:
    opener = gzip.open if source.endswith(".gz") else open
    with opener(source, "rt") as handle:
        collection = json.load(handle)
    points = [tuple(f["geometry"]["coordinates"][:2]) for f in collection["features"]
              if f.get("geometry") and f["geometry"]["type"] == "Point"]
with open(out, "wb") as handle:
    for lon, lat in points:
        handle.write(struct.pack("<dd", lon, lat))
print(f"{len(points)} points -> {out}", file=sys.stderr)
