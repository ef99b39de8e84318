/* GEOS's own GeoJSON reader and writer on the same polygon features, for compare.sh.
 * Usage: geos_geojson FEATURES.jsonl RUNS   (one Feature per line)
 * Prints per run: microseconds per decode (GEOSGeoJSONReader_readGeometry_r on the Feature text)
 * and per encode (GEOSGeoJSONWriter_writeGeometry_r of the geometry), CPU time. */
#include <geos_c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: geos_geojson FEATURES.jsonl RUNS\n"); return 64; }
    FILE *file = fopen(argv[1], "r");
    if (!file) { perror(argv[1]); return 66; }
    int runs = atoi(argv[2]);
    size_t capacity = 1024, count = 0;
    char **lines = malloc(capacity * sizeof *lines);
    char *line = NULL; size_t length = 0;
    while (getline(&line, &length, file) > 0) {
        if (count == capacity) lines = realloc(lines, (capacity *= 2) * sizeof *lines);
        lines[count++] = strdup(line);
    }
    fclose(file);
    GEOSContextHandle_t context = GEOS_init_r();
    GEOSGeoJSONReader *reader = GEOSGeoJSONReader_create_r(context);
    GEOSGeoJSONWriter *writer = GEOSGeoJSONWriter_create_r(context);
    GEOSGeometry **geometries = malloc(count * sizeof *geometries);
    for (int run = 0; run < runs; run++) {
        double start = cpu();
        for (size_t i = 0; i < count; i++) {
            geometries[i] = GEOSGeoJSONReader_readGeometry_r(context, reader, lines[i]);
            if (!geometries[i]) { fprintf(stderr, "GEOS rejected line %zu\n", i + 1); return 65; }
        }
        double decoded = cpu();
        size_t bytes = 0;
        for (size_t i = 0; i < count; i++) {
            char *text = GEOSGeoJSONWriter_writeGeometry_r(context, writer, geometries[i], -1);
            bytes += strlen(text);
            GEOSFree_r(context, text);
        }
        double encoded = cpu();
        printf("geos decode %.2f us encode %.2f us features %zu (%zu)\n", (decoded - start) / count * 1e6,
               (encoded - decoded) / count * 1e6, count, bytes);
        for (size_t i = 0; i < count; i++) GEOSGeom_destroy_r(context, geometries[i]);
    }
    GEOSGeoJSONReader_destroy_r(context, reader);
    GEOSGeoJSONWriter_destroy_r(context, writer);
    GEOS_finish_r(context);
    return 0;
}
