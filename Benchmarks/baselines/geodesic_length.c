/* PROJ floor for the geodesic length of a 10-vertex line on WGS84:
 * the sum of geod_inverse over its 9 segments, per operation. */
#include <geodesic.h>
#include "inputs.h"
#include "timing.h"

enum { ITERATIONS = 200000 };

static double line_length(const struct geod_geodesic *g) {
    double total = 0;
    for (int i = 1; i < 10; i++) {
        double s12;
        /* geod_inverse takes latitude first. */
        geod_inverse(g, street_line[i - 1][1], street_line[i - 1][0], street_line[i][1], street_line[i][0],
                     &s12, NULL, NULL);
        total += s12;
    }
    return total;
}

int main(void) {
    struct geod_geodesic g;
    geod_init(&g, 6378137.0, 1 / 298.257223563);
    double results[REPETITIONS];
    volatile double sink = 0;

    for (int r = 0; r < REPETITIONS; r++) {
        double start = cpu_now_ns();
        for (int i = 0; i < ITERATIONS; i++) sink += line_length(&g);
        results[r] = (cpu_now_ns() - start) / ITERATIONS;
    }
    report("geodesic.length", results, REPETITIONS);
    fprintf(stderr, "length of the street: %.6f m\n", line_length(&g));
    (void)sink;
    return 0;
}
