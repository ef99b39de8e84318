"""shapely (GEOS 3.1x) GeoJSON reader/writer on the same polygon features, for compare.sh.
Usage: python shapely_geojson.py FEATURES.jsonl RUNS"""
import sys
import time

import shapely

lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
runs = int(sys.argv[2])
for _ in range(runs):
    start = time.process_time()
    geometries = [shapely.from_geojson(line) for line in lines]
    decoded = time.process_time()
    texts = [shapely.to_geojson(geometry) for geometry in geometries]
    encoded = time.process_time()
    print(f"shapely {shapely.__version__} (GEOS {shapely.geos_version_string}) decode {(decoded - start) / len(lines) * 1e6:.2f} us "
          f"encode {(encoded - decoded) / len(lines) * 1e6:.2f} us features {len(lines)} ({sum(map(len, texts))})")
