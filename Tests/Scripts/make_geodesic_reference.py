#!/usr/bin/env python3
"""Writes Tests/MapGeometryTests/Fixtures/geodesic_reference.json: geodesic answers on WGS84
computed with geographiclib (Karney's algorithms, PyPI package, independent of PROJ's C code path
as used by MapGeometry) for real and edge-case inputs.

Run from the package root: Tests/Scripts/make_geodesic_reference.sh (makes a venv, installs
geographiclib, reads ../shared/data/real). The output is deterministic for a given geographiclib.

Conventions of the file:
- coordinates are [longitude, latitude] in degrees (RFC 7946 order);
- inverse: distance in metres, azimuths in degrees clockwise from north (azimuth2 is the
  forward azimuth at the second point);
- lines: length = sum of the geodesic segment lengths;
- polygons: area = |area of the exterior| - sum |area of each hole|, where a ring's area is the
  smaller of the two regions it bounds (geographiclib's signed area, absolute value), so the answer
  does not depend on ring orientation; perimeter = length of all rings, exteriorPerimeter = of ring 0;
- destinations: the point reached from `from` along `azimuth` after `distance` metres, longitude
  in [-180, 180], and the forward azimuth there.
"""
import json
import os
import random
import sys
from pathlib import Path

import geographiclib
from geographiclib.geodesic import Geodesic

WGS84 = Geodesic.WGS84
ROOT = Path(__file__).resolve().parents[2]
# MAPENGINE_SHARED_DATA, else ../shared/data seen from the package root (one level higher for a worktree).
SHARED = (Path(os.environ["MAPENGINE_SHARED_DATA"]) / "real" if "MAPENGINE_SHARED_DATA" in os.environ
          else next((base / "shared" / "data" / "real" for base in (ROOT.parent, ROOT.parent.parent)
                     if (base / "shared" / "data" / "real").is_dir()), ROOT.parent / "shared" / "data" / "real"))
OUT = ROOT / "Tests" / "MapGeometryTests" / "Fixtures" / "geodesic_reference.json"


def inverse(a, b):
    r = WGS84.Inverse(a[1], a[0], b[1], b[0])
    return r["s12"], r["azi1"], r["azi2"]


def line_length(coordinates):
    return sum(inverse(a, b)[0] for a, b in zip(coordinates, coordinates[1:]))


def ring_measures(ring):
    """Area (smaller region, unsigned) and perimeter of a closed ring given as [lon, lat] list."""
    polygon = WGS84.Polygon()
    for lon, lat in ring[:-1]:  # the closing position repeats the first
        polygon.AddPoint(lat, lon)
    _, perimeter, area = polygon.Compute(reverse=False, sign=True)
    return abs(area), perimeter


def polygon_entry(name, rings):
    measures = [ring_measures(ring) for ring in rings]
    area = measures[0][0] - sum(m[0] for m in measures[1:])
    return {
        "name": name,
        "coordinates": rings,
        "area": area,
        "perimeter": sum(m[1] for m in measures),
        "exteriorPerimeter": measures[0][1],
    }


def sample(items, count):
    """Every k-th item, so the sample is spread over the file and stable."""
    if len(items) <= count:
        return items
    step = len(items) / count
    return [items[int(i * step)] for i in range(count)]


def real_lines_and_polygons(city, lines, polygons):
    features = json.load(open(SHARED / city / "objects.geojson"))["features"]
    line_features = [f for f in features if f["geometry"]["type"] == "LineString"]
    polygon_features = [f for f in features if f["geometry"]["type"] == "Polygon"]
    with_holes = [f for f in polygon_features if len(f["geometry"]["coordinates"]) > 1]
    without = [f for f in polygon_features if len(f["geometry"]["coordinates"]) == 1]
    for f in sample(line_features, 100):
        c = f["geometry"]["coordinates"]
        lines.append({"name": f"{city} {f['properties']['id']}", "coordinates": c, "length": line_length(c)})
    for f in sample(with_holes, 25) + sample(without, 75):
        polygons.append(polygon_entry(f"{city} {f['properties']['id']}", f["geometry"]["coordinates"]))


def latitude_ring(latitude, step, eastward):
    """A closed ring of constant latitude around a pole, one vertex every `step` degrees."""
    longitudes = list(range(-180, 180, step))
    if not eastward:
        longitudes = [-180] + longitudes[:0:-1]
    ring = [[float(lon), latitude] for lon in longitudes]
    return ring + [ring[0]]


def edge_cases(lines, polygons):
    lines += [
        {"name": "Suva to Apia across the antimeridian",
         "coordinates": [[178.4419, -18.1416], [179.9, -17.0], [-179.7, -16.2], [-171.7518, -13.8333]]},
        {"name": "Bering Strait zigzag across the antimeridian",
         "coordinates": [[169.0, 65.5], [-179.5, 66.0], [179.0, 66.5], [-169.0, 65.8]]},
        {"name": "transpolar line over the north pole",
         "coordinates": [[-100.0, 80.0], [80.0, 80.0]]},
        {"name": "line along latitude -80 around half the south pole",
         "coordinates": [[float(lon), -80.0] for lon in range(-180, 1, 20)]},
        {"name": "nearly antipodal segment", "coordinates": [[0.0, 0.0], [179.5, 0.5]]},
    ]
    for line in lines[-5:]:
        line["length"] = line_length(line["coordinates"])

    fiji_box = [[177.0, -19.0], [-178.0, -19.0], [-178.0, -15.0], [177.0, -15.0], [177.0, -19.0]]
    fiji_hole = [[179.0, -18.0], [179.0, -16.0], [-179.0, -16.0], [-179.0, -18.0], [179.0, -18.0]]
    chukotka = [[170.0, 60.0], [-170.0, 60.0], [-170.0, 70.0], [170.0, 70.0], [170.0, 60.0]]
    polygons += [
        polygon_entry("box across the antimeridian (Fiji)", [fiji_box]),
        polygon_entry("box across the antimeridian with a hole across it", [fiji_box, fiji_hole]),
        polygon_entry("Chukotka box across the antimeridian", [chukotka]),
        polygon_entry("ring of latitude 80 around the north pole, counterclockwise", [latitude_ring(80.0, 10, True)]),
        polygon_entry("ring of latitude -80 around the south pole, counterclockwise", [latitude_ring(-80.0, 10, False)]),
        polygon_entry("ring of latitude -80 around the south pole, clockwise", [latitude_ring(-80.0, 10, True)]),
    ]
    countries = json.load(open(SHARED / "countries.geojson"))["features"]
    for f in countries:
        name, geometry = f["properties"]["name"], f["geometry"]
        if name not in ("Antarctica", "South Africa", "Fiji"):
            continue
        parts = [geometry["coordinates"]] if geometry["type"] == "Polygon" else geometry["coordinates"]
        for index, rings in enumerate(parts):
            polygons.append(polygon_entry(f"{name} (Natural Earth 1:110m) part {index}", rings))


def inverse_pairs():
    places = json.load(open(SHARED / "places_15000.geojson"))["features"]
    rng = random.Random(20261121)
    pairs = []
    for _ in range(100):
        a, b = rng.sample(places, 2)
        pairs.append((f"{a['properties']['name']} to {b['properties']['name']}",
                      a["geometry"]["coordinates"], b["geometry"]["coordinates"]))
    pairs += [
        ("Helsinki to Andorra la Vella", [24.9414566, 60.1713198], [1.5218, 42.5063]),
        ("two Helsinki tram stops", [24.9500656, 60.1790676], [24.9412521, 60.170356]),
        ("one centimetre in Helsinki", [24.9414566, 60.1713198], [24.9414566, 60.17131989]),
        ("Suva to Apia across the antimeridian", [178.4419, -18.1416], [-171.7518, -13.8333]),
        ("Anadyr to Nome across the antimeridian", [177.5089, 64.7337], [-165.4064, 64.5011]),
        ("nearly antipodal on the equator", [0.0, 0.0], [179.5, 0.5]),
        ("nearly antipodal mid latitude", [10.0, 40.0], [-170.2, -39.7]),
        ("near the north pole, across it", [0.0, 89.9], [180.0, 89.9]),
        ("near the south pole, across it", [-45.0, -89.5], [135.0, -89.6]),
        ("from the equator to the north pole", [12.0, 0.0], [12.0, 90.0]),
    ]
    result = []
    for name, a, b in pairs:
        s12, azi1, azi2 = inverse(a, b)
        result.append({"name": name, "from": a, "to": b, "distance": s12, "azimuth1": azi1, "azimuth2": azi2})
    return result


def destinations():
    rng = random.Random(7)
    cases = [
        ("Helsinki 500 m east", [24.9414566, 60.1713198], 90.0, 500.0),
        ("Andorra la Vella 10 km north", [1.5218, 42.5063], 0.0, 10_000.0),
        ("across the antimeridian eastwards", [179.5, -17.0], 80.0, 200_000.0),
        ("across the antimeridian westwards", [-179.8, 52.0], 275.0, 150_000.0),
        ("over the north pole", [30.0, 89.0], 0.0, 300_000.0),
        ("over the south pole", [-60.0, -88.5], 180.0, 400_000.0),
        ("half way round the world", [0.0, 0.0], 45.0, 19_000_000.0),
    ]
    for index in range(30):
        start = [round(rng.uniform(-180, 180), 6), round(rng.uniform(-85, 85), 6)]
        cases.append((f"random {index}", start, round(rng.uniform(-180, 180), 6), round(rng.uniform(1, 2e7), 3)))
    result = []
    for name, start, azimuth, distance in cases:
        r = WGS84.Direct(start[1], start[0], azimuth, distance)
        result.append({"name": name, "from": start, "azimuth": azimuth, "distance": distance,
                       "to": [r["lon2"], r["lat2"]], "finalAzimuth": r["azi2"]})
    return result


def write_one_entry_per_line(document, path):
    """Compact JSON with each list entry on its own line: small, and diffs stay readable."""
    compact = {"separators": (",", ":"), "ensure_ascii": False}
    parts = []
    for key, value in document.items():
        if isinstance(value, list):
            entries = ",\n".join("  " + json.dumps(entry, **compact) for entry in value)
            parts.append(f"{json.dumps(key)}: [\n{entries}\n ]")
        else:
            parts.append(f"{json.dumps(key)}: {json.dumps(value, **compact)}")
    with open(path, "w", encoding="utf-8") as file:
        file.write("{\n " + ",\n ".join(parts) + "\n}\n")


def main():
    if not SHARED.is_dir():
        sys.exit(f"{SHARED} not found: this script reads the shared real data (OSM, GeoNames, Natural Earth)")
    lines, polygons = [], []
    for city in ("helsinki", "andorra"):
        real_lines_and_polygons(city, lines, polygons)
    edge_cases(lines, polygons)
    document = {
        "generator": f"Tests/Scripts/make_geodesic_reference.py with geographiclib {geographiclib.__version__}, "
                     "WGS84 (a = 6378137 m, f = 1/298.257223563)",
        "attribution": "© OpenStreetMap contributors (ODbL); GeoNames (www.geonames.org), CC BY 4.0; "
                       "Made with Natural Earth",
        "inverse": inverse_pairs(),
        "lines": lines,
        "polygons": polygons,
        "destinations": destinations(),
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    write_one_entry_per_line(document, OUT)
    print(f"{OUT}: {len(document['inverse'])} inverse, {len(lines)} lines, {len(polygons)} polygons, "
          f"{len(document['destinations'])} destinations")


if __name__ == "__main__":
    main()
