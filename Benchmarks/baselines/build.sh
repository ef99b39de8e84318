#!/usr/bin/env bash
# Builds the C baselines into Benchmarks/.build/baselines/ (git-ignored); prints that folder.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$(cd "$here/.." && pwd)/.build/baselines"
mkdir -p "$out"
flags="$(pkg-config --cflags --libs geos proj)"
for program in validity geodesic_length transform; do
    # shellcheck disable=SC2086  # the pkg-config flags are several words
    cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -o "$out/$program" "$here/$program.c" $flags -lm
done
echo "$out"
