/* CPU-time measurement shared by the C baselines: each program runs its loop
 * REPETITIONS times and prints the median CPU nanoseconds per operation. */
#ifndef MAPENGINE_BENCH_TIMING_H
#define MAPENGINE_BENCH_TIMING_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define REPETITIONS 9

/* CPU time of this process in nanoseconds (what the Swift side measures too). */
static inline double cpu_now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median of n values; sorts them in place. */
static inline double median(double *values, int n) {
    qsort(values, (size_t)n, sizeof(double), compare_doubles);
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/* One result line, the format geometry/compare.sh reads: name, median ns/op, runs. */
static inline void report(const char *name, double *ns_per_op, int n) {
    double lowest = ns_per_op[0], highest = ns_per_op[0];
    for (int i = 1; i < n; i++) {
        if (ns_per_op[i] < lowest) lowest = ns_per_op[i];
        if (ns_per_op[i] > highest) highest = ns_per_op[i];
    }
    printf("%s %.2f ns/op (median of %d, min %.2f, max %.2f)\n", name, median(ns_per_op, n), n, lowest, highest);
}

#endif
