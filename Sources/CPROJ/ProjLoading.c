// Forwarders to libproj, opened with dlopen the first time one of them is called (see CPROJ.h
// for why). Each forwarder has the signature proj.h or geodesic.h declares, so the compiler checks
// it against PROJ's own header.
#include "CPROJ.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// Every PROJ function MapGeometry calls: one list for the table and for its filling.
#define PROJ_FUNCTIONS(X)                                                                          \
    X(proj_context_create) X(proj_context_destroy) X(proj_context_errno)                           \
    X(proj_context_errno_string) X(proj_create_crs_to_crs) X(proj_normalize_for_visualization)     \
    X(proj_clone) X(proj_destroy) X(proj_errno) X(proj_errno_reset) X(proj_log_level)              \
    X(proj_trans_generic) X(geod_init) X(geod_direct) X(geod_inverse) X(geod_polygon_init)         \
    X(geod_polygon_addpoint) X(geod_polygon_compute)

static struct {
#define FIELD(name) __typeof__(&name) name;
    PROJ_FUNCTIONS(FIELD)
#undef FIELD
} proj;

static pthread_once_t proj_opened = PTHREAD_ONCE_INIT;

// The development link first (it is the library the headers came with), then Debian 12's runtime
// name. Without PROJ no answer that needs it can be right: say what is missing and stop, as the
// dynamic linker would have at start.
static void open_proj(void) {
    static const char *const names[] = {"libproj.so", "libproj.so.25"};
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof *names && library == NULL; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        fprintf(stderr, "cannot load PROJ (libproj.so): %s\n"
                        "Install PROJ, e.g. apt-get install libproj-dev on Debian.\n", dlerror());
        exit(70);
    }
#define RESOLVE(name)                                                                              \
    proj.name = (__typeof__(proj.name))dlsym(library, #name);                                      \
    if (proj.name == NULL) {                                                                       \
        fprintf(stderr, "cannot load PROJ: libproj has no function %s\n", #name);                  \
        exit(70);                                                                                  \
    }
    PROJ_FUNCTIONS(RESOLVE)
#undef RESOLVE
}

#define OPENED() pthread_once(&proj_opened, open_proj)

PJ_CONTEXT *proj_context_create(void) { OPENED(); return proj.proj_context_create(); }
PJ_CONTEXT *proj_context_destroy(PJ_CONTEXT *ctx) { OPENED(); return proj.proj_context_destroy(ctx); }
int proj_context_errno(PJ_CONTEXT *ctx) { OPENED(); return proj.proj_context_errno(ctx); }
const char *proj_context_errno_string(PJ_CONTEXT *ctx, int err) {
    OPENED();
    return proj.proj_context_errno_string(ctx, err);
}
PJ *proj_create_crs_to_crs(PJ_CONTEXT *ctx, const char *source_crs, const char *target_crs, PJ_AREA *area) {
    OPENED();
    return proj.proj_create_crs_to_crs(ctx, source_crs, target_crs, area);
}
PJ *proj_normalize_for_visualization(PJ_CONTEXT *ctx, const PJ *obj) {
    OPENED();
    return proj.proj_normalize_for_visualization(ctx, obj);
}
PJ *proj_clone(PJ_CONTEXT *ctx, const PJ *obj) { OPENED(); return proj.proj_clone(ctx, obj); }
PJ *proj_destroy(PJ *P) { OPENED(); return proj.proj_destroy(P); }
int proj_errno(const PJ *P) { OPENED(); return proj.proj_errno(P); }
int proj_errno_reset(const PJ *P) { OPENED(); return proj.proj_errno_reset(P); }
PJ_LOG_LEVEL proj_log_level(PJ_CONTEXT *ctx, PJ_LOG_LEVEL log_level) { OPENED(); return proj.proj_log_level(ctx, log_level); }
size_t proj_trans_generic(PJ *P, PJ_DIRECTION direction, double *x, size_t sx, size_t nx, double *y, size_t sy,
                          size_t ny, double *z, size_t sz, size_t nz, double *t, size_t st, size_t nt) {
    OPENED();
    return proj.proj_trans_generic(P, direction, x, sx, nx, y, sy, ny, z, sz, nz, t, st, nt);
}

void geod_init(struct geod_geodesic *g, double a, double f) { OPENED(); proj.geod_init(g, a, f); }
void geod_direct(const struct geod_geodesic *g, double lat1, double lon1, double azi1, double s12, double *plat2,
                 double *plon2, double *pazi2) {
    OPENED();
    proj.geod_direct(g, lat1, lon1, azi1, s12, plat2, plon2, pazi2);
}
void geod_inverse(const struct geod_geodesic *g, double lat1, double lon1, double lat2, double lon2, double *ps12,
                  double *pazi1, double *pazi2) {
    OPENED();
    proj.geod_inverse(g, lat1, lon1, lat2, lon2, ps12, pazi1, pazi2);
}
void geod_polygon_init(struct geod_polygon *p, int polylinep) { OPENED(); proj.geod_polygon_init(p, polylinep); }
void geod_polygon_addpoint(const struct geod_geodesic *g, struct geod_polygon *p, double lat, double lon) {
    OPENED();
    proj.geod_polygon_addpoint(g, p, lat, lon);
}
unsigned geod_polygon_compute(const struct geod_geodesic *g, const struct geod_polygon *p, int reverse, int sign,
                              double *pA, double *pP) {
    OPENED();
    return proj.geod_polygon_compute(g, p, reverse, sign, pA, pP);
}
