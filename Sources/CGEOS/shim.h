// The reentrant GEOS C API only: every call takes a context handle.
#define GEOS_USE_ONLY_R_API
#include <geos_c.h>
