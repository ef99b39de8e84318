#!/usr/bin/env bash
# Several service instances over one PostGIS table behind nginx: the 234,908 GeoNames places
# imported once, served by one `mapctl serve` and by two (each holding the table in memory,
# kept in step by the table's notifications), with wrk asking random 1024×768 views
# (Benchmarks/service/viewports.lua) of each directly, of one through nginx, and of two through
# nginx (round robin, keep-alive). Then the same with each instance pinned to a core of its own.
# Prints requests per second. Needs postgresql-15 + postgresql-15-postgis-3, nginx and wrk
# (Debian) and ../shared/data/real/places.geojson.gz.
set -euo pipefail
cd "$(dirname "$0")/../.."
PORT=55435 source Benchmarks/postgres/cluster.sh
seconds=${SECONDS_PER_RUN:-10}
zcat ../shared/data/real/places.geojson.gz > "$work/places.geojson"
swift build -c release --product mapctl >/dev/null
mapctl=.build/release/mapctl
$mapctl import --postgres "$url" --table places "$work/places.geojson"
free_port() { python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"; }

# Instances' process ids, one per line (start_instance runs in a command substitution's subshell).
stop_all() {
    [ -f "$work/pids" ] && while read -r pid; do kill "$pid" 2>/dev/null || true; done < "$work/pids"
    rm -f "$work/pids"
    nginx -p "$work" -c "$work/nginx.conf" -s stop 2>/dev/null || true
    sleep 0.5
}
trap 'stop_all; as_postgres $bin/pg_ctl -D "$work/data" stop -m immediate >/dev/null 2>&1 </dev/null; rm -rf "$work"' EXIT

# Starts an instance on a free port (pinned to CPU $1 when given) and waits until it is ready.
start_instance() {
    local port=$(free_port)
    if [ -n "${1:-}" ]; then taskset -c "$1" $mapctl serve --port "$port" "places=$url?table=places" >/dev/null 2>&1 &
    else $mapctl serve --port "$port" "places=$url?table=places" >/dev/null 2>&1 & fi
    echo $! >> "$work/pids"
    until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/readyz")" = 200 ]; do sleep 0.1; done
    echo "$port"
}

# nginx in front of the given ports (round robin, keep-alive to the instances), on a free port.
start_nginx() {
    local port=$(free_port)
    mkdir -p "$work/nginx"
    { echo "worker_processes 1; pid $work/nginx.pid; error_log $work/nginx-error.log; daemon on;"
      echo "events { worker_connections 1024; }"
      echo "http { access_log off; upstream instances {"
      for upstream in "$@"; do echo "  server 127.0.0.1:$upstream;"; done
      echo "  keepalive 64; }"
      echo "  server { listen 127.0.0.1:$port; location / { proxy_pass http://instances; proxy_http_version 1.1; proxy_set_header Connection \"\"; } } }"
    } > "$work/nginx.conf"
    nginx -p "$work" -c "$work/nginx.conf" >/dev/null 2>&1
    echo "$port"
}

rate() { wrk -t2 -c64 -d"${seconds}s" -s Benchmarks/service/viewports.lua "http://127.0.0.1:$1" | awk '/Requests\/sec/ {print $2}'; }

for pinned in no yes; do
    [ "$pinned" = yes ] && first_cpu=0 second_cpu=1 || first_cpu= second_cpu=
    one=$(start_instance $first_cpu)
    direct=$(rate "$one")
    front=$(start_nginx "$one")
    through=$(rate "$front")
    nginx -p "$work" -c "$work/nginx.conf" -s stop 2>/dev/null; sleep 0.5
    two=$(start_instance $second_cpu)
    front=$(start_nginx "$one" "$two")
    both=$(rate "$front")
    echo "instances pinned to a core each: $pinned; one instance: $direct requests/s directly, $through through nginx; two instances through nginx: $both requests/s ($(python3 -c "print(f'{$both / $through:.2f}')")× one through nginx)"
    stop_all
done
echo "cores: $(nproc); wrk, nginx, PostgreSQL and the instances share them"
