#!/usr/bin/env python3
"""Writes Tests/MapGeometryTests/Fixtures/transform_reference.json: EPSG:4326 -> 3857, 25832,
32633 and 2056 for about 50 real places each (GeoNames, inside each CRS's area of use),
computed by PROJ's own command line tool cs2cs (Debian proj-bin), independently of MapGeometry.

Run from the package root: python3 Tests/Scripts/make_transform_reference.py
(needs cs2cs and ../shared/data/real/places_15000.geojson). Deterministic.

cs2cs takes EPSG:4326 in its authority axis order (latitude, longitude) and prints the
projected CRS's easting, northing; the file stores [longitude, latitude] -> [x, y] (easting, northing).
"""
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# MAPENGINE_SHARED_DATA, else ../shared/data seen from the package root (one level higher for a worktree).
SHARED = (Path(os.environ["MAPENGINE_SHARED_DATA"]) / "real" if "MAPENGINE_SHARED_DATA" in os.environ
          else next((base / "shared" / "data" / "real" for base in (ROOT.parent, ROOT.parent.parent)
                     if (base / "shared" / "data" / "real").is_dir()), ROOT.parent / "shared" / "data" / "real"))
OUT = ROOT / "Tests" / "MapGeometryTests" / "Fixtures" / "transform_reference.json"
PER_TARGET = 50

# target CRS, its name, and which places lie in its area of use
TARGETS = [
    ("EPSG:3857", "WGS 84 / Pseudo-Mercator (world between 85.06 S and N)",
     lambda p, lon, lat: abs(lat) < 85.0),
    ("EPSG:25832", "ETRS89 / UTM zone 32N (Europe 6 E to 12 E)",
     lambda p, lon, lat: 6.0 <= lon <= 12.0 and p["cc"] in ("DE", "DK", "NO", "AT", "NL", "BE", "CH", "LU")),
    ("EPSG:32633", "WGS 84 / UTM zone 33N (12 E to 18 E, northern hemisphere)",
     lambda p, lon, lat: 12.0 <= lon <= 18.0 and 0.0 <= lat <= 84.0),
    ("EPSG:2056", "CH1903+ / LV95 (Switzerland and Liechtenstein)",
     lambda p, lon, lat: p["cc"] in ("CH", "LI")),
]


def spread(items, count):
    if len(items) <= count:
        return items
    step = len(items) / count
    return [items[int(i * step)] for i in range(count)]


def cs2cs(target, points):
    """Runs cs2cs once for all points; returns [(x, y)]."""
    text = "".join(f"{lat!r} {lon!r}\n" for lon, lat in points)
    output = subprocess.run(["cs2cs", "-f", "%.10f", "EPSG:4326", target], input=text,
                            capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in output.splitlines()]
    if len(rows) != len(points) or any("*" in row[0] for row in rows):
        sys.exit(f"cs2cs could not transform every point to {target}:\n{output}")
    return [(float(row[0]), float(row[1])) for row in rows]


def main():
    path = SHARED / "places_15000.geojson"
    if not path.is_file():
        sys.exit(f"{path} not found: this script reads the shared GeoNames places")
    places = json.load(open(path))["features"]
    version = subprocess.run(["cs2cs"], capture_output=True, text=True).stderr.splitlines()[0]
    transforms = []
    for target, title, inside in TARGETS:
        chosen = spread([f for f in places if inside(f["properties"], *f["geometry"]["coordinates"])], PER_TARGET)
        lonlat = [tuple(f["geometry"]["coordinates"]) for f in chosen]
        xy = cs2cs(target, lonlat)
        transforms.append({
            "source": "EPSG:4326", "target": target, "title": title,
            "points": [{"name": f["properties"]["name"], "lonLat": list(ll), "xy": list(p)}
                       for f, ll, p in zip(chosen, lonlat, xy)],
        })
    document = {
        "generator": f"Tests/Scripts/make_transform_reference.py with cs2cs ({version.strip()}), "
                     "places from GeoNames (www.geonames.org), CC BY 4.0",
        "transforms": transforms,
    }
    compact = {"separators": (",", ":"), "ensure_ascii": False}
    blocks = []
    for t in transforms:
        points = ",\n".join("    " + json.dumps(p, **compact) for p in t["points"])
        head = json.dumps({k: v for k, v in t.items() if k != "points"}, **compact)[:-1]
        blocks.append(f"  {head},\"points\":[\n{points}\n  ]}}")
    with open(OUT, "w", encoding="utf-8") as file:
        file.write("{\n \"generator\": " + json.dumps(document["generator"], **compact) + ",\n \"transforms\": [\n"
                   + ",\n".join(blocks) + "\n ]\n}\n")
    print(f"{OUT}: " + ", ".join(f"{t['target']} {len(t['points'])} points" for t in transforms))


if __name__ == "__main__":
    main()
