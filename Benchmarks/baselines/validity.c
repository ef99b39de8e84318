/* GEOS 3.11 floor for the validity of a 14-vertex polygon, reentrant API:
 *   validity.build  coordinate buffer -> GEOSCoordSeq_copyFromBuffer_r -> ring -> polygon
 *                   -> GEOSisValidDetail_r -> destroy, per operation;
 *   validity.prebuilt  GEOSisValidDetail_r on a polygon built once. */
#define GEOS_USE_ONLY_R_API
#include <geos_c.h>
#include "inputs.h"
#include "timing.h"

/* ITERATIONS in the environment shortens a run (for valgrind --tool=callgrind). */
static int ITERATIONS = 200000;

static void silent(const char *message, void *userdata) { (void)message; (void)userdata; }

static GEOSGeometry *build_polygon(GEOSContextHandle_t ctx) {
    GEOSCoordSequence *seq = GEOSCoordSeq_copyFromBuffer_r(ctx, &building_ring[0][0], 14, 0, 0);
    GEOSGeometry *shell = GEOSGeom_createLinearRing_r(ctx, seq);
    return GEOSGeom_createPolygon_r(ctx, shell, NULL, 0);
}

/* Returns 1 when valid; frees what GEOS allocated for an invalid answer. */
static int check(GEOSContextHandle_t ctx, const GEOSGeometry *polygon) {
    char *reason = NULL;
    GEOSGeometry *location = NULL;
    char valid = GEOSisValidDetail_r(ctx, polygon, 0, &reason, &location);
    if (reason) GEOSFree_r(ctx, reason);
    if (location) GEOSGeom_destroy_r(ctx, location);
    return valid == 1;
}

int main(void) {
    if (getenv("ITERATIONS")) ITERATIONS = atoi(getenv("ITERATIONS"));
    GEOSContextHandle_t ctx = GEOS_init_r();
    GEOSContext_setNoticeMessageHandler_r(ctx, silent, NULL);
    GEOSContext_setErrorMessageHandler_r(ctx, silent, NULL);
    double results[REPETITIONS];
    long valid = 0;

    check(ctx, build_polygon(ctx)); /* warm-up (leaks one polygon, once) */
    for (int r = 0; r < REPETITIONS; r++) {
        double start = cpu_now_ns();
        for (int i = 0; i < ITERATIONS; i++) {
            GEOSGeometry *polygon = build_polygon(ctx);
            valid += check(ctx, polygon);
            GEOSGeom_destroy_r(ctx, polygon);
        }
        results[r] = (cpu_now_ns() - start) / ITERATIONS;
    }
    report("validity.build", results, REPETITIONS);

    GEOSGeometry *prebuilt = build_polygon(ctx);
    for (int r = 0; r < REPETITIONS; r++) {
        double start = cpu_now_ns();
        for (int i = 0; i < ITERATIONS; i++) valid += check(ctx, prebuilt);
        results[r] = (cpu_now_ns() - start) / ITERATIONS;
    }
    report("validity.prebuilt", results, REPETITIONS);
    GEOSGeom_destroy_r(ctx, prebuilt);

    /* Every run must have seen a valid polygon; otherwise the figures measure something else. */
    if (valid != 2L * REPETITIONS * (long)ITERATIONS) { fprintf(stderr, "unexpected invalid polygon\n"); return 1; }
    GEOS_finish_r(ctx);
    return 0;
}
