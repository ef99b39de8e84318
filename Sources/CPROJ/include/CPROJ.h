// PROJ's C API and its geodesic routines, as MapGeometry calls them.
//
// libproj is not linked: it is opened on first use (ProjLoading.c). Linked, it and its
// dependencies (libcurl, GnuTLS, Kerberos, LDAP, SQLite, libtiff: about 30 libraries) cost every
// start of mapctl some 6 ms of symbol binding, 3 times what a start costs without them, even for
// the commands that never measure a geodesic or transform a coordinate.
//
// The functions below are defined by ProjLoading.c, hidden from the dynamic symbol table: libproj's
// own calls to its functions never land in these forwarders.
#ifndef CPROJ_H
#define CPROJ_H

#define PROJ_DLL __attribute__((visibility("hidden")))
#define GEOD_DLL __attribute__((visibility("hidden")))
#include <proj.h>
#include <geodesic.h>

#endif
