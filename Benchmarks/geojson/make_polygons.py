"""Deterministic 14-vertex polygon features (13 corners + the closing vertex) around the
34,024 real places of places_15000.geojson, for compare.sh.
Usage: python make_polygons.py places_15000.geojson OUT.geojson OUT.jsonl
Each polygon is convex (corners at increasing angles), counterclockwise, radius 0.002-0.02 degrees,
7 decimals; the .geojson is a FeatureCollection, the .jsonl the same features one per line."""
import json
import math
import random
import sys

random.seed(7946)
places = json.load(open(sys.argv[1], encoding="utf-8"))["features"]
features = []
for place in places:
    lon, lat = place["geometry"]["coordinates"]
    radius = random.uniform(0.002, 0.02)
    angles = sorted(random.uniform(0, 2 * math.pi) for _ in range(13))
    ring = [[round(lon + radius * math.cos(a), 7), round(lat + radius * math.sin(a), 7)] for a in angles]
    ring.append(ring[0])
    features.append({"type": "Feature", "properties": {"id": place["properties"]["id"], "type": "building"},
                     "geometry": {"type": "Polygon", "coordinates": [ring]}})
lines = [json.dumps(f, separators=(",", ":")) for f in features]
with open(sys.argv[2], "w", encoding="utf-8") as out:
    out.write('{"type":"FeatureCollection","features":[\n' + ",\n".join(lines) + "\n]}\n")
with open(sys.argv[3], "w", encoding="utf-8") as out:
    out.write("\n".join(lines) + "\n")
