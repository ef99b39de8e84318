# Sourced by the PostGIS benchmarks: a temporary PostgreSQL 15 + PostGIS server on a loopback
# port (as the postgres user when run as root), stopped and removed on exit. Sets $url and $work.
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
bin=/usr/lib/postgresql/15/bin
work=$(mktemp -d)
chmod 755 "$work"
[ "$(id -u)" = 0 ] && chown postgres "$work"
port=${PORT:-55433}
as_postgres $bin/initdb -D "$work/data" -A trust -U postgres --no-sync -E UTF8 >/dev/null
as_postgres $bin/pg_ctl -D "$work/data" start -w -l "$work/log" \
    -o "-p $port -k $work -c listen_addresses=127.0.0.1 -c shared_buffers=1GB -c max_wal_size=4GB -c maintenance_work_mem=1GB" >/dev/null </dev/null
trap 'as_postgres $bin/pg_ctl -D "$work/data" stop -m immediate >/dev/null 2>&1 </dev/null; rm -rf "$work"' EXIT
url="postgres://postgres@127.0.0.1:$port/postgres"
psql "$url" -qc "CREATE EXTENSION postgis"
seconds() { python3 -c "import time; print(time.monotonic())"; }
