#!/usr/bin/env python3
"""Writes the inputs of the validation benchmark, one polygon per line, rings separated by
" | ", each ring "lon lat lon lat ..." (closed). Deterministic (splitmix64, no numpy).

  andorra.txt    the 5,952 Polygon features of ../shared/data/real/andorra/objects.geojson
  generated.txt  100,000 generated 14-vertex polygons in Andorra: star-shaped (valid) and,
                 every third one, two vertices swapped so the boundary crosses itself
usage: make_polygons.py ANDORRA_OBJECTS_GEOJSON OUTDIR [COUNT]
"""
import json
import math
import sys

MASK = (1 << 64) - 1


def splitmix64(state):
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def ring_text(ring):
    return " ".join(f"{x!r} {y!r}" for x, y in ring)


def main():
    objects, outdir = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 100_000
    with open(objects) as f:
        features = json.load(f)["features"]
    with open(f"{outdir}/andorra.txt", "w") as out:
        n = 0
        for feature in features:
            geometry = feature["geometry"]
            if geometry and geometry["type"] == "Polygon":
                out.write(" | ".join(ring_text(r) for r in geometry["coordinates"]) + "\n")
                n += 1
    print(f"andorra.txt: {n} polygons", file=sys.stderr)

    state = 20260812
    crossing = 0
    with open(f"{outdir}/generated.txt", "w") as out:
        for index in range(count):
            state, a = splitmix64(state)
            state, b = splitmix64(state)
            state, c = splitmix64(state)
            lon = 1.42 + (a / 2**64) * 0.30
            lat = 42.43 + (b / 2**64) * 0.20
            radius = 0.0003 + (c / 2**64) * 0.0007  # about 25-80 m
            angles = []
            for _ in range(14):
                state, r = splitmix64(state)
                angles.append(r / 2**64 * 2 * math.pi)
            angles.sort()
            ring = []
            for k, angle in enumerate(angles):
                state, r = splitmix64(state)
                scale = radius * (0.6 + 0.4 * r / 2**64)
                ring.append((round(lon + scale * math.cos(angle) / math.cos(math.radians(lat)), 7),
                             round(lat + scale * math.sin(angle), 7)))
            if index % 3 == 2:
                # Swap two vertices three apart: the boundary then crosses itself.
                ring[4], ring[7] = ring[7], ring[4]
                crossing += 1
            ring.append(ring[0])
            out.write(ring_text(ring) + "\n")
    print(f"generated.txt: {count} polygons, {crossing} with two vertices swapped", file=sys.stderr)


if __name__ == "__main__":
    main()
