"""Decodes a Mapbox Vector Tile with mapbox-vector-tile (PyPI), an independent reader, and
checks it against the .geojson tile of the same request: same features in the same order, same
properties (objects and arrays as JSON text), positions within one tile unit.

usage: compare_mvt.py TILE.mvt TILE.geojson Z X Y LAYER"""
import json
import math
import sys

import mapbox_vector_tile

mvt_path, geojson_path, z, x, y, layer = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
decoded = mapbox_vector_tile.decode(open(mvt_path, "rb").read(), default_options={"y_coord_down": True})
expected = json.load(open(geojson_path))["features"]
features = decoded[layer]["features"] if expected else []
extent = decoded[layer]["extent"] if expected else 4096
problems = []


def project(lon, lat):
    n = 2 ** z
    wx = lon / 360 + 0.5
    sin = math.sin(math.radians(max(-85.0511287798, min(85.0511287798, lat))))
    wy = 0.5 - 0.25 * math.log((1 + sin) / (1 - sin)) / math.pi
    return ((wx * n - x) * extent, (wy * n - y) * extent)


def first_position(coordinates):
    while isinstance(coordinates[0], list) or isinstance(coordinates[0], tuple):
        coordinates = coordinates[0]
    return coordinates


if len(features) != len(expected):
    problems.append(f"{len(features)} features in the MVT, {len(expected)} in the GeoJSON tile")
for index, (got, want) in enumerate(zip(features, expected)):
    properties = {key: (json.dumps(value, separators=(",", ":"), ensure_ascii=False) if isinstance(value, (dict, list)) else value)
                  for key, value in want["properties"].items() if value is not None}
    if got["properties"] != properties:
        problems.append(f"feature {index}: properties {got['properties']} != {properties}")
    if "id" in want and isinstance(want["id"], int) and got.get("id") != want["id"]:
        problems.append(f"feature {index}: id {got.get('id')} != {want['id']}")
    kind = {"Point": "Point", "MultiPoint": "MultiPoint", "LineString": "LineString", "MultiLineString": "MultiLineString",
            "Polygon": "Polygon", "MultiPolygon": "MultiPolygon"}[want["geometry"]["type"]]
    if got["geometry"]["type"] != kind:
        problems.append(f"feature {index}: {got['geometry']['type']} != {kind}")
        continue
    gx, gy = first_position(got["geometry"]["coordinates"])
    wx, wy = project(*first_position(want["geometry"]["coordinates"])[:2])
    if abs(gx - wx) > 1 or abs(gy - wy) > 1:
        problems.append(f"feature {index}: position ({gx}, {gy}) != ({wx:.1f}, {wy:.1f})")
print("\n".join(problems[:20]) if problems else f"{len(features)} features equal")
sys.exit(1 if problems else 0)
