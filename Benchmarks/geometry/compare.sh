#!/usr/bin/env bash
# Side by side: MapGeometry's GEOS/PROJ bridges against the same calls in C, on the same inputs
# (Sources/BenchmarkInputs, baselines/inputs.h), timed the same way (process CPU time, median
# of 9 repetitions per program run). The programs run alternately ROUNDS times (default 3) and
# the table shows the median over the rounds, so both sides see the same machine load.
#
#   Benchmarks/geometry/compare.sh            # from anywhere; ROUNDS=5 for a longer run
set -euo pipefail
benchmarks="$(cd "$(dirname "$0")/.." && pwd)"
rounds="${ROUNDS:-3}"
cd "$benchmarks"

echo "building the C baselines (cc -O2) and GeometryCompare (swiftc -O, geometry/build.sh)..." >&2
bin="$(baselines/build.sh)"
swift_bin="$(geometry/build.sh GeometryCompare)"

results="$(mktemp)"
trap 'rm -f "$results"' EXIT
for round in $(seq "$rounds"); do
    echo "round $round of $rounds..." >&2
    for program in validity geodesic_length transform; do
        "$bin/$program" 2>/dev/null | sed 's/^/c /' >>"$results"
    done
    "$swift_bin" | grep -v '^#' | sed 's/^/swift /' >>"$results"
done

# name, bar, what; one row per measurement: median over rounds of each side, ratio, verdict.
awk -v rounds="$rounds" '
    function median(list,   n, values, i, j, t) {
        n = split(list, values, " ")
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
            if (values[j] + 0 < values[i] + 0) { t = values[i]; values[i] = values[j]; values[j] = t }
        return n % 2 ? values[(n + 1) / 2] : (values[n / 2] + values[n / 2 + 1]) / 2
    }
    { figures[$1, $2] = figures[$1, $2] " " $3 }
    END {
        split("validity.build validity.prebuilt geodesic.length transform.4326to3857", names, " ")
        bar["validity.build"] = 1.1; bar["validity.prebuilt"] = 1.1
        bar["geodesic.length"] = 1.1; bar["transform.4326to3857"] = 1.2
        what["validity.build"] = "14-vertex polygon: build in GEOS + isValidDetail + destroy"
        what["validity.prebuilt"] = "14-vertex polygon kept in GEOS: isValidDetail"
        what["geodesic.length"] = "10-vertex line, geod_inverse per segment"
        what["transform.4326to3857"] = "1M points, proj_trans_generic (per point)"
        printf "%-22s %12s %12s %7s %5s  %s\n", "measurement", "Swift ns/op", "C ns/op", "ratio", "bar", "input"
        failed = 0
        for (i = 1; i <= 4; i++) {
            name = names[i]
            s = median(figures["swift", name]); c = median(figures["c", name])
            ratio = s / c
            verdict = ratio <= bar[name] ? "ok" : "MISSED"
            if (ratio > bar[name]) failed = 1
            printf "%-22s %12.2f %12.2f %6.3fx %4.1fx  %s  %s\n", name, s, c, ratio, bar[name], verdict, what[name]
        }
        printf "(median over %d alternating rounds; each figure is itself the median of 9 repetitions)\n", rounds
        exit failed
    }' "$results"
