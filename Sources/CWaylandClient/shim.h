#ifndef BLOQ_CWAYLANDCLIENT_SHIM_H
#define BLOQ_CWAYLANDCLIENT_SHIM_H

// libwayland-client, found by `pkg-config wayland-client` (its include and library paths),
// for CWaylandIdle's C; Swift imports CWaylandIdle, never this.
#include <wayland-client.h>

#endif
