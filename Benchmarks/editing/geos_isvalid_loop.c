/* The C floor for the validation benchmark: read the same polygon file, then time
 *   build: coordinate buffers -> GEOSCoordSeq_copyFromBuffer_r -> rings -> polygon
 *          -> GEOSisValid_r -> destroy, per polygon (the work any validator of raw input does);
 *   prebuilt: GEOSisValid_r alone on polygons built beforehand.
 * Prints "c <input> <build|prebuilt> <median CPU ms> <invalid count>" (median of REPS runs).
 * usage: geos_isvalid_loop FILE [REPS] */
#define GEOS_USE_ONLY_R_API
#include <geos_c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { int rings; int *sizes; double **coords; } polygon_t;

static double cpu_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void silent(const char *message, void *data) { (void)message; (void)data; }

/* One line: rings separated by '|', each "x y x y ...". */
static polygon_t parse(char *line) {
    polygon_t p = {0, NULL, NULL};
    char *save = NULL;
    for (char *ring = strtok_r(line, "|", &save); ring; ring = strtok_r(NULL, "|", &save)) {
        int capacity = 64, n = 0;
        double *values = malloc(sizeof(double) * capacity);
        char *end = ring;
        for (;;) {
            char *start = end;
            double v = strtod(start, &end);
            if (end == start) break;
            if (n == capacity) values = realloc(values, sizeof(double) * (capacity *= 2));
            values[n++] = v;
        }
        p.sizes = realloc(p.sizes, sizeof(int) * (p.rings + 1));
        p.coords = realloc(p.coords, sizeof(double *) * (p.rings + 1));
        p.sizes[p.rings] = n / 2;
        p.coords[p.rings] = values;
        p.rings++;
    }
    return p;
}

static GEOSGeometry *build(GEOSContextHandle_t ctx, const polygon_t *p) {
    GEOSGeometry *shell = GEOSGeom_createLinearRing_r(ctx, GEOSCoordSeq_copyFromBuffer_r(ctx, p->coords[0], p->sizes[0], 0, 0));
    GEOSGeometry *holes[p->rings > 1 ? p->rings - 1 : 1];
    for (int r = 1; r < p->rings; r++)
        holes[r - 1] = GEOSGeom_createLinearRing_r(ctx, GEOSCoordSeq_copyFromBuffer_r(ctx, p->coords[r], p->sizes[r], 0, 0));
    return GEOSGeom_createPolygon_r(ctx, shell, holes, p->rings - 1);
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s FILE [REPS]\n", argv[0]); return 64; }
    int reps = argc > 2 ? atoi(argv[2]) : 5;
    FILE *f = fopen(argv[1], "r");
    if (!f) { perror(argv[1]); return 66; }
    int capacity = 1024, count = 0;
    polygon_t *polygons = malloc(sizeof(polygon_t) * capacity);
    char *line = NULL;
    size_t length = 0;
    while (getline(&line, &length, f) > 0) {
        if (count == capacity) polygons = realloc(polygons, sizeof(polygon_t) * (capacity *= 2));
        polygons[count++] = parse(line);
    }
    fclose(f);
    const char *name = strrchr(argv[1], '/') ? strrchr(argv[1], '/') + 1 : argv[1];

    GEOSContextHandle_t ctx = GEOS_init_r();
    GEOSContext_setNoticeMessageHandler_r(ctx, silent, NULL);
    GEOSContext_setErrorMessageHandler_r(ctx, silent, NULL);
    double times[64];
    long invalid = 0;
    for (int r = 0; r < reps; r++) {
        invalid = 0;
        double start = cpu_ms();
        for (int i = 0; i < count; i++) {
            GEOSGeometry *g = build(ctx, &polygons[i]);
            if (GEOSisValid_r(ctx, g) != 1) invalid++;
            GEOSGeom_destroy_r(ctx, g);
        }
        times[r] = cpu_ms() - start;
    }
    qsort(times, reps, sizeof(double), by_value);
    printf("c %s build %.2f %ld\n", name, times[reps / 2], invalid);

    GEOSGeometry **built = malloc(sizeof(GEOSGeometry *) * count);
    for (int i = 0; i < count; i++) built[i] = build(ctx, &polygons[i]);
    for (int r = 0; r < reps; r++) {
        invalid = 0;
        double start = cpu_ms();
        for (int i = 0; i < count; i++) if (GEOSisValid_r(ctx, built[i]) != 1) invalid++;
        times[r] = cpu_ms() - start;
    }
    qsort(times, reps, sizeof(double), by_value);
    printf("c %s prebuilt %.2f %ld\n", name, times[reps / 2], invalid);
    for (int i = 0; i < count; i++) GEOSGeom_destroy_r(ctx, built[i]);
    GEOS_finish_r(ctx);
    return 0;
}
