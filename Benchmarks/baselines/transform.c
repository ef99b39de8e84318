/* PROJ floor for EPSG:4326 -> EPSG:3857 of 1M points: proj_trans_generic over an
 * interleaved x,y buffer (the memory layout of [Coordinate] on the Swift side),
 * after proj_normalize_for_visualization (lon/lat order). Prints ns per point. */
#include <proj.h>
#include <string.h>
#include "inputs.h"
#include "timing.h"

int main(void) {
    PJ_CONTEXT *ctx = proj_context_create();
    PJ *raw = proj_create_crs_to_crs(ctx, "EPSG:4326", "EPSG:3857", NULL);
    PJ *P = raw ? proj_normalize_for_visualization(ctx, raw) : NULL;
    if (!P) { fprintf(stderr, "cannot create EPSG:4326 -> EPSG:3857\n"); return 1; }

    size_t n = TRANSFORM_POINT_COUNT;
    double *input = malloc(2 * n * sizeof(double)), *xy = malloc(2 * n * sizeof(double));
    for (size_t i = 0; i < n; i++) transform_point((long)i, &input[2 * i], &input[2 * i + 1]);

    double results[REPETITIONS];
    for (int r = 0; r < REPETITIONS; r++) {
        memcpy(xy, input, 2 * n * sizeof(double)); /* fresh input, not timed */
        double start = cpu_now_ns();
        size_t done = proj_trans_generic(P, PJ_FWD, &xy[0], 2 * sizeof(double), n, &xy[1], 2 * sizeof(double), n,
                                         NULL, 0, 0, NULL, 0, 0);
        results[r] = (cpu_now_ns() - start) / (double)n;
        if (done != n) { fprintf(stderr, "transformed %zu of %zu points\n", done, n); return 1; }
    }
    report("transform.4326to3857", results, REPETITIONS);
    fprintf(stderr, "first point -> %.6f %.6f\n", xy[0], xy[1]);

    free(input); free(xy);
    proj_destroy(P); proj_destroy(raw);
    proj_context_destroy(ctx);
    return 0;
}
