#!/usr/bin/env bash
# Side-by-side clustering benchmark: MapClustering (Swift, release) and pysupercluster (C++)
# on the same points, in one run. Usage: Benchmarks/clustering/run.sh [COUNT] [RUNS]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
count="${1:-1000000}"
runs="${2:-3}"
venv="$root/Benchmarks/.venv"
out="$root/Benchmarks/out"
mkdir -p "$out"

if [ ! -x "$venv/bin/python" ]; then python3 -m venv "$venv"; fi
if ! "$venv/bin/python" -c "import pysupercluster" 2>/dev/null; then
    # pysupercluster 0.7.7's setup.py sets __builtins__.__NUMPY_SETUP__, which fails under
    # PEP 517 (there __builtins__ is a dict) and with numpy 2; the legacy setup.py path with
    # numpy 1.26 builds it unchanged.
    "$venv/bin/pip" install -q "numpy<2" wheel setuptools
    "$venv/bin/pip" install -q --no-use-pep517 --no-build-isolation pysupercluster==0.7.7
fi

points="$out/random-$count.f64"
[ -f "$points" ] || "$venv/bin/python" "$here/make_points.py" random "$count" "$points"
swift build -c release --package-path "$here/.." --product cluster-bench >/dev/null
bench="$here/../.build/release/cluster-bench"

echo "== input: $count uniform random points (seed 42), options radius 40 extent 512 zooms 0-16"
echo "-- MapClustering (build single-threaded, then with 2 threads)"
"$bench" "$points" "$runs" | tee "$out/ours.txt"
echo "-- pysupercluster 0.7.7"
"$venv/bin/python" "$here/peer_pysupercluster.py" "$points" "$runs" | tee "$out/peer.txt"
python3 - "$out/ours.txt" "$out/peer.txt" <<'PY'
import sys
def read(path):
    return {line.split()[0]: float(line.split()[1]) for line in open(path) if len(line.split()) >= 2 and line.split()[1].replace('.', '', 1).isdigit()}
ours, peer = read(sys.argv[1]), read(sys.argv[2])
print("-- ratios (peer / ours, higher is better for us)")
for key in sorted(ours):
    if key in peer and ours[key] > 0 and (key.endswith("_ms") or key.endswith("_us") or key.startswith("build_")):
        print(f"{key}: ours {ours[key]} peer {peer[key]} ratio {peer[key] / ours[key]:.2f}")
PY
