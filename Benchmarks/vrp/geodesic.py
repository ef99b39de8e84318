"""Geodesic lengths for the fleet benchmarks, by pyproj (Karney), the same way for every plan:
mapctl's default estimate is the geodesic times a detour factor of 1.3."""
import numpy as np
from pyproj import Geod

GEOD = Geod(ellps="WGS84")
DETOUR = 1.3


def path_length(path):
    """Metres × DETOUR along `path`, a list of [lon, lat]."""
    path = np.array(path)
    if len(path) < 2:
        return 0.0
    return DETOUR * float(np.sum(GEOD.inv(path[:-1, 0], path[:-1, 1], path[1:, 0], path[1:, 1])[2]))


def metres_matrix(places):
    """Geodesic metres between every pair of `places` (an n × 2 array of lon, lat), without the detour."""
    n = len(places)
    matrix = np.zeros((n, n))
    for row in range(n):
        matrix[row] = GEOD.inv(np.full(n, places[row, 0]), np.full(n, places[row, 1]), places[:, 0], places[:, 1])[2]
    return matrix
