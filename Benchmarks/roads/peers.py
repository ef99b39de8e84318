#!/usr/bin/env python3
"""Peers for the road network benchmark, on the same graph as MapRouting builds
(Tests/Scripts/road_shortest_paths.py applies the same tag rules): pandana (contraction
hierarchies), igraph and scipy Dijkstra. Prints `peer key value` lines.

Usage: peers.py ROADS.geojson STOPS.geojson PAIRS.csv [ROUNDS]
What is timed, per peer (medians of ROUNDS):
  build_ms   graph construction from node/edge arrays (+ CH preprocessing for pandana)
  query_us   one point-to-point shortest travel time between two nodes (the PAIRS),
             the fastest way the library offers (pandana: vectorised shortest_path_lengths
             over all pairs, divided by the pair count)
  matrix_ms  the 200 x 200 travel-time matrix between the stops' nearest nodes
"""
import json
import os
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../Tests/Scripts"))
import road_shortest_paths as rules  # noqa: E402
from pyproj import Geod  # noqa: E402


def load(roads_path):
    features = json.load(open(roads_path))["features"]
    geod = Geod(ellps="WGS84")
    index, xs, ys = {}, [], []
    src, dst, seconds = [], [], []

    def node(osm_id, coordinate):
        if osm_id not in index:
            index[osm_id] = len(index)
            xs.append(coordinate[0]); ys.append(coordinate[1])
        return index[osm_id]

    for feature in features:
        props = feature["properties"]
        if props.get("access") in ("no", "private"):
            continue
        allowed = rules.directions(props)
        if allowed is None:
            continue
        coords = feature["geometry"]["coordinates"]
        length = sum(geod.inv(a[0], a[1], b[0], b[1])[2] for a, b in zip(coords, coords[1:]))
        t = length / (rules.speed_kmh(props) / 3.6)
        a, b = node(props["from_node"], coords[0]), node(props["to_node"], coords[-1])
        if a == b:
            continue
        if allowed[0]:
            src.append(a); dst.append(b); seconds.append(t)
        if allowed[1]:
            src.append(b); dst.append(a); seconds.append(t)
    return index, np.array(xs), np.array(ys), np.array(src), np.array(dst), np.array(seconds)


def timed(function, rounds):
    """Median wall-clock and process CPU seconds (all threads) of `rounds` calls, and the last result."""
    wall, cpu, result = [], [], None
    for _ in range(rounds):
        wall_start, cpu_start = time.perf_counter(), time.process_time()
        result = function()
        cpu.append(time.process_time() - cpu_start)
        wall.append(time.perf_counter() - wall_start)
    return (statistics.median(wall), statistics.median(cpu)), result


# pandana's C++ code prints progress on standard output: keep the real standard output for
# our figures and send file descriptor 1 to /dev/null.
OUT = os.fdopen(os.dup(1), "w")
os.dup2(os.open(os.devnull, os.O_WRONLY), 1)


def say(text):
    print(text, file=OUT, flush=True)


def report(peer, name, seconds, per=1, unit="ms"):
    scale = 1e3 if unit == "ms" else 1e6
    say(f"{peer} {name}_{unit} {seconds[0] / per * scale:.3f}")
    say(f"{peer} {name}_cpu_{unit} {seconds[1] / per * scale:.3f}")


def main():
    roads, stops_path, pairs_path = sys.argv[1:4]
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    index, xs, ys, src, dst, seconds = load(roads)
    n = len(index)
    pair_rows = [line.split(",")[:2] for line in open(pairs_path).read().split("\n")[1:] if line]
    pairs = np.array([(index[int(a)], index[int(b)]) for a, b in pair_rows if int(a) in index and int(b) in index])
    stops = json.load(open(stops_path))["features"]
    stop_x = np.array([f["geometry"]["coordinates"][0] for f in stops])
    stop_y = np.array([f["geometry"]["coordinates"][1] for f in stops])
    # Nearest node of each stop (plain nearest vertex, as pandana's get_node_ids does).
    scale = np.cos(np.radians(ys.mean()))
    stop_nodes = np.array([
        int(np.argmin(((xs - x) * scale) ** 2 + (ys - y) ** 2)) for x, y in zip(stop_x, stop_y)])
    say(f"peers nodes {n}")
    say(f"peers edges {len(src)}")
    say(f"peers pairs {len(pairs)}")

    # scipy
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import dijkstra

    def scipy_build():
        return csr_matrix((seconds, (src, dst)), shape=(n, n))
    build, graph = timed(scipy_build, rounds)
    report("scipy", "build", build)
    subset = pairs[:50]
    query, _ = timed(lambda: [dijkstra(graph, indices=int(a), min_only=True)[int(b)] for a, b in subset], rounds)
    report("scipy", "query", query, len(subset), "us")
    matrix, result = timed(lambda: dijkstra(graph, indices=stop_nodes)[:, stop_nodes], rounds)
    report("scipy", "matrix", matrix)

    # igraph
    import igraph

    def igraph_build():
        g = igraph.Graph(n=n, edges=list(zip(src.tolist(), dst.tolist())), directed=True)
        g.es["w"] = seconds.tolist()
        return g
    build, g = timed(igraph_build, rounds)
    report("igraph", "build", build)
    query, _ = timed(lambda: [g.distances(int(a), int(b), weights="w") for a, b in subset], rounds)
    report("igraph", "query", query, len(subset), "us")
    # igraph wants distinct targets: ask for the distinct nodes, then expand to 200 x 200.
    distinct, position = np.unique(stop_nodes, return_inverse=True)
    distinct_list = distinct.tolist()
    matrix, _ = timed(
        lambda: np.array(g.distances(stop_nodes.tolist(), distinct_list, weights="w"))[:, position], rounds)
    report("igraph", "matrix", matrix)

    # pandana (contraction hierarchies)
    import pandas as pd
    import pandana

    nodes = pd.DataFrame({"x": xs, "y": ys}, index=np.arange(n))
    edges = pd.DataFrame({"from": src, "to": dst, "seconds": seconds})

    def pandana_build():
        return pandana.Network(nodes["x"], nodes["y"], edges["from"], edges["to"], edges[["seconds"]], twoway=False)
    build, network = timed(pandana_build, rounds)
    report("pandana", "build", build)
    origins, destinations = pairs[:, 0], pairs[:, 1]
    query, lengths = timed(lambda: network.shortest_path_lengths(origins, destinations, imp_name="seconds"), rounds)
    report("pandana", "query", query, len(pairs), "us")
    single, _ = timed(lambda: [network.shortest_path_length(int(a), int(b), imp_name="seconds") for a, b in pairs[:200]], rounds)
    report("pandana", "single_query", single, 200, "us")
    all_origins = np.repeat(stop_nodes, len(stop_nodes))
    all_destinations = np.tile(stop_nodes, len(stop_nodes))
    matrix, _ = timed(lambda: network.shortest_path_lengths(all_origins, all_destinations, imp_name="seconds"), rounds)
    report("pandana", "matrix", matrix)
    finite = [v for v in lengths if v < 4e6]  # pandana reports unreachable as 4294967.295
    say(f"pandana checksum_query_s {sum(finite):.3f}")


if __name__ == "__main__":
    main()
