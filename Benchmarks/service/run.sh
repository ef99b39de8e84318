#!/usr/bin/env bash
# Throughput of `mapctl serve` against a node server answering the same view requests with
# supercluster (issue "map service"): wrk on loopback, 2 threads, 64 connections, random views
# at zooms 3-16 over the 234,908 GeoNames places, on 1024x768 and 2560x1440 screens;
# requests/s, latency percentiles and RSS; then vector tiles per second and the time of a save.
#
#   SUPERCLUSTER_GIT=/work/.mirror/mapbox+supercluster/repo KDBUSH_GIT=/work/.mirror/mourner+kdbush/repo \
#       [MAPCTL=path] Benchmarks/service/run.sh [seconds]
#
# The two git folders come from the search tool's fetch (github:mapbox/supercluster,
# github:mourner/kdbush); nothing of theirs is committed. Needs wrk and nodejs (Debian).
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-30}"
places="${PLACES:-../shared/data/real/places.geojson.gz}"
out=Benchmarks/out/service
peers="$out/peers"
mkdir -p "$out" "$peers/node_modules/supercluster" "$peers/node_modules/kdbush"
git --git-dir="${SUPERCLUSTER_GIT:?set SUPERCLUSTER_GIT to a supercluster git folder}" archive HEAD | tar -x -C "$peers/node_modules/supercluster"
git --git-dir="${KDBUSH_GIT:?set KDBUSH_GIT to a kdbush git folder}" archive HEAD | tar -x -C "$peers/node_modules/kdbush"
cp Benchmarks/service/supercluster_server.mjs "$peers/"
gunzip -c "$places" > "$out/places.geojson"

# MAPCTL=path measures another build (say, the last commit's, to compare a change).
mapctl=${MAPCTL:-.build/release/mapctl}
[ -n "${MAPCTL:-}" ] || swift build -c release --product mapctl >/dev/null

cpu_ticks() {  # pid: user + system time so far, in clock ticks
    awk '{ print $14 + $15 }' "/proc/$1/stat"
}

measure() {  # name, port, server pid, [wrk options...]
    echo "-- $1"
    local before after output port=$2 pid=$3
    shift 3
    before=$(cpu_ticks "$pid")
    output=$(wrk --latency -t2 -c64 -d"${seconds}s" -s Benchmarks/service/viewports.lua "$@" "http://127.0.0.1:$port")
    after=$(cpu_ticks "$pid")
    echo "$output" | grep -E "Requests/sec|Transfer/sec|^ +(50|75|90|99)%|Latency |Non-2xx|Socket errors"
    # The server's CPU time per answer: steadier than requests per second on a shared machine,
    # where wrk and the server compete for the same two cores.
    local requests
    requests=$(echo "$output" | awk '/requests in/ { print $1 }')
    echo "CPU per answer: $(echo "scale=1; ($after - $before) * 1000000 / $(getconf CLK_TCK) / $requests" | bc) µs"
}

wait_for() {  # url
    for _ in $(seq 1 600); do curl -sf "$1" >/dev/null && return 0; sleep 0.1; done
    echo "not ready: $1" >&2; return 1
}

"$mapctl" serve --port 18181 "places=$out/places.geojson" 2>"$out/mapctl.log" &
mapctl_pid=$!
node "$peers/supercluster_server.mjs" "$out/places.geojson" 18182 2>"$out/node.log" &
node_pid=$!
trap 'kill $mapctl_pid $node_pid 2>/dev/null || true' EXIT
started=$(date +%s.%N)
wait_for http://127.0.0.1:18181/readyz
echo "mapctl serve ready in $(echo "$(date +%s.%N) - $started" | bc) s (includes reading the file)"
wait_for "http://127.0.0.1:18182/datasets/places/clusters?zoom=3"

for view in 1024x768 2560x1440; do
    export VIEW_WIDTH=${view%x*} VIEW_HEIGHT=${view#*x}
    echo "== views of $view pixels"
    measure "mapctl serve (Swift, Hummingbird 2)" 18181 $mapctl_pid
    echo "RSS mapctl: $(( $(ps -o rss= -p $mapctl_pid) / 1024 )) MB"
    measure "node $(node --version) + supercluster 8" 18182 $node_pid
    echo "RSS node: $(( $(ps -o rss= -p $node_pid) / 1024 )) MB"
done
# What a browser or app asks for. The node peer does not compress, so this compares builds.
export VIEW_WIDTH=1024 VIEW_HEIGHT=768
echo "== views of 1024x768 pixels, gzip (Accept-Encoding: gzip)"
measure "mapctl serve (Swift, Hummingbird 2)" 18181 $mapctl_pid -H "Accept-Encoding: gzip"
echo "== vector tiles (no peer: supercluster answers GeoJSON only)"
wrk --latency -t2 -c64 -d"${seconds}s" -s Benchmarks/service/tiles.lua http://127.0.0.1:18181 | grep -E "Requests/sec|^ +(50|99)%|Non-2xx"

echo "== one save into the 234,908 places (index rebuilt and file rewritten), 5 times"
for i in 1 2 3 4 5; do
    curl -s -o /dev/null -w "%{http_code} %{time_total}s\n" -X POST -H 'Content-Type: application/geo+json' \
        -d "{\"type\": \"Feature\", \"properties\": {\"name\": \"bench $i\", \"type\": \"town\"}, \"geometry\": {\"type\": \"Point\", \"coordinates\": [2.35, 48.85]}}" \
        http://127.0.0.1:18181/datasets/places/objects
done
