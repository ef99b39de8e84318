#!/bin/sh
# Fleets of thousands of stops: the release `mapctl route --vehicles` against VROOM (pyvroom)
# at the same time limit, on seeded stop sets spread over Berlin (see large_fleet.py).
#   Benchmarks/vrp/large_fleet.sh [--sizes 2000,5000] [--budget 2]
exec "$(dirname "$0")/with_vroom.sh" large_fleet.py "$@"
