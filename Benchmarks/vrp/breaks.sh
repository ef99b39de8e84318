#!/bin/sh
# Driver breaks: the release `mapctl route --vehicles` against VROOM (pyvroom) on Data/stops
# with a break for every vehicle (see breaks.py).
#   Benchmarks/vrp/breaks.sh [--costs]
exec "$(dirname "$0")/with_vroom.sh" breaks.py "$@"
